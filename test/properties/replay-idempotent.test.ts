// TW-PROP-REPLAY-IDEMPOTENT: replaying a log is a fixed point twice over: appending the
// replayed list as one more snapshot changes nothing, and the log's snapshots sent again as
// calls to a fresh session make a log that replays to the same list. Both against the
// model's last accepted list (TW-PROP-LAST-ACCEPTED), not against another replay.
import { expect } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession, type LogEvent } from '../../src/log/events.js'
import { currentTodos } from '../../src/log/plan.js'
import { modelCall, type ModelItem } from '../support/model.js'
import { property } from '../support/property.js'
import { calls } from '../../fixtures/generators.js'

/** The calls played on one session, and the model's last accepted snapshot. */
function play(sequence: { args: unknown; agent: boolean }[]): { events: LogEvent[]; last: ModelItem[] | null } {
  const session = new MemorySession()
  let last: ModelItem[] | null = null
  for (const { args, agent } of sequence) {
    callTodoWrite(args, agent ? { agent: { session } } : {})
    last = modelCall(args, agent).snapshot ?? last
  }
  return { events: session.events, last }
}

property('TW-PROP-REPLAY-IDEMPOTENT: replay(log + [snapshot of replay(log)]) is replay(log), the model list', [calls], (sequence) => {
  const { events, last } = play(sequence)
  const replayed = currentTodos(events)
  expect(replayed).toEqual(last)
  if (replayed === null) return
  expect(currentTodos([...events, { type: 'todo/write', seq: events.length, data: { todos: replayed } }])).toEqual(last)
})

property("TW-PROP-REPLAY-IDEMPOTENT: the log's snapshots run again as calls on a fresh session replay to the same list", [calls], (sequence) => {
  const { events, last } = play(sequence)
  const again = new MemorySession()
  for (const event of events) expect(callTodoWrite(event.data, { agent: { session: again } }).isError).toBe(false)
  expect(currentTodos(again.events)).toEqual(last)
})
