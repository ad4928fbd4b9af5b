import { property } from '../support/property.js'
import fc from '../support/fc.js'
import { expect } from 'vitest'
import { planUpdate } from '../../src/log/acp.js'
import { snapshotViolation } from '../../src/log/invariant.js'
import type { Todo } from '../../src/core/schema.js'
import { acpValidator } from '../support/acp-schema.js'
import { content } from '../../src/kit/generators.js'
import { status } from '../../fixtures/generators.js'

const sessionUpdate = acpValidator('SessionUpdate')
const planEntry = acpValidator('PlanEntry')

/** Valid snapshots: non-empty trimmed unique contents over full Unicode. */
const snapshot: fc.Arbitrary<Todo[]> = fc.uniqueArray(fc.record({ content: content.map((text) => text.trim()).filter((text) => text !== ''), status }), {
  selector: (todo) => todo.content,
  maxLength: 8,
})

property('TW-PROP-ACP-SCHEMA: every snapshot maps to a schema-valid ACP plan update', [snapshot], (todos) => {
  expect(snapshotViolation({ todos })).toBeNull()
  const update = planUpdate(todos)
  expect(sessionUpdate(update), JSON.stringify(sessionUpdate.errors)).toBe(true)
  for (const entry of update.entries) expect(planEntry(entry)).toBe(true)
  expect(update.entries.map((entry) => [entry.content, entry.priority, entry.status])).toEqual(todos.map((todo) => [todo.content, 'medium', todo.status]))
})
