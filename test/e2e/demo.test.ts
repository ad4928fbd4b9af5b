// The command lines `todo-write demo` shows, pasted into each shell: with `todo-write` on
// PATH as the built command, each prints exactly the line the demo shows after it. (The
// echo of dash and zsh turns `\n` inside its argument into a line break: a line built on
// echo fails there.) A shell that is not installed is skipped, visibly; under CI it fails.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { BIN } from '../support/cli.js'
import { suiteDir } from '../support/temp.js'

const SHELLS = ['sh', 'dash', 'bash', 'zsh']
const CI = process.env.CI === 'true' || process.env.CI === '1'

// `todo-write` on PATH: a script that runs the built command.
const bin = suiteDir('demo')
beforeAll(() => {
  writeFileSync(join(bin(), 'todo-write'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`)
  chmodSync(join(bin(), 'todo-write'), 0o755)
})
const env = () => ({ ...process.env, PATH: `${bin()}${delimiter}${process.env.PATH}` })

/** Each `$ ` line of the demo, and the line after it. */
const demo = execFileSync(process.execPath, [BIN, 'demo'], { encoding: 'utf8' }).split('\n')
const pairs = demo.flatMap((line, i) => (line.startsWith('$ ') ? [{ command: line.slice(2), prints: demo[i + 1]! }] : []))

const installed = (shell: string): boolean => spawnSync(shell, ['-c', 'exit 0']).status === 0

function paste(shell: string, command: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(shell, ['-c', command], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('error', (error) => resolve({ status: null, stdout, stderr: error.message }))
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}

describe('todo-write demo: its command lines, pasted into a shell', () => {
  it('the demo shows six command lines', () => {
    expect(pairs).toHaveLength(6)
    expect(pairs.some(({ command }) => command.includes('\\n'))).toBe(true)
  })

  for (const shell of SHELLS) {
    if (!installed(shell) && !CI) {
      console.warn(`[shell absent] ${shell} is not installed: the demo's lines are not tried in it`)
      it.skip(`${shell}: not installed, skipped`, () => {})
      continue
    }
    it(`${shell} -c: each prints exactly the line the demo shows after it`, async () => {
      const results = await Promise.all(pairs.map(({ command }) => paste(shell, command)))
      for (const [i, { command, prints }] of pairs.entries()) {
        const { status, stdout, stderr } = results[i]!
        expect({ command, stderr, status }).toEqual({ command, stderr: '', status: 0 })
        expect(stdout, command).toBe(`${prints}\n`)
      }
    })
  }
})
