// The durable-log invariant (TW-LOG-1): what every `todo/write` snapshot in a log must
// satisfy, whatever options wrote it. The in_progress count is deliberately NOT checked,
// so a log written under allowParallelInProgress still replays.
import { STATUSES } from './schema.js'
import { TODO_WRITE, type LogEvent } from './log.js'
import { isPlainObject } from './violations.js'

export interface LogViolation {
  /** The event's `seq`, or its index in the sequence when it carries none. */
  seq: number
  message: string
}

const STATUS_SET: ReadonlySet<unknown> = new Set(STATUSES)

/** The first broken rule of one snapshot's `data`, or null. */
export function snapshotViolation(data: unknown): string | null {
  const todos = isPlainObject(data) ? data.todos : undefined
  if (!Array.isArray(todos)) return 'data.todos is not an array'
  const seen = new Map<string, number>()
  for (const [i, item] of (todos as unknown[]).entries()) {
    if (!isPlainObject(item)) return `todos[${i}] is not an object`
    const { content, status } = item
    if (typeof content !== 'string') return `todos[${i}].content is not a string`
    if (content === '') return `todos[${i}].content is empty`
    if (content.trim() !== content) return `todos[${i}].content is not trimmed`
    const first = seen.get(content)
    if (first !== undefined) return `todos[${i}].content duplicates todos[${first}]`
    seen.set(content, i)
    if (!STATUS_SET.has(status)) return `todos[${i}].status is not one of ${JSON.stringify(STATUSES)}`
  }
  return null
}

/** The first `todo/write` event that breaks the invariant, with its seq; null when all hold. */
export function checkLog(events: Iterable<LogEvent>): LogViolation | null {
  let index = 0
  for (const event of events) {
    if (event.type === TODO_WRITE) {
      const message = snapshotViolation(event.data)
      if (message !== null) return { seq: event.seq ?? index, message }
    }
    index++
  }
  return null
}
