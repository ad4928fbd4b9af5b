// The JSON Lines protocol between the kit and a port (spec/protocol.md, TW-PROTO-*): the
// message shapes, and the checks that turn one stdout line into a response or a fault.
import { isNonArrayObject } from '../core/violations.js'
import { escapeUnit, jsonText } from '../log/json.js'
import { copied, thousands } from '../log/render.js'

/** The protocol version this kit speaks (TW-PROTO-START-1). */
export const PROTOCOL_VERSION = 1

export interface Implementation {
  name: string
  language: string
  version?: string
}

/** One call's outcome as a response carries it, absent keys read as null (TW-PROTO-CALL-1). */
export interface CallOutcome {
  isError: boolean
  text: string
  value: unknown
  event: unknown
  current: unknown
}

/** What a call whose arguments are not a JSON text must get: an error response (TW-PROTO-ERROR-1), its message not compared. */
export interface ArgsRefused {
  error: true
}

/** What the kit expects of one call. */
export type Expected = CallOutcome | ArgsRefused

export const isArgsRefused = (expected: Expected): expected is ArgsRefused => 'error' in expected && expected.error === true

export type Request =
  | { id: number; cmd: 'start'; protocol: number }
  | { id: number; cmd: 'call'; session: string; args: string; agent: boolean; options: Record<string, unknown> }
  | { id: number; cmd: 'end'; session: string }
  | { id: number; cmd: 'stop' }

/** A request before the kit numbers it. */
export type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never

/** One call of a case, as the kit sends it. */
export interface CallInput {
  /** The arguments as a JSON text, byte for byte what the port parses (TW-JSON-1). */
  args: string
  agent: boolean
  options: Record<string, unknown>
}

/** The line of one message: compact JSON and a line feed (TW-PROTO-FRAME-1). */
export const encodeLine = (message: unknown): string => JSON.stringify(message) + '\n'

/** The response to request `id` a line holds, or why it holds none. */
export function readResponse(line: string, id: number | null, orNull = false): Record<string, unknown> | string {
  // A JSON text has none, and a reader that strips it would pass a port a strict one refuses.
  if (line.startsWith('\ufeff')) return `printed a line that starts with a byte-order mark (U+FEFF): ${shown(line, 200)}`
  let message: unknown
  try {
    message = JSON.parse(line)
  } catch {
    return `printed a line that is not JSON: ${shown(line, 200)}`
  }
  if (!isNonArrayObject(message)) return `printed a JSON line that is not an object: ${shown(line, 200)}`
  // Exactly the request's id: -0 is not 0 (TW-KIT-COMPARE-1).
  if (!Object.is(message.id, id) && !(orNull && message.id === null))
    return `answered with id ${Object.is(message.id, -0) ? '-0' : shown(message.id, 200)} where ${id}${orNull ? ' or null' : ''} was expected: ${shown(line, 200)}`
  return message
}

/** The `error` of an error response (TW-PROTO-ERROR-1), or null. */
export const errorOf = (response: Record<string, unknown>): string | null => (typeof response.error === 'string' ? response.error : null)

/** The implementation a start response names, or why it names none (TW-PROTO-START-1). */
export function startProblem(response: Record<string, unknown>): string | Implementation {
  const error = errorOf(response)
  if (error !== null) return `refused the start handshake: ${clipped(error)}`
  if (response.protocol !== PROTOCOL_VERSION) return `speaks protocol ${shown(response.protocol, 200)}; this kit speaks protocol ${PROTOCOL_VERSION}`
  const impl = response.implementation
  if (!isNonArrayObject(impl) || typeof impl.name !== 'string' || typeof impl.language !== 'string' || !['string', 'undefined'].includes(typeof impl.version))
    return 'answered start without "implementation": {"name": string, "language": string}, and "version" a string if it is there'
  return { name: impl.name, language: impl.language, ...(impl.version === undefined ? {} : { version: impl.version as string }) }
}

/**
 * The deepest answer the kit compares (TW-KIT-COMPARE-1). The reference's answers are a few
 * levels deep; a port's answer nested deeper is wrong whatever it holds, and is reported as
 * such rather than compared, printed and written to the report at any depth.
 */
export const MAX_ANSWER_DEPTH = 1000

/** Whether a parsed JSON value nests arrays and objects more than `limit` levels deep; iterative. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (typeof node !== 'object' || node === null) continue
    if (depth === limit) return true
    for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return false
}

/** A call response's outcome, or why it is not one (TW-PROTO-CALL-1). */
export function callOutcome(response: Record<string, unknown>): CallOutcome | string {
  const error = errorOf(response)
  if (error !== null) return `answered with an error: ${clipped(error)}`
  if (typeof response.isError !== 'boolean') return 'answered a call without a boolean "isError"'
  if (typeof response.text !== 'string') return 'answered a call without a string "text"'
  for (const field of ['value', 'event', 'current'] as const) {
    if (nestedDeeperThan(response[field], MAX_ANSWER_DEPTH))
      return `answered a call with a "${field}" nested deeper than ${thousands(MAX_ANSWER_DEPTH)} levels: not compared`
  }
  return { isError: response.isError, text: response.text, value: response.value ?? null, event: response.event ?? null, current: response.current ?? null }
}

/**
 * A text a port supplied, as a message holds it: past `max` characters, its start and its
 * length. What the kit keeps of a failure is bounded by it, not by what the port wrote.
 */
export const clipped = (text: string, max = 1000): string =>
  text.length > max ? copied(`${text.slice(0, max)}… (${thousands(text.length)} characters)`) : text

/** A value for a terminal or a report: JSON, every character outside printable ASCII escaped (trailing spaces, U+2028, lone surrogates all visible). */
export function shown(value: unknown, max = Infinity): string {
  const text = jsonText(value).replace(/[^\x20-\x7e]/g, escapeUnit)
  return text.length > max ? copied(text.slice(0, max) + '…') : text
}
