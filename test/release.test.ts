// The release entry and its companion in-process (TW-PLUGIN-6, TW-PLUGIN-7), on cordis 3 and
// todo-write/testing; test/harness/release/ runs the same on the real release.
import { type Context, Service } from 'cordis'
import { describe, expect, it } from 'vitest'
import * as release from '../src/release.js'
import * as companion from '../src/release-invariant.js'
import { createTestHost, loadPlugin, TestAgent, type ToolCall } from '../src/testing.js'
import type { LogEvent } from '../src/log/events.js'
import { getterContent, hiddenContent, trimmedAsWritten, untrimmedAsWritten } from './support/written-items.js'

const call = (args: unknown, agent = new TestAgent()): ToolCall => ({ name: 'todo_write', arguments: args, agent })
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
const inProgress = (content: string) => ({ content, status: 'in_progress' })
const PARALLEL = { todos: [inProgress('a'), inProgress('b')] }

describe('TW-PLUGIN-6: the release Config', () => {
  it.each<[unknown, string, string | undefined]>([
    [undefined, '$.allowParallelInProgress missing required value', 'allowParallelInProgress'],
    [null, '$.allowParallelInProgress missing required value', 'allowParallelInProgress'],
    [{}, '$.allowParallelInProgress missing required value', 'allowParallelInProgress'],
    [{ allowParallelInProgress: null }, '$.allowParallelInProgress missing required value', 'allowParallelInProgress'],
    [{ allowParallelInProgress: 'no' }, '$.allowParallelInProgress expected boolean but got no', 'allowParallelInProgress'],
    [{ allowParallelInProgress: 1 }, '$.allowParallelInProgress expected boolean but got 1', 'allowParallelInProgress'],
    [5, 'expected object but got 5', undefined],
    [['a', 'b'], 'expected object but got a,b', undefined],
  ])('%j: %s', (config, message, key) => {
    expect(release.Config['~standard'].validate(config)).toEqual({ issues: [key ? { message, path: [key] } : { message }] })
    expect(() => (release.Config as (config: unknown) => unknown)(config)).toThrow(message)
  })

  const SET_BY_PROFILE = 'is not an option of this entry: the profile sets it (use the main entry to choose options one by one)'
  const PROFILE = 'is not an option of this entry: its profile is dsh-0.1.1-rc.2 (use the main entry to choose another)'
  const DID_YOU_MEAN = 'is not an option: did you mean allowParallelInProgress?'
  const NO_OPTION = "is not an option: this entry's only option is allowParallelInProgress"

  it.each<[string, string]>([
    // An option of the main entry: the profile sets it here.
    ['unknownItemKeys', SET_BY_PROFILE],
    ['activeLimitWording', SET_BY_PROFILE],
    ['profile', PROFILE],
    // A near miss of the flag: case, separators, a letter doubled or undoubled.
    ['allowParalelInProgress', DID_YOU_MEAN],
    ['allowParallelInProgres', DID_YOU_MEAN],
    ['alllowParallelInProgress', DID_YOU_MEAN],
    ['allowparallelinprogress', DID_YOU_MEAN],
    ['allow-parallel-in-progress', DID_YOU_MEAN],
    ['allow_parallel_in_progress', DID_YOU_MEAN],
    ['allowParallelInProgress ', DID_YOU_MEAN],
    // Anything else, the main entry's spellings and inherited names included.
    ['allowParallel', NO_OPTION],
    ['allowParallelInProgressX', NO_OPTION],
    ['allowParalelInPorgress', NO_OPTION],
    ['unknown-item-keys', NO_OPTION],
    ['UnknownItemKeys', NO_OPTION],
    ['toString', NO_OPTION],
    ['constructor', NO_OPTION],
    ['__proto__', NO_OPTION],
    ['', NO_OPTION],
  ])('beside a good flag, the key %j %s', (key, message) => {
    const config = JSON.parse(`{"allowParallelInProgress":true,${JSON.stringify(key)}:0}`) as unknown
    expect(release.Config['~standard'].validate(config)).toEqual({ issues: [{ message: `$.${key} ${message}`, path: [key] }] })
  })

  it('names every other key, in order, after the flag', () => {
    expect(release.Config['~standard'].validate({ allowParalelInProgress: true, unknownItemKeys: 'drop', colour: 'red' })).toEqual({
      issues: [
        { message: '$.allowParallelInProgress missing required value', path: ['allowParallelInProgress'] },
        { message: `$.allowParalelInProgress ${DID_YOU_MEAN}`, path: ['allowParalelInProgress'] },
        { message: `$.unknownItemKeys ${SET_BY_PROFILE}`, path: ['unknownItemKeys'] },
        { message: `$.colour ${NO_OPTION}`, path: ['colour'] },
      ],
    })
  })

  it('a value whose String() throws is still described', () => {
    const hostile = {
      toString: () => {
        throw new Error('no')
      },
    }
    expect(release.Config['~standard'].validate({ allowParallelInProgress: hostile })).toEqual({
      issues: [{ message: '$.allowParallelInProgress expected boolean but got {}', path: ['allowParallelInProgress'] }],
    })
  })

  it('accepts either boolean, own keys only', () => {
    expect(release.Config({ allowParallelInProgress: false })).toEqual({ allowParallelInProgress: false })
    expect(release.Config({ allowParallelInProgress: true })).toEqual({ allowParallelInProgress: true })
    expect(() => release.Config(Object.create({ allowParallelInProgress: true }))).toThrow('missing required value')
  })
})

class ProjectionRegistry extends Service {
  readonly units = new Map<string, typeof release.TODOS_PROJECTION>()
  constructor(ctx: Context) {
    super(ctx, 'sessionProjections')
  }
  register(unit: typeof release.TODOS_PROJECTION): () => void {
    return this.ctx.effect(() => {
      this.units.set(unit.key, unit)
      return () => this.units.delete(unit.key)
    })
  }
}

describe('TW-PLUGIN-6: the release plugin', () => {
  /** A test host with the release entry loaded; `text` is the first text of a call's answer. */
  async function loaded(allowParallelInProgress: boolean) {
    const { ctx, tools } = await createTestHost()
    await loadPlugin(ctx, release, { allowParallelInProgress })
    return { tools, text: async (args: unknown) => (await tools.execute(call(args))).content[0]!.text }
  }

  it('registers the tool with the release profile', async () => {
    const { text } = await loaded(false)
    expect(await text(PARALLEL)).toBe('Error: invalid todos: at most one task may be in_progress (got 2)')
    expect(await text({ todos: [{ content: 'a', status: 'pending', id: 1 }] })).toBe(
      'Error: invalid arguments: "todos[0].id" is not a declared property (additionalProperties: false)',
    )
  })

  it('the flag lifts the in_progress limit and nothing else', async () => {
    expect(await (await loaded(true)).text(PARALLEL)).toBe('Updated todo list: 0 pending, 2 in progress, 0 completed.')
  })

  it('registers the todos projection when sessionProjections exists, and drops it on dispose', async () => {
    const { ctx } = await createTestHost()
    await ctx.plugin(ProjectionRegistry)
    await tick()
    const projections = ctx.get('sessionProjections') as ProjectionRegistry
    const fiber = loadPlugin(ctx, release, { allowParallelInProgress: false })
    await fiber
    await tick()
    expect([...projections.units.keys()]).toEqual(['todos'])
    await fiber.dispose()
    expect([...projections.units.keys()]).toEqual([])
  })

  it('loads without a sessionProjections service', async () => {
    expect((await loaded(false)).tools.names()).toEqual(['todo_write'])
  })
})

describe('TW-PLUGIN-6: the todos projection', () => {
  const P = release.TODOS_PROJECTION
  const A = [{ content: 'a', status: 'pending' as const }]
  const write = (todos: unknown): LogEvent => ({ type: 'todo/write', seq: 1, data: { todos } })

  it('is keyed todos, version 2, starting from null', () => {
    expect([P.key, P.stateVersion, P.init()]).toEqual(['todos', 2, null])
  })

  it('folds the standing plan: same state reference for what does not concern it', () => {
    expect(P.apply(null, write(A))).toEqual(A)
    expect(P.apply(A, { type: 'turn/end', seq: 2 })).toBe(A)
    expect(P.apply(A, write([{ content: ' a', status: 'pending' }]))).toBe(A)
    expect(P.apply(A, { type: 'turn/start', seq: 3 })).toBeNull()
    expect(P.wire.view(A)).toBe(A)
  })

  it('is registered with the sessionProjections service the plugin declares it needs', () => {
    const declared: string[][] = []
    const projections: unknown[] = []
    const ctx = {
      effect: (register: () => unknown) => register(),
      tools: { register: () => () => undefined },
      inject: (deps: string[], callback: (child: { sessionProjections: { register(p: unknown): void } }) => void) => {
        declared.push(deps)
        callback({ sessionProjections: { register: (projection) => void projections.push(projection) } })
      },
    }
    release.apply(ctx as unknown as Parameters<typeof release.apply>[0], { allowParallelInProgress: false })
    expect(declared).toEqual([['sessionProjections']])
    expect(projections).toEqual([P])
  })

  it('judges a list as JSON writes it: toJSON, a prototype getter, a non-enumerable content', () => {
    const cases = [
      [untrimmedAsWritten, 'content-untrimmed'],
      [getterContent(), 'content-not-string'],
      [hiddenContent(), 'content-not-string'],
    ] as const
    for (const [item, kind] of cases) {
      expect(P.apply(A, write([item]))).toBe(A)
      for (const schema of [P.stateSchema, P.wire.viewSchema]) expect(() => schema.parse([item])).toThrow(`todos: not a plan (${kind})`)
    }
    expect(P.apply(null, write([trimmedAsWritten]))).toEqual(A)
    expect(P.stateSchema.parse([trimmedAsWritten])).toEqual(A)
    expect(P.stateSchema.parse({ toJSON: () => null })).toBeNull()
    expect(() => P.stateSchema.parse([{ content: 'a', status: 'pending', n: 1n }])).toThrow('todos: not a plan (unwritable)')
  })

  it('parses null or a sound plan, and refuses anything else', () => {
    for (const schema of [P.stateSchema, P.wire.viewSchema]) {
      expect(schema.parse(null)).toBeNull()
      expect(schema.parse(A)).toEqual(A)
      expect(() => schema.parse([{ content: 'a', status: 'done' }])).toThrow('todos: not a plan (unknown-status)')
      expect(() => schema.parse('x')).toThrow('todos: not a plan (not-array)')
    }
  })
})

describe('TW-PLUGIN-7: the invariant companion', () => {
  it('exports the companion shape, apply an arrow function (no prototype)', () => {
    expect([companion.name, companion.inject, companion.PACKAGE_NAME]).toEqual(['tool-todo-invariant', ['invariants'], 'todo-write'])
    expect(companion.apply.prototype).toBeUndefined()
    expect(companion.install.inject).toEqual(['sessions'])
  })

  it('words each fault with the phrases the release matches', () => {
    const words = (todos: unknown) => {
      const fail = (message: string): never => {
        throw new Error(message)
      }
      try {
        companion.install({ sessions: { list: () => [{ events: [{ type: 'todo/write', data: { todos } }] }] }, on: () => undefined }, fail)
        return null
      } catch (error) {
        return (error as Error).message
      }
    }
    expect(words('x')).toBe('todo/write data.todos must be an array')
    expect(words([null])).toBe('todo/write entries must be objects (todos[0] is not)')
    expect(words([{ content: 42, status: 'pending' }])).toBe('todos[0].content must be non-empty text')
    expect(words([{ content: '', status: 'pending' }])).toBe('todos[0].content must be non-empty text')
    expect(words([{ content: ' padded ', status: 'pending' }])).toBe('todos[0].content must be already trimmed, got " padded "')
    const same = (status: string) => ({ content: 'same', status })
    expect(words([same('pending'), same('completed')])).toBe('todos[1] repeats content "same" of todos[0]')
    expect(words([{ content: 'task', status: 'paused' }])).toBe('todos[0] has an unknown status "paused"')
    // As the log line will hold it: toJSON's answer, own enumerable keys only.
    expect(words([untrimmedAsWritten])).toBe('todos[0].content must be already trimmed, got " a"')
    expect(words([getterContent()])).toBe('todos[0].content must be non-empty text')
    expect(words([hiddenContent()])).toBe('todos[0].content must be non-empty text')
    expect(words([trimmedAsWritten])).toBeNull()
    const cyclic: unknown[] = []
    cyclic.push(cyclic)
    expect(words(cyclic)).toBe(companion.UNWRITABLE_WORDING)
    expect(companion.UNWRITABLE_WORDING).toBe('todo/write data must be JSON data: it cannot be written (a cycle, a BigInt, or a getter or toJSON that throws)')
    expect(words(PARALLEL.todos)).toBeNull()
  })

  /** The companion installed on a context that records its listeners; `failures` are what it calls `fail` with. */
  function installed(sessions: { events: unknown[] }[] = []) {
    const listeners = new Map<string, (...args: never[]) => void>()
    const failures: string[] = []
    companion.install(
      {
        sessions: { list: () => sessions as never },
        on: (name: string, callback: (...args: never[]) => void, options: unknown) => {
          expect(options).toEqual({ global: true })
          listeners.set(name, callback)
        },
      } as never,
      (message) => {
        failures.push(message)
        return undefined as never
      },
    )
    return { listeners, failures }
  }

  it('checks every todo/write it is dispatched, before the session commits it, and nothing else', () => {
    const { listeners, failures } = installed()
    const dispatch = listeners.get('internal/dispatch') as (mode: unknown, name: string, args: unknown[]) => void
    const bad = { type: 'todo/write', data: { todos: 'x' } }
    dispatch('emit', 'session/event', [{}, bad])
    dispatch('emit', 'session/other', [{}, { type: 'todo/write', data: { todos: [null] } }])
    dispatch('emit', 'session/event', [{}, { type: 'turn/start', data: { todos: 'x' } }])
    dispatch('emit', 'session/event', [{}])
    expect(failures).toEqual(['todo/write data.todos must be an array'])
  })

  it('checks the sessions there at install and every session created later, seeded ones too', () => {
    const seeded = (content: string) => ({
      events: [
        { type: 'turn/start', data: {} },
        { type: 'todo/write', data: { todos: [{ content, status: 'pending' }] } },
      ],
    })
    const { listeners, failures } = installed([seeded(' at install ')])
    expect([...listeners.keys()].sort()).toEqual(['internal/dispatch', 'session/created'])
    const created = listeners.get('session/created') as (session: unknown) => void
    created(seeded('fine'))
    created(seeded(' forked '))
    created({ events: [] })
    expect(failures).toEqual(['todos[0].content must be already trimmed, got " at install "', 'todos[0].content must be already trimmed, got " forked "'])
  })

  it('apply registers the checks under this package name and returns the registration as a promise', async () => {
    const registered: unknown[] = []
    const result = companion.apply({
      invariants: {
        register: (...args: unknown[]) => {
          registered.push(args)
          return () => undefined
        },
      },
    })
    expect(result).toBeInstanceOf(Promise)
    expect(typeof (await result)).toBe('function')
    expect(registered).toEqual([['todo-write', companion.install]])
  })
})
