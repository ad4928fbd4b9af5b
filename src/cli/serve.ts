// `todo-write serve`: the reference speaking the conformance protocol (spec/protocol.md)
// on stdin/stdout, one JSON response line per request line; stdout carries nothing else.
import { createInterface } from 'node:readline'
import { encodeLine } from '../kit/protocol.js'
import { ProtocolServer } from '../kit/reference.js'
import { parseFlags } from './io.js'

export const SERVE_HELP = `todo-write serve

Speaks the todo-write conformance protocol (spec/protocol.md) on stdin/stdout: one JSON
request per line in, one JSON response per line out, starting with the "start" handshake.
Exits 0 after "stop" or at the end of stdin.`

/** Write one line and wait until the stream has taken it (TW-PROTO-FRAME-1: flushed). */
const writeLine = (stdout: NodeJS.WritableStream, line: string): Promise<void> =>
  new Promise((resolve, reject) => {
    stdout.write(line, (error) => (error ? reject(error) : resolve()))
  })

export async function runServe(argv: string[], stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream): Promise<number> {
  parseFlags({ args: argv, options: {}, strict: true })
  const server = new ProtocolServer()
  const lines = createInterface({ input: stdin, crlfDelay: Infinity, terminal: false })
  try {
    for await (const line of lines) {
      const { response, next } = server.handle(line)
      await writeLine(stdout, encodeLine(response))
      if (next === 'stop') break
    }
  } finally {
    lines.close()
  }
  return 0
}
