// TW-PROP-LAST-ACCEPTED: after any sequence of calls the current list is the model's last accepted snapshot.
import { expect } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { currentTodos } from '../../src/log/plan.js'
import { modelCall, type ModelItem } from '../support/model.js'
import { property } from '../support/property.js'
import { calls } from '../../fixtures/generators.js'

property('TW-PROP-LAST-ACCEPTED: the current list is the last accepted normalized list, per the model', [calls], (sequence) => {
  const session = new MemorySession()
  let last: ModelItem[] | null = null
  for (const { args, agent } of sequence) {
    callTodoWrite(args, agent ? { agent: { session } } : {})
    last = modelCall(args, agent).snapshot ?? last
  }
  expect(currentTodos(session.events)).toEqual(last)
})
