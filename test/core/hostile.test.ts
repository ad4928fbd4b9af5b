// In-process callers that hand the library a value rather than a JSON text (TW-JSON-2,
// TW-APPEND-1): getters and Proxies that answer differently on each read, inherited keys,
// holes, cycles, throwing traps, and sessions whose append is asynchronous. The log's one
// promise — it never holds a snapshot the spec would refuse — must hold against all of them.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callTodoWrite, callTodoWriteAsync } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { createTodoWriteTool } from '../../src/core/tool.js'
import { parseOptions } from '../../src/core/options.js'
import { withFlippingGetters } from '../../fixtures/generators.js'
import { NOT_LOSSLESS_TEXT } from '../support/model.js'

const LOSSY = NOT_LOSSLESS_TEXT
const ONE = 'Updated todo list: 1 pending, 0 in progress, 0 completed.'

const flipping = withFlippingGetters

const todo = (content: string, status = 'pending') => ({ content, status })
const run = (args: unknown) => {
  const session = new MemorySession()
  const outcome = callTodoWrite(args, { agent: { session } })
  return { outcome, events: session.events }
}
/** Answered with `text`, and nothing logged. */
const refused = (args: unknown, text = LOSSY) => {
  const { outcome, events } = run(args)
  expect(outcome.text).toBe(text)
  expect(events).toEqual([])
}
/** callTodoWrite's text under unknownItemKeys reject, the options parsed at the call (as things stand then). */
const underReject = (args: unknown) => {
  const closed = parseOptions({ unknownItemKeys: 'reject' })
  if (!closed.ok) throw new Error('options')
  return callTodoWrite(args, { agent: { session: new MemorySession() } }, closed.options).text
}

describe('TW-JSON-2: a value is read once', () => {
  it('three items whose status turns in_progress on a second read: refused or accepted as first read, never logged as three', () => {
    const { outcome, events } = run(flipping({ todos: [todo('a'), todo('b'), todo('c')] }, () => 'in_progress'))
    expect(outcome.text).toBe('Updated todo list: 3 pending, 0 in progress, 0 completed.')
    expect(events[0]!.data).toEqual({ todos: [todo('a'), todo('b'), todo('c')] })
  })

  it('a Proxy todos that yields another array on a second iteration cannot smuggle a status in', () => {
    let reads = 0
    const todos = new Proxy([{ content: 'a', status: 'pending' }], {
      get: (target, key, receiver) => (key === '0' && reads++ > 0 ? { content: 'x', status: 'nope' } : Reflect.get(target, key, receiver)),
    })
    const { outcome, events } = run({ todos })
    expect(outcome.text).toBe(ONE)
    expect(events[0]!.data).toEqual({ todos: [{ content: 'a', status: 'pending' }] })
  })

  it('a getter that throws answers with what it threw, and nothing is logged', () => {
    const args = {
      get todos(): unknown {
        throw new Error('boom')
      },
    }
    expect(run(args)).toEqual({ outcome: { isError: true, text: 'Error: boom', value: null, event: null }, events: [] })
    const item = Object.defineProperty({ status: 'pending' }, 'content', {
      enumerable: true,
      get: () => {
        throw 'no content'
      },
    })
    expect(run({ todos: [item] }).outcome.text).toBe('Error: no content')
  })

  class Item {
    content = 'a'
    status = 'pending'
  }
  it.each<[string, unknown]>([
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case
    ['a hole', { todos: [, { content: 'a', status: 'pending' }] }],
    ['undefined', { todos: [{ content: 'a', status: 'pending', note: undefined }] }],
    ['a function', { todos: [], now: () => 0 }],
    ['NaN', { todos: [{ content: 'a', status: 'pending', n: Number.NaN }] }],
    ['-0', { todos: [{ content: 'a', status: 'pending', n: -0 }] }],
    ['Infinity', { todos: [{ content: Number.POSITIVE_INFINITY, status: 'pending' }] }],
    ['a class instance', { todos: [new Item()] }],
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case
    ['a hole in a nested array', { todos: [], extra: { list: [1, , 3] } }],
    ['a nested array of another prototype', { todos: [], extra: [Object.setPrototypeOf([1], null)] }],
    ['an array subclass in an item', { todos: [{ content: 'a', status: 'pending', tags: new (class Tags extends Array {})() }] }],
    ['a Date', { todos: [], when: new Date(0) }],
    ['a Map', { todos: new Map() }],
    ['a bigint', { todos: [{ content: 'a', status: 'pending', id: 1n }] }],
  ])('refuses %s as the registry does', (_, args) => refused(args))

  it('refuses a cycle, wherever it closes', () => {
    const args: Record<string, unknown> = { todos: [] }
    args.self = args
    expect(run(args).outcome.text).toBe(LOSSY)
    const todos: unknown[] = [{ content: 'a', status: 'pending' }]
    todos.push(todos)
    expect(run({ todos }).outcome.text).toBe(LOSSY)
    const item: Record<string, unknown> = { content: 'a', status: 'pending' }
    item.extra = { back: item }
    expect(run({ todos: [item] }).outcome.text).toBe(LOSSY)
  })

  it('accepts null-prototype objects and a shared (acyclic) value seen twice', () => {
    const item = Object.assign(Object.create(null) as object, { content: 'a', status: 'pending' })
    const shared = { x: 1 }
    expect(run({ todos: [item], a: shared, b: shared }).outcome.text).toBe(ONE)
  })

  it('a shared value is read once: both places hold what its first read gave (TW-PROP-ONE-READ)', () => {
    // An item whose content getter answers "a", then "b": shared by two places, it is one item read once, so a repeat.
    let reads = 0
    const item = {
      get content() {
        return ++reads === 1 ? 'a' : 'b'
      },
      status: 'pending',
    }
    expect(run({ todos: [item, item] }).outcome.text).toBe('Error: invalid todos: duplicate content "a"')
    expect(reads).toBe(1)
  })

  it('a value shared at every level is copied in time linear in its distinct parts: x = [x, x] 60 deep', () => {
    let x: unknown = []
    for (let i = 0; i < 60; i++) x = [x, x]
    expect(run({ todos: [], deep: x }).outcome.text).toBe('Updated todo list: 0 pending, 0 in progress, 0 completed.')
  })

  it('a value of more containers than a Map can hold is copied: V8 refuses a Map its 2^24th key, here its 1,000th', () => {
    const set = Map.prototype.set
    const capped = vi.spyOn(Map.prototype, 'set').mockImplementation(function (this: Map<unknown, unknown>, key, value) {
      if (this.size >= 1_000 && !this.has(key)) throw new RangeError('Map maximum size exceeded')
      return set.call(this, key, value)
    })
    const many = () => Array.from({ length: 1_500 }, () => [])
    const shared = many()
    const late: unknown[] = []
    const cyclic: unknown[] = []
    cyclic.push(cyclic)
    try {
      const EMPTY = 'Updated todo list: 0 pending, 0 in progress, 0 completed.'
      // Met again: one opened in the first Map and closed once a second was open; one in the second.
      expect(run({ todos: [], a: shared, b: shared }).outcome.text).toBe(EMPTY)
      expect(run({ todos: [], many: many(), a: late, b: late }).outcome.text).toBe(EMPTY)
      // A cycle that closes in the second Map.
      expect(run({ todos: [], many: many(), cyclic }).outcome.text).toBe(LOSSY)
    } finally {
      capped.mockRestore()
    }
  })

  it('the key a full Map refuses is kept in the next: a cycle that closes on it is refused, each property read once', () => {
    let reads = 0
    const cyclic = {
      get self() {
        reads++
        return cyclic
      },
    }
    const set = Map.prototype.set
    let full = true
    const capped = vi.spyOn(Map.prototype, 'set').mockImplementation(function (this: Map<unknown, unknown>, key, value) {
      if (key === cyclic && full) {
        full = false
        throw new RangeError('Map maximum size exceeded')
      }
      return set.call(this, key, value)
    })
    try {
      expect(run({ todos: [], cyclic }).outcome.text).toBe(LOSSY)
      expect(full).toBe(false)
      expect(reads).toBe(1)
    } finally {
      capped.mockRestore()
    }
  })

  it('a key named __proto__ is copied as a key: refused by name under unknownItemKeys reject, dropped otherwise', () => {
    const item = JSON.parse('{"content":"a","status":"pending","__proto__":{"x":1}}') as object
    expect(run({ todos: [item] }).outcome.text).toBe(ONE)
    expect(underReject({ todos: [item] })).toBe('Error: invalid arguments: "todos[0].__proto__" is not a declared property (additionalProperties: false)')
  })

  it('does not read non-enumerable or symbol keys, nor walk them', () => {
    const item = Object.defineProperty({ content: 'a', status: 'pending' }, 'hidden', {
      enumerable: false,
      get: () => {
        throw new Error('read')
      },
    })
    expect(run({ todos: [Object.assign(item, { [Symbol('s')]: () => 0 })] }).outcome.text).toBe(ONE)
  })
})

describe('TW-PROP-ONE-READ: a key list and a prototype are read once', () => {
  const todos = [{ content: 'a', status: 'pending' }]
  const hidden = (args: object) => Object.defineProperty(args, 'todos', { value: todos, enumerable: false })

  it.each<[string, unknown]>([
    ['-0', -0],
    ['undefined', undefined],
  ])('a non-enumerable todos beside one other key holding %s: that key is copied and refused, nothing is logged', (_, other) => {
    for (const args of [{ x: other }, { x: other, y: 1 }]) refused(hidden(args))
  })

  it("a non-enumerable todos is not the caller's, beside one other key as beside two", () => {
    for (const args of [{ x: 1 }, { x: 1, y: 1 }]) refused(hidden(args), 'Error: invalid arguments: missing required property "todos"')
  })

  it("a Proxy's key list is asked for once: a later answer without the -0 key cannot hide it", () => {
    let asked = 0
    const args = new Proxy({ todos, extra: -0 } as Record<string, unknown>, {
      ownKeys: (target) => (asked++ === 0 ? Reflect.ownKeys(target) : ['todos']),
    })
    refused(args)
    expect(asked).toBe(1)
  })

  it("an item's prototype is asked for once: a Date's prototype first is refused, whatever a later answer says", () => {
    let asked = 0
    const item = new Proxy({ content: 'a', status: 'pending' }, { getPrototypeOf: () => (asked++ === 0 ? Date.prototype : Object.prototype) })
    refused({ todos: [item] })
    expect(asked).toBe(1)
  })
})

describe("TW-JSON-2: inherited keys are not the caller's", () => {
  const polluted = Object.prototype as Record<string, unknown>
  afterEach(() => {
    delete polluted.content
    delete polluted.status
    delete polluted.todos
    delete polluted.allowParallelInProgress
  })

  it('Object.prototype.content does not fill a missing content', () => {
    polluted.content = 'ghost'
    polluted.status = 'pending'
    refused({ todos: [{}] }, 'Error: invalid arguments: missing required property "todos[0].content"; missing required property "todos[0].status"')
    expect(run({ todos: [{ content: 'a', status: 'pending' }] }).outcome.text).toBe(ONE)
  })

  it('under unknownItemKeys reject, an inherited key is no extra key of an item: only its own keys count', () => {
    polluted.content = 'ghost'
    expect(underReject({ todos: [{ content: 'a', status: 'pending' }] })).toBe(ONE)
    const todos = [
      { status: 'pending', content: 'a' },
      { content: 'b', status: 'completed', id: 2 },
    ]
    expect(underReject({ todos })).toBe('Error: invalid arguments: "todos[1].id" is not a declared property (additionalProperties: false)')
  })

  it('Object.prototype.todos does not fill a missing todos', () => {
    polluted.todos = []
    expect(run({}).outcome.text).toBe('Error: invalid arguments: missing required property "todos"')
  })

  it('Object.prototype.allowParallelInProgress does not turn the default off', () => {
    polluted.allowParallelInProgress = true
    expect(parseOptions({})).toEqual({ ok: true, options: { allowParallelInProgress: false, unknownItemKeys: 'drop', activeLimitWording: 'comma' } })
    const two = { todos: [todo('a', 'in_progress'), todo('b', 'in_progress')] }
    expect(run(two).outcome.text).toBe('Error: invalid todos: at most one task may be in_progress, got 2')
  })
})

describe('TW-APPEND-1: an asynchronous append', () => {
  const args = { todos: [{ content: 'a', status: 'pending' }] }
  const failing = { agent: { session: { append: () => Promise.reject(new Error('disk full')) } } }
  const slow = (log: unknown[]) => ({
    agent: { session: { append: (type: string, data: unknown) => new Promise((resolve) => setTimeout(() => resolve(log.push({ type, data })), 1)) } },
  })

  it('the tool awaits it: a rejection fails the call, with its message', async () => {
    await expect(createTodoWriteTool().execute(args, failing)).rejects.toThrow('disk full')
    const log: unknown[] = []
    await expect(createTodoWriteTool().execute(args, slow(log))).resolves.toEqual({ todos: args.todos, counts: { pending: 1, inProgress: 0, completed: 0 } })
    expect(log).toHaveLength(1)
  })

  it('callTodoWriteAsync answers the failure; never "Updated" for a write that failed', async () => {
    expect(await callTodoWriteAsync(args, failing)).toEqual({ isError: true, text: 'Error: disk full', value: null, event: null })
    const log: unknown[] = []
    expect((await callTodoWriteAsync(args, slow(log))).text).toBe(ONE)
  })

  it('callTodoWrite, which answers synchronously, refuses an asynchronous session loudly and leaves no rejection unhandled', async () => {
    const unhandled: unknown[] = []
    const listener = (reason: unknown) => void unhandled.push(reason)
    process.on('unhandledRejection', listener)
    try {
      expect(() => callTodoWrite(args, failing)).toThrow(
        'callTodoWrite: the session appends asynchronously (append returned a promise); use callTodoWriteAsync',
      )
      await new Promise((resolve) => setTimeout(resolve, 5))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', listener)
    }
  })
})
