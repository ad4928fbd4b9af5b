// The tool body as a peer's author would write it after their validator has passed the
// arguments: the list checks of TW-ORDER-1 (empty, then duplicate, item by item; then the
// in_progress count), the owner, one append, the result. Written for the comparison from
// the spec, not from src/core/validate.ts; it shares only the model-facing strings
// (src/core/messages.ts), because those are law and not what is being compared.
import type { CallOutcome } from '../../src/core/call.js'
import { NOT_LOSSLESS } from '../../src/core/copy.js'
import { TODO_WRITE } from '../../src/core/event.js'
import {
  EMPTY_CONTENT,
  ERROR_PREFIX,
  INVALID_ARGUMENTS,
  NO_OWNER,
  VIOLATION_SEPARATOR,
  VIOLATIONS_LISTED,
  duplicateContent,
  notListed,
  tooManyInProgress,
  updated,
} from '../../src/core/messages.js'
import type { Exec } from '../../src/core/tool.js'

export type PeerStatus = 'pending' | 'in_progress' | 'completed'

/** An item after the validator: content already trimmed, no other keys. */
export interface PeerTodo {
  content: string
  status: PeerStatus
}

/** A peer pipeline: the arguments value as JSON.parse returned it, in; the model-facing result, out. */
export type Pipeline = (args: unknown, exec: Exec) => CallOutcome

const failure = (message: string): CallOutcome => ({ isError: true, text: ERROR_PREFIX + message, value: null, event: null })

/** The registry's refusal, from violations already in the harness's wording and order: the first listed, the rest counted (TW-ARGS-11). */
export function schemaFailure(violations: readonly string[]): CallOutcome {
  const more = violations.length - VIOLATIONS_LISTED
  const shown = more > 0 ? [...violations.slice(0, VIOLATIONS_LISTED), notListed(more)] : violations
  return failure(INVALID_ARGUMENTS + shown.join(VIOLATION_SEPARATOR))
}

/**
 * The registry's lossless copy (TW-JSON-2), for a value JSON.parse returned: the only numbers
 * JSON text can hold that the copy cannot keep are -0 and ±Infinity. A walk with its own
 * stack, so any depth passes (TW-JSON-3).
 */
export function registryRefusal(args: unknown): CallOutcome | null {
  const stack: unknown[] = [args]
  while (stack.length > 0) {
    const value = stack.pop()
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || Object.is(value, -0)) return failure(NOT_LOSSLESS)
    } else if (typeof value === 'object' && value !== null) {
      for (const child of Object.values(value)) stack.push(child)
    }
  }
  return null
}

export function finish(todos: PeerTodo[], exec: Exec): CallOutcome {
  const seen = new Set<string>()
  let pending = 0
  let inProgress = 0
  let completed = 0
  for (const { content, status } of todos) {
    if (content === '') return failure(EMPTY_CONTENT)
    if (seen.has(content)) return failure(duplicateContent(content))
    seen.add(content)
    if (status === 'pending') pending++
    else if (status === 'in_progress') inProgress++
    else completed++
  }
  if (inProgress > 1) return failure(tooManyInProgress(inProgress, 'comma'))
  const session = exec.agent?.session
  if (!session) return failure(NO_OWNER)
  const event = { type: TODO_WRITE, data: { todos: todos.map(({ content, status }) => ({ content, status })) } } as const
  session.append(TODO_WRITE, event.data)
  const value = { todos, counts: { pending, inProgress, completed } }
  return { isError: false, text: updated(pending, inProgress, completed), value, event }
}

/** `todos[3].content` from a path of keys and indices; the top level is named "arguments". */
export function harnessPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`
  return out === '' ? 'arguments' : out
}
