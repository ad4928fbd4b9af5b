// The todo_write tool object in the harness's shape (spec TW-PLUGIN-4): the body that
// validates, requires an owner and appends one snapshot; its output schema and render; its
// presentCall.
import { CALL_TITLE, NO_OWNER, TOOL_NAME, toolDescription, updated } from './messages.js'
import { TODO_WRITE, todoWriteEvent, type Session, type TodoWriteEvent } from './event.js'
import { TodoWriteValue, checkArguments, parametersSchema, plainSchema, type JsonSchema, type Todo, type TodoWriteArgs } from './schema.js'
import { resolveOptions, type ResolvedOptions, type TodoWriteOptions } from './options.js'
import { validate, type Failure, type FailureKind } from './validate.js'

/** The execution context: `agent` is absent when no agent session called (TW-OWNER-1). */
export interface Exec {
  agent?: { session: Session } | undefined
}

/**
 * What the tool body throws; the registry adds the `Error: ` envelope (TW-ENVELOPE-1). A
 * schema refusal is named and coded as the harness's own argument-check error
 * (TW-PLUGIN-5), and carries its violations.
 */
export class TodoWriteError extends Error {
  readonly kind: FailureKind
  readonly code: string | undefined
  readonly violations: readonly string[]
  constructor(failure: Failure) {
    super(failure.message)
    this.kind = failure.kind
    this.violations = failure.violations ?? []
    const args = failure.kind === 'arguments'
    this.name = args ? 'ToolArgsError' : 'TodoWriteError'
    this.code = args ? 'INVALID_ARGS' : undefined
  }
}

/** A UI's card for a call (TW-PRESENT-1). */
export type PresentedCall = { card: 'generic'; title: string; kind: 'other'; rawInput: unknown }

/** A content block of a tool result, as the model reads it. */
export type TextBlock = { type: 'text'; text: string }

export interface TodoWriteTool {
  name: string
  description: string
  /** The parameter schema the model sees, as plain JSON. */
  parameters: JsonSchema
  /** The canonical value's schema (inside the registry's subset) and its rendering for the model. */
  output: { schema: JsonSchema; render(args: unknown, value: TodoWriteValue): TextBlock[] }
  execute(args: unknown, exec: Exec): Promise<TodoWriteValue>
  presentCall(args: unknown): PresentedCall | undefined
}

/** Tally the statuses of an accepted list (TW-VALUE-1). */
export function countStatuses(todos: readonly Todo[]): TodoWriteValue['counts'] {
  const count = (status: Todo['status']) => todos.filter((todo) => todo.status === status).length
  return { pending: count('pending'), inProgress: count('in_progress'), completed: count('completed') }
}

/** The success text (TW-SUCCESS-1). */
export const successText = ({ counts }: TodoWriteValue): string => updated(counts.pending, counts.inProgress, counts.completed)

/** The model-facing content of an accepted call: one text block (TW-PLUGIN-4). */
export const renderValue = (_args: unknown, value: TodoWriteValue): TextBlock[] => [{ type: 'text', text: successText(value) }]

/** What the body comes to: the canonical value after the one append, or the failure. */
export type Outcome = { ok: true; value: TodoWriteValue; event: TodoWriteEvent; appended: unknown } | { ok: false; failure: Failure }

/**
 * The body without exceptions: list checks, then the owner check (a list error beats the
 * owner error, TW-ORDER-2), then ONE append. It runs the schema check itself, as the
 * harness leaves that to the tool (TW-PLUGIN-5).
 */
export function runTodoWrite(args: unknown, exec: Exec, options: ResolvedOptions): Outcome {
  const validation = validate(args, options)
  if (!validation.ok) return validation
  const session = exec.agent?.session
  if (!session) return { ok: false, failure: { kind: 'owner', message: NO_OWNER } }
  // What append returned: a promise for a session that writes asynchronously (TW-APPEND-1).
  // The session is given its own snapshot: nothing the caller gets back is what was logged.
  const appended: unknown = session.append(TODO_WRITE, todoWriteEvent(validation.todos).data)
  return { ok: true, value: { todos: validation.todos, counts: countStatuses(validation.todos) }, event: todoWriteEvent(validation.todos), appended }
}

export function createTodoWriteTool(options: TodoWriteOptions = {}): TodoWriteTool {
  const resolved = resolveOptions(options)
  return {
    name: TOOL_NAME,
    description: toolDescription(resolved.allowParallelInProgress),
    parameters: plainSchema(parametersSchema(resolved)),
    output: { schema: plainSchema(TodoWriteValue), render: renderValue },
    execute: async (args, exec) => {
      const outcome = runTodoWrite(args, exec, resolved)
      if (!outcome.ok) throw new TodoWriteError(outcome.failure)
      // An asynchronous append that fails fails the call: never report a write that did not happen.
      await outcome.appended
      return outcome.value
    },
    presentCall: (args) =>
      checkArguments(resolved, args) ? { card: 'generic', title: CALL_TITLE, kind: 'other', rawInput: (args as TodoWriteArgs).todos } : undefined,
  }
}
