import { property } from '../support/property.js'
import fc from '../support/fc.js'
import { expect } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { modelText } from '../support/model.js'
import { item, status } from '../../fixtures/generators.js'

// Lists built to hold several faults at once: blank contents, repeats and extra actives.
const faulty = fc
  .tuple(
    fc.array(item, { maxLength: 5 }),
    fc.array(fc.record({ at: fc.nat(), kind: fc.constantFrom('blank', 'repeat', 'active'), status }), { minLength: 1, maxLength: 4 }),
  )
  .map(([todos, faults]) => {
    const list = todos.map((t) => ({ content: t.content, status: t.status }))
    for (const { at, kind, status: s } of faults) {
      const index = list.length === 0 ? 0 : at % (list.length + 1)
      if (kind === 'blank') list.splice(index, 0, { content: ' \t', status: s })
      else if (kind === 'active') list.splice(index, 0, { content: `active ${index} ${list.length}`, status: 'in_progress' })
      else if (list.length > 0) list.splice(index, 0, { content: ` ${list[at % list.length]!.content}\n`, status: s })
    }
    return list
  })

property('TW-PROP-CHECK-ORDER: several faults report the one TW-ORDER-1 names first', [faulty, fc.boolean()], (todos, agent) => {
  const result = callTodoWrite({ todos }, agent ? { agent: { session: new MemorySession() } } : {})
  expect(result.text).toBe(modelText(todos, agent))
})
