// A stream of bytes cut into lines on LF only (TW-LOG-2): a CR is an ordinary character (a
// CRLF line keeps its CR, which JSON.parse reads as whitespace). Memory holds one line at
// most, and never more than MAX_LINE_BYTES of it: a longer line is skipped to its end and
// reported by its length, so neither a huge line nor an endless stream without a line
// break can exhaust memory. Each line is decoded as UTF-8 once it is whole.

/** The longest line that is read; longer ones are reported, not held (TW-LOG-7). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024

/** A line longer than the limit: `bytes` counted, none kept. */
export type TooLong = { kind: 'too-long'; bytes: number; terminated: boolean }

/** `count` empty lines in a row, each ended by its line break: told at once, as a hostile log may hold millions. */
export type BlankRun = { kind: 'blank'; count: number }

/** A single line: its text, or its length when it is too long. */
export type OneLine = { kind: 'line'; text: string; terminated: boolean } | TooLong

/** A single line as bytes, for a reader that checks their UTF-8 itself (the kit's). */
export type ByteLine = { kind: 'line'; bytes: Uint8Array; terminated: boolean } | TooLong

export type Line = OneLine | BlankRun

export const LF = 0x0a
// ignoreBOM: a byte-order mark stays in the text (and makes its line unreadable, TW-LOG-2).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
/** `bytes` as text, or a throw where they are not UTF-8; a byte-order mark is kept, so that a text starting with one is no JSON. */
export const strictUtf8 = (bytes: Uint8Array): string => strict.decode(bytes)
/** Why a text that starts with a byte-order mark is refused as JSON, after what it is ("stdin", "the request"). */
export const STARTS_WITH_BOM = 'starts with a byte-order mark (EF BB BF), which JSON does not allow'

/**
 * The bytes of one line as they are gathered, in pieces: after the ones before when a file
 * is read forwards, before them when it is read backwards (the tail reader). Once they pass
 * `maxLineBytes` none is kept, only their count: the line is too long (TW-LOG-7).
 */
export class LineBuffer {
  /** The pieces; null once the line is too long, when none is kept. */
  private pieces: Uint8Array[] | null = []
  private length = 0

  constructor(
    private readonly maxLineBytes = MAX_LINE_BYTES,
    private readonly backwards = false,
  ) {}

  /** Whether no byte has been taken since the last line was finished. */
  get empty(): boolean {
    return this.length === 0
  }

  /** More bytes of the line, kept as they are: the caller does not reuse their buffer. */
  take(bytes: Uint8Array): void {
    this.length += bytes.length
    if (this.length > this.maxLineBytes) this.pieces = null
    else this.pieces!.push(bytes) // never null here: a line that overflowed stays over the limit
  }

  /** Bytes taken since the last line was finished, kept or only counted. */
  get held(): number {
    return this.length
  }

  /** The line taken so far, decoded whole (a character split between pieces is decoded once). */
  finish(terminated: boolean): OneLine {
    const line = this.drain()
    return typeof line === 'number' ? { kind: 'too-long', bytes: line, terminated } : { kind: 'line', text: decoder.decode(line), terminated }
  }

  /** The line taken so far, as bytes. */
  finishBytes(terminated: boolean): ByteLine {
    const line = this.drain()
    return typeof line === 'number' ? { kind: 'too-long', bytes: line, terminated } : { kind: 'line', bytes: line, terminated }
  }

  /** The line's bytes, or its length when it is too long; the next line starts empty. */
  private drain(): Uint8Array | number {
    const line = this.pieces === null ? this.length : Buffer.concat(this.backwards ? this.pieces.reverse() : this.pieces)
    this.pieces = []
    this.length = 0
    return line
  }
}

const asText = (line: LineBuffer, terminated: boolean): OneLine => line.finish(terminated)

/**
 * The splitter, fed chunk by chunk (synchronously, for the tail reader too): `push` gives the
 * lines a chunk completes, `end` the last one. Each line is read by `finish`: decoded (the
 * log's), or as bytes (`(line, terminated) => line.finishBytes(terminated)`, the kit's).
 */
export class LineSplitter<L = OneLine> {
  private readonly line: LineBuffer

  constructor(
    maxLineBytes = MAX_LINE_BYTES,
    private readonly finish: (line: LineBuffer, terminated: boolean) => L = asText as (line: LineBuffer, terminated: boolean) => L,
  ) {
    this.line = new LineBuffer(maxLineBytes)
  }

  /** Bytes held of a line whose line break has not come yet. */
  get held(): number {
    return this.line.held
  }

  /** The lines this chunk completes, one at a time (a huge chunk is not decoded all at once). */
  *push(bytes: Uint8Array): Generator<L | BlankRun> {
    let start = 0
    for (let lf = bytes.indexOf(LF); lf !== -1; lf = bytes.indexOf(LF, start)) {
      if (lf === start && this.line.empty) {
        start = endOfRun(bytes, lf, 1)
        yield { kind: 'blank', count: start - lf }
        continue
      }
      this.line.take(bytes.subarray(start, lf))
      yield this.finish(this.line, true)
      start = lf + 1
    }
    // The rest outlives this chunk, whose buffer may be reused: it is kept as a copy (not
    // Buffer#slice, a view).
    this.line.take(Uint8Array.prototype.slice.call(bytes, start))
  }

  /** The last line, when the input does not end with a line break. */
  *end(): Generator<L> {
    if (!this.line.empty) yield this.finish(this.line, false)
  }
}

/** Where the run of line breaks at `at` ends, read in `step`'s direction: the index past its last one. */
export function endOfRun(bytes: Uint8Array, at: number, step: 1 | -1): number {
  let end = at
  while (bytes[end] === LF) end += step
  return end
}

/** The lines of `input` (a Node stream or any async iterable of byte or string chunks). */
export async function* splitLines(input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<Line> {
  const splitter = new LineSplitter(maxLineBytes)
  for await (const chunk of input) yield* splitter.push(chunk)
  yield* splitter.end()
}

/**
 * Where the first byte that is not UTF-8 is, named as hex; `bytes` must hold one. A sequence
 * the end cuts short is named by its lead byte: what follows it is fine as far as it goes.
 */
export function invalidUtf8(bytes: Uint8Array): string {
  // The longest prefix that decodes, an unfinished sequence at its end allowed: its length is
  // where the bad byte starts (found by halving); all of `bytes` when only the end is wrong.
  let good = 0
  let bad = bytes.length + 1
  while (bad - good > 1) {
    const mid = (good + bad) >> 1
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true })
      good = mid
    } catch {
      bad = mid
    }
  }
  const hex = (at: number) => `byte 0x${bytes[at]!.toString(16).padStart(2, '0')} at offset ${at}`
  if (good < bytes.length) return hex(good)
  let lead = good - 1
  while ((bytes[lead]! & 0xc0) === 0x80) lead--
  return `${hex(lead)} starts a sequence cut short by the end`
}
