// The reference answering the protocol in-process: `todo-write serve` speaks it on stdio,
// and `todo-write conform` asks it what a port should have answered (TW-PROTO-*).
import { callTodoWrite } from '../core/call.js'
import { digest } from '../core/distinct.js'
import { TODO_WRITE, type Session, type TodoWriteData } from '../core/event.js'
import { parseOptions, type ResolvedOptions } from '../core/options.js'
import type { Todo } from '../core/schema.js'
import { isNonArrayObject } from '../core/violations.js'
import { jsonText } from '../log/json.js'
import { thousands } from '../log/render.js'
import { invalidUtf8, LineSplitter, STARTS_WITH_BOM, strictUtf8, type ByteLine } from '../log/lines.js'
import { PROTOCOL_VERSION, type CallInput, type CallOutcome, type Expected } from './protocol.js'

/** A protocol failure of one request: answered as `{"id":…,"error":…}` (TW-PROTO-ERROR-1). */
export class RequestError extends Error {}

/** Arguments that are not a JSON text (TW-JSON-4): the call never reaches the tool. */
export class ArgsNotJson extends RequestError {}

/**
 * A protocol session keeps only its current list, the `data.todos` of the last `todo/write`
 * appended (TW-EVENT-1): one long session must not grow with its calls.
 */
class CurrentListSession implements Session {
  current: Todo[] | null = null
  append(type: string, data: unknown): void {
    if (type === TODO_WRITE) this.current = (data as TodoWriteData).todos
  }
}

/** Sessions by name, and one call against a named session (TW-PROTO-CALL-1). */
export class Reference {
  // Filed under the name's SHA-256 digest (src/core/distinct.ts): V8 hashes a name of more
  // than 16,383 characters by its length alone, and a request names any session it likes.
  private readonly sessions = new Map<string, CurrentListSession>()

  call(session: string, input: CallInput): CallOutcome {
    let args: unknown
    try {
      if (!bracketsCanClose(input.args)) throw new SyntaxError('unbalanced')
      args = JSON.parse(input.args)
    } catch {
      // No engine detail: the reference's answers must not change with the Node version.
      throw new ArgsNotJson('"args" is not a JSON text')
    }
    const options = requestOptions(input.options)
    const key = digest(session)
    let log = this.sessions.get(key)
    if (!log) {
      log = new CurrentListSession()
      this.sessions.set(key, log)
    }
    const { isError, text, value, event } = callTodoWrite(args, input.agent ? { agent: { session: log } } : {}, options)
    return { isError, text, value, event, current: log.current }
  }

  /** What a port must answer to the call: its outcome, or an error response when the arguments are not JSON. */
  expected(session: string, input: CallInput): Expected {
    try {
      return this.call(session, input)
    } catch (error) {
      if (error instanceof ArgsNotJson) return { error: true }
      throw error
    }
  }

  end(session: string): void {
    this.sessions.delete(digest(session))
  }
}

/**
 * False when the brackets outside strings cannot close as they open, so the text is no JSON
 * text: refused without JSON.parse, which takes seconds over millions of open levels
 * (protocol/depth/*-deepest). True says nothing more.
 */
function bracketsCanClose(text: string): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) depth++
    else if (c === 0x5d || c === 0x7d) depth--
  }
  return depth === 0
}

/** The options a request names; a RequestError when they are not options this implementation has. */
function requestOptions(options: unknown): ResolvedOptions {
  if (!isNonArrayObject(options)) throw new RequestError('"options" must be an object')
  const result = parseOptions(options)
  if (!result.ok) throw new RequestError(result.issues.map((issue) => issue.message).join('; '))
  return result.options
}

const isId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id >= 0

function requireString(request: Record<string, unknown>, key: string): string {
  const value = request[key]
  if (typeof value !== 'string') throw new RequestError(`"${key}" must be a string`)
  return value
}

/** What happens after a request is answered. */
export type Next = 'continue' | 'stop'

/**
 * The response to one request line, for `serve` (TW-PROTO-*): the handshake must come
 * first; anything malformed is answered with an error and the port keeps serving.
 */
export class ProtocolServer {
  private started = false
  private readonly reference = new Reference()

  handle(line: string): { response: Record<string, unknown>; next: Next } {
    let request: unknown
    try {
      request = JSON.parse(line)
    } catch {
      return { response: { id: null, error: line.startsWith('\ufeff') ? `the request ${STARTS_WITH_BOM}` : 'the request is not JSON' }, next: 'continue' }
    }
    const id = isNonArrayObject(request) && isId(request.id) ? request.id : null
    try {
      if (!isNonArrayObject(request)) throw new RequestError('the request must be a JSON object')
      if (id === null) throw new RequestError('"id" must be a non-negative integer')
      return { response: this.answer(request, id), next: request.cmd === 'stop' ? 'stop' : 'continue' }
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
      return { response: { id, error: error.message }, next: 'continue' }
    }
  }

  /** The response to a well-formed request, `id` first. Written out, not spread: spreading objects is slow in V8 (`npm run bench`, row (e)). */
  private answer(request: Record<string, unknown>, id: number): Record<string, unknown> {
    if (request.cmd === 'start') {
      if (!Object.hasOwn(request, 'protocol')) throw new RequestError(`"protocol" is missing; this port speaks ${PROTOCOL_VERSION}`)
      if (request.protocol !== PROTOCOL_VERSION)
        throw new RequestError(`protocol ${jsonText(request.protocol)} is not spoken here; this port speaks ${PROTOCOL_VERSION}`)
      this.started = true
      return { id, protocol: PROTOCOL_VERSION, implementation: { name: 'todo-write', language: 'typescript' } }
    }
    if (!this.started) throw new RequestError('the first request must be "start"')
    switch (request.cmd) {
      case 'call': {
        if (typeof request.agent !== 'boolean') throw new RequestError('"agent" must be a boolean')
        const session = requireString(request, 'session')
        // Absent options are the seed's deployment; present, they must be an object: `null` too is an error (TW-PROTO-OPTIONS-1).
        const input = { args: requireString(request, 'args'), agent: request.agent, options: Object.hasOwn(request, 'options') ? request.options : {} }
        const { isError, text, value, event, current } = this.reference.call(session, input as CallInput)
        return { id, isError, text, value, event, current }
      }
      case 'end':
        this.reference.end(requireString(request, 'session'))
        return { id }
      case 'stop':
        return { id }
      default:
        throw new RequestError(Object.hasOwn(request, 'cmd') ? `unknown command ${jsonText(request.cmd)}` : '"cmd" is missing')
    }
  }
}

/** A request line read: its text, or the error response of a line that cannot be read. */
export type RequestText = { kind: 'text'; text: string } | { kind: 'unreadable'; response: { id: null; error: string } }

function requestText(line: ByteLine, maxLine: number): RequestText {
  if (line.kind === 'too-long') {
    const error = `the request line is ${thousands(line.bytes)} bytes, longer than ${maxLine / (1024 * 1024)} MiB: not read`
    return { kind: 'unreadable', response: { id: null, error } }
  }
  try {
    return { kind: 'text', text: strictUtf8(line.bytes) }
  } catch {
    return { kind: 'unreadable', response: { id: null, error: `the request line is not UTF-8: ${invalidUtf8(line.bytes)}` } }
  }
}

/**
 * A port's stdin as request texts (TW-PROTO-FRAME-1): lines split on LF only, each decoded as
 * UTF-8; a line that is not UTF-8, or longer than `maxLine` bytes, is unreadable, answered with
 * an error response whose id is null. A CR before the LF stays, JSON whitespace to JSON.parse.
 */
export async function* requestTexts(input: AsyncIterable<Uint8Array | string>, maxLine: number): AsyncGenerator<RequestText> {
  const splitter = new LineSplitter(maxLine, (line, terminated) => line.finishBytes(terminated))
  for await (const chunk of input) {
    for (const line of splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk)) {
      if (line.kind !== 'blank') yield requestText(line, maxLine)
      else for (let n = 0; n < line.count; n++) yield { kind: 'text', text: '' }
    }
  }
  for (const line of splitter.end()) yield requestText(line, maxLine)
}
