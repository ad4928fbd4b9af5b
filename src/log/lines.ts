// A stream of bytes cut into lines on LF only (TW-LOG-2): a CR is an ordinary character (a
// CRLF line keeps its CR, which JSON.parse reads as whitespace). Memory holds one line at
// most, and never more than MAX_LINE_BYTES of it: a longer line is skipped to its end and
// reported by its length, so neither a huge line nor an endless stream without a line
// break can exhaust memory. Each line is decoded as UTF-8 once it is whole.

/** The longest line that is read; longer ones are reported, not held (TW-LOG-7). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024

export type Line =
  | { kind: 'line'; text: string; terminated: boolean }
  /** A line longer than the limit: `bytes` counted, none kept. */
  | { kind: 'too-long'; bytes: number; terminated: boolean }

const LF = 0x0a
// ignoreBOM: a byte-order mark stays in the text (and makes its line unreadable, TW-LOG-2).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true })

const toBytes = (chunk: Uint8Array | string): Uint8Array => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk)

/** The splitter, fed chunk by chunk (synchronously, for the tail reader too): `push` gives the lines a chunk completes, `end` the last one. */
export class LineSplitter {
  // The pieces of the line being read, their total length, and whether it has overflowed.
  private pieces: Uint8Array[] = []
  private length = 0
  private overflow = false

  constructor(private readonly maxLineBytes = MAX_LINE_BYTES) {}

  /** The lines this chunk completes, one at a time (a huge chunk is not decoded all at once). */
  *push(chunk: Uint8Array | string): Generator<Line> {
    const bytes = toBytes(chunk)
    let start = 0
    for (let lf = bytes.indexOf(LF, start); lf !== -1; lf = bytes.indexOf(LF, start)) {
      this.take(bytes.subarray(start, lf), false)
      yield this.finish(true)
      start = lf + 1
    }
    // The rest outlives this chunk (its buffer may be reused), so it is kept as a copy.
    if (start < bytes.length) this.take(bytes.subarray(start), true)
  }

  /** The last line, when the input does not end with a line break. */
  *end(): Generator<Line> {
    if (this.length > 0 || this.overflow) yield this.finish(false)
  }

  private take(bytes: Uint8Array, copy: boolean): void {
    this.length += bytes.length
    if (this.overflow) return
    if (this.length > this.maxLineBytes) {
      this.overflow = true
      this.pieces = []
    } else if (bytes.length > 0) this.pieces.push(copy ? Uint8Array.prototype.slice.call(bytes) : bytes) // not Buffer#slice, a view
  }

  private finish(terminated: boolean): Line {
    const line: Line = this.overflow
      ? { kind: 'too-long', bytes: this.length, terminated }
      : { kind: 'line', text: decode(this.pieces, this.length), terminated }
    this.pieces = []
    this.length = 0
    this.overflow = false
    return line
  }
}

/** The lines of `input` (a Node stream or any async iterable of byte or string chunks). */
export async function* splitLines(
  input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<Line> {
  const splitter = new LineSplitter(maxLineBytes)
  for await (const chunk of input) yield* splitter.push(chunk)
  yield* splitter.end()
}

/** The UTF-8 text of a line held in pieces (a BOM kept as U+FEFF, as TW-LOG-2 reads it). */
export function decode(pieces: Uint8Array[], length = pieces.reduce((n, piece) => n + piece.length, 0)): string {
  if (pieces.length === 1) return decoder.decode(pieces[0])
  const whole = new Uint8Array(length)
  let at = 0
  for (const piece of pieces) {
    whole.set(piece, at)
    at += piece.length
  }
  return decoder.decode(whole)
}
