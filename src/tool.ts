// The todo_write tool object in the harness's shape (harness-contract §5): the body that
// validates, requires an owner and appends one snapshot; its render and presentCall.
import { CALL_TITLE, NO_OWNER, TOOL_NAME, toolDescription, updated } from './messages.js'
import { TODO_WRITE, todoWriteEvent, type Session } from './log.js'
import {
  TodoWriteValue,
  checkArguments,
  parametersSchema,
  resolveOptions,
  type ResolvedOptions,
  type Todo,
  type TodoWriteArgs,
  type TodoWriteOptions,
} from './schema.js'
import { validate, type Failure, type FailureKind } from './validate.js'
import type { TSchema } from 'typebox'

/** The execution context: `agent` is absent when no agent session called (TW-OWNER-1). */
export interface Exec {
  agent?: { session: Session } | undefined
}

/** What the tool body throws; the registry adds the `Error: ` envelope (TW-ENVELOPE-1). */
export class TodoWriteError extends Error {
  readonly kind: FailureKind
  constructor(failure: Failure) {
    super(failure.message)
    this.name = 'TodoWriteError'
    this.kind = failure.kind
  }
}

export interface PresentedCall {
  card: 'generic'
  title: string
  kind: 'other'
  rawInput: unknown
}

export interface TodoWriteTool {
  name: string
  description: string
  parameters: TSchema
  output: { schema: typeof TodoWriteValue; render(value: TodoWriteValue): string }
  options: ResolvedOptions
  execute(args: unknown, exec: Exec): Promise<TodoWriteValue>
  presentCall(args: unknown): PresentedCall | undefined
}

/** Tally the statuses of an accepted list (TW-VALUE-1). */
export function countStatuses(todos: readonly Todo[]): TodoWriteValue['counts'] {
  const counts = { pending: 0, inProgress: 0, completed: 0 }
  for (const { status } of todos) {
    if (status === 'pending') counts.pending++
    else if (status === 'in_progress') counts.inProgress++
    else counts.completed++
  }
  return counts
}

/** The success text (TW-SUCCESS-1). */
export const render = ({ counts }: TodoWriteValue): string =>
  updated(counts.pending, counts.inProgress, counts.completed)

/** What the body comes to: the canonical value after the one append, or the failure. */
export type Outcome = { ok: true; value: TodoWriteValue } | { ok: false; failure: Failure }

/**
 * The body without exceptions: list checks, then the owner check (a list error beats the
 * owner error, TW-ORDER-2), then ONE append. It re-runs the schema check so that a direct
 * caller that skipped the registry still gets a worded refusal instead of a crash.
 * (callTodoWrite uses this: throwing a TodoWriteError, an Error with a stack trace, made a
 * refused call cost about ten times the parsing of its arguments.)
 */
export function runTodoWrite(args: unknown, exec: Exec, options: ResolvedOptions): Outcome {
  const validation = validate(args, options)
  if (!validation.ok) return validation
  const session = exec.agent?.session
  if (!session) return { ok: false, failure: { kind: 'owner', message: NO_OWNER } }
  const event = todoWriteEvent(validation.todos)
  session.append(TODO_WRITE, event.data)
  return { ok: true, value: { todos: validation.todos, counts: countStatuses(validation.todos) } }
}

/** The body as the harness calls it: the value, or a thrown TodoWriteError (TW-ENVELOPE-1). */
export function executeTodoWrite(args: unknown, exec: Exec, options: ResolvedOptions): TodoWriteValue {
  const outcome = runTodoWrite(args, exec, options)
  if (!outcome.ok) throw new TodoWriteError(outcome.failure)
  return outcome.value
}

export function createTodoWriteTool(options: TodoWriteOptions = {}): TodoWriteTool {
  const resolved = resolveOptions(options)
  return {
    name: TOOL_NAME,
    description: toolDescription(resolved.allowParallelInProgress),
    parameters: parametersSchema(resolved),
    output: { schema: TodoWriteValue, render },
    options: resolved,
    execute: async (args, exec) => executeTodoWrite(args, exec, resolved),
    presentCall: (args) =>
      checkArguments(resolved, args)
        ? { card: 'generic', title: CALL_TITLE, kind: 'other', rawInput: (args as TodoWriteArgs).todos }
        : undefined,
  }
}
