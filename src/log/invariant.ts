// The durable-log invariant (TW-LOG-1): what every `todo/write` snapshot in a log must
// satisfy, whatever options wrote it. The in_progress count is deliberately NOT checked,
// so a log written under allowParallelInProgress still replays. One check, two wordings:
// the log tooling's (TW-LOG-1) and the harness companion plugin's (TW-PLUGIN-7).
import { StringSet } from '../core/distinct.js'
import { STATUSES, TODO_WRITE } from '../core/event.js'
import type { LogEvent } from './events.js'
import { isNonArrayObject } from '../core/violations.js'

export interface LogViolation {
  /** The event's `seq`, or its index in the sequence when it carries none. */
  seq: number
  message: string
}

/** Which rule a snapshot breaks, at which item (`first`: the earlier item a repeat repeats). */
export type SnapshotFault =
  | { kind: 'not-array' }
  | { kind: 'not-object'; index: number }
  | { kind: 'content-not-string'; index: number }
  | { kind: 'content-empty'; index: number }
  | { kind: 'content-untrimmed'; index: number; content: string }
  | { kind: 'content-repeated'; index: number; first: number; content: string }
  | { kind: 'unknown-status'; index: number; status: unknown }

const STATUS_SET: ReadonlySet<unknown> = new Set(STATUSES)

/** The first broken rule of one snapshot's `data`, or null. */
export function snapshotFault(data: unknown): SnapshotFault | null {
  const todos = isNonArrayObject(data) ? data.todos : undefined
  if (!Array.isArray(todos)) return { kind: 'not-array' }
  // A StringSet, linear whatever a log holds (src/core/distinct.ts); the first of a repeat is looked up once, when found.
  const seen = new StringSet()
  for (const [index, item] of (todos as unknown[]).entries()) {
    if (!isNonArrayObject(item)) return { kind: 'not-object', index }
    const { content, status } = item
    if (typeof content !== 'string') return { kind: 'content-not-string', index }
    if (content === '') return { kind: 'content-empty', index }
    if (content.trim() !== content) return { kind: 'content-untrimmed', index, content }
    if (!seen.add(content)) return { kind: 'content-repeated', index, first: todos.findIndex((earlier) => earlier.content === content), content }
    if (!STATUS_SET.has(status)) return { kind: 'unknown-status', index, status }
  }
  return null
}

/** The log tooling's wording of a fault (TW-LOG-1). */
export function logWording(fault: SnapshotFault): string {
  switch (fault.kind) {
    case 'not-array':
      return 'data.todos is not an array'
    case 'not-object':
      return `todos[${fault.index}] is not an object`
    case 'content-not-string':
      return `todos[${fault.index}].content is not a string`
    case 'content-empty':
      return `todos[${fault.index}].content is empty`
    case 'content-untrimmed':
      return `todos[${fault.index}].content is not trimmed`
    case 'content-repeated':
      return `todos[${fault.index}].content duplicates todos[${fault.first}]`
    case 'unknown-status':
      return `todos[${fault.index}].status is not one of ${JSON.stringify(STATUSES)}`
  }
}

/** The first broken rule of one snapshot's `data`, worded for the log tooling; null when it holds. */
export function snapshotViolation(data: unknown): string | null {
  const fault = snapshotFault(data)
  return fault === null ? null : logWording(fault)
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
