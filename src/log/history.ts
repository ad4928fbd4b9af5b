// The plan as a story (TW-HISTORY-1 … TW-HISTORY-4): one entry per `todo_write` call, in
// call order, accepted or refused: the text the model read and, when it set a list, that list
// and its change from the standing plan before it (TW-STANDING-1), with flags for what went
// wrong; then a summary. Streaming: feed events in log order to `push`, then call `end`.
// Memory holds the standing plan and the calls not yet written out, those open and those
// answered behind an earlier open one: the bytes they hold are bounded (TW-HISTORY-2).
import { digest } from '../core/distinct.js'
import { TOOL_NAME } from '../core/messages.js'
import type { Status, Todo } from '../core/schema.js'
import { CallList, leave, loggedResult, loggedText, OpenCalls, type Link, type Paired } from './calls.js'
import { TODO_WRITE, TOOL_CALL, TOOL_RESULT, type LogEvent } from './events.js'
import { isNonArrayObject } from '../core/violations.js'
import { jsonText } from './json.js'
import { eventStep, nextStanding, type Step } from './plan.js'
import { terminalSafe } from './render.js'

/** The flags of an entry, in the order an entry lists them (TW-HISTORY-3). */
export const FLAGS = ['dropped-unfinished', 'reopened', 'unchanged', 'repeated-refusal', 'cleared', 'unanswered'] as const
export type Flag = (typeof FLAGS)[number]

/** An item as an entry lists it: its content and status, nothing else. */
export interface Item {
  content: string
  status: Status
}

/** What an accepted call did to the standing plan. */
export interface Change {
  /** The list it set. */
  todos: Item[]
  /** The contents new to the plan, in the list's order. */
  added: string[]
  /** The items of the plan before that the list leaves out, in the plan's order. */
  removed: Item[]
  /** The items whose status the list changes, in the list's order. */
  changed: { content: string; from: Status; to: Status }[]
}

/** One `todo_write` call (TW-HISTORY-1); the change's four keys only for an accepted call. */
export type HistoryEntry = {
  seq: number | undefined
  /** Its callId; null when that is no string. */
  callId: string | null
  /** Whether a good todo/write was logged for it: it set the list. */
  accepted: boolean
  /** The text of its result's one text part; null when there is none. */
  text: string | null
} & Partial<Change> & {
    flags: Flag[]
    /** The UTF-8 bytes of its arguments text (0 when that is no string). */
    argumentBytes: number
  }

export interface HistorySummary {
  calls: number
  accepted: number
  refused: number
  flags: Record<Flag, number>
  argumentBytes: number
}

/** The most bytes the calls not yet written out hold at once, by default; past it the oldest open one is given up (TW-HISTORY-2). */
export const MAX_HELD_BYTES = 16 * 1024 * 1024
/** What a call not yet written out is counted as holding besides its characters, and an item of its change besides its content. */
export const CALL_RESERVE = 1024
export const ITEM_RESERVE = 64

/** A call not yet written out: open, or answered behind an earlier open one. */
interface Call extends Paired<Call> {
  readonly seq: number | undefined
  readonly callId: string | null
  readonly argumentBytes: number
  /** What it did to the plan: set only by a good todo/write paired with it. */
  change: Change | null
  /** Its flags from that change. */
  changeFlags: Flag[]
  text: string | null
  /** Whether it is closed (answered, given up or never open), and whether without a result. */
  done: boolean
  unanswered: boolean
  /** The bytes it is counted as holding. */
  bytes: number
  /** Its place among the calls not yet written out, in call order. */
  queued: Link<Call>
}

/** What `todos` changes of the plan `before`, and the flags that says (TW-HISTORY-3). */
function changeOf(before: readonly Todo[], todos: readonly Todo[]): { change: Change; flags: Flag[] } {
  // Contents by their digests: V8 hashes a string of more than 16,383 characters by its length alone (src/core/distinct.ts).
  const was = new Map(before.map((item) => [digest(item.content), item]))
  const now = new Set(todos.map((item) => digest(item.content)))
  const change: Change = { todos: todos.map(({ content, status }) => ({ content, status })), added: [], removed: [], changed: [] }
  for (const { content, status } of todos) {
    const old = was.get(digest(content))
    if (old === undefined) change.added.push(content)
    else if (old.status !== status) change.changed.push({ content, from: old.status, to: status })
  }
  for (const { content, status } of before) if (!now.has(digest(content))) change.removed.push({ content, status })
  const same = before.length === todos.length && todos.every((item, i) => item.content === before[i]!.content && item.status === before[i]!.status)
  const on: Partial<Record<Flag, boolean>> = {
    'dropped-unfinished': change.removed.some(({ status }) => status !== 'completed'),
    reopened: change.changed.some(({ from }) => from === 'completed'),
    unchanged: same,
    cleared: todos.length === 0 && before.length > 0,
  }
  return { change, flags: FLAGS.filter((flag) => on[flag]) }
}

/** The bytes a change is counted as holding: its items, and the characters of the contents it alone keeps. */
const changeBytes = ({ todos, added, removed, changed }: Change): number =>
  ITEM_RESERVE * (todos.length + added.length + removed.length + changed.length) +
  2 * [...todos, ...removed].reduce((sum, { content }) => sum + content.length, 0)

export class History {
  readonly summary: HistorySummary = {
    calls: 0,
    accepted: 0,
    refused: 0,
    flags: Object.fromEntries(FLAGS.map((flag) => [flag, 0])) as Record<Flag, number>,
    argumentBytes: 0,
  }
  private readonly open = new OpenCalls<Call>()
  /** The calls not yet written out, in call order, and how many. */
  private readonly queue = new CallList<Call>()
  private queued = 0
  /** The standing plan (TW-STANDING-1): what the next call's change is from. */
  private standing: Todo[] | null = null
  /** The text of the last call written out when it was refused with one; else null. */
  private lastRefusal: string | null = null
  private held = 0
  private readonly maxBytes: number

  /** `maxHeldBytes`: the most bytes the calls not yet written out hold at once (TW-HISTORY-2). */
  constructor({ maxHeldBytes = MAX_HELD_BYTES }: { maxHeldBytes?: number } = {}) {
    if (!Number.isSafeInteger(maxHeldBytes) || maxHeldBytes < 1) throw new RangeError(`maxHeldBytes must be a positive integer, got ${jsonText(maxHeldBytes)}`)
    this.maxBytes = maxHeldBytes
  }

  /** The bytes the calls not yet written out are counted as holding now. */
  get heldBytes(): number {
    return this.held
  }

  /**
   * One event, and what the plan fold makes of it (`eventStep`, given by a caller that has
   * it): the entries it lets out, in call order.
   */
  push(event: LogEvent, step: Step = eventStep(event)): HistoryEntry[] {
    const data = isNonArrayObject(event.data) ? event.data : {}
    if (event.type === TOOL_CALL && data.name === TOOL_NAME) this.call(event.seq, data)
    if (event.type === TODO_WRITE) this.write(step)
    if (event.type === TOOL_RESULT) this.result(data)
    this.standing = nextStanding(this.standing, event, step)
    return this.flush()
  }

  /** The calls left when the log ends: each open one unanswered. */
  end(): HistoryEntry[] {
    for (const call of [...this.open.values()]) this.close(call, true)
    return this.flush()
  }

  private call(seq: number | undefined, data: Record<string, unknown>): void {
    const { callId, arguments: args } = data
    const id = typeof callId === 'string' ? callId : null
    const argumentBytes = typeof args === 'string' ? Buffer.byteLength(args) : 0
    // The links hold the call, so it is made first and placed in its lists after.
    const call = { seq, callId: id, key: id === null ? '' : digest(id), argumentBytes, change: null, changeFlags: [], text: null, bytes: 0 } as unknown as Call
    // A call whose callId is no string can be paired with nothing: it is closed, unanswered, at once.
    call.done = call.unanswered = id === null
    if (id !== null) {
      const previous = this.open.get(call.key)
      if (previous !== undefined) this.close(previous, true)
      this.open.add(call)
    }
    call.queued = this.queue.add(call)
    this.queued++
    this.hold(call, CALL_RESERVE + 2 * (id?.length ?? 0))
  }

  /** A todo/write goes to the earliest open call without one; a good one is the change that call made. */
  private write(step: Step): void {
    const call = this.open.write()
    if (call === undefined || step.kind !== 'write') return
    const { change, flags } = changeOf(this.standing ?? [], step.todos)
    call.change = change
    call.changeFlags = flags
    this.hold(call, changeBytes(change))
  }

  private result(data: Record<string, unknown>): void {
    const { key, answer } = loggedResult(data)
    const call = this.open.get(key)
    if (call === undefined) return
    this.close(call, false)
    call.text = answer === null ? null : loggedText(answer.content)
    this.hold(call, 2 * (call.text?.length ?? 0))
  }

  private hold(call: Call, bytes: number): void {
    call.bytes += bytes
    this.held += bytes
  }

  private close(call: Call, unanswered: boolean): void {
    this.open.close(call)
    call.done = true
    call.unanswered = unanswered
  }

  /**
   * The calls at the front that are done, written out. While the calls not yet written out
   * hold more than the bound, the oldest open one is given up, unless it is the only one.
   */
  private flush(): HistoryEntry[] {
    const out: HistoryEntry[] = []
    for (let call = this.queue.first(); call !== undefined; call = this.queue.first()) {
      if (!call.done) {
        if (this.held <= this.maxBytes || this.queued === 1) break
        this.close(call, true)
      }
      leave(call.queued)
      this.queued--
      this.held -= call.bytes
      out.push(this.entry(call))
    }
    return out
  }

  /** A call as written out; the summary counts it. */
  private entry(call: Call): HistoryEntry {
    const { seq, callId, change, text, argumentBytes } = call
    const refusal = change === null ? text : null
    const on: Partial<Record<Flag, boolean>> = { 'repeated-refusal': refusal !== null && refusal === this.lastRefusal, unanswered: call.unanswered }
    this.lastRefusal = refusal
    const flags = FLAGS.filter((flag) => on[flag] || call.changeFlags.includes(flag))
    const { summary } = this
    summary.calls++
    if (change === null) summary.refused++
    else summary.accepted++
    for (const flag of flags) summary.flags[flag]++
    summary.argumentBytes += argumentBytes
    return { seq, callId, accepted: change !== null, text, ...change, flags, argumentBytes }
  }
}

/** An entry as `--history --json` prints it: one JSON line (TW-HISTORY-4). */
export const entryJson = (entry: HistoryEntry): string => `${jsonText(entry)}\n`

/** The summary as `--history --json` prints it, the last line. */
export const summaryJson = (summary: HistorySummary): string => `${jsonText({ summary })}\n`

/** ANSI colours of the text mode, on a terminal only. */
const GREEN = 32
const RED = 31
const YELLOW = 33

/**
 * An entry as a person reads it (TW-HISTORY-4): `seq <S> ✓|✗`, an accepted call's change
 * (`+added -removed ~changed`, the counts that are not 0, or `=`), its flags in brackets,
 * and `: ` and the text the model read; everything from the log terminal-safe.
 */
export function entryLine(entry: HistoryEntry, colour: boolean): string {
  const paint = (code: number, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text)
  const { added, removed, changed } = entry
  let line = `seq ${entry.seq} ${entry.accepted ? paint(GREEN, '\u2713') : paint(RED, '\u2717')}`
  if (added !== undefined) {
    const counts = [`+${added.length}`, `-${removed!.length}`, `~${changed!.length}`].filter((count) => count.slice(1) !== '0')
    line += ` ${counts.length === 0 ? '=' : counts.join(' ')}`
  }
  if (entry.flags.length > 0) line += ` ${paint(YELLOW, `[${entry.flags.join(' ')}]`)}`
  if (entry.text !== null) line += `: ${terminalSafe(entry.text)}`
  return `${line}\n`
}

/** The summary as a person reads it: `history: calls N, accepted N, refused N, argument bytes N; flags: none|<flag> N, …`. */
export function summaryLine({ calls, accepted, refused, flags, argumentBytes }: HistorySummary): string {
  const raised = FLAGS.filter((flag) => flags[flag] > 0).map((flag) => `${flag} ${flags[flag]}`)
  return `history: calls ${calls}, accepted ${accepted}, refused ${refused}, argument bytes ${argumentBytes}; flags: ${raised.join(', ') || 'none'}\n`
}
