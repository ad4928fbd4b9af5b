// TW-PROP-NO-MUTATION: the caller's value is the same after the call as before, down to
// what JSON cannot see: own keys (symbols and non-enumerable ones too), property
// descriptors, prototypes, extensibility. And a frozen value is answered exactly as the
// model answers the same data (a write the call attempted would throw, or be lost).
import { expect } from 'vitest'
import fc from '../support/fc.js'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { modelCall } from '../support/model.js'
import { property } from '../support/property.js'
import { call } from '../../fixtures/generators.js'

const MARK = Symbol('caller')

/** Everything observable of a value without running a getter: a tree of descriptors by identity. */
function describeDeep(root: unknown): unknown {
  const seen = new Map<object, number>()
  const describe = (value: unknown): unknown => {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return { scalar: Object.is(value, -0) ? '-0' : value }
    if (seen.has(value)) return { ref: seen.get(value) }
    seen.set(value, seen.size)
    return {
      prototype: Object.getPrototypeOf(value),
      extensible: Object.isExtensible(value),
      own: Reflect.ownKeys(value).map((key) => {
        const d = Object.getOwnPropertyDescriptor(value, key)!
        const flags = { enumerable: d.enumerable, configurable: d.configurable, writable: d.writable, get: d.get, set: d.set }
        return { key: typeof key === 'symbol' ? key.toString() : key, ...flags, value: 'value' in d ? describe(d.value) : undefined }
      }),
    }
  }
  return describe(root)
}

/** The caller's data dressed with what JSON cannot carry: a symbol key, a non-enumerable key, on every object. */
function dressed(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<PropertyKey, unknown> | unknown[] = Array.isArray(value)
    ? value.map(dressed)
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dressed(v)]))
  Object.defineProperty(copy, MARK, { value: 'mine', enumerable: true })
  Object.defineProperty(copy, 'hidden', { value: 'not JSON', enumerable: false })
  return copy
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key])
    Object.freeze(value)
  }
  return value
}

property(
  "TW-PROP-NO-MUTATION: keys, symbols, descriptors and prototypes of the caller's value are unchanged",
  [call, fc.constantFrom({}, { profile: 'dsh-0.1.1-rc.2' })],
  ({ args, agent }, options) => {
    const value = dressed(args)
    const before = describeDeep(value)
    callTodoWrite(value, agent ? { agent: { session: new MemorySession() } } : {}, options)
    expect(describeDeep(value)).toEqual(before)
  },
)

property('TW-PROP-NO-MUTATION: a frozen value is answered as the model answers its data', [call], ({ args, agent }) => {
  const session = new MemorySession()
  const result = callTodoWrite(deepFreeze(structuredClone(args)), agent ? { agent: { session } } : {})
  const model = modelCall(args, agent)
  expect(result.text).toBe(model.text)
  expect(session.events.map((event) => event.data)).toEqual(model.snapshot === null ? [] : [{ todos: model.snapshot }])
})
