// The ACP plan update (TW-ACP-1), checked against the ACP SDK's published JSON Schema.
import { describe, expect, it } from 'vitest'
import { PLAN_PRIORITY, planUpdate } from '../../src/log/acp.js'
import type { Todo } from '../../src/core/schema.js'
import { acpValidator } from '../support/acp-schema.js'

const sessionUpdate = acpValidator('SessionUpdate')
const planEntry = acpValidator('PlanEntry')

const TODOS: Todo[] = [
  { content: 'read the code', status: 'in_progress' },
  { content: 'write the fix', status: 'pending' },
  { content: 'run the tests', status: 'completed' },
]

describe('planUpdate (TW-ACP-1)', () => {
  it('maps each todo to an entry with priority medium, keys and entries in order', () => {
    expect(JSON.stringify(planUpdate(TODOS))).toBe(
      '{"sessionUpdate":"plan","entries":[{"content":"read the code","priority":"medium","status":"in_progress"},{"content":"write the fix","priority":"medium","status":"pending"},{"content":"run the tests","priority":"medium","status":"completed"}]}',
    )
    expect(PLAN_PRIORITY).toBe('medium')
  })

  it('an empty list is an update with no entries, not nothing', () => {
    expect(JSON.stringify(planUpdate([]))).toBe('{"sessionUpdate":"plan","entries":[]}')
  })

  it('copies content and status only, and leaves the list untouched', () => {
    const todos = [{ content: 'a', status: 'pending', note: 'x', priority: 'high' }] as unknown as Todo[]
    const before = JSON.stringify(todos)
    expect(JSON.stringify(planUpdate(todos))).toBe('{"sessionUpdate":"plan","entries":[{"content":"a","priority":"medium","status":"pending"}]}')
    expect(JSON.stringify(todos)).toBe(before)
  })

  it('validates against ACP SessionUpdate; each entry against PlanEntry', () => {
    for (const todos of [TODOS, [], [TODOS[0]!]]) {
      const update = planUpdate(todos)
      expect(sessionUpdate(update), JSON.stringify(sessionUpdate.errors)).toBe(true)
      for (const entry of update.entries) expect(planEntry(entry)).toBe(true)
    }
  })

  it('the validators are not vacuous: the schema refuses what ACP refuses', () => {
    const entry = { content: 'a', priority: 'medium', status: 'pending' }
    expect(planEntry({ ...entry, priority: 'urgent' })).toBe(false)
    expect(planEntry({ ...entry, status: 'done' })).toBe(false)
    expect(planEntry({ content: 'a', status: 'pending' })).toBe(false)
    expect(planEntry({ ...entry, content: 1 })).toBe(false)
    expect(sessionUpdate({ sessionUpdate: 'plan' })).toBe(false)
    expect(sessionUpdate({ sessionUpdate: 'plan', entries: [{ ...entry, priority: 'urgent' }] })).toBe(false)
    expect(sessionUpdate({ sessionUpdate: 'plans', entries: [] })).toBe(false)
  })
})
