import { property } from '../../support/property.js'
import { expect } from 'vitest'
import { callTodoWrite } from '../../../src/core/call.js'
import { MemorySession } from '../../../src/log/events.js'
import { validArgs } from '../../../src/kit/generators.js'

property('TW-PROP-NORMALIZE-IDEMPOTENT: a snapshot sent back yields the identical snapshot', [validArgs], (args) => {
  const session = new MemorySession()
  const first = callTodoWrite(args, { agent: { session } })
  if (first.isError) return
  const snapshot = session.events[0]!.data as { todos: unknown[] }
  const again = callTodoWrite(JSON.parse(JSON.stringify(snapshot)), { agent: { session } })
  expect(again.isError).toBe(false)
  expect(JSON.stringify(session.events[1]!.data)).toBe(JSON.stringify(snapshot))
  expect(again.value).toEqual(first.value)
})
