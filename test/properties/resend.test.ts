// TW-PROP-RESEND: re-sending the last accepted arguments leaves the current list as it was.
import { expect } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { currentTodos } from '../../src/log/plan.js'
import { modelSnapshot } from '../support/model.js'
import { property } from '../support/property.js'
import { acceptedList, calls } from '../../fixtures/generators.js'

property(
  'TW-PROP-RESEND: an accepted list sent again, after any calls, is accepted and the list is still its snapshot',
  [calls, acceptedList],
  (before, { todos, options }) => {
    const session = new MemorySession()
    for (const { args, agent } of before) callTodoWrite(args, agent ? { agent: { session } } : {}, options)
    for (const _ of [1, 2]) expect(callTodoWrite({ todos }, { agent: { session } }, options).isError).toBe(false)
    expect(currentTodos(session.events)).toEqual(modelSnapshot(todos))
  },
)
