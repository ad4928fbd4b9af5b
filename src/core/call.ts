// One call as the model experiences it, flat: the text the model reads, whether it is an
// error, and on success the canonical value and the one event appended (TW-ENVELOPE-1,
// TW-VALUE-1, TW-EVENT-1). Every runner of calls outside the harness uses this: the CLI,
// `serve` and the kit's reference, `replay --verify`.
import type { TodoWriteEvent } from './event.js'
import { thrownMessage } from './copy.js'
import { ERROR_PREFIX } from './messages.js'
import { resolveOptions, type TodoWriteOptions } from './options.js'
import type { TodoWriteValue } from './schema.js'
import { runTodoWrite, successText, type Exec, type Outcome } from './tool.js'

export interface CallOutcome {
  isError: boolean
  /** The model-facing text, `Error: ` envelope included. */
  text: string
  /** The canonical value; null on failure. */
  value: TodoWriteValue | null
  /** The event appended to the caller's session; null when nothing was appended. */
  event: TodoWriteEvent | null
}

/** Whether `value` is a promise or another thenable. */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'

const failed = (message: string): CallOutcome => ({ isError: true, text: ERROR_PREFIX + message, value: null, event: null })

/**
 * Run one todo_write call synchronously, exactly as the harness would answer it: `exec`
 * without an `agent` is a caller with no owning session. A refusal is an outcome, not a
 * throw; an append that throws is answered with its message, as the registry would. Bad
 * options throw an OptionsError (TW-OPT-1): they are the caller's mistake, not the model's.
 */
export function callTodoWrite(args: unknown, exec: Exec = {}, options?: TodoWriteOptions): CallOutcome {
  const resolved = resolveOptions(options)
  let outcome: Outcome
  try {
    outcome = runTodoWrite(args, exec, resolved)
  } catch (error) {
    return failed(thrownMessage(error))
  }
  if (!outcome.ok) return failed(outcome.failure.message)
  if (isThenable(outcome.appended)) {
    // Whether it was written is not known yet: the answer cannot be given synchronously.
    Promise.resolve(outcome.appended).catch(() => undefined)
    throw new TypeError('callTodoWrite: the session appends asynchronously (append returned a promise); use callTodoWriteAsync')
  }
  return accepted(outcome)
}

/** The same for a session whose append may be asynchronous: it is awaited, and a failed append fails the call (TW-APPEND-1). */
export async function callTodoWriteAsync(args: unknown, exec: Exec = {}, options?: TodoWriteOptions): Promise<CallOutcome> {
  const resolved = resolveOptions(options)
  try {
    const outcome = runTodoWrite(args, exec, resolved)
    if (!outcome.ok) return failed(outcome.failure.message)
    await outcome.appended
    return accepted(outcome)
  } catch (error) {
    return failed(thrownMessage(error))
  }
}

const accepted = (outcome: Extract<Outcome, { ok: true }>): CallOutcome => ({
  isError: false,
  text: successText(outcome.value),
  value: outcome.value,
  event: outcome.event,
})
