// TW-PROP-LOSSLESS: the registry's copy (TW-JSON-2) of a value a caller hands over
// in-process. JSON data with one value planted anywhere in it, at the top or at any depth:
// what the copy cannot keep whole (a hole, `undefined`, a function, a symbol, a bigint, -0,
// ±Infinity, NaN, a cycle, an instance of a class, an array or object of another prototype)
// refuses the call as the model says, what it keeps (an object without a prototype, a value
// shared by two paths) is answered as its data, and a getter that throws answers `Error: `
// + what it threw; through `callTodoWrite` and the tool object's `execute`, whose error
// names the refusal's kind. Nothing refused is ever logged.
import { expect } from 'vitest'
import fc from '../support/fc.js'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { createTodoWriteTool, TodoWriteError } from '../../src/core/tool.js'
import { anyArgs } from '../../fixtures/generators.js'
import { modelCall } from '../support/model.js'
import { asyncProperty } from '../support/property.js'

class Task {
  content = 'a'
  status = 'pending'
}
class List extends Array<unknown> {}

const PLANTED = [
  'hole',
  'undefined',
  'function',
  'symbol',
  'bigint',
  '-0',
  'Infinity',
  '-Infinity',
  'NaN',
  'cycle',
  'class',
  'array subclass',
  'array prototype',
  'object prototype',
  'no prototype',
  'shared',
  'throwing getter',
] as const
type Planted = (typeof PLANTED)[number]

/** The places in `root` a value can be planted: each container and one of its keys. */
function slots(root: unknown): { container: Record<string, unknown>; key: string }[] {
  const out: { container: Record<string, unknown>; key: string }[] = []
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return
    for (const key of Object.keys(value)) {
      out.push({ container: value as Record<string, unknown>, key })
      walk((value as Record<string, unknown>)[key])
    }
  }
  walk(root)
  return out
}

const THROWN = new Error('the getter failed')

/** `args`, a fresh copy of JSON data, with `planted` at its slot number `at` (at the top when it has no slot). */
function plant(args: unknown, planted: Planted, at: number): unknown {
  const places = slots(args)
  const place = places[at % Math.max(places.length, 1)]
  const current = place === undefined ? args : place.container[place.key]
  const isArray = Array.isArray(current)
  const asObject = typeof current === 'object' && current !== null ? current : { todos: current }
  const values: Record<Exclude<Planted, 'hole' | 'throwing getter' | 'shared' | 'cycle'>, () => unknown> = {
    undefined: () => undefined,
    function: () => () => current,
    symbol: () => Symbol('planted'),
    bigint: () => 1n,
    '-0': () => -0,
    Infinity: () => Number.POSITIVE_INFINITY,
    '-Infinity': () => Number.NEGATIVE_INFINITY,
    NaN: () => Number.NaN,
    class: () => Object.assign(new Task(), asObject),
    'array subclass': () => List.from(isArray ? (current as unknown[]) : [current]),
    'array prototype': () => Object.setPrototypeOf(isArray ? [...(current as unknown[])] : [current], Object.create(Array.prototype)),
    'object prototype': () => Object.assign(Object.create({ inherited: true }) as object, asObject),
    'no prototype': () => Object.assign(Object.create(null) as object, asObject),
  }
  if (place === undefined) {
    if (planted === 'hole' || planted === 'throwing getter' || planted === 'shared' || planted === 'cycle') return plant({ todos: args }, planted, 0)
    return values[planted]()
  }
  const { container, key } = place
  switch (planted) {
    case 'hole':
      if (Array.isArray(container)) delete container[key]
      else container[key] = undefined
      break
    case 'throwing getter':
      Object.defineProperty(container, key, {
        enumerable: true,
        get: () => {
          throw THROWN
        },
      })
      break
    case 'shared':
      // The same value on two paths: at the slot, and under a new key beside it.
      container[key] = typeof current === 'object' && current !== null ? current : { shared: current }
      if (Array.isArray(container)) container.push(container[key])
      else container[`${key} again`] = container[key]
      break
    case 'cycle':
      container[key] = container
      break
    default:
      container[key] = values[planted]()
  }
  return args
}

/** The model's answer for a planted value: a throwing getter answers its error; anything else is the model's copy rule. */
function expected(args: unknown, planted: Planted, agent: boolean) {
  if (planted === 'throwing getter') return { text: `Error: ${THROWN.message}`, snapshot: null, kind: 'thrown' as const }
  return modelCall(args, agent)
}

asyncProperty(
  'TW-PROP-LOSSLESS: a value the copy cannot keep refuses the call, one it can is its data, a throwing getter answers its error',
  [anyArgs, fc.constantFrom(...PLANTED), fc.nat(), fc.boolean()],
  async (json, planted, at, agent) => {
    const args = plant(structuredClone(json), planted, at)
    const want = expected(args, planted, agent)
    const session = new MemorySession()
    const result = callTodoWrite(args, agent ? { agent: { session } } : {})
    expect({ text: result.text, logged: session.events.map((event) => event.data) }).toEqual({
      text: want.text,
      logged: want.snapshot === null ? [] : [{ todos: want.snapshot }],
    })
    const error = await createTodoWriteTool()
      .execute(args, agent ? { agent: { session: new MemorySession() } } : {})
      .then(
        () => null,
        (thrown: unknown) => thrown,
      )
    expect(error === null ? null : { todoWriteError: error instanceof TodoWriteError, kind: (error as TodoWriteError).kind }).toEqual(
      want.kind === null ? null : { todoWriteError: true, kind: want.kind },
    )
  },
  { numRuns: 150 },
)
