// The output schema, options resolution and the walker's limits: the parts of the schema
// module that no call example reaches.
import { Compile } from 'typebox/compile'
import { describe, expect, it } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { TodoWriteValue } from '../../src/core/schema.js'
import { alternatives, parseOptions, DEFAULT_OPTIONS, resolveOptions } from '../../src/core/options.js'
import { schemaViolations } from '../../src/core/violations.js'

describe('TW-VALUE-1: the output schema', () => {
  const check = Compile(TodoWriteValue)
  const value = { todos: [{ content: 'a', status: 'pending' }], counts: { pending: 1, inProgress: 0, completed: 0 } }

  it('accepts the canonical value', () => {
    expect(check.Check(value)).toBe(true)
  })

  it.each<[string, unknown]>([
    ['an extra top-level key', { ...value, extra: 1 }],
    ['an extra count', { ...value, counts: { ...value.counts, blocked: 0 } }],
    ...(['pending', 'inProgress', 'completed'] as const).flatMap((count): [string, unknown][] => [
      [`a fractional ${count}`, { ...value, counts: { ...value.counts, [count]: 0.5 } }],
      [`a string ${count}`, { ...value, counts: { ...value.counts, [count]: '1' } }],
    ]),
    ['an extra item key', { ...value, todos: [{ content: 'a', status: 'pending', id: 1 }] }],
    ['a bad status', { ...value, todos: [{ content: 'a', status: 'done' }] }],
    ['a missing count', { todos: [], counts: { pending: 0, inProgress: 0 } }],
  ])('refuses %s', (_, bad) => {
    expect(check.Check(bad)).toBe(false)
  })
})

describe('TW-OPT-1: options', () => {
  const seed = { allowParallelInProgress: false, unknownItemKeys: 'drop', activeLimitWording: 'comma' }
  it('resolve to the seed profile by default; a given key overrides the profile', () => {
    expect(DEFAULT_OPTIONS).toEqual(seed)
    expect(resolveOptions()).toEqual(DEFAULT_OPTIONS)
    expect(resolveOptions({ allowParallelInProgress: true })).toEqual({ ...seed, allowParallelInProgress: true })
    expect(resolveOptions({ unknownItemKeys: 'reject' })).toEqual({ ...seed, unknownItemKeys: 'reject' })
    expect(resolveOptions({ profile: 'dsh-0.1.1-rc.2', unknownItemKeys: 'drop' })).toEqual({ ...seed, activeLimitWording: 'parentheses' })
  })

  it('the allowed values of an option are listed as a sentence, for any number of them', () => {
    expect(alternatives(['a', 'b'])).toBe('"a" or "b"')
    expect(alternatives(['a', 'b', 'c'])).toBe('"a", "b" or "c"')
    expect(alternatives(['a', 'b', 'c', 'd'])).toBe('"a", "b", "c" or "d"')
  })

  it('an unknown key or a bad value is an error naming each problem', () => {
    const refused = (key: string, problem: string) => ({ ok: false, issues: [{ key, message: `${key} ${problem}` }] })
    expect(() => resolveOptions({ strict: true, allowParallelInProgress: 1 })).toThrow(
      'invalid todo_write options: unknown option "strict" (the options are profile, allowParallelInProgress, unknownItemKeys, activeLimitWording); allowParallelInProgress must be a boolean, got 1',
    )
    expect(() => resolveOptions({ activeLimitWording: 'colon' })).toThrow('activeLimitWording must be "comma" or "parentheses", got "colon"')
    // Problems in own-key order, as TW-ARGS-10 orders keys: an index key first, whatever the text's order.
    const ordered = parseOptions(JSON.parse('{"strict":1,"activeLimitWording":"colon","7":1}'))
    expect(ordered.ok ? [] : ordered.issues.map((issue) => issue.key)).toEqual(['7', 'strict', 'activeLimitWording'])
    // A value with no JSON text is named so; one JSON cannot write (a BigInt, a cycle, 10^5 levels) is said to be one, never thrown.
    expect(parseOptions({ allowParallelInProgress: undefined })).toEqual(refused('allowParallelInProgress', 'must be a boolean, got undefined'))
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    let deep: unknown = 0
    for (let i = 0; i < 100_000; i++) deep = [deep]
    for (const value of [1n, cycle, deep])
      expect(parseOptions({ unknownItemKeys: value })).toEqual(refused('unknownItemKeys', 'must be "drop" or "reject", got (a value JSON cannot write)'))
    const error = (() => {
      try {
        resolveOptions(7)
      } catch (caught) {
        return caught as Error & { issues: unknown }
      }
    })()
    expect(error).toBeInstanceOf(TypeError)
    expect(String(error)).toBe('OptionsError: invalid todo_write options: options must be an object, got 7')
    expect(error!.issues).toEqual([{ message: 'options must be an object, got 7' }])
  })
})

describe('the worded walk', () => {
  it('reads an object node without required or properties as "anything goes"', () => {
    expect(schemaViolations({ type: 'object' } as never, { a: 1 }).listed).toEqual([])
    expect(schemaViolations({ type: 'object' } as never, []).listed).toEqual(['"arguments" must be an object'])
  })

  it('refuses to interpret a schema keyword it does not know, instead of passing silently', () => {
    expect(() => schemaViolations({ type: 'number' } as never, 1)).toThrow('schema keyword type number is not interpreted')
    expect(() => schemaViolations({} as never, 1)).toThrow('schema keyword type undefined is not interpreted')
  })
})

describe('TW-ENVELOPE-1: a thrown value in the result', () => {
  it('is answered with its message, or its text when it is not an Error', () => {
    const failing = (thrown: unknown) => ({
      agent: {
        session: {
          append: () => {
            throw thrown
          },
        },
      },
    })
    const args = { todos: [] }
    expect(callTodoWrite(args, failing(new Error('boom')))).toEqual({ isError: true, text: 'Error: boom', value: null, event: null })
    expect(callTodoWrite(args, failing('plain'))).toEqual({ isError: true, text: 'Error: plain', value: null, event: null })
  })
})
