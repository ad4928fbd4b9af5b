// Re-runs every `todo_write` call of a session log through the reference and compares what
// the harness logged (TW-VERIFY-1, TW-VERIFY-2). Streaming: feed events in log order to
// `push`, then call `end`; memory holds only the calls still waiting for their result.
import { digest } from '../core/distinct.js'
import { callTodoWrite } from '../core/call.js'
import { MemorySession } from './events.js'
import { TODO_WRITE, TOOL_CALL, TOOL_RESULT, type LogEvent } from './events.js'
import { resolveOptions, type ResolvedOptions, type TodoWriteOptions } from '../core/options.js'
import { TOOL_NAME } from '../core/messages.js'
import { isNonArrayObject, jsonText } from './json.js'

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

interface OpenCall {
  seq: number | undefined
  callId: string
  /** The callId's digest: its key among the open calls. */
  key: string
  expected: Expected
  write: LogEvent | null
  /** Answered, or given up: no longer open. */
  closed: boolean
}

/** A logged value in a message: JSON of any depth (jsonText describes what cannot be written). */
const q = (value: unknown): string => jsonText(value)

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

/** The one text part of a logged result, or null when the content is not exactly that. */
function loggedText(content: unknown): string | null {
  if (!Array.isArray(content) || content.length !== 1) return null
  const part: unknown = content[0]
  return isNonArrayObject(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : null
}

/**
 * What a `tool/result` says of its call (TW-VERIFY-4), in either harness's shape: the
 * seed's flat `{callId, isError, content}`, or the release's message, whose one
 * `tool-result` part carries them (`answer` null when the message holds not exactly that).
 */
type LoggedResult = { callId: unknown; answer: { isError: unknown; content: unknown } | null }

function loggedResult(data: Record<string, unknown>): LoggedResult {
  if (!isNonArrayObject(data.message)) return { callId: data.callId, answer: { isError: data.isError, content: data.content } }
  const { source, content } = data.message
  const callId = isNonArrayObject(source) ? source.callId : undefined
  const part: unknown = Array.isArray(content) && content.length === 1 ? content[0] : undefined
  if (!isNonArrayObject(part) || part.type !== 'tool-result' || part.toolCallId !== callId) return { callId, answer: null }
  return { callId, answer: { isError: part.isError, content: part.content } }
}

/** The most calls kept open at once; past it the oldest is given up (TW-VERIFY-3). */
export const MAX_OPEN_CALLS = 10_000

const isOpen = (call: OpenCall): boolean => !call.closed
const isWaiting = (call: OpenCall): boolean => !call.closed && call.write === null

/**
 * Calls in call order, read from the front past those no longer `wanted`. (A Map's first
 * entry is not this: V8 leaves a deleted entry's slot in place until the table is rebuilt,
 * so reading the oldest of a Map that keeps losing its oldest walks every hole.)
 */
class CallQueue {
  private calls: OpenCall[] = []
  private head = 0

  constructor(
    private readonly wanted: (call: OpenCall) => boolean,
    private readonly maxOpen: number,
  ) {}

  push(call: OpenCall): void {
    this.calls.push(call)
    // Drop the calls no longer wanted now and then, so memory follows the open calls (at
    // most maxOpen) even when the front is never read.
    if (this.calls.length - this.head >= 2 * this.maxOpen) {
      this.calls = this.calls.slice(this.head).filter(this.wanted)
      this.head = 0
    }
  }

  /** The earliest call still wanted, or undefined. */
  first(): OpenCall | undefined {
    while (this.head < this.calls.length && !this.wanted(this.calls[this.head]!)) this.head++
    // Drop what was read past once it is most of the array.
    if (this.head > 1024 && this.head * 2 > this.calls.length) {
      this.calls = this.calls.slice(this.head)
      this.head = 0
    }
    return this.calls[this.head]
  }
}

export class Verifier {
  /** `todo_write` calls seen. */
  calls = 0
  /**
   * Open calls by their callId's SHA-256 digest (src/core/distinct.ts): V8 hashes a string of
   * more than 16,383 characters by its length alone, and a log's callIds are anything.
   */
  private readonly open = new Map<string, OpenCall>()
  /** Open calls without a snapshot yet; and those of them the reference lets write. */
  private readonly waiting: CallQueue
  private readonly writers: CallQueue
  /** Open calls, oldest first: the one given up when too many are open. */
  private readonly byAge: CallQueue
  private readonly options: ResolvedOptions
  private readonly maxOpen: number
  private readonly givenUp: string

  /**
   * `options` as the deployment that wrote the log had them (TW-OPT-1), checked here, once;
   * `maxOpenCalls` the most calls kept open at once (default MAX_OPEN_CALLS, TW-VERIFY-3).
   */
  constructor(options?: TodoWriteOptions, { maxOpenCalls = MAX_OPEN_CALLS }: { maxOpenCalls?: number } = {}) {
    if (!Number.isSafeInteger(maxOpenCalls) || maxOpenCalls < 1) throw new RangeError(`maxOpenCalls must be a positive integer, got ${q(maxOpenCalls)}`)
    this.options = resolveOptions(options)
    this.maxOpen = maxOpenCalls
    this.givenUp = ` before ${maxOpenCalls.toLocaleString('en-US')} later calls were made: given up`
    this.waiting = new CallQueue(isWaiting, maxOpenCalls)
    this.writers = new CallQueue(isWaiting, maxOpenCalls)
    this.byAge = new CallQueue(isOpen, maxOpenCalls)
  }

  push(event: LogEvent): Mismatch[] {
    const data = isNonArrayObject(event.data) ? event.data : {}
    if (event.type === TOOL_CALL && data.name === TOOL_NAME) return this.call(event.seq, data)
    if (event.type === TODO_WRITE) return this.write(event)
    if (event.type === TOOL_RESULT) return this.result(event.seq, data)
    return []
  }

  /** Calls still waiting for their result when the log ends. */
  end(): Mismatch[] {
    const left = [...this.open.values()].map((call) => unanswered(call))
    this.open.clear()
    return left
  }

  private close(call: OpenCall): void {
    call.closed = true
    this.open.delete(call.key)
  }

  private call(seq: number | undefined, data: Record<string, unknown>): Mismatch[] {
    this.calls++
    const { callId, arguments: text } = data
    if (typeof callId !== 'string') return [{ seq, message: 'todo_write tool/call has no callId' }]
    const mismatches: Mismatch[] = []
    const key = digest(callId)
    const previous = this.open.get(key)
    if (previous !== undefined) {
      mismatches.push(unanswered(previous))
      this.close(previous)
    }
    if (typeof text !== 'string') mismatches.push({ seq, message: `call ${q(callId)}: data.arguments is not a JSON text` })
    if (this.open.size >= this.maxOpen) {
      const oldest = this.byAge.first()!
      mismatches.push(unanswered(oldest, this.givenUp))
      this.close(oldest)
    }
    const call: OpenCall = { seq, callId, key, expected: expectedOutcome(text, this.options), write: null, closed: false }
    this.open.set(key, call)
    this.byAge.push(call)
    this.waiting.push(call)
    if (call.expected.data !== null) this.writers.push(call)
    return mismatches
  }

  /** A snapshot belongs to the earliest open call that the reference lets write; else to the earliest open call. */
  private write(event: LogEvent): Mismatch[] {
    const owner = this.writers.first() ?? this.waiting.first()
    if (owner === undefined) return [{ seq: event.seq, message: 'todo/write that no todo_write call accounts for' }]
    owner.write = event
    return []
  }

  /** A result closes the open call of its callId; results of other calls are not ours. */
  private result(seq: number | undefined, data: Record<string, unknown>): Mismatch[] {
    const { callId, answer } = loggedResult(data)
    // A result's callId may be anything; only a string names a call.
    const call = typeof callId === 'string' ? this.open.get(digest(callId)) : undefined
    if (call === undefined) return []
    this.close(call)
    const { expected, write } = call
    const id = `call ${q(call.callId)}`
    const mismatches: Mismatch[] = []
    if (answer === null) mismatches.push({ seq, message: `${id}: message.content is not one tool-result part for this call` })
    else {
      if (answer.isError !== expected.isError) mismatches.push({ seq, message: `${id}: isError ${q(answer.isError)}, the reference says ${expected.isError}` })
      const text = loggedText(answer.content)
      if (text === null) mismatches.push({ seq, message: `${id}: content is not one text part` })
      else if (expected.text !== null && text !== expected.text)
        mismatches.push({ seq, message: `${id}: text ${q(text)}, the reference says ${q(expected.text)}` })
    }
    if (write === null) {
      if (expected.data !== null) mismatches.push({ seq: call.seq, message: `${id}: no todo/write logged, the reference appends ${expected.data}` })
    } else if (expected.data === null) {
      mismatches.push({ seq: write.seq, message: `${id}: todo/write logged, the reference appends none` })
    } else if (q(write.data) !== expected.data) {
      mismatches.push({ seq: write.seq, message: `${id}: todo/write data ${q(write.data)}, the reference appends ${expected.data}` })
    }
    return mismatches
  }
}

const unanswered = (call: OpenCall, why = ''): Mismatch => ({ seq: call.seq, message: `call ${q(call.callId)}: no tool/result logged${why}` })
