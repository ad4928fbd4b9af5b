// The one plan fold: what a session log's events make of the plan, one event at a time, so
// a log can be streamed. The current list (TW-REPLAY-1) is the last good snapshot; the
// standing plan (TW-STANDING-1) is the same, cleared by each later `turn/start`. A snapshot
// that breaks the durable-log invariant (TW-LOG-1) is reported and not applied: the last
// good list stands (TW-LOG-5).
import { snapshotViolation } from './invariant.js'
import { writtenData } from './json.js'
import { TODO_WRITE, TURN_START, type LogEvent, type TodoWriteData } from './events.js'
import type { Todo } from '../core/schema.js'

/** What one event does to the plan. */
export type Step = { kind: 'write'; todos: Todo[] } | { kind: 'broken'; message: string } | { kind: 'other' }

const OTHER: Step = { kind: 'other' }

export const brokenSnapshot = (seq: number | undefined, violation: string): string => `todo/write seq ${seq} breaks the durable-log invariant: ${violation}`

/** What a `todo/write` with this data does: its snapshot is checked here, once. */
function writeStep(seq: number | undefined, data: unknown): Step {
  const violation = snapshotViolation(data)
  if (violation !== null) return { kind: 'broken', message: brokenSnapshot(seq, violation) }
  return { kind: 'write', todos: (data as TodoWriteData).todos }
}

/** The step of one event read from a log: its data is what the line held. */
export function eventStep(event: LogEvent): Step {
  return event.type === TODO_WRITE ? writeStep(event.seq, event.data) : OTHER
}

/** What a broken snapshot says of data that cannot be written as JSON at all. */
export const UNWRITABLE_DATA = 'data cannot be written as JSON (a cycle, a BigInt, or a getter or toJSON that throws)'

/**
 * The step of an event handed over in-process, before it is written: its data is judged,
 * and a write applies its list, as the log line will hold them (`writtenData`): what
 * `toJSON`, a getter or a non-enumerable key make of it is what counts.
 */
export function writtenStep(event: LogEvent): Step {
  if (event.type !== TODO_WRITE) return OTHER
  let data: unknown
  try {
    data = writtenData(event.data)
  } catch {
    return { kind: 'broken', message: brokenSnapshot(event.seq, UNWRITABLE_DATA) }
  }
  return writeStep(event.seq, data)
}

/** The current list after a step. */
export const nextCurrent = (current: Todo[] | null, step: Step): Todo[] | null => (step.kind === 'write' ? step.todos : current)

/** The standing plan after an event and its step: the same reference when nothing changed. */
export const nextStanding = (standing: Todo[] | null, event: LogEvent, step: Step): Todo[] | null =>
  step.kind === 'write' ? step.todos : event.type === TURN_START ? null : standing

/**
 * The standing plan after one more event handed over in-process, as a pure transition (a
 * session projection's `apply`): the event as it will be written (`writtenStep`).
 */
export const standingStep = (standing: Todo[] | null, event: LogEvent): Todo[] | null => nextStanding(standing, event, writtenStep(event))

export class PlanReplay {
  /** The last good snapshot's list; null before any. */
  current: Todo[] | null = null
  /** The same, cleared by each later `turn/start` and kept across `turn/end`. */
  standing: Todo[] | null = null
  /** Events applied, and how many of them were `todo/write` (good or broken). */
  events = 0
  writes = 0

  /** Events that cannot touch the plan, read as one packed row (TW-LOG-10): counted only. */
  skip(events: number): void {
    this.events += events
  }

  apply(event: LogEvent): Step {
    this.events++
    const step = eventStep(event)
    if (event.type === TODO_WRITE) this.writes++
    this.current = nextCurrent(this.current, step)
    this.standing = nextStanding(this.standing, event, step)
    return step
  }
}

function replay(events: Iterable<LogEvent>): PlanReplay {
  const plan = new PlanReplay()
  for (const event of events) plan.apply(event)
  return plan
}

/** The current list of a sequence of events, or null when there is none. */
export const currentTodos = (events: Iterable<LogEvent>): Todo[] | null => replay(events).current

/** The standing plan of a sequence of events, or null when there is none. */
export const standingPlan = (events: Iterable<LogEvent>): Todo[] | null => replay(events).standing

/**
 * The current list of events in memory, read from the end: the last good snapshot is
 * usually the last event, so a long session costs one step, not one per event. It answers
 * what `currentTodos` answers (test/log/plan.test.ts).
 */
export function currentFromEnd(events: readonly LogEvent[]): Todo[] | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const step = eventStep(events[i]!)
    if (step.kind === 'write') return step.todos
  }
  return null
}
