// Arguments → the normalized list, or the one failure the spec names, in the spec's order
// (TW-ORDER-1): the registry's copy (section 1, TW-JSON-2), the schema (TW-ARGS-*), then
// the list: each item trimmed (TW-TRIM-1), not empty (TW-EMPTY-1), not a repeat
// (TW-DUP-1), and the in_progress count (TW-ACTIVE-1). Pure: no I/O, no owner (tool.ts
// checks it next), the caller's value read once, by the copy, and never written.
import { NotLossless, NOT_LOSSLESS, registryCopy, thrownMessage } from './copy.js'
import { StringSet } from './distinct.js'
import { duplicateContent, EMPTY_CONTENT, INVALID_ARGUMENTS, notListed, tooManyInProgress, VIOLATION_SEPARATOR } from './messages.js'
import type { ResolvedOptions } from './options.js'
import { checkArguments, parametersSchema, type Todo, type TodoWriteArgs } from './schema.js'
import { schemaViolations } from './violations.js'

/** Which check refused the call; `message` is the text after the `Error: ` envelope. */
export type FailureKind = 'lossless' | 'thrown' | 'arguments' | 'empty' | 'duplicate' | 'in_progress' | 'owner'

export interface Failure {
  kind: FailureKind
  message: string
  /** For `arguments`: the schema violations the message lists, in walk order (TW-ARGS-11). */
  violations?: readonly string[]
}

export type Validation = { ok: true; todos: Todo[] } | { ok: false; failure: Failure }

const refuse = (kind: FailureKind, message: string): Validation => ({ ok: false, failure: { kind, message } })

export function validate(args: unknown, options: ResolvedOptions): Validation {
  let copy: unknown
  try {
    copy = registryCopy(args)
  } catch (error) {
    return error instanceof NotLossless ? refuse('lossless', NOT_LOSSLESS) : refuse('thrown', thrownMessage(error))
  }
  if (!checkArguments(options, copy)) return schemaRefusal(copy, options)
  return checkList(copy.todos, options)
}

/** The schema's refusal: the listed violations in walk order, then how many more (TW-ARGS-1, TW-ARGS-10, TW-ARGS-11). */
function schemaRefusal(copy: unknown, options: ResolvedOptions): Validation {
  const { listed, unlisted } = schemaViolations(parametersSchema(options), copy)
  const shown = unlisted === 0 ? listed : [...listed, notListed(unlisted)]
  return { ok: false, failure: { kind: 'arguments', message: INVALID_ARGUMENTS + shown.join(VIOLATION_SEPARATOR), violations: listed } }
}

/** The list checks of a schema-valid list: the first item that fails ends the walk. */
function checkList(items: TodoWriteArgs['todos'], options: ResolvedOptions): Validation {
  const todos: Todo[] = []
  const seen = new StringSet()
  let inProgress = 0
  for (const { content, status } of items) {
    const trimmed = content.trim()
    if (trimmed === '') return refuse('empty', EMPTY_CONTENT)
    if (!seen.add(trimmed)) return refuse('duplicate', duplicateContent(trimmed))
    if (status === 'in_progress') inProgress++
    todos.push({ content: trimmed, status })
  }
  if (inProgress > 1 && !options.allowParallelInProgress) return refuse('in_progress', tooManyInProgress(inProgress, options.activeLimitWording))
  return { ok: true, todos }
}
