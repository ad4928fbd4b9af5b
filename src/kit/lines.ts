// A port's stdout as lines (TW-PROTO-FRAME-1): bytes in, complete lines out, split on the
// byte 0x0A only. Linear in what arrives: each chunk is scanned once, and a line that
// spans many chunks is joined once, when its line feed comes — never re-scanned or
// re-copied per chunk (`(buffered + chunk).split('\n')` is quadratic in the line's length).

export class LineBuffer {
  private pending: Buffer[] = []
  private pendingBytes = 0
  /** Bytes scanned plus bytes copied so far: the kit's work, for the linearity test. */
  work = 0

  constructor(readonly maxLine: number) {}

  /** Bytes held of a line whose line feed has not come yet. */
  get held(): number {
    return this.pendingBytes
  }

  /** Whether the line being held has grown past `maxLine` bytes without a line feed. */
  get overflowed(): boolean {
    return this.pendingBytes > this.maxLine
  }

  /** The complete lines of a new chunk, in order, without their line feeds. */
  push(chunk: Buffer): Buffer[] {
    const lines: Buffer[] = []
    let start = 0
    for (;;) {
      const end = chunk.indexOf(0x0a, start)
      if (end < 0) break
      this.work += end - start + 1
      if (this.pending.length === 0) lines.push(chunk.subarray(start, end))
      else {
        const line = Buffer.concat([...this.pending, chunk.subarray(start, end)])
        this.work += line.length
        lines.push(line)
        this.pending = []
        this.pendingBytes = 0
      }
      start = end + 1
    }
    if (start < chunk.length) {
      this.work += chunk.length - start
      this.pending.push(chunk.subarray(start))
      this.pendingBytes += chunk.length - start
    }
    return lines
  }
}

/** One request line as bytes, without its line feed; or, past the limit, only its length. */
export type RequestLine = { kind: 'line'; bytes: Buffer } | { kind: 'too-long'; bytes: number }

/**
 * A port's stdin as request lines (TW-PROTO-FRAME-1): split on the byte 0x0A only, each line
 * kept as bytes so that its UTF-8 can be checked before it is read. A line longer than
 * `maxLine` bytes is not held: it is skipped to its line feed and reported by its length.
 * Linear in what arrives, like LineBuffer.
 */
export async function* requestLines(input: AsyncIterable<Uint8Array | string>, maxLine: number): AsyncGenerator<RequestLine> {
  let pieces: Buffer[] = []
  let length = 0
  const take = (bytes: Buffer) => {
    length += bytes.length
    if (length > maxLine) pieces = []
    else if (bytes.length > 0) pieces.push(Buffer.from(bytes)) // a copy: the stream may reuse its buffer
  }
  const finish = (): RequestLine => {
    const line: RequestLine = length > maxLine ? { kind: 'too-long', bytes: length } : { kind: 'line', bytes: Buffer.concat(pieces, length) }
    pieces = []
    length = 0
    return line
  }
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    let start = 0
    for (let lf = bytes.indexOf(0x0a, start); lf !== -1; lf = bytes.indexOf(0x0a, start)) {
      take(bytes.subarray(start, lf))
      yield finish()
      start = lf + 1
    }
    if (start < bytes.length) take(bytes.subarray(start))
  }
  if (length > 0) yield finish()
}

/** Where the first byte that is not UTF-8 is, named as hex. */
export function invalidUtf8(bytes: Buffer): string {
  // The longest prefix that decodes: its length is where the bad byte starts (a bad byte is found by halving).
  let good = 0
  let bad = bytes.length
  while (bad - good > 1) {
    const mid = (good + bad) >> 1
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true })
      good = mid
    } catch {
      bad = mid
    }
  }
  return `byte 0x${bytes[good]!.toString(16).padStart(2, '0')} at offset ${good}`
}

// A byte-order mark is kept, so that a line starting with one is not JSON (TW-PROTO-FRAME-1).
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** A request line read: its text, or the error response of a line that cannot be read. */
export type RequestText = { kind: 'text'; text: string } | { kind: 'unreadable'; response: { id: null; error: string } }

/**
 * A port's stdin as request texts (TW-PROTO-FRAME-1): lines split on LF only, each decoded as
 * UTF-8; a line that is not UTF-8, or longer than `maxLine` bytes, is unreadable, answered
 * with an error response whose id is null. A CR before the LF stays in the text, where
 * JSON.parse reads it as whitespace.
 */
export async function* requestTexts(input: AsyncIterable<Uint8Array | string>, maxLine: number): AsyncGenerator<RequestText> {
  for await (const line of requestLines(input, maxLine)) {
    if (line.kind === 'too-long') {
      const error = `the request line is ${line.bytes.toLocaleString('en-US')} bytes, longer than ${maxLine / (1024 * 1024)} MiB: not read`
      yield { kind: 'unreadable', response: { id: null, error } }
      continue
    }
    let text: string
    try {
      text = strictUtf8.decode(line.bytes)
    } catch {
      yield { kind: 'unreadable', response: { id: null, error: `the request line is not UTF-8: ${invalidUtf8(line.bytes)}` } }
      continue
    }
    yield { kind: 'text', text }
  }
}
