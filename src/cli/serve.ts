// `todo-write serve`: the reference speaking the conformance protocol (spec/protocol.md)
// on stdin/stdout, one JSON response line per request line; stdout carries nothing else.
// Requests are split on LF only, and a CR before the LF is JSON whitespace (TW-PROTO-FRAME-1).
// Whatever a request holds, it gets an answer and serve goes on (TW-PROTO-ERROR-1): a
// request line that is not UTF-8 or too long to read, or a response too long to write, is
// answered with an error.
import { ProtocolServer, requestTexts } from '../kit/reference.js'
import { parseFlags } from './flags.js'
import { answerPieces, output, refuseDirectory, type Sink } from './io.js'

export const SERVE_HELP = `todo-write serve

Speaks the todo-write conformance protocol (spec/protocol.md) on stdin/stdout: one JSON
request per line in, one JSON response per line out, starting with the "start" handshake.
Exits 0 after "stop" or at the end of stdin.`

/** The longest request line read; a longer one is answered with an error, unread. */
export const MAX_REQUEST_BYTES = 256 * 1024 * 1024

export async function runServe(argv: string[], stdin: NodeJS.ReadableStream, stdout: Sink): Promise<number> {
  parseFlags('serve', argv, {})
  refuseDirectory(stdin)
  const server = new ProtocolServer()
  const out = output(stdout)
  for await (const line of requestTexts(stdin as AsyncIterable<Uint8Array | string>, MAX_REQUEST_BYTES)) {
    if (line.kind === 'unreadable') {
      await out.write(JSON.stringify(line.response) + '\n')
      continue
    }
    const { response, next } = server.handle(line.text)
    let pieces: string[]
    try {
      pieces = answerPieces(response)
    } catch (error) {
      // JSON.stringify's RangeError: no string can hold it.
      if (!(error instanceof RangeError)) throw error
      pieces = [JSON.stringify({ id: response.id, error: 'the response is too long to write as one JSON text' }), '\n']
    }
    for (const piece of pieces) await out.write(piece)
    // The reader went away (`serve | head`): nobody reads the answers any more.
    if (out.closed || next === 'stop') break
  }
  return 0
}
