// Session-log events and replay. A `todo/write` event is a full snapshot; the current
// list is the last one (TW-REPLAY-1).
import type { Todo } from './schema.js'

export const TODO_WRITE = 'todo/write'
export const TURN_START = 'turn/start'

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

/** The current list: `data.todos` of the last `todo/write` event, or null when there is none. */
export function currentTodos(events: Iterable<LogEvent>): Todo[] | null {
  let current: Todo[] | null = null
  for (const event of events) {
    if (event.type === TODO_WRITE) current = (event.data as TodoWriteData).todos
  }
  return current
}

/** The standing plan (TW-STANDING-1): the latest snapshot, cleared by a later `turn/start`. */
export function standingPlan(events: Iterable<LogEvent>): Todo[] | null {
  let plan: Todo[] | null = null
  for (const event of events) {
    if (event.type === TODO_WRITE) plan = (event.data as TodoWriteData).todos
    else if (event.type === TURN_START) plan = null
  }
  return plan
}
