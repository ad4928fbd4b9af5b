// Reads a harness session log (JSON Lines: a header line, then one event per line, plain or
// zstd-compressed) one line at a time and names every damaged line by its number
// (TW-LOG-2 … TW-LOG-5, TW-LOG-7, TW-LOG-9, TW-LOG-10). It never holds more than one line,
// of at most MAX_LINE_BYTES: memory stays flat in the size of the log.
import { compressedDamage, LogDecoder, type Chunks } from './compressed.js'
import { HEADER_TYPE, HEADER_VERSION, PACKED_ROWS, type LogEvent } from './events.js'
import { LineSplitter, MAX_LINE_BYTES, type Line, type OneLine } from './lines.js'
import { isNonArrayObject } from '../core/violations.js'
import { jsonText } from './json.js'
import { thousands } from './render.js'

/** An event as read from a log line: `seq` is always a non-negative integer. */
export interface ReadEvent extends LogEvent {
  seq: number
}

/**
 * A packed row (TW-LOG-10): one line that stands for `members` consecutive `assistant/chunk`
 * events, with seqs `seq0` to `seq0 + members - 1`. None of them touches the plan.
 */
export interface PackedRow {
  type: string
  seq0: number
  members: number
}

export type LogRecord =
  | { kind: 'header'; line: number; header: Record<string, unknown> }
  | { kind: 'event'; line: number; event: ReadEvent }
  | { kind: 'packed'; line: number; row: PackedRow }
  | { kind: 'problem'; line: number; message: string }

/** What the batch reader gives: a log's records, a run of blank lines told as one (`count` lines from `line`, each BLANK_LINE). */
export type BatchRecord = LogRecord | { kind: 'blank'; line: number; count: number }

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
export const NO_SEQ0 = 'not a packed row: "seq0" is not a non-negative integer'
export const noMembers = (key: string): string => `not a packed row: "data.${key}" is not a non-empty array`
export const badGaps = (key: string): string => `not a packed row: "data.dt" is not an array of one entry fewer than "data.${key}"`
export const tooLong = (bytes: number): string => `a line of ${thousands(bytes)} bytes, longer than ${MAX_LINE_BYTES / (1024 * 1024)} MiB: not read`

/** The problems a reader keeps (TW-LOG-8): the first ones found; the rest are counted, not kept, so memory stays bounded. */
export const KEPT_PROBLEMS = 100

/** The problems of a log in the order found: the first KEPT_PROBLEMS of them, and how many there were. */
export class ProblemList<P> {
  readonly kept: P[] = []
  count = 0

  /** One more problem: kept if fewer than KEPT_PROBLEMS are. */
  add(problem: P): void {
    this.addRun(1, () => problem)
  }

  /** `count` more problems, the i-th (from 0) made by `problemAt(i)` only if it is kept. */
  addRun(count: number, problemAt: (i: number) => P): void {
    for (let i = 0; i < count && this.kept.length < KEPT_PROBLEMS; i++) this.kept.push(problemAt(i))
    this.count += count
  }
}

/** How `notObject` names a JSON value that is not an object. */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}

const isSeq = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

/** What one line after the first holds, read on its own (no seq to compare): an event, a packed row, or the problem. */
export type LineRead = { kind: 'event'; event: ReadEvent } | { kind: 'packed'; row: PackedRow } | { kind: 'problem'; message: string }

/** An object that is not a header, read as an event or a packed row (TW-LOG-3, TW-LOG-10). */
function readRow(value: Record<string, unknown>): LineRead {
  if (typeof value.type !== 'string') return { kind: 'problem', message: NO_TYPE }
  const membersKey = Object.hasOwn(PACKED_ROWS, value.type) ? PACKED_ROWS[value.type as keyof typeof PACKED_ROWS] : undefined
  if (membersKey !== undefined) return readPacked(value.type, value, membersKey)
  if (!isSeq(value.seq)) return { kind: 'problem', message: NO_SEQ }
  return { kind: 'event', event: value as unknown as ReadEvent }
}

/** A packed row: its first seq and how many events it stands for, each checked. */
function readPacked(type: string, value: Record<string, unknown>, membersKey: string): LineRead {
  const { seq0 } = value
  if (!isSeq(seq0)) return { kind: 'problem', message: NO_SEQ0 }
  const data = isNonArrayObject(value.data) ? value.data : {}
  const members = data[membersKey]
  if (!Array.isArray(members) || members.length === 0) return { kind: 'problem', message: noMembers(membersKey) }
  if (!Array.isArray(data.dt) || data.dt.length !== members.length - 1) return { kind: 'problem', message: badGaps(membersKey) }
  return { kind: 'packed', row: { type, seq0, members: members.length } }
}

/** A line's JSON object, or the message of why the line is unreadable (TW-LOG-3); `unterminated` for a last line without a line break. */
function readObject(text: string, unterminated: boolean): Record<string, unknown> | string {
  if (text.trim() === '') return BLANK_LINE
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return unterminated ? TRUNCATED : NOT_JSON
  }
  return isNonArrayObject(value) ? value : notObject(jsonKind(value))
}

/** One line after the first, on its own (TW-LOG-3, TW-LOG-7): the tail reader's view of a line, which has no neighbours. */
export function readEventLine(line: OneLine): LineRead {
  if (line.kind === 'too-long') return { kind: 'problem', message: tooLong(line.bytes) }
  const value = readObject(line.text, !line.terminated)
  if (typeof value === 'string') return { kind: 'problem', message: value }
  if (value.type === HEADER_TYPE) return { kind: 'problem', message: SECOND_HEADER }
  return readRow(value)
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
    const value = readObject(text, unterminated)
    if (typeof value === 'string') return this.unreadable(problem(value))
    if (value.type === HEADER_TYPE) {
      this.expectedSeq = 0
      if (line > 1) return [problem(SECOND_HEADER)]
      const header: LogRecord = { kind: 'header', line, header: value }
      return value.version === HEADER_VERSION ? [header] : [problem(wrongVersion(value.version)), header]
    }
    const records = line === 1 ? [problem(MISSING_HEADER)] : []
    return [...records, ...this.event(value, problem, line)]
  }

  /** One line as the splitter gives it: its text, a line too long to read, or a run of blank lines. */
  read(line: Line): BatchRecord[] {
    if (line.kind !== 'blank') return this.readOne(line)
    const first = this.lines + 1
    this.lines += line.count
    return this.unreadable({ kind: 'blank', line: first, count: line.count })
  }

  /** One line: its text, or a line too long to read. */
  readOne(line: OneLine): LogRecord[] {
    return line.kind === 'line' ? this.push(line.text, !line.terminated) : this.skip(line.bytes)
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

  private unreadable<R extends BatchRecord>(record: R): R[] {
    this.expectedSeq = null
    return [record]
  }

  private event(value: Record<string, unknown>, problem: (message: string) => LogRecord, line: number): LogRecord[] {
    const read = readRow(value)
    if (read.kind === 'problem') return this.unreadable(problem(read.message))
    const [seq, count, record]: [number, number, LogRecord] =
      read.kind === 'event'
        ? [read.event.seq, 1, { kind: 'event', line, event: read.event }]
        : [read.row.seq0, read.row.members, { kind: 'packed', line, row: read.row }]
    const expected = this.expectedSeq
    this.expectedSeq = seq + count
    return expected === null || expected === seq ? [record] : [problem(seqGap(seq, expected)), record]
  }

  /** The number of lines pushed or skipped so far. */
  get lineCount(): number {
    return this.lines
  }
}

/**
 * Stream a log, plain or zstd-compressed (TW-LOG-9): one record per header, event, packed
 * row or problem, in line order. `input` is a Node stream or any async iterable of byte (or
 * string) chunks. A compressed stream damaged part way is read up to the damage, which is
 * the last problem, named at the line that was being read.
 */
export async function* readLog(input: Chunks): AsyncGenerator<LogRecord> {
  for await (const records of readLogBatches(input))
    for (const record of records)
      if (record.kind !== 'blank') yield record
      else for (let line = record.line; line < record.line + record.count; line++) yield { kind: 'problem', line, message: BLANK_LINE }
}

/**
 * `readLog`'s records, in batches: those of one step of the decoder at a time (fewer steps for a
 * caller that folds them), a run of blank lines as one record. `parser` counts the lines read, for a caller that asks.
 */
export async function* readLogBatches(input: Chunks, parser = new LogParser()): AsyncGenerator<BatchRecord[]> {
  const decoder = new LogDecoder()
  const splitter = new LineSplitter()
  const read = (lines: Iterable<Line>): BatchRecord[] => {
    const records: BatchRecord[] = []
    for (const line of lines) records.push(...parser.read(line))
    return records
  }
  const linesOf = function* (texts: Uint8Array[]) {
    for (const text of texts) yield* splitter.push(text)
  }
  for await (const texts of decoder.decode(input)) yield read(linesOf(texts))
  // The piece of the line that was being read when the damage came is lost with it.
  if (decoder.damage !== null) return yield [damageRecord(parser, decoder.damage)]
  yield [...read(splitter.end()), ...parser.end()]
}

/** The damage of a compressed log, at the line that was being read (TW-LOG-9). */
export const damageRecord = (parser: LogParser, damage: string): LogRecord => ({
  kind: 'problem',
  line: parser.lineCount + 1,
  message: compressedDamage(damage),
})
