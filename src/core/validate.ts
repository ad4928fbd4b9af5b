// Arguments → the normalized list, or the one failure the spec names. Pure: no I/O, no
// owner, the input never mutated. Order (TW-ORDER-1): schema → per item in order (empty,
// then duplicate) → the in_progress count. The owner check follows in tool.ts.
import {
  EMPTY_CONTENT,
  INVALID_ARGUMENTS,
  VIOLATION_SEPARATOR,
  duplicateContent,
  tooManyInProgress,
} from './messages.js'
import { DistinctStrings } from './distinct.js'
import { checkArguments, parametersSchema, type Todo, type TodoWriteArgs } from './schema.js'
import type { ResolvedOptions } from './options.js'
import { schemaViolations } from './violations.js'

/** Which check refused the call; `message` is the text after the `Error: ` envelope. */
export type FailureKind = 'arguments' | 'empty' | 'duplicate' | 'in_progress' | 'owner'

export interface Failure {
  kind: FailureKind
  message: string
  /** For `arguments`: each schema violation, in walk order (the message joins them). */
  violations?: readonly string[]
}

export type Validation = { ok: true; todos: Todo[] } | { ok: false; failure: Failure }

const fail = (kind: FailureKind, message: string): Validation => ({ ok: false, failure: { kind, message } })

/** The registry's schema check (TW-ARGS-*): the joined violations, or null when valid. */
export function checkSchema(args: unknown, options: ResolvedOptions): Failure | null {
  // The compiled check is the fast path; the walker only runs to word a refusal.
  if (checkArguments(options, args)) return null
  const violations = schemaViolations(parametersSchema(options), args)
  return { kind: 'arguments', message: INVALID_ARGUMENTS + violations.join(VIOLATION_SEPARATOR), violations }
}

/** The tool body's list checks on schema-valid arguments (TW-EMPTY-1, TW-DUP-1, TW-ACTIVE-1). */
export function checkList(args: TodoWriteArgs, options: ResolvedOptions): Validation {
  const todos: Todo[] = []
  const seen = new DistinctStrings()
  let inProgress = 0
  for (const item of args.todos) {
    const content = item.content.trim()
    if (content === '') return fail('empty', EMPTY_CONTENT)
    if (!seen.add(content)) return fail('duplicate', duplicateContent(content))
    if (item.status === 'in_progress') inProgress++
    todos.push({ content, status: item.status })
  }
  if (!options.allowParallelInProgress && inProgress > 1) return fail('in_progress', tooManyInProgress(inProgress, options.activeLimitWording))
  return { ok: true, todos }
}

/** Schema, then list checks: everything but the owner. */
export function validate(args: unknown, options: ResolvedOptions): Validation {
  const schemaFailure = checkSchema(args, options)
  if (schemaFailure) return { ok: false, failure: schemaFailure }
  return checkList(args as TodoWriteArgs, options)
}
