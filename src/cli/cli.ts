// The `todo-write` command (the bin is bin.ts): the overview, the version, and each
// subcommand's help and run. `replay`, which a UI or a script runs to read a plan, comes
// with the command; each other subcommand's module is loaded only when it is asked for, so
// a command loads what it uses: `--version` and `replay` no TypeBox, `call` no kit.
import { nearMiss } from '../core/near-miss.js'
import { terminalSafe } from '../log/render.js'
import { unknownFlag } from './flags.js'
import { fs, output, processSink, type Sink, UsageError } from './io.js'
import { REPLAY_HELP, runReplay } from './replay.js'

/** The package's version, from its package.json (two levels up from dist/cli/), read when asked. */
const version = (): string => (JSON.parse(fs().readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

const OVERVIEW = `todo-write — the reference implementation of the todo_write agent tool

Usage:
  todo-write call [flags] < arguments.json   run one call, print its result line
  todo-write demo                            play a short sample session
  todo-write serve                           speak the conformance protocol on stdio
  todo-write conform [options] -- <command>  check a port: vectors and differential fuzzing
  todo-write replay [flags] <file|->         read a session log: its plan, checked
  todo-write --help                          this overview
  todo-write --version                       the package's version

Each command's flags: todo-write <command> --help, or todo-write help <command>.
`

export interface Io {
  stdin: NodeJS.ReadableStream
  stdout: Sink
  stderr: Sink
  /** The environment of the ports `conform` starts; default: this process's. */
  env?: NodeJS.ProcessEnv
}

interface Subcommand {
  help(): Promise<string>
  run(argv: string[], io: Io): Promise<number>
}

const SUBCOMMANDS: Record<string, Subcommand> = {
  call: {
    help: async () => (await import('./call.js')).CALL_HELP,
    run: async (argv, io) => (await import('./call.js')).runCall(argv, io.stdin, io.stdout),
  },
  demo: {
    help: async () => (await import('./demo.js')).DEMO_HELP,
    run: async (argv, io) => (await import('./demo.js')).runDemo(argv, io.stdout),
  },
  serve: {
    help: async () => (await import('./serve.js')).SERVE_HELP,
    run: async (argv, io) => (await import('./serve.js')).runServe(argv, io.stdin, io.stdout),
  },
  conform: {
    help: async () => (await import('./conform.js')).CONFORM_HELP,
    async run(argv, io) {
      const { killPortsOnSignals, runConform } = await import('./conform.js')
      if (io.stdin === process.stdin) killPortsOnSignals()
      // The kit's timers and signal handlers run while a reader is slow to take its output.
      io.stdout.useStream?.()
      io.stderr.useStream?.()
      return runConform(argv, io)
    },
  },
  replay: {
    help: async () => REPLAY_HELP,
    run: runReplay,
  },
}

/** The subcommand a word names; an unknown one is refused with the name it nearly is. */
function subcommand(word: string): Subcommand {
  if (Object.hasOwn(SUBCOMMANDS, word)) return SUBCOMMANDS[word]!
  const near = nearMiss(word, [...Object.keys(SUBCOMMANDS), 'help'], 1)
  throw new UsageError(`unknown command ${JSON.stringify(word)}${near === undefined ? '' : `: did you mean ${near}?`}`)
}

/** What the command prints for `argv` on stdout (a help or the version), or what a subcommand did: its status. */
async function dispatch([word, ...rest]: string[], io: Io): Promise<string | number> {
  if (word === undefined) throw new UsageError('no command given')
  if (word === '--help' || word === '-h') return OVERVIEW
  if (word === '--version') return `todo-write ${version()}\n`
  if (word === 'help') {
    if (rest.length > 1) throw new UsageError(`help takes one command, got ${rest.length}`)
    return rest.length === 0 ? OVERVIEW : (await subcommand(rest[0]!).help()) + '\n'
  }
  if (word.startsWith('-')) throw unknownFlag(word, ['--version'])
  const command = subcommand(word)
  // Its own flags come before any `--`; what follows is the port's, for conform.
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest
  if (own.includes('--help') || own.includes('-h')) return (await command.help()) + '\n'
  return command.run(rest, io)
}

/** This process's streams. process.stdin is made when first read: a command that reads none does not pay for it. */
const PROCESS_IO: Io = {
  get stdin() {
    return process.stdin
  },
  stdout: processSink(1),
  stderr: processSink(2),
}

export async function main(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  try {
    const done = await dispatch(argv, io)
    if (typeof done === 'number') return done
    await output(io.stdout).write(done)
    return 0
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    // What the message quotes came from argv, a file name or the input: shown terminal-safe (TW-CLI-2).
    await output(io.stderr).write(`todo-write: ${terminalSafe(error.message)}\nRun \`todo-write --help\` for usage.\n`)
    return 2
  }
}
