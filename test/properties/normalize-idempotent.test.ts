// TW-PROP-NORMALIZE-IDEMPOTENT: a snapshot is a fixed point: sent back, it is accepted and logged as it is.
import { expect } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { modelSnapshot } from '../support/model.js'
import { property } from '../support/property.js'
import { acceptedList } from '../../fixtures/generators.js'

property('TW-PROP-NORMALIZE-IDEMPOTENT: the model snapshot sent back is accepted and logged byte for byte', [acceptedList], ({ todos, options }) => {
  const snapshot = { todos: modelSnapshot(todos) }
  const session = new MemorySession()
  const result = callTodoWrite(JSON.parse(JSON.stringify(snapshot)), { agent: { session } }, options)
  expect(result.isError, result.text).toBe(false)
  expect(session.events.map((event) => JSON.stringify(event.data))).toEqual([JSON.stringify(snapshot)])
})
