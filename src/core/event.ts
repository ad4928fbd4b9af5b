// What the tool writes: one `todo/write` event, a full snapshot of the list (TW-EVENT-1),
// appended to the calling agent's session.
import type { Todo } from './schema.js'

export const TODO_WRITE = 'todo/write'

/** The three statuses an item of a snapshot has, in the order the harness lists them (ACP's PlanEntryStatus). */
export const STATUSES = ['pending', 'in_progress', 'completed'] as const

export interface TodoWriteData {
  todos: Todo[]
}

export interface TodoWriteEvent {
  type: typeof TODO_WRITE
  data: TodoWriteData
}

/** The calling agent's session log, as the harness hands it to a tool. */
export interface Session {
  append(type: string, data: unknown): unknown
}

/** The one event an accepted call appends (TW-EVENT-1): trimmed content and status only. */
export const todoWriteEvent = (todos: readonly Todo[]): TodoWriteEvent => ({
  type: TODO_WRITE,
  data: { todos: todos.map(({ content, status }) => ({ content, status })) },
})
