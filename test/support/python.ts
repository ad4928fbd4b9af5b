// The Python the port tests start: the interpreter `python3` runs, not a version manager's
// shim (npm test starts Python some 80 times), as the kit's embedded default does.
import { pythonInterpreter } from '../../src/cli/conform.js'

/** The interpreter `python3` on PATH runs, or undefined where there is none. */
export const PYTHON = pythonInterpreter()

export const hasPython = PYTHON !== undefined
