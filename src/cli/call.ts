// `todo-write call`: one call's arguments on stdin, one JSON line on stdout.
import { callTodoWrite, type CallOutcome } from '../core/call.js'
import { MemorySession } from '../log/events.js'
import type { TodoWriteOptions } from '../core/options.js'
import { parseFlags } from './flags.js'
import { answerPieces, OPTION_FLAGS, OPTION_FLAGS_HELP, output, parseJsonText, readAll, type Sink, toolOptions } from './io.js'

export const CALL_HELP = `todo-write call [--no-agent] [option flags] < arguments.json

Reads one JSON text, the call's arguments, on stdin and prints one line:
  {"isError":false,"text":"Updated todo list: …","value":{…},"event":{"type":"todo/write","data":{…}}}
  {"isError":true,"text":"Error: …"}
Exit 0 in both cases; 2 when stdin is not JSON or a flag is unknown or bad.
  --no-agent                     the caller has no owning agent session
${OPTION_FLAGS_HELP}`

/** The CLI's line for one call (TW-CLI-1): `value` and `event` only on success. */
export function callLine(args: unknown, agent: boolean, options: TodoWriteOptions): Partial<CallOutcome> {
  const { isError, text, value, event } = callTodoWrite(args, agent ? { agent: { session: new MemorySession() } } : {}, options)
  return isError ? { isError, text } : { isError, text, value, event }
}

export async function runCall(argv: string[], stdin: NodeJS.ReadableStream, stdout: Sink): Promise<number> {
  const { values } = parseFlags('call', argv, { 'no-agent': { type: 'boolean' }, ...OPTION_FLAGS })
  const options = await toolOptions(values)
  const args = parseJsonText(await readAll(stdin), 'stdin')
  const out = output(stdout)
  for (const piece of answerPieces(callLine(args, !values['no-agent'], options))) await out.write(piece)
  return 0
}
