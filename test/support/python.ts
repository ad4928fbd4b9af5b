// The Python the port tests start. `python3` on PATH may be a version manager's shim: pyenv's
// is a shell script that costs about 120 ms of CPU per start, and `npm test` starts Python
// some 80 times. So `python3` is asked once for the interpreter it runs, and that is started:
// the same Python, without the shim.
import { spawnSync } from 'node:child_process'

function interpreter(): string | undefined {
  const run = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' })
  const path = run.status === 0 ? run.stdout.trim() : ''
  return path === '' ? undefined : path
}

/** The interpreter `python3` on PATH runs, or undefined where there is none. */
export const PYTHON = interpreter()

export const hasPython = PYTHON !== undefined
