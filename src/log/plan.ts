// The one plan fold: what a session log's events make of the plan, one event at a time, so
// a log can be streamed. The current list (TW-REPLAY-1) is the last good snapshot; the
// standing plan (TW-STANDING-1) is the same, cleared by each later `turn/start`. A snapshot
// that breaks the durable-log invariant (TW-LOG-1) is reported and not applied: the last
// good list stands (TW-LOG-5).
import { snapshotViolation } from './invariant.js'
import { TODO_WRITE, TURN_START, type LogEvent, type TodoWriteData } from './events.js'
import type { Todo } from '../core/schema.js'

/** What one event does to the plan. */
export type Step = { kind: 'write'; todos: Todo[] } | { kind: 'broken'; message: string } | { kind: 'other' }

const OTHER: Step = { kind: 'other' }

export const brokenSnapshot = (seq: number | undefined, violation: string): string => `todo/write seq ${seq} breaks the durable-log invariant: ${violation}`

/** The step of one event: a `todo/write` is checked here, once. */
export function eventStep(event: LogEvent): Step {
  if (event.type !== TODO_WRITE) return OTHER
  const violation = snapshotViolation(event.data)
  if (violation !== null) return { kind: 'broken', message: brokenSnapshot(event.seq, violation) }
  return { kind: 'write', todos: (event.data as TodoWriteData).todos }
}

/** The current list after a step. */
export const nextCurrent = (current: Todo[] | null, step: Step): Todo[] | null => (step.kind === 'write' ? step.todos : current)

/** The standing plan after an event and its step: the same reference when nothing changed. */
export const nextStanding = (standing: Todo[] | null, event: LogEvent, step: Step): Todo[] | null =>
  step.kind === 'write' ? step.todos : event.type === TURN_START ? null : standing

/** The standing plan after one more event, as a pure transition (a session projection's `apply`). */
export const standingStep = (standing: Todo[] | null, event: LogEvent): Todo[] | null => nextStanding(standing, event, eventStep(event))

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
 * what `currentTodos` answers (test/unit/log.test.ts).
 */
export function currentFromEnd(events: readonly LogEvent[]): Todo[] | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const step = eventStep(events[i]!)
    if (step.kind === 'write') return step.todos
  }
  return null
}
