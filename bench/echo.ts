// The floor of row (e): a process that answers each line on stdin with that same line,
// with the I/O of `todo-write serve` itself (its line splitter and its writer, which waits
// only when stdout pushes back), so the two differ only in the work done per line.
import { output } from '../src/cli/io.js'
import { splitLines } from '../src/log/lines.js'

const out = output(process.stdout)
for await (const line of splitLines(process.stdin as AsyncIterable<Uint8Array>, Number.POSITIVE_INFINITY)) {
  if (line.kind === 'line') await out.write(line.text + '\n')
}
