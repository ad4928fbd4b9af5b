// The plan of a session log read from its END (TW-REPLAY-TAIL-1): what a UI, an editor or a
// resumed agent asks first, answered in time independent of the log's length. The answer
// depends only on the end of the log: the last good `todo/write` (the current list), and
// whether a `turn/start` came after it (the standing plan). So the file is read backwards
// in blocks, split on LF only, until that event; and its first line, the header, is read
// from the start and checked. Lines never read are never judged: `replay --check` is the
// full audit. The plan is the one the streaming fold gives (test/log/tail.test.ts).
// A compressed log (TW-LOG-9) cannot be read backwards: it is read from the start, through
// the same fold as a stream, and its problems are named by line number.
import type { Todo } from '../core/schema.js'
import { isZstd } from './compressed.js'
import { TURN_START } from './events.js'
import { endOfRun, LF, LineBuffer, LineSplitter, MAX_LINE_BYTES, type Line } from './lines.js'
import { eventStep, PlanReplay } from './plan.js'
import { jsonText } from './json.js'
import { BLANK_LINE, LogParser, ProblemList, readEventLine, readLogBatches, type LogRecord } from './reader.js'

/** Which plan: the current list (TW-REPLAY-1) or the standing plan (TW-STANDING-1). */
export type Which = 'current' | 'standing'

/** A problem in a line read from the end: `fromEnd` 1 is the last line. The header's is line 1. */
export type TailProblem = { line: number; fromEnd: false; message: string } | { line: number; fromEnd: true; message: string }

export interface TailPlan {
  plan: Todo[] | null
  /** The first problems of the header and of the lines read, in the order found (the header's first): at most KEPT_PROBLEMS. */
  problems: TailProblem[]
  /** How many problems there were in all, those not kept included. */
  problemCount: number
  /** Lines read from the end, the header aside (for a compressed log: every line, from the start). */
  linesRead: number
  /** Whether a line read was a session header, an event or a packed row: false for a file that is no session log (TW-REPLAY-CLI-4). */
  recognized: boolean
}

/** A file read at positions, as a `FileHandle` reads one. */
interface ReadsAt {
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>
}

/** How a file is opened, sized, read at positions and closed: node:fs's calls. */
export interface FileAccess {
  open(path: string): Promise<number>
  size(fd: number): Promise<number>
  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>
  close(fd: number): Promise<void>
}

/**
 * node:fs's callback API, promised, which keeps a caller's event loop free; not
 * fs/promises, whose load and first call cost two milliseconds. No ES import: src/cli/io.ts
 * says why.
 */
function promisedFiles(): FileAccess {
  const fs = process.getBuiltinModule('node:fs')
  const { promisify } = process.getBuiltinModule('node:util')
  return {
    open: (path) => promisify(fs.open)(path, 'r'),
    size: async (fd) => (await promisify(fs.fstat)(fd)).size,
    read: promisify(fs.read),
    close: promisify(fs.close),
  }
}

/**
 * node:fs's synchronous calls: for a one-shot process, which has no event loop to keep
 * free, and so never starts libuv's thread pool (a twentieth of `replay`'s start).
 */
export function syncFiles(): FileAccess {
  const fs = process.getBuiltinModule('node:fs')
  return {
    open: async (path) => fs.openSync(path, 'r'),
    size: async (fd) => fs.fstatSync(fd).size,
    read: async (fd, buffer, offset, length, position) => ({ bytesRead: fs.readSync(fd, buffer, offset, length, position) }),
    close: async (fd) => fs.closeSync(fd),
  }
}

const BLOCK = 64 * 1024

/**
 * The plan of the log file at `path`, read from its end (a few blocks; more only when the
 * deciding event is far from the end). Rejects with what the file system throws.
 */
export const planFromEnd = (path: string, which: Which = 'current'): Promise<TailPlan> => planFromEndWith(promisedFiles(), path, which)

/** planFromEnd, reading the file through `files`. */
export async function planFromEndWith(files: FileAccess, path: string, which: Which): Promise<TailPlan> {
  if (which !== 'current' && which !== 'standing') throw new TypeError(`which must be "current" or "standing", got ${jsonText(which)}`)
  const fd = await files.open(path)
  const file: ReadsAt = { read: (buffer, offset, length, position) => files.read(fd, buffer, offset, length, position) }
  try {
    if (isZstd(await readAt(file, 0, 4))) return await readForwards(path, which)
    return await readTail(file, await files.size(fd), which)
  } finally {
    await files.close(fd)
  }
}

/** The current list of the log at `path`: the last good snapshot, or null (TW-REPLAY-1). */
export const latestPlanOf = async (path: string): Promise<Todo[] | null> => (await planFromEnd(path, 'current')).plan

/** The standing plan of the log at `path`: cleared by a later `turn/start` (TW-STANDING-1). */
export const standingPlanOf = async (path: string): Promise<Todo[] | null> => (await planFromEnd(path, 'standing')).plan

async function readTail(file: ReadsAt, size: number, which: Which): Promise<TailPlan> {
  const problems = new ProblemList<TailProblem>()
  const header = await readHeader(file, size)
  for (const record of header.records) if (record.kind === 'problem') problems.add({ line: record.line, fromEnd: false, message: record.message })
  let recognized = header.records.some((record) => record.kind === 'header')
  // Line 1 holds an event when the header is missing: then it is read from the end like the rest.
  const start = header.records.some((record) => record.kind === 'event' || record.kind === 'packed') ? 0 : header.end
  let linesRead = 0
  const answer = (plan: Todo[] | null): TailPlan => ({ plan, problems: problems.kept, problemCount: problems.count, linesRead, recognized })
  for await (const line of linesFromEnd(file, start, size)) {
    if (line.kind === 'blank') {
      problems.addRun(line.count, (i) => ({ line: linesRead + 1 + i, fromEnd: true, message: BLANK_LINE }))
      linesRead += line.count
      continue
    }
    linesRead++
    const read = readEventLine(line)
    if (read.kind === 'problem') {
      problems.add({ line: linesRead, fromEnd: true, message: read.message })
      continue
    }
    recognized = true
    if (read.kind === 'packed') continue
    if (which === 'standing' && read.event.type === TURN_START) return answer(null)
    const step = eventStep(read.event)
    if (step.kind === 'write') return answer(step.todos)
    // A broken snapshot is not applied (TW-LOG-5): the one before it stands. It is reported.
    if (step.kind === 'broken') problems.add({ line: linesRead, fromEnd: true, message: step.message })
  }
  return answer(null)
}

/** A compressed log, read from the start through the streaming reader and fold: the one reading path of `replay`. */
async function readForwards(path: string, which: Which): Promise<TailPlan> {
  const plan = new PlanReplay()
  const problems = new ProblemList<TailProblem>()
  let recognized = false
  const parser = new LogParser()
  for await (const records of readLogBatches(process.getBuiltinModule('node:fs').createReadStream(path), parser)) {
    for (const record of records) {
      if (record.kind === 'blank') problems.addRun(record.count, (i) => ({ line: record.line + i, fromEnd: false, message: BLANK_LINE }))
      else if (record.kind === 'problem') problems.add({ line: record.line, fromEnd: false, message: record.message })
      else recognized = true
      if (record.kind !== 'event') continue
      const step = plan.apply(record.event)
      if (step.kind === 'broken') problems.add({ line: record.line, fromEnd: false, message: step.message })
    }
  }
  return {
    plan: which === 'standing' ? plan.standing : plan.current,
    problems: problems.kept,
    problemCount: problems.count,
    linesRead: parser.lineCount,
    recognized,
  }
}

/**
 * The first line of the file's first `size` bytes, read from the start and checked as a
 * header (TW-LOG-4); `end` is where line 2 starts. Nothing past `size` is read: a log that
 * grows meanwhile is read as it was when sized.
 */
async function readHeader(file: ReadsAt, size: number): Promise<{ records: LogRecord[]; end: number }> {
  const parser = new LogParser()
  const splitter = new LineSplitter()
  const blockAt = (at: number) => readAt(file, at, Math.min(BLOCK, size - at))
  let at = 0
  for (let block = await blockAt(at); block.length > 0; at += block.length, block = await blockAt(at)) {
    // The first line the blocks complete is line 1; line 2 starts after its line break.
    // A run of blank lines starts with line 1: that one is read here, the rest from the end.
    for (const line of splitter.push(block)) return { records: line.kind === 'blank' ? parser.push('') : parser.readOne(line), end: at + block.indexOf(LF) + 1 }
  }
  // No line break: the whole file is line 1; an empty file has none (the log is empty).
  return { records: [...splitter.end()].flatMap((line) => parser.readOne(line)).concat(parser.end()), end: at }
}

/** The lines of [start, end), last first, each decoded whole (UTF-8 never split at a block boundary), a run of blank lines at once. */
export async function* linesFromEnd(file: ReadsAt, start: number, end: number): AsyncGenerator<Line> {
  if (start === end) return
  const line = new LineBuffer(MAX_LINE_BYTES, true)
  // Every line but the last ends with a line break; the last does when the file does, and then no line follows that break.
  let terminated = (await readAt(file, end - 1, 1))[0] === LF
  for (let stop = terminated ? end - 1 : end; stop > start; ) {
    const from = Math.max(start, stop - BLOCK)
    const block = await readAt(file, from, stop - from)
    let right = block.length
    for (let lf = block.lastIndexOf(LF); lf !== -1; lf = block.subarray(0, right).lastIndexOf(LF)) {
      if (right === lf + 1 && line.empty) {
        right = endOfRun(block, lf, -1) + 1
        yield { kind: 'blank', count: lf + 1 - right }
      } else {
        line.take(block.subarray(lf + 1, right))
        yield line.finish(terminated)
        right = lf
      }
      terminated = true
    }
    line.take(block.subarray(0, right))
    stop = from
  }
  yield line.finish(terminated)
}

/** The bytes at `position`: `length` of them, fewer at the end of the file (a regular file's read is short only there). */
async function readAt(file: ReadsAt, position: number, length: number): Promise<Uint8Array> {
  const buffer = new Uint8Array(length)
  const { bytesRead } = await file.read(buffer, 0, length, position)
  return buffer.subarray(0, bytesRead)
}
