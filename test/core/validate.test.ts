// The general path of the read-and-check (src/core/validate.ts): what the registry's copy
// (TW-JSON-2) and the schema (TW-ARGS-*) say of values the common-call fast path does not
// take, and TW-PROP-ONE-READ where a value leads back to the arguments. Expected texts are
// the spec's words, written out.
import { afterEach, describe, expect, it } from 'vitest'
import { callTodoWrite, callTodoWriteAsync } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { DEFAULT_OPTIONS, resolveOptions } from '../../src/core/options.js'
import { createTodoWriteTool } from '../../src/core/tool.js'
import { validate } from '../../src/core/validate.js'

const LOSSY = 'Error: tool execution arguments must be losslessly JSON-serializable'
const ONE = 'Updated todo list: 1 pending, 0 in progress, 0 completed.'

const answer = (args: unknown, options = DEFAULT_OPTIONS) => callTodoWrite(args, { agent: { session: new MemorySession() } }, options).text
/** A function holding `props`, with no prototype: no record even so. */
const bareFunction = (props: object): unknown => Object.setPrototypeOf(Object.assign(() => 0, props) as object, null)
/** Array.prototype, to plant indices and keys on. */
const arrayPrototype = Array.prototype as unknown as Record<PropertyKey, unknown>

describe('the general path: values outside the common shapes', () => {
  it('a copy that fails is the "lossless" failure; a getter that throws is the "thrown" one', () => {
    expect(validate({ todos: [], f: () => 0 }, DEFAULT_OPTIONS)).toEqual({
      ok: false,
      failure: { kind: 'lossless', message: 'tool execution arguments must be losslessly JSON-serializable' },
    })
    const throwing = Object.defineProperty({}, 'todos', {
      enumerable: true,
      get: () => {
        throw new Error('no todos')
      },
    })
    expect(validate(throwing, DEFAULT_OPTIONS)).toEqual({ ok: false, failure: { kind: 'thrown', message: 'no todos' } })
  })

  it('arguments that are a class instance are refused by the copy, even with a valid list', () => {
    class Args {
      todos = [{ content: 'a', status: 'pending' }]
    }
    expect(answer(new Args())).toBe(LOSSY)
  })

  it('arguments that are not an object: null and scalars are worded, undefined and a function are no JSON data', () => {
    for (const args of [null, 'x', [{ content: 'a', status: 'pending' }]]) expect(answer(args)).toBe('Error: invalid arguments: "arguments" must be an object')
    expect(answer(undefined)).toBe(LOSSY)
    // A function is no record even when, like a null-prototype object, it has no prototype.
    expect(answer(bareFunction({ todos: [] }))).toBe(LOSSY)
  })

  it('an item that is a class instance, a function or an array is refused or worded as the copy says', () => {
    class Item {
      content = 'a'
      status = 'pending'
    }
    expect(answer({ todos: [new Item()] })).toBe(LOSSY)
    expect(answer({ todos: [bareFunction({ content: 'a', status: 'pending' })] })).toBe(LOSSY)
    expect(answer({ todos: [['a', 'pending']] })).toBe('Error: invalid arguments: "todos[0]" must be an object')
    expect(answer({ todos: [null] })).toBe('Error: invalid arguments: "todos[0]" must be an object')
  })

  it('JSON data below the item is accepted whatever it holds; undefined, a function or NaN anywhere below is not', () => {
    expect(answer({ todos: [{ content: 'a', status: 'pending', x: [null, [1, {}], { y: null, z: 'z' }] }] })).toBe(ONE)
    for (const bad of [undefined, () => 0, Number.NaN, Symbol('s'), 1n]) {
      expect(answer({ todos: [{ content: 'a', status: 'pending', x: [null, [1, { y: bad }]] }] })).toBe(LOSSY)
      expect(answer({ todos: [{ content: [bad], status: 'pending' }] })).toBe(LOSSY)
      expect(answer({ todos: { a: [bad] } })).toBe(LOSSY)
    }
  })

  it('todos that is an object, or an array of another prototype', () => {
    expect(answer({ todos: { a: 1 } })).toBe('Error: invalid arguments: "todos" must be an array')
    expect(answer({ todos: Object.setPrototypeOf([{ content: 'a', status: 'pending' }], null) })).toBe(LOSSY)
    expect(answer({ todos: new (class List extends Array {})() })).toBe(LOSSY)
  })

  it('an object where a string belongs is worded as not a string, in a plain item and in one with an extra key', () => {
    expect(answer({ todos: [{ content: {}, status: 'pending' }] })).toBe('Error: invalid arguments: "todos[0].content" must be a string')
    expect(answer({ todos: [{ content: 'a', status: [] }] })).toBe('Error: invalid arguments: "todos[0].status" must be a string')
    expect(answer({ todos: [{ content: { a: 1 }, status: 'pending', id: 1 }] })).toBe('Error: invalid arguments: "todos[0].content" must be a string')
  })

  it('an item with an extra key is checked as fully as a plain one', () => {
    expect(answer({ todos: [{ content: 1, status: 'pending', id: 1 }] })).toBe('Error: invalid arguments: "todos[0].content" must be a string')
    expect(answer({ todos: [{ id: 1, status: 'pending' }] })).toBe('Error: invalid arguments: missing required property "todos[0].content"')
    expect(answer({ todos: [{ content: ' a ', status: 'pending', id: 1 }] })).toBe(ONE)
    expect(answer({ todos: [{ content: 'a', status: 'pending', id: 1 }] }, resolveOptions({ unknownItemKeys: 'reject' }))).toBe(
      'Error: invalid arguments: "todos[0].id" is not a declared property (additionalProperties: false)',
    )
  })
})

describe('a hole is a hole, whatever Array.prototype holds', () => {
  afterEach(() => {
    delete arrayPrototype[0]
  })

  it('an inherited index does not fill a hole, in todos or deeper', () => {
    arrayPrototype[0] = { content: 'inherited', status: 'pending' }
    const hole = (): unknown[] => new Array(1)
    expect(answer({ todos: hole() })).toBe(LOSSY)
    expect(answer({ todos: [{ content: 'a', status: 'pending', tags: hole() }] })).toBe(LOSSY)
    expect(answer({ todos: [], extra: { list: hole() } })).toBe(LOSSY)
  })

  it("the copy's own stack neither reads nor writes what Array.prototype holds, however deep the value", () => {
    const pending = (content: string) => ({ content, status: 'pending' })
    const planted = [pending('inherited'), pending('also')]
    arrayPrototype[0] = planted[0]
    arrayPrototype[1] = planted[1]
    try {
      // 600 levels: the stack's frames span three of its chunks.
      const deep = JSON.parse(`{"todos":[{"content":"a","status":"pending"}],"x":${'['.repeat(600)}${']'.repeat(600)}}`)
      expect(answer(deep)).toBe(ONE)
      expect(planted).toEqual([pending('inherited'), pending('also')])
    } finally {
      delete arrayPrototype[1]
    }
  })
})

describe('a missing key is missing, whatever Array.prototype holds', () => {
  afterEach(() => {
    delete arrayPrototype['-1']
  })

  it('an item with an extra key and no content is refused, not filled from Array.prototype', () => {
    arrayPrototype['-1'] = 'pending'
    expect(answer({ todos: [{ status: 'pending', id: 1 }] })).toBe('Error: invalid arguments: missing required property "todos[0].content"')
    expect(answer({ todos: [{ content: 'a', id: 1 }] })).toBe('Error: invalid arguments: missing required property "todos[0].status"')
  })
})

describe('TW-PROP-ONE-READ: a value that leads back to the arguments is a cycle, found without reading them again', () => {
  /**
   * Arguments whose `todos` counts its reads; `place` puts a value leading back to them
   * somewhere inside: a container holding them, or the arguments themselves.
   */
  function counted(place: (back: object) => { todos: unknown; extra?: unknown }, itself = false) {
    let reads = 0
    const args: Record<string, unknown> = {}
    const back = itself ? args : { back: args }
    const { todos, extra } = place(back)
    Object.defineProperty(args, 'todos', {
      enumerable: true,
      get: () => {
        reads++
        return todos
      },
    })
    if (extra !== undefined) args.extra = extra
    return { args, reads: () => reads }
  }

  it.each<[string, (back: object) => { todos: unknown; extra?: unknown }]>([
    ['an extra argument', (back) => ({ todos: [], extra: back })],
    ['todos that is not an array', (back) => ({ todos: back })],
    ['the content of a plain item', (back) => ({ todos: [{ content: back, status: 'pending' }] })],
    ['the status of a plain item', (back) => ({ todos: [{ content: 'a', status: back }] })],
    ['an extra key of an item', (back) => ({ todos: [{ content: 'a', status: 'pending', note: back }] })],
  ])('in %s', (_, place) => {
    for (const itself of [false, true]) {
      const { args, reads } = counted(place, itself)
      expect(answer(args)).toBe(LOSSY)
      expect(reads()).toBe(1)
    }
  })
})

describe('TW-APPEND-1: what append returns', () => {
  const args = { todos: [{ content: 'a', status: 'pending' }] }
  const returning = (value: unknown) => ({ agent: { session: { append: () => value } } })

  it('callTodoWriteAsync answers a refusal without appending', async () => {
    const log: unknown[] = []
    const session = { append: (type: string, data: unknown) => void log.push({ type, data }) }
    const outcome = await callTodoWriteAsync({ todos: 1 }, { agent: { session } })
    expect(outcome).toEqual({ isError: true, text: 'Error: invalid arguments: "todos" must be an array', value: null, event: null })
    expect(log).toEqual([])
  })

  it('null, a number or an object without `then` is no promise: the call is answered at once', async () => {
    // biome-ignore lint/suspicious/noThenProperty: a `then` that is not a function is the case
    for (const value of [null, 0, 'id', { id: 1 }, { then: 1 }]) {
      expect(callTodoWrite(args, returning(value)).text).toBe(ONE)
      await expect(createTodoWriteTool().execute(args, returning(value))).resolves.toEqual({
        todos: args.todos,
        counts: { pending: 1, inProgress: 0, completed: 0 },
      })
    }
  })

  it('a function with a `then` is a thenable too: the tool awaits it', async () => {
    // biome-ignore lint/suspicious/noThenProperty: a callable thenable is the case
    const thenable = Object.assign(() => 0, { then: (_: unknown, reject: (error: Error) => void) => reject(new Error('disk full')) })
    await expect(createTodoWriteTool().execute(args, returning(thenable))).rejects.toThrow('disk full')
    // callTodoWrite answers synchronously: it cannot, and says so, for a callable thenable as for a promise.
    expect(() => callTodoWrite(args, returning(thenable))).toThrow('callTodoWrite: the session appends asynchronously')
  })
})
