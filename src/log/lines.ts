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

/** The lines of `input` (a Node stream or any async iterable of byte or string chunks). */
export async function* splitLines(
  input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<Line> {
  // The pieces of the line being read, their total length, and whether it has overflowed.
  let pieces: Uint8Array[] = []
  let length = 0
  let overflow = false
  const finish = (terminated: boolean): Line => {
    const line: Line = overflow ? { kind: 'too-long', bytes: length, terminated } : { kind: 'line', text: decode(pieces, length), terminated }
    pieces = []
    length = 0
    overflow = false
    return line
  }
  // `copy`: the bytes outlive this chunk (the stream may reuse its buffer), so keep a copy.
  const take = (bytes: Uint8Array, copy: boolean) => {
    length += bytes.length
    if (overflow) return
    if (length > maxLineBytes) {
      overflow = true
      pieces = []
    } else if (bytes.length > 0) pieces.push(copy ? Uint8Array.prototype.slice.call(bytes) : bytes) // not Buffer#slice, a view
  }
  for await (const chunk of input) {
    const bytes = toBytes(chunk)
    let start = 0
    for (let lf = bytes.indexOf(LF, start); lf !== -1; lf = bytes.indexOf(LF, start)) {
      take(bytes.subarray(start, lf), false)
      yield finish(true)
      start = lf + 1
    }
    if (start < bytes.length) take(bytes.subarray(start), true)
  }
  if (length > 0 || overflow) yield finish(false)
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
