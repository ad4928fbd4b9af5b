import { property } from '../../support/property.js'
import { expect } from 'vitest'
import { callTodoWrite } from '../../../src/core/call.js'
import { MemorySession } from '../../../src/log/events.js'
import { call } from '../../../src/kit/generators.js'

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key])
    Object.freeze(value)
  }
  return value
}

property('TW-PROP-NO-MUTATION: the arguments value is never mutated', [call], ({ args, agent }) => {
  const before = JSON.stringify(args)
  const frozen = deepFreeze(structuredClone(args))
  const session = new MemorySession()
  // A frozen value makes any write throw in strict-mode code; the result must be a normal one.
  const result = callTodoWrite(frozen, agent ? { agent: { session } } : {})
  expect(typeof result.isError).toBe('boolean')
  callTodoWrite(args, agent ? { agent: { session } } : {})
  expect(JSON.stringify(args)).toBe(before)
})
