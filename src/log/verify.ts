// Re-runs every `todo_write` call of a session log through the reference and compares what
// the harness logged (TW-VERIFY-1, TW-VERIFY-2), under the options given, else those the
// log's request/header states (TW-VERIFY-5). Streaming: feed events in log order to
// `push`, then call `end`. Each part of a call is compared as soon as it is logged, so memory
// holds only the calls still waiting for their result, and of each only what is left to compare,
// its texts as digests and short previews: the bytes so held are bounded (TW-VERIFY-3).
import { digest } from '../core/distinct.js'
import { callTodoWrite } from '../core/call.js'
import { MemorySession } from './events.js'
import { TODO_WRITE, TOOL_CALL, TOOL_RESULT, type LogEvent } from './events.js'
import { DEFAULT_OPTIONS, PROFILES, resolveOptions, type ResolvedOptions, type TodoWriteOptions } from '../core/options.js'
import { TOOL_NAME } from '../core/messages.js'
import { isNonArrayObject } from '../core/violations.js'
import { jsonText } from './json.js'
import { copied, thousands } from './render.js'
import { CallList, leave, loggedResult, loggedText, OpenCalls, type Link, type Paired } from './calls.js'

export interface Mismatch {
  /** The seq of the logged event that disagrees (the call's, for something missing). */
  seq: number | undefined
  message: string
}

/** What the reference makes of one call: text null when the arguments are not JSON (unchecked). */
export interface Expected {
  isError: boolean
  text: string | null
  /** JSON text of the `todo/write` data the reference appends, or null for none. */
  data: string | null
}

/**
 * What is left to compare of a call still waiting for its result. Its snapshot is compared
 * when a todo/write is paired with it, so the call keeps the outcome, never the event.
 */
interface OpenCall extends Paired<OpenCall> {
  readonly seq: number | undefined
  /** `call <preview of the callId as JSON>`: how the messages name it. */
  readonly id: string
  /** The bytes it is counted as holding while open (TW-VERIFY-3). */
  bytes: number
  /** What the reference answers: its isError, and its text (null: not checked). */
  readonly isError: boolean
  readonly text: Kept | null
  /** The snapshot the reference appends (null: none), until a todo/write is paired with it and compared: then null. */
  expected: Kept | null
  /**
   * Its arguments text, kept until its result or until room is needed, and its place among
   * the calls that keep theirs: what the reference answers under other options is worked out
   * from it only when needed (TW-VERIFY-5). Null once let go.
   */
  pending: { args: string; link: Link<OpenCall> } | null
  /** Those other answers, once worked out when the arguments were let go; else null. */
  others: Other[] | null
  /** What the paired todo/write disagrees in; null when it agrees, or none is paired yet. */
  written: Mismatch | null
}

/** An answer of the reference under other options: the note that names them, its isError and its text's digest (null: no text). */
interface Other {
  readonly note: string
  readonly isError: boolean
  readonly digest: string | null
}

/** A logged value in a message: JSON of any depth (jsonText describes what cannot be written). */
const q = (value: unknown): string => jsonText(value)

/** The characters of a kept text shown whole; a longer one shows these and its length (TW-VERIFY-3). */
export const PREVIEW_CHARACTERS = 200

/**
 * A text as an open call keeps it for a message: itself when short, else its start and its
 * length, copied: V8's slice of a string keeps the whole string alive.
 */
const preview = (text: string): string => shortened(text.slice(0, PREVIEW_CHARACTERS), text.length)

/** A kept text's start and its whole length, as the messages show it: the start alone when it is all of it. */
const shortened = (start: string, length: number): string => (length <= PREVIEW_CHARACTERS ? start : copied(`${start}… (${thousands(length)} characters)`))

/** What JSON.stringify escapes: `"`, `\`, control characters and lone surrogates (with `u`, a pair is one code point). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/gu

/**
 * `preview(q(text))` of a string, without writing a long one's JSON whole: a callId of
 * megabytes costs no copy of itself (TW-VERIFY-3). The JSON text is read in pieces, each
 * stretch as it is and each escaped unit as JSON writes it: all are counted, the first 200
 * characters kept.
 */
function quoted(text: string): string {
  let head = ''
  let length = 0
  const add = (piece: string) => {
    head += piece.slice(0, PREVIEW_CHARACTERS - head.length)
    length += piece.length
  }
  add('"')
  let from = 0
  for (const { 0: unit, index } of text.matchAll(ESCAPED)) {
    add(text.slice(from, index))
    add(q(unit).slice(1, -1))
    from = index + 1
  }
  add(text.slice(from))
  add('"')
  return shortened(head, length)
}

/** A text an open call compares with what is logged: its digest, and its preview for messages. */
interface Kept {
  readonly digest: string
  readonly shown: string
}

/** Arguments that are not a JSON text never reach the tool: some error, and no snapshot. */
const UNPARSEABLE: Expected = { isError: true, text: null, data: null }

/** The reference's outcome for an arguments text; the caller owns the session (TW-VERIFY-1). */
export function expectedOutcome(argumentsText: unknown, options: TodoWriteOptions = {}): Expected {
  if (typeof argumentsText !== 'string') return UNPARSEABLE
  let args: unknown
  try {
    args = JSON.parse(argumentsText)
  } catch {
    return UNPARSEABLE
  }
  const { isError, text, event } = callTodoWrite(args, { agent: { session: new MemorySession() } }, options)
  return { isError, text, data: event === null ? null : q(event.data) }
}

/** The most bytes the open calls hold at once, by default; past it the oldest is given up (TW-VERIFY-3). */
export const MAX_OPEN_BYTES = 16 * 1024 * 1024

/**
 * What an open call is counted as holding besides its three previews (2 bytes a character):
 * the call, its links, its Map entry, its digests, and the preview of a logged snapshot that
 * disagrees, kept for its message (TW-VERIFY-3).
 */
export const OPEN_CALL_RESERVE = 1024

/** The event whose `data.header.tools` lists the tools the model was offered (TW-VERIFY-5). */
export const REQUEST_HEADER = 'request/header'

/** `value[key]`, when `value` is an object that is not an array. */
const field = (value: unknown, key: string): unknown => (isNonArrayObject(value) ? value[key] : undefined)

/**
 * The options a `request/header` event's data states for `todo_write`, or null when it
 * states none (TW-VERIFY-5): a `data.header.tools` array holding a definition named
 * `todo_write`, flat (`{name, description, parameters}`) or under `function`, is the
 * release's, and its description and item schema say the rest.
 */
export function headerPolicy(data: unknown): ResolvedOptions | null {
  const tools = field(field(data, 'header'), 'tools')
  if (!Array.isArray(tools)) return null
  const definition = tools.map((tool: unknown) => field(tool, 'function') ?? tool).find((tool) => field(tool, 'name') === TOOL_NAME)
  if (definition === undefined) return null
  const policy: ResolvedOptions = { ...PROFILES['dsh-0.1.1-rc.2'] }
  const description = field(definition, 'description')
  if (typeof description === 'string') {
    const words = description.toLowerCase()
    const parallel = words.includes('in parallel')
    if (parallel !== words.includes('at most one')) policy.allowParallelInProgress = parallel
  }
  const items = field(field(field(field(definition, 'parameters'), 'properties'), 'todos'), 'items')
  if (isNonArrayObject(items)) policy.unknownItemKeys = items.additionalProperties === false ? 'reject' : 'drop'
  return policy
}

/** How a Verifier came by its options (TW-VERIFY-5): given, read from the log's request/header at `seq`, or assumed. */
export type VerifyPolicy =
  | { source: 'options'; options: ResolvedOptions }
  | { source: 'log'; seq: number | undefined; options: ResolvedOptions }
  | { source: 'assumed'; options: ResolvedOptions }

/** Each option set the other way, and the note that names the flag that sets it so (TW-VERIFY-5). */
const OTHER_OPTIONS: readonly { flip: (options: ResolvedOptions) => Partial<ResolvedOptions>; note: (options: ResolvedOptions) => string }[] = [
  {
    flip: ({ allowParallelInProgress }) => ({ allowParallelInProgress: !allowParallelInProgress }),
    note: ({ allowParallelInProgress }) =>
      allowParallelInProgress
        ? "the log's deployment may allow one in_progress at most: leave out --allow-parallel-in-progress"
        : "the log's deployment may allow parallel in_progress: --allow-parallel-in-progress",
  },
  {
    flip: ({ unknownItemKeys }) => ({ unknownItemKeys: unknownItemKeys === 'drop' ? 'reject' : 'drop' }),
    note: ({ unknownItemKeys }) =>
      unknownItemKeys === 'drop'
        ? "the log's deployment may reject unknown item keys: --unknown-item-keys reject"
        : "the log's deployment may drop unknown item keys: --unknown-item-keys drop",
  },
  {
    flip: ({ activeLimitWording }) => ({ activeLimitWording: activeLimitWording === 'comma' ? 'parentheses' : 'comma' }),
    note: ({ activeLimitWording }) =>
      activeLimitWording === 'comma'
        ? "the log's deployment may word the in_progress limit with parentheses: --active-limit-wording parentheses"
        : "the log's deployment may word the in_progress limit with a comma: --active-limit-wording comma",
  },
]

export class Verifier {
  /** `todo_write` calls seen. */
  calls = 0
  /** The open calls; the oldest is given up when they hold too many bytes. */
  private readonly open = new OpenCalls<OpenCall>()
  /** Open calls that still keep their arguments, oldest first: the first let go when room is needed. */
  private readonly holders = new CallList<OpenCall>()
  /** The options the calls are checked under; null until the log states them or its first call comes. */
  private chosen: VerifyPolicy | null
  private readonly maxBytes: number
  private readonly givenUp: string
  /** The bytes the open calls are counted as holding (TW-VERIFY-3). */
  private held = 0

  /**
   * `options` as the deployment that wrote the log had them (TW-OPT-1), checked here, once;
   * without them, those the log's request/header states, else the defaults (TW-VERIFY-5).
   * `maxOpenBytes` the most bytes the open calls hold at once (default MAX_OPEN_BYTES, TW-VERIFY-3).
   */
  constructor(options?: TodoWriteOptions, { maxOpenBytes = MAX_OPEN_BYTES }: { maxOpenBytes?: number } = {}) {
    if (!Number.isSafeInteger(maxOpenBytes) || maxOpenBytes < 1) throw new RangeError(`maxOpenBytes must be a positive integer, got ${q(maxOpenBytes)}`)
    this.chosen = options === undefined ? null : { source: 'options', options: resolveOptions(options) }
    this.maxBytes = maxOpenBytes
    this.givenUp = ` before the open calls held more than ${thousands(maxOpenBytes)} bytes: given up, not checked`
  }

  /** The bytes the open calls are counted as holding now (TW-VERIFY-3). */
  get openBytes(): number {
    return this.held
  }

  /** The options the calls are checked under, and whence; null while no call came and the log stated none (TW-VERIFY-5). */
  get policy(): VerifyPolicy | null {
    return this.chosen
  }

  push(event: LogEvent): Mismatch[] {
    const data = isNonArrayObject(event.data) ? event.data : {}
    if (event.type === TOOL_CALL && data.name === TOOL_NAME) return this.call(event.seq, data)
    if (event.type === TODO_WRITE) return this.write(event)
    if (event.type === TOOL_RESULT) return this.result(event.seq, data)
    if (event.type === REQUEST_HEADER) this.header(event.seq, data)
    return []
  }

  /** Calls still waiting for their result when the log ends. */
  end(): Mismatch[] {
    const left = [...this.open.values()]
    for (const call of left) this.close(call)
    return left.map((call) => unanswered(call))
  }

  /** A header states the options until the first call, unless they were given (TW-VERIFY-5). */
  private header(seq: number | undefined, data: Record<string, unknown>): void {
    if (this.calls > 0 || this.chosen?.source === 'options') return
    const options = headerPolicy(data)
    if (options !== null) this.chosen = { source: 'log', seq, options }
  }

  private close(call: OpenCall): void {
    this.held -= call.bytes
    this.open.close(call)
    if (call.pending !== null) leave(call.pending.link)
  }

  /** What the reference answers to `args` under each option set the other way (TW-VERIFY-5). */
  private otherAnswers(args: string): Other[] {
    const { options } = this.chosen!
    return OTHER_OPTIONS.map(({ flip, note }) => {
      const { isError, text } = expectedOutcome(args, { ...options, ...flip(options) })
      return { note: note(options), isError, digest: text === null ? null : digest(text) }
    })
  }

  /** Lets an open call's arguments go, its other answers worked out first (TW-VERIFY-3, TW-VERIFY-5). */
  private letGo(call: OpenCall): void {
    const { args, link } = call.pending!
    leave(link)
    call.pending = null
    call.others = this.otherAnswers(args)
    call.bytes -= 2 * args.length
    this.held -= 2 * args.length
  }

  private call(seq: number | undefined, data: Record<string, unknown>): Mismatch[] {
    this.calls++
    this.chosen ??= { source: 'assumed', options: DEFAULT_OPTIONS }
    const { callId, arguments: text } = data
    if (typeof callId !== 'string') return [{ seq, message: 'todo_write tool/call has no callId' }]
    const mismatches: Mismatch[] = []
    const key = digest(callId)
    const previous = this.open.get(key)
    if (previous !== undefined) {
      mismatches.push(unanswered(previous))
      this.close(previous)
    }
    const id = `call ${quoted(callId)}`
    if (typeof text !== 'string') mismatches.push({ seq, message: `${id}: data.arguments is not a JSON text` })
    const expected = expectedOutcome(text, this.chosen.options)
    const answer = expected.text === null ? null : { digest: digest(expected.text), shown: quoted(expected.text) }
    const snapshot = expected.data === null ? null : { digest: digest(expected.data), shown: preview(expected.data) }
    const args = typeof text === 'string' ? text : ''
    const bytes = OPEN_CALL_RESERVE + 2 * (id.length + (answer?.shown.length ?? 0) + (snapshot?.shown.length ?? 0) + args.length)
    // The links hold the call, so it is made first and placed in its lists after.
    const call = { seq, id, key, bytes, isError: expected.isError, text: answer, expected: snapshot, others: null, written: null } as OpenCall
    this.open.add(call, snapshot !== null)
    // Arguments that are no string are kept as none: answered alike under any options.
    call.pending = { args, link: this.holders.add(call) }
    this.held += bytes
    // Room is made by letting the oldest arguments go, then by giving up the oldest calls; a
    // call that alone holds more than the bound is still kept.
    while (this.held > this.maxBytes) {
      const holder = this.holders.first()
      if (holder !== undefined) this.letGo(holder)
      else if (this.open.size > 1) {
        const oldest = this.open.oldest()!
        mismatches.push(unanswered(oldest, this.givenUp))
        this.close(oldest)
      } else break
    }
    return mismatches
  }

  /**
   * A snapshot belongs to the earliest open call without one that the reference lets write;
   * else to the earliest open call without one (when no such call lets write, every such call
   * is a non-writer). It is compared now: the call keeps what disagrees, not the event.
   */
  private write(event: LogEvent): Mismatch[] {
    const owner = this.open.write()
    if (owner === undefined) return [{ seq: event.seq, message: 'todo/write that no todo_write call accounts for' }]
    owner.written = snapshotMismatch(owner.id, event, owner.expected)
    owner.expected = null
    return []
  }

  /** A result closes the open call of its callId; results of other calls are not ours. */
  private result(seq: number | undefined, data: Record<string, unknown>): Mismatch[] {
    const { key, answer } = loggedResult(data)
    const call = this.open.get(key)
    if (call === undefined) return []
    this.close(call)
    const { id, expected, written } = call
    const mismatches: Mismatch[] = []
    if (answer === null) mismatches.push({ seq, message: `${id}: message.content is not one tool-result part for this call` })
    else {
      if (answer.isError !== call.isError) mismatches.push({ seq, message: `${id}: isError ${q(answer.isError)}, the reference says ${call.isError}` })
      const text = loggedText(answer.content)
      if (text === null) mismatches.push({ seq, message: `${id}: content is not one text part` })
      else if (call.text !== null && digest(text) !== call.text.digest)
        mismatches.push({ seq, message: `${id}: text ${q(text)}, the reference says ${call.text.shown}` })
      // Other options that answer as logged say so on the first line about the answer. They are
      // looked for only when there is one: then none answers as the reference did. (No two
      // settings give one answer, so the first is named.)
      if (mismatches.length > 0 && text !== null) {
        const others = call.pending === null ? call.others! : this.otherAnswers(call.pending.args)
        const logged = digest(text)
        const other = others.find(({ isError, digest }) => isError === answer.isError && digest === logged)
        if (other !== undefined) mismatches[0]!.message += ` (${other.note})`
      }
    }
    // A call keeps the snapshot it expects only until a todo/write is paired with it.
    if (expected !== null) mismatches.push({ seq: call.seq, message: `${id}: no todo/write logged, the reference appends ${expected.shown}` })
    if (written !== null) mismatches.push(written)
    return mismatches
  }
}

/** What a todo/write paired with a call disagrees in, given the snapshot the reference appends. */
function snapshotMismatch(id: string, write: LogEvent, expected: Kept | null): Mismatch | null {
  if (expected === null) return { seq: write.seq, message: `${id}: todo/write logged, the reference appends none` }
  const logged = q(write.data)
  return digest(logged) === expected.digest
    ? null
    : { seq: write.seq, message: `${id}: todo/write data ${preview(logged)}, the reference appends ${expected.shown}` }
}

const unanswered = (call: OpenCall, why = ''): Mismatch => ({ seq: call.seq, message: `${call.id}: no tool/result logged${why}` })
