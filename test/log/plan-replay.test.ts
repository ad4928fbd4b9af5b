// The streaming plan fold (src/log/plan.ts): current list (TW-REPLAY-1), standing plan
// (TW-STANDING-1), and the durable-log invariant on every snapshot (TW-LOG-1).
import { describe, expect, it } from 'vitest'
import { checkLog } from '../../src/log/invariant.js'
import type { LogEvent } from '../../src/log/events.js'
import { brokenSnapshot, currentTodos, PlanReplay, standingPlan } from '../../src/log/plan.js'

const write = (seq: number, todos: unknown): LogEvent => ({ type: 'todo/write', seq, data: { todos } })
const turn = (edge: 'start' | 'end', seq: number): LogEvent => ({ type: `turn/${edge}`, seq })
const A = [{ content: 'a', status: 'pending' }]
const B = [{ content: 'b', status: 'completed' }]

function fold(events: LogEvent[]) {
  const plan = new PlanReplay()
  const steps = events.map((event) => plan.apply(event))
  return { plan, steps }
}

describe('PlanReplay', () => {
  it('starts with no list, no standing plan, nothing counted', () => {
    const plan = new PlanReplay()
    expect([plan.current, plan.standing, plan.events, plan.writes]).toEqual([null, null, 0, 0])
  })

  it('TW-REPLAY-1: last write wins; other events change nothing', () => {
    const { plan, steps } = fold([write(0, A), { type: 'tool/result', seq: 1, data: { todos: B } }, write(2, B), turn('end', 3)])
    expect(plan.current).toEqual(B)
    expect(steps.map((s) => s.kind)).toEqual(['write', 'other', 'write', 'other'])
    expect(steps[0]).toEqual({ kind: 'write', todos: A })
    expect([plan.events, plan.writes]).toEqual([4, 2])
  })

  it('TW-STANDING-1: a turn/start clears the standing plan but not the current list; turn/end keeps it', () => {
    const { plan } = fold([write(0, A), turn('end', 1)])
    expect(plan.standing).toEqual(A)
    plan.apply(turn('start', 2))
    expect(plan.standing).toBeNull()
    expect(plan.current).toEqual(A)
    expect(plan.apply(turn('start', 3))).toEqual({ kind: 'other' })
    plan.apply(write(4, []))
    expect(plan.standing).toEqual([])
    expect(plan.current).toEqual([])
  })

  it('TW-LOG-1: a broken snapshot is reported with its seq and not applied', () => {
    const { plan, steps } = fold([write(0, A), write(7, [{ content: 'x ', status: 'pending' }])])
    expect(steps[1]).toEqual({ kind: 'broken', message: 'todo/write seq 7 breaks the durable-log invariant: todos[0].content is not trimmed' })
    expect(plan.current).toEqual(A)
    expect(plan.standing).toEqual(A)
    expect(plan.writes).toBe(2)
  })

  it('TW-LOG-1: a broken snapshot after a turn/start leaves the standing plan cleared', () => {
    const { plan } = fold([write(0, A), turn('start', 1), { type: 'todo/write', seq: 2, data: null }])
    expect(plan.standing).toBeNull()
    expect(plan.current).toEqual(A)
  })

  it('TW-LOG-1: the in_progress count is not checked', () => {
    const two = ['a', 'b'].map((content) => ({ content, status: 'in_progress' }))
    expect(fold([write(0, two)]).plan.current).toEqual(two)
  })

  it('TW-LOG-1: checkLog falls back to the index for an event without seq', () => {
    expect(checkLog([write(0, A), { type: 'todo/write', data: null }])).toEqual({ seq: 1, message: 'data.todos is not an array' })
    expect(brokenSnapshot(undefined, 'm')).toBe('todo/write seq undefined breaks the durable-log invariant: m')
  })

  it('agrees with currentTodos and standingPlan on a sound log', () => {
    const events = [turn('start', 0), write(1, A), turn('end', 2), turn('start', 3), write(4, B), turn('start', 5)]
    for (let n = 0; n <= events.length; n++) {
      const { plan } = fold(events.slice(0, n))
      expect(plan.current).toEqual(currentTodos(events.slice(0, n)))
      expect(plan.standing).toEqual(standingPlan(events.slice(0, n)))
    }
  })
})
