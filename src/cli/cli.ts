// The `todo-write` command: dispatches to its subcommands (the bin is bin.ts).
import { CALL_HELP, runCall } from './call.js'
import { runDemo } from './demo.js'
import { UsageError } from './io.js'
import { REPLAY_HELP, runReplay } from './replay.js'

const HELP = `todo-write — the reference implementation of the todo_write agent tool

Usage:
  todo-write call [flags] < arguments.json   run one call, print its result line
  todo-write demo                            play a short sample session
  todo-write replay [flags] <file|->         read a session log: its plan, checked
  todo-write --help                          this text

${CALL_HELP}

${REPLAY_HELP}
`

export async function main(argv: string[], io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'call':
        if (rest.includes('--help')) return void io.stdout.write(CALL_HELP + '\n'), 0
        return await runCall(rest, io.stdin, io.stdout)
      case 'demo':
        return runDemo(io.stdout)
      case 'replay':
        if (rest.includes('--help')) return void io.stdout.write(REPLAY_HELP + '\n'), 0
        return await runReplay(rest, io.stdin, io.stdout, io.stderr)
      case '--help':
      case '-h':
      case 'help':
        io.stdout.write(HELP)
        return 0
      default:
        throw new UsageError(command === undefined ? 'no command given' : `unknown command ${JSON.stringify(command)}`)
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`todo-write: ${error.message}\nRun \`todo-write --help\` for usage.\n`)
    return 2
  }
}
