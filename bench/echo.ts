// The floor of row (e): a process that answers each line on stdin with that same line,
// with the same I/O as `todo-write serve` (readline over stdin, one write per line, waiting
// until stdout has taken it), so the two differ only in the work done per line.
import { createInterface } from 'node:readline'

const writeLine = (line: string): Promise<void> =>
  new Promise((resolve, reject) => {
    process.stdout.write(line, (error) => (error ? reject(error) : resolve()))
  })

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false })) {
  await writeLine(line + '\n')
}
