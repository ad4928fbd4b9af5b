// Re-runs every `todo_write` call of a session log through the reference and compares what
// the harness logged (TW-VERIFY-1, TW-VERIFY-2). Streaming: feed events in log order to
// `push`, then call `end`; memory holds only the calls still waiting for their result.
import { callTodoWrite } from '../core/call.js'
import { MemorySession } from '../core/event.js'
import { TODO_WRITE, TOOL_CALL, TOOL_RESULT, type LogEvent } from './events.js'
import { resolveOptions, type ResolvedOptions, type TodoWriteOptions } from '../core/options.js'
import { TOOL_NAME } from '../core/messages.js'
import { isPlainObject } from '../core/json.js'


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
  expected: Expected
  write: LogEvent | null
}

const q = (value: unknown): string => String(JSON.stringify(value))

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
  return isPlainObject(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : null
}

export class Verifier {
  /** `todo_write` calls seen. */
  calls = 0
  private readonly open = new Map<string, OpenCall>()

  private readonly options: ResolvedOptions

  /** `options` as the deployment that wrote the log had them (TW-OPT-1); checked here, once. */
  constructor(options?: TodoWriteOptions) {
    this.options = resolveOptions(options)
  }

  push(event: LogEvent): Mismatch[] {
    const data = isPlainObject(event.data) ? event.data : {}
    if (event.type === TOOL_CALL && data.name === TOOL_NAME) return this.call(event.seq, data)
    if (event.type === TODO_WRITE) return this.write(event)
    if (event.type === TOOL_RESULT) return this.result(event.seq, data)
    return []
  }

  /** Calls still waiting for their result when the log ends. */
  end(): Mismatch[] {
    const left = [...this.open.values()].map(unanswered)
    this.open.clear()
    return left
  }

  private call(seq: number | undefined, data: Record<string, unknown>): Mismatch[] {
    this.calls++
    const { callId, arguments: text } = data
    if (typeof callId !== 'string') return [{ seq, message: 'todo_write tool/call has no callId' }]
    const mismatches: Mismatch[] = []
    const previous = this.open.get(callId)
    if (previous !== undefined) mismatches.push(unanswered(previous))
    if (typeof text !== 'string') mismatches.push({ seq, message: `call ${q(callId)}: data.arguments is not a JSON text` })
    this.open.delete(callId)
    this.open.set(callId, { seq, callId, expected: expectedOutcome(text, this.options), write: null })
    return mismatches
  }

  /** A snapshot belongs to the earliest open call that the reference lets write; else to the earliest open call. */
  private write(event: LogEvent): Mismatch[] {
    const waiting = [...this.open.values()].filter((call) => call.write === null)
    const owner = waiting.find((call) => call.expected.data !== null) ?? waiting[0]
    if (owner === undefined) return [{ seq: event.seq, message: 'todo/write that no todo_write call accounts for' }]
    owner.write = event
    return []
  }

  /** A result closes the open call of its callId; results of other calls are not ours. */
  private result(seq: number | undefined, data: Record<string, unknown>): Mismatch[] {
    const call = this.open.get(data.callId as string)
    if (call === undefined) return []
    this.open.delete(call.callId)
    const { expected, write } = call
    const id = `call ${q(call.callId)}`
    const mismatches: Mismatch[] = []
    if (data.isError !== expected.isError) mismatches.push({ seq, message: `${id}: isError ${q(data.isError)}, the reference says ${expected.isError}` })
    const text = loggedText(data.content)
    if (text === null) mismatches.push({ seq, message: `${id}: content is not one text part` })
    else if (expected.text !== null && text !== expected.text) mismatches.push({ seq, message: `${id}: text ${q(text)}, the reference says ${q(expected.text)}` })
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

const unanswered = (call: OpenCall): Mismatch => ({ seq: call.seq, message: `call ${q(call.callId)}: no tool/result logged` })
