// The `todo-write` command: dispatches to its subcommands (the bin is bin.ts).
import { readFileSync } from 'node:fs'
import { CALL_HELP, runCall } from './call.js'
import { CONFORM_HELP } from './conform-help.js'
import { DEMO_HELP, runDemo } from './demo.js'
import { output, UsageError } from './io.js'
import { terminalSafe } from '../log/render.js'
import { runServe, SERVE_HELP } from './serve.js'
import { REPLAY_HELP, runReplay } from './replay.js'

/** The package's version, from its package.json (two levels up from dist/cli/), read when asked. */
const version = (): string => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

const HELP = `todo-write — the reference implementation of the todo_write agent tool

Usage:
  todo-write call [flags] < arguments.json   run one call, print its result line
  todo-write demo                            play a short sample session
  todo-write serve                           speak the conformance protocol on stdio
  todo-write conform [options] -- <command>  check a port: vectors and differential fuzzing
  todo-write replay [flags] <file|->         read a session log: its plan, checked
  todo-write --help                          this text
  todo-write --version                       the package's version

${CALL_HELP}

${DEMO_HELP}

${SERVE_HELP}

${CONFORM_HELP}

${REPLAY_HELP}
`

export interface Io {
  stdin: NodeJS.ReadableStream
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }
  /** The environment of the ports `conform` starts; default: this process's. */
  env?: NodeJS.ProcessEnv
}

/** A help or the version on stdout: status 0. */
async function show(io: Io, text: string): Promise<number> {
  await output(io.stdout).write(text)
  return 0
}

export async function main(argv: string[], io: Io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'call':
        if (rest.includes('--help')) return show(io, CALL_HELP + '\n')
        return await runCall(rest, io.stdin, io.stdout)
      case 'demo':
        if (rest.includes('--help')) return show(io, DEMO_HELP + '\n')
        return await runDemo(rest, io.stdout)
      case 'serve':
        if (rest.includes('--help')) return show(io, SERVE_HELP + '\n')
        return await runServe(rest, io.stdin, io.stdout)
      case 'conform': {
        const flags = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest
        if (flags.includes('--help')) return show(io, CONFORM_HELP + '\n')
        // Loaded on demand: the kit pulls in fast-check, which `call` has no use for.
        const { killPortsOnSignals, runConform } = await import('./conform.js')
        if (io.stdin === process.stdin) killPortsOnSignals()
        return await runConform(rest, io)
      }
      case 'replay':
        if (rest.includes('--help')) return show(io, REPLAY_HELP + '\n')
        return await runReplay(rest, io.stdin, io.stdout, io.stderr)
      case '--help':
      case '-h':
      case 'help':
        return await show(io, HELP)
      case '--version':
        return await show(io, `todo-write ${version()}\n`)
      default:
        throw new UsageError(command === undefined ? 'no command given' : `unknown command ${JSON.stringify(command)}`)
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    // What the message quotes came from argv, a file name or the input: shown terminal-safe (TW-CLI-2).
    await output(io.stderr).write(`todo-write: ${terminalSafe(error.message)}\nRun \`todo-write --help\` for usage.\n`)
    return 2
  }
}
