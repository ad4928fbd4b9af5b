import { property } from '../../support/property.js'
import { expect } from 'vitest'
import { callTodoWrite } from '../../../src/core/call.js'
import { MemorySession } from '../../../src/log/events.js'
import { validArgs } from '../../../src/kit/generators.js'

property('TW-PROP-COUNTS: counts sum to the length and match each status', [validArgs], (args) => {
  const result = callTodoWrite(args, { agent: { session: new MemorySession() } })
  if (result.isError) return
  const { todos, counts } = result.value!
  expect(counts.pending + counts.inProgress + counts.completed).toBe(todos.length)
  expect(counts.pending).toBe(todos.filter((t) => t.status === 'pending').length)
  expect(counts.inProgress).toBe(todos.filter((t) => t.status === 'in_progress').length)
  expect(counts.completed).toBe(todos.filter((t) => t.status === 'completed').length)
})
