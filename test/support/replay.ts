// Runs `todo-write` in-process (so Stryker sees every mutant) with in-memory streams.
import { Readable, Writable, type WritableOptions } from 'node:stream'
import { main } from '../../src/cli/cli.js'
// What the command loads only when asked for is loaded before any test: module-level code
// run inside a test would count as that test's, and Stryker would take its mutants for ones a
// test can kill rather than static ones. replay, here; the verifier, with TypeBox, by each
// test file that runs --verify, so that the others (a run per mutant) load neither.
import '../../src/cli/replay.js'

/** A session header line, as the logs of the replay tests begin. */
export const HEADER = '{"type":"session","version":0,"id":"s","createdAt":0,"cwd":"/","delegationDepth":0}\n'

/** What `--verify` says on stderr of a log that states no todo_write policy, without option flags (TW-VERIFY-5). */
export const ASSUMED =
  'todo-write: note: the log states no todo_write policy (no request/header lists todo_write before its first call): verified under --profile seed\n'

/** The warning replay ends with when the log had problems (`n`: "1 problem", "2 problems"). */
export const WARN = (n: string) => `todo-write: warning: ${n} in the log; the output holds what the readable lines say\n`

export interface Sink extends Writable {
  text(): string
}

/** A writable that keeps everything written to it, taking each chunk when `settle` calls back. */
function keeper(settle: (callback: () => void) => void, options: WritableOptions = {}): Sink {
  const chunks: Buffer[] = []
  const stream = new Writable({
    ...options,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk)
      settle(callback)
    },
  }) as Sink
  stream.text = () => Buffer.concat(chunks).toString('utf8')
  return stream
}

/** A writable that keeps everything written to it. */
export const sink = (): Sink => keeper((callback) => callback())

export interface SlowSink extends Sink {
  /** Writes made while the stream had asked its writer to wait for `drain`. */
  overruns: number
}

/**
 * A writable like a pipe whose reader is slow: it takes one chunk per turn of the event
 * loop and asks its writer to wait (write() returns false) once it holds 16 bytes.
 */
export function slowSink(): SlowSink {
  const stream = keeper(setImmediate, { highWaterMark: 16 }) as SlowSink
  stream.overruns = 0
  const write = stream.write.bind(stream) as (chunk: unknown) => boolean
  stream.write = ((chunk: unknown) => {
    if (stream.writableNeedDrain) stream.overruns++
    return write(chunk)
  }) as typeof stream.write
  return stream
}

/** A readable that yields these chunks (strings or bytes) in order. */
export const source = (...chunks: (string | Buffer)[]): Readable =>
  Readable.from(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)))

export interface Run {
  status: number
  stdout: string
  stderr: string
}

/** `todo-write <argv>` with this stdin. */
export async function run(argv: string[], input: string | Buffer = ''): Promise<Run> {
  const stdout = sink()
  const stderr = sink()
  const stdin = input.length === 0 ? source() : source(input)
  const status = await main(argv, { stdin, stdout, stderr } as unknown as Parameters<typeof main>[1])
  return { status, stdout: stdout.text(), stderr: stderr.text() }
}
