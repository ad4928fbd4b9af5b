// TW-PROP-COUNTS: the counts of an accepted call are tallies of the statuses the caller sent.
import { expect } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { property } from '../support/property.js'
import { acceptedList } from '../../fixtures/generators.js'

property('TW-PROP-COUNTS: each count is the number of input items of that status; they sum to the input length', [acceptedList], ({ todos, options }) => {
  const result = callTodoWrite({ todos }, { agent: { session: new MemorySession() } }, options)
  expect(result.isError, result.text).toBe(false)
  const input = (status: string) => todos.filter((todo) => todo.status === status).length
  expect(result.value!.counts).toEqual({ pending: input('pending'), inProgress: input('in_progress'), completed: input('completed') })
  expect(result.value!.counts.pending + result.value!.counts.inProgress + result.value!.counts.completed).toBe(todos.length)
  expect(result.text).toBe(`Updated todo list: ${input('pending')} pending, ${input('in_progress')} in progress, ${input('completed')} completed.`)
})
