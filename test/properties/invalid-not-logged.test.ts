import { property } from '../support/property.js'
import fc from '../support/fc.js'
import { expect, it } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { validate } from '../../src/core/validate.js'
import { DEFAULT_OPTIONS } from '../../src/core/options.js'
import { call, schemaValidArgs } from '../../fixtures/generators.js'

property('TW-PROP-INVALID-NOT-LOGGED: a refused call leaves the log unchanged', [schemaValidArgs, call], (first, next) => {
  const session = new MemorySession()
  callTodoWrite(first, { agent: { session } })
  const before = JSON.stringify(session.events)
  const result = callTodoWrite(next.args, next.agent ? { agent: { session } } : {})
  if (result.isError) expect(JSON.stringify(session.events)).toBe(before)
  else expect(session.events).toHaveLength(JSON.parse(before).length + 1)
})

// Every failure kind must be seen refusing without a trace, the missing owner included.
it('TW-PROP-INVALID-NOT-LOGGED: every failure kind is exercised', () => {
  const kinds = new Set<string>()
  fc.assert(
    fc.property(call, ({ args, agent }) => {
      const session = new MemorySession()
      const result = callTodoWrite(args, agent ? { agent: { session } } : {})
      const validation = validate(args, DEFAULT_OPTIONS)
      kinds.add(validation.ok ? (agent ? 'accepted' : 'owner') : validation.failure.kind)
      if (result.isError) expect(session.events).toEqual([])
    }),
    { numRuns: 2000 },
  )
  expect([...kinds].sort()).toEqual(['accepted', 'arguments', 'duplicate', 'empty', 'in_progress', 'owner'])
})
