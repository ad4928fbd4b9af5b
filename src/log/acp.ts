// The ACP bridge's view of a snapshot (TW-ACP-1): each `todo/write` becomes the update
// object of a `session/update` notification. ACP plan entries need a priority that todos
// do not carry, so every entry is `medium`. The types mirror the ACP schema's `Plan` and
// `PlanEntry` (the SDK is a dev dependency; tests check the output against its schema).
import type { Status, Todo } from '../core/schema.js'

export const PLAN_PRIORITY = 'medium'

export interface AcpPlanEntry {
  content: string
  priority: typeof PLAN_PRIORITY
  status: Status
}

export interface AcpPlanUpdate {
  sessionUpdate: 'plan'
  entries: AcpPlanEntry[]
}

/** The plan update for one snapshot: keys in ACP's order, entries in the list's order, none skipped. */
export const planUpdate = (todos: readonly Todo[]): AcpPlanUpdate => ({
  sessionUpdate: 'plan',
  entries: todos.map(({ content, status }) => ({ content, priority: PLAN_PRIORITY, status })),
})
