// Reads a harness session log (JSON Lines: a header line, then one event per line) one line
// at a time and names every damaged line by its number (TW-LOG-2 … TW-LOG-5, TW-LOG-7). It
// never holds more than one line, of at most MAX_LINE_BYTES: memory stays flat in the size
// of the log.
import { HEADER_TYPE, HEADER_VERSION, type LogEvent } from './events.js'
import { MAX_LINE_BYTES, splitLines } from './lines.js'
import { isPlainObject, jsonText } from '../core/json.js'

/** An event as read from a log line: `seq` is always a non-negative integer. */
export interface ReadEvent extends LogEvent {
  seq: number
}

export type LogRecord =
  | { kind: 'header'; line: number; header: Record<string, unknown> }
  | { kind: 'event'; line: number; event: ReadEvent }
  | { kind: 'problem'; line: number; message: string }

/** The problem texts, each prefixed `line N: ` when reported (TW-LOG-3, TW-LOG-4, TW-LOG-5). */
export const LOG_EMPTY = 'the log is empty (no header)'
export const BLANK_LINE = 'blank line'
export const NOT_JSON = 'not JSON'
export const TRUNCATED = 'truncated last line (not JSON, no final line break)'
export const notObject = (kind: string): string => `not a JSON object (${kind})`
export const MISSING_HEADER = 'missing header: expected {"type":"session","version":0,…}'
export const wrongVersion = (version: unknown): string => `wrong header: version must be 0, got ${jsonText(version)}`
export const SECOND_HEADER = 'a second session header (two logs concatenated?)'
export const NO_TYPE = 'not an event: "type" is not a string'
export const NO_SEQ = 'not an event: "seq" is not a non-negative integer'
export const seqGap = (seq: number, expected: number): string => `seq ${seq}, expected ${expected}`
export const tooLong = (bytes: number): string =>
  `a line of ${bytes.toLocaleString('en-US')} bytes, longer than ${MAX_LINE_BYTES / (1024 * 1024)} MiB: not read`

/** How `notObject` names a JSON value that is not an object. */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}

const isSeq = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

/** What one line after the first holds, read on its own (no seq to compare): an event, or the problem. */
export type LineRead = { kind: 'event'; event: ReadEvent } | { kind: 'problem'; message: string }

/** One event line on its own (TW-LOG-3): the tail reader's view of a line, which has no neighbours. */
export function readEventLine(text: string, unterminated: boolean): LineRead {
  if (text.trim() === '') return { kind: 'problem', message: BLANK_LINE }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'problem', message: unterminated ? TRUNCATED : NOT_JSON }
  }
  if (!isPlainObject(value)) return { kind: 'problem', message: notObject(jsonKind(value)) }
  if (value.type === HEADER_TYPE) return { kind: 'problem', message: SECOND_HEADER }
  if (typeof value.type !== 'string') return { kind: 'problem', message: NO_TYPE }
  if (!isSeq(value.seq)) return { kind: 'problem', message: NO_SEQ }
  return { kind: 'event', event: value as unknown as ReadEvent }
}

/**
 * The line-by-line state machine behind `readLog`: feed it each line's text (without its
 * line break) in order, then call `end()`. Pure: no I/O, so every rule is testable directly.
 */
export class LogParser {
  private lines = 0
  /** The seq the next event must carry; null right after an unreadable line (resync). */
  private expectedSeq: number | null = 0

  /** One line; `unterminated` when it is the last line and no line break follows it. */
  push(text: string, unterminated = false): LogRecord[] {
    const line = ++this.lines
    const problem = (message: string): LogRecord => ({ kind: 'problem', line, message })
    if (text.trim() === '') return this.unreadable(problem(BLANK_LINE))
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return this.unreadable(problem(unterminated ? TRUNCATED : NOT_JSON))
    }
    if (!isPlainObject(value)) return this.unreadable(problem(notObject(jsonKind(value))))
    if (value.type === HEADER_TYPE) {
      this.expectedSeq = 0
      if (line > 1) return [problem(SECOND_HEADER)]
      const header: LogRecord = { kind: 'header', line, header: value }
      return value.version === HEADER_VERSION ? [header] : [problem(wrongVersion(value.version)), header]
    }
    const records = line === 1 ? [problem(MISSING_HEADER)] : []
    return [...records, ...this.event(value, problem, line)]
  }

  /** A line too long to read (TW-LOG-7): it counts, as an unreadable line. */
  skip(bytes: number): LogRecord[] {
    const line = ++this.lines
    const records: LogRecord[] = this.unreadable({ kind: 'problem', line, message: tooLong(bytes) })
    return line === 1 ? [{ kind: 'problem', line, message: MISSING_HEADER }, ...records] : records
  }

  /** After the last line: an empty log has no header. */
  end(): LogRecord[] {
    return this.lines === 0 ? [{ kind: 'problem', line: 1, message: LOG_EMPTY }] : []
  }

  private unreadable(record: LogRecord): LogRecord[] {
    this.expectedSeq = null
    return [record]
  }

  private event(value: Record<string, unknown>, problem: (message: string) => LogRecord, line: number): LogRecord[] {
    if (typeof value.type !== 'string') return this.unreadable(problem(NO_TYPE))
    if (!isSeq(value.seq)) return this.unreadable(problem(NO_SEQ))
    const expected = this.expectedSeq
    this.expectedSeq = value.seq + 1
    const record: LogRecord = { kind: 'event', line, event: value as unknown as ReadEvent }
    return expected === null || expected === value.seq ? [record] : [problem(seqGap(value.seq, expected)), record]
  }
}

/**
 * Stream a log: one record per header, event or problem, in line order. `input` is a Node
 * stream or any async iterable of byte (or string) chunks.
 */
export async function* readLog(input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): AsyncGenerator<LogRecord> {
  const parser = new LogParser()
  for await (const line of splitLines(input)) {
    yield* line.kind === 'line' ? parser.push(line.text, !line.terminated) : parser.skip(line.bytes)
  }
  yield* parser.end()
}
