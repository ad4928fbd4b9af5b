// Replay, the standing plan and the durable-log invariant, on hand-made logs.
import { describe, expect, it } from 'vitest'
import { checkLog, snapshotViolation } from '../../src/log/invariant.js'
import { todoWriteEvent } from '../../src/core/event.js'
import { MemorySession, type LogEvent } from '../../src/log/events.js'
import { currentFromEnd, currentTodos, PlanReplay, standingPlan, standingStep, writtenStep } from '../../src/log/plan.js'
import { getterContent, hiddenContent, trimmedAsWritten, untrimmedAsWritten } from '../support/written-items.js'

const A = [{ content: 'a', status: 'in_progress' as const }]
const B = [{ content: 'b', status: 'completed' as const }]
const write = (seq: number, todos: unknown): LogEvent => ({ type: 'todo/write', seq, data: { todos } })
const turn = (seq: number, type: 'turn/start' | 'turn/end'): LogEvent => ({ type, seq, data: { turn: 1 } })
const pending = (content: string) => ({ content, status: 'pending' })
/** What a replay step says of a snapshot that breaks the invariant. */
const broken = (seq: number, violation: string) => ({ kind: 'broken', message: `todo/write seq ${seq} breaks the durable-log invariant: ${violation}` })

describe('TW-REPLAY-1: currentTodos', () => {
  it('is the last todo/write list, null without one, unaffected by other events', () => {
    expect(currentTodos([])).toBeNull()
    expect(currentTodos([turn(0, 'turn/start')])).toBeNull()
    expect(currentTodos([write(0, A), turn(1, 'turn/start'), write(2, B), turn(3, 'turn/end'), { type: 'tool/result', seq: 4 }])).toEqual(B)
    expect(currentTodos([write(0, A), write(1, [])])).toEqual([])
  })

  it('currentFromEnd (reading the log from its end) agrees with currentTodos, broken snapshots included', () => {
    const logs: LogEvent[][] = [
      [],
      [turn(0, 'turn/start')],
      [write(0, A)],
      [write(0, A), turn(1, 'turn/start'), write(2, B), turn(3, 'turn/end'), { type: 'tool/result', seq: 4 }],
      [write(0, A), write(1, [])],
      [write(0, B), turn(1, 'turn/end'), turn(2, 'turn/start')],
      [write(0, A), write(1, [{ content: ' a', status: 'pending' }])],
      [write(0, 'broken')],
    ]
    for (const log of logs) expect(currentFromEnd(log)).toEqual(currentTodos(log))
    expect(currentFromEnd(logs[3]!)).toBe(B)
    expect(currentFromEnd(logs[5]!)).toBe(B)
    expect(currentFromEnd(logs[6]!)).toBe(A)
  })

  it('TW-STANDING-1: standingStep is the pure transition a projection folds: same reference when unchanged', () => {
    expect(standingStep(null, write(0, A))).toEqual(A)
    expect(standingStep(A, turn(1, 'turn/end'))).toBe(A)
    expect(standingStep(A, { type: 'tool/result', seq: 2 })).toBe(A)
    expect(standingStep(A, write(3, 'broken'))).toBe(A)
    expect(standingStep(A, turn(4, 'turn/start'))).toBeNull()
  })

  it('TW-STANDING-1: standingStep judges an in-process event as it will be written: toJSON, a prototype getter, a non-enumerable content', () => {
    for (const item of [untrimmedAsWritten, getterContent(), hiddenContent()]) expect(standingStep(B, write(1, [item]))).toBe(B)
    const applied = standingStep(B, write(2, [trimmedAsWritten]))
    expect(applied).toEqual([{ content: 'a', status: 'pending' }])
    expect(Object.keys(applied![0]!)).toEqual(['content', 'status'])
  })

  it('writtenStep: data JSON cannot write is a broken snapshot; other events are no step', () => {
    const cyclic: Record<string, unknown> = { todos: [] }
    cyclic.self = cyclic
    const unwritable = broken(5, 'data cannot be written as JSON (a cycle, a BigInt, or a getter or toJSON that throws)')
    expect(writtenStep({ type: 'todo/write', seq: 5, data: cyclic })).toEqual(unwritable)
    expect(writtenStep({ type: 'todo/write', seq: 5, data: { todos: [{ content: 'a', status: 'pending', n: 1n }] } })).toEqual(unwritable)
    expect(writtenStep(write(6, [pending(' a')]))).toEqual(broken(6, 'todos[0].content is not trimmed'))
    expect(writtenStep({ type: 'turn/start', seq: 7, data: { todos: 1n } })).toEqual({ kind: 'other' })
    expect(standingStep(A, { type: 'todo/write', seq: 8, data: cyclic })).toBe(A)
  })

  it('todoWriteEvent copies content and status only (TW-EVENT-1)', () => {
    const event = todoWriteEvent([{ content: 'a', status: 'pending', id: 1 } as never])
    expect(JSON.stringify(event)).toBe('{"type":"todo/write","data":{"todos":[{"content":"a","status":"pending"}]}}')
  })

  it('MemorySession numbers events from 0', () => {
    const session = new MemorySession()
    session.append('x', 1)
    session.append('todo/write', { todos: A })
    expect(session.events).toEqual([
      { type: 'x', seq: 0, data: 1 },
      { type: 'todo/write', seq: 1, data: { todos: A } },
    ])
  })
})

describe('TW-STANDING-1: standingPlan', () => {
  it('is null before any write', () => {
    expect(standingPlan([])).toBeNull()
    expect(standingPlan([turn(0, 'turn/start'), turn(1, 'turn/end')])).toBeNull()
  })
  it('is the latest write, kept across turn/end, cleared by a later turn/start', () => {
    expect(standingPlan([turn(0, 'turn/start'), write(1, A)])).toEqual(A)
    expect(standingPlan([turn(0, 'turn/start'), write(1, A), turn(2, 'turn/end')])).toEqual(A)
    expect(standingPlan([write(0, A), turn(1, 'turn/end'), turn(2, 'turn/start')])).toBeNull()
    expect(standingPlan([write(0, A), turn(1, 'turn/start'), write(2, B)])).toEqual(B)
  })
})

describe('TW-LOG-1: checkLog', () => {
  it('accepts logs whose snapshots hold, parallel in_progress included', () => {
    expect(checkLog([])).toBeNull()
    expect(
      checkLog([turn(0, 'turn/start'), write(1, []), write(2, [...A, { content: 'c', status: 'in_progress' }]), { type: 'other', seq: 3, data: null }]),
    ).toBeNull()
  })

  it.each([
    [{ todos: 'x' }, 'data.todos is not an array'],
    [{ todos: {} }, 'data.todos is not an array'],
    [null, 'data.todos is not an array'],
    [[], 'data.todos is not an array'],
    [{ todos: [null] }, 'todos[0] is not an object'],
    [{ todos: [[]] }, 'todos[0] is not an object'],
    [{ todos: [A[0], []] }, 'todos[1] is not an object'],
    [{ todos: [{ content: 1, status: 'pending' }] }, 'todos[0].content is not a string'],
    [{ todos: [{ status: 'pending' }] }, 'todos[0].content is not a string'],
    [{ todos: [{ content: '', status: 'pending' }] }, 'todos[0].content is empty'],
    [{ todos: [{ content: 'a ', status: 'pending' }] }, 'todos[0].content is not trimmed'],
    [{ todos: [{ content: '\ufeffa', status: 'pending' }] }, 'todos[0].content is not trimmed'],
    [{ todos: [pending('a'), pending('b'), { content: 'a', status: 'done' }] }, 'todos[2].content duplicates todos[0]'],
    [{ todos: [pending('a'), pending('b'), { content: 'b', status: 'completed' }] }, 'todos[2].content duplicates todos[1]'],
    [{ todos: [{ content: 'a', status: 'done' }] }, 'todos[0].status is not one of ["pending","in_progress","completed"]'],
    [{ todos: [{ content: 'a', status: 'Pending' }] }, 'todos[0].status is not one of ["pending","in_progress","completed"]'],
    [{ todos: [{ content: 'a' }] }, 'todos[0].status is not one of ["pending","in_progress","completed"]'],
  ])('%j → %s, as checkLog and PlanReplay say it', (data, message) => {
    expect(snapshotViolation(data)).toBe(message)
    expect(checkLog([write(0, A), { type: 'todo/write', seq: 7, data }])).toEqual({ seq: 7, message })
    expect(new PlanReplay().apply({ type: 'todo/write', seq: 7, data })).toEqual(broken(7, message))
  })

  it('reports the first violation, by index when events carry no seq', () => {
    const bad = { type: 'todo/write', data: { todos: [{ content: ' x', status: 'pending' }] } }
    expect(checkLog([{ type: 'turn/start' }, bad, write(5, 'nope')])).toEqual({ seq: 1, message: 'todos[0].content is not trimmed' })
    expect(snapshotViolation({ todos: [{ content: '\u0085a', status: 'pending' }] })).toBeNull()
  })
})
