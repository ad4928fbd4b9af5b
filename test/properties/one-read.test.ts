// TW-PROP-ONE-READ: a value whose getters or Proxy traps answer differently on later reads
// is answered, and logged, as the model answers the data of the first reads: the log never
// holds a snapshot the spec would refuse. That holds for a value reached on two paths too:
// it is read once (TW-JSON-2), and both paths hold what its first reads gave.
import { expect } from 'vitest'
import fc from '../support/fc.js'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { checkLog } from '../../src/log/invariant.js'
import { anyArgs, items, LIES, withFlippingGetters as flipping, withFlippingProxies as proxied } from '../../fixtures/generators.js'
import { modelCall } from '../support/model.js'
import { property } from '../support/property.js'

const lies = fc.constantFrom(...LIES)

const run = (args: unknown) => {
  const session = new MemorySession()
  const outcome = callTodoWrite(args, { agent: { session } })
  return { outcome, events: session.events }
}

property('TW-PROP-ONE-READ: with getters that change their answer, the outcome is that of the first reads', [anyArgs, lies], (args, lie) => {
  const json = JSON.parse(JSON.stringify(args)) as unknown
  const { outcome, events } = run(flipping(json, lie))
  const model = modelCall(json, true)
  expect(outcome.text).toBe(model.text)
  expect(events.map((e) => e.data)).toEqual(model.snapshot ? [{ todos: model.snapshot }] : [])
  expect(checkLog(events)).toBeNull()
})

property('TW-PROP-ONE-READ: the same through Proxies', [anyArgs, lies], (args, lie) => {
  const json = JSON.parse(JSON.stringify(args)) as unknown
  const { outcome, events } = run(proxied(json, lie))
  expect(outcome.text).toBe(modelCall(json, true).text)
  expect(checkLog(events)).toBeNull()
})

property(
  'TW-PROP-ONE-READ: an item on two paths is read once, and the second path holds what the first reads gave',
  [items.filter((list) => list.length > 0), fc.nat(), lies],
  (list, at, lie) => {
    const twice = at % list.length
    const shared = flipping(list[twice], lie)
    const { outcome, events } = run({ todos: [...list.map((item, i) => (i === twice ? shared : flipping(item, lie))), shared] })
    const model = modelCall({ todos: [...list, list[twice]] }, true)
    expect(outcome.text).toBe(model.text)
    expect(events.map((e) => e.data)).toEqual(model.snapshot ? [{ todos: model.snapshot }] : [])
  },
)
