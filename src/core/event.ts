// What the tool writes: one `todo/write` event, a full snapshot of the list (TW-EVENT-1),
// appended to the calling agent's session.
import type { Todo } from './schema.js'

export const TODO_WRITE = 'todo/write'

export interface TodoWriteData {
  todos: Todo[]
}

/** An event as the harness logs it; `seq` and `time` are set by the session. */
export interface LogEvent {
  type: string
  seq?: number
  time?: number
  data?: unknown
}

export interface TodoWriteEvent {
  type: typeof TODO_WRITE
  data: TodoWriteData
}

/** The calling agent's session log, as the harness hands it to a tool. */
export interface Session {
  append(type: string, data: unknown): unknown
}

/** An in-memory session: events get `seq` from 0 upward, as the harness numbers them. */
export class MemorySession implements Session {
  readonly events: LogEvent[] = []
  append(type: string, data: unknown): void {
    this.events.push({ type, seq: this.events.length, data })
  }
}

/** The one event an accepted call appends (TW-EVENT-1): trimmed content and status only. */
export const todoWriteEvent = (todos: readonly Todo[]): TodoWriteEvent => ({
  type: TODO_WRITE,
  data: { todos: todos.map(({ content, status }) => ({ content, status })) },
})
