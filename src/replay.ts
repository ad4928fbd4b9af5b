// The plan a session log holds, folded one event at a time so a log can be streamed:
// the current list (TW-REPLAY-1), the standing plan (TW-STANDING-1), and the durable-log
// invariant on every `todo/write` (TW-LOG-1). A snapshot that breaks the invariant is
// reported and not applied: the last good list stands (TW-LOG-5).
import { snapshotViolation } from './invariant.js'
import { TODO_WRITE, TURN_START, type LogEvent, type TodoWriteData } from './log.js'
import type { Todo } from './schema.js'

/** What one event did to the plan. */
export type Step = { kind: 'write'; todos: Todo[] } | { kind: 'broken'; message: string } | { kind: 'other' }

const OTHER: Step = { kind: 'other' }

export const brokenSnapshot = (seq: number | undefined, violation: string): string =>
  `todo/write seq ${seq} breaks the durable-log invariant: ${violation}`

export class PlanReplay {
  /** The last good snapshot's list; null before any. */
  current: Todo[] | null = null
  /** The same, cleared by each later `turn/start` and kept across `turn/end`. */
  standing: Todo[] | null = null
  /** Events applied, and how many of them were `todo/write` (good or broken). */
  events = 0
  writes = 0

  apply(event: LogEvent): Step {
    this.events++
    if (event.type === TURN_START) this.standing = null
    if (event.type !== TODO_WRITE) return OTHER
    this.writes++
    const violation = snapshotViolation(event.data)
    if (violation !== null) return { kind: 'broken', message: brokenSnapshot(event.seq, violation) }
    const { todos } = event.data as TodoWriteData
    this.current = todos
    this.standing = todos
    return { kind: 'write', todos }
  }
}
