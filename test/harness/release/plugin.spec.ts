// The package on the real harness release dsh 0.1.1-rc.2 (b150a551b8, @deepseek-ai/cordis
// 4.0.1, its ToolRuntime, Session, projections, invariant service, agent loop and Loader).
// Run by `npm run test:harness` through `../shared/harness/run-tests --at head`: the bare
// imports below resolve to the harness's own packages, `@deepseek-ai/dsh-tool-todo` to our
// release entry and `@deepseek-ai/dsh-tool-todo/invariant` to its companion.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { Context } from '@deepseek-ai/cordis'
import Loader from '@deepseek-ai/cordis-plugin-loader'
import Include from '@deepseek-ai/cordis-plugin-include'
import { CallId, createUserMessage } from '@deepseek-ai/dsh-llm'
import SessionStore, { Session, SessionId } from '@deepseek-ai/dsh-session'
import SystemPrompt from '@deepseek-ai/dsh-system-prompt'
import ToolRuntime, * as tools from '@deepseek-ai/dsh-tools'
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection'
import InvariantRegistry from '@deepseek-ai/dsh-invariants'
import AgentLoop from '@deepseek-ai/dsh-agent-loop'
import { mountAgentLoopTestDependencies } from '@deepseek-ai/dsh-agent-loop-testkit'
import { MockAdapter, textResponse, toolCallResponse } from '@upstream-harness/packages/core/agent-loop/tests/mock-adapter.ts'
import * as release from '@deepseek-ai/dsh-tool-todo'
import * as companion from '@deepseek-ai/dsh-tool-todo/invariant'
import * as main from '../../../dist/index.js'
import { argumentsOf, CASES, textOf } from '../cases.ts'

let calls = 0
const agentWith = (session: Session) => ({ id: session.id, session }) as never
const todo = (content: string, status: string) => ({ content, status })
/** A fresh argument each time: two tasks in_progress. */
const parallel = () => ({ todos: [todo('a', 'in_progress'), todo('b', 'in_progress')] })
const execute = (ctx: Context, args: unknown, agent?: unknown) =>
  ctx.tools.execute({
    signal: new AbortController().signal,
    callId: CallId(`c${++calls}`),
    name: 'todo_write',
    arguments: args,
    ...(agent ? { agent } : {}),
  } as never)

async function runtime(entry: typeof main | typeof release, config: unknown): Promise<Context> {
  const ctx = new Context()
  await ctx.plugin(SystemPrompt)
  await ctx.plugin(ToolRuntime)
  await ctx.plugin(entry, config)
  return ctx
}

describe('every spec example and golden call through the main entry on the release ToolRuntime', () => {
  it.each(CASES.map((c) => [c.id, c] as const))('%s', async (_, example) => {
    const session = Session.create(SessionId(example.id))
    const contexts = new Map<string, Context>()
    for (const call of example.calls) {
      const key = JSON.stringify(call.options)
      if (!contexts.has(key)) {
        contexts.set(key, await runtime(main, call.options))
      }
      const result = await execute(contexts.get(key)!, argumentsOf(call), call.agent ? agentWith(session) : undefined)
      expect(textOf(result.content)).toBe(call.expect.text)
      expect(result.isError).toBe(call.expect.isError)
      if (!result.isError) expect(result.value).toEqual(call.expect.value)
      const writes = session.events.filter((event) => event.type === 'todo/write')
      expect(writes.at(-1)?.data.todos ?? null).toEqual(call.expect.current)
    }
  })
})

describe('the release entry: profile dsh-0.1.1-rc.2', () => {
  it('refuses a parallel write with the release wording, and an extra item key', async () => {
    const ctx = await runtime(release, { allowParallelInProgress: false })
    const session = Session.create(SessionId('profile'))
    expect(textOf((await execute(ctx, parallel(), agentWith(session))).content)).toBe('Error: invalid todos: at most one task may be in_progress (got 2)')
    expect(textOf((await execute(ctx, { todos: [{ content: 'a', status: 'pending', children: [] }] }, agentWith(session))).content)).toBe(
      'Error: invalid arguments: "todos[0].children" is not a declared property (additionalProperties: false)',
    )
    expect(session.events.filter((event) => event.type === 'todo/write')).toEqual([])
  })

  it('the model sees plain-JSON parameters with closed items', async () => {
    const ctx = await runtime(release, { allowParallelInProgress: true })
    const schema = ctx.tools.schemas().find((s) => s.name === 'todo_write')!
    const items = (schema.parameters as { properties: { todos: { items: { additionalProperties: unknown } } } }).properties.todos.items
    expect(items.additionalProperties).toBe(false)
    expect(schema.description).toContain('Several tasks may be in_progress at once')
  })
})

describe('the real Loader and Include, from a cordis.yml', () => {
  let root: string | undefined
  let booted: Context | undefined
  /** What the Loader was asked to import, in order. */
  let imported: string[] = []
  afterEach(async () => {
    imported = []
    await booted?.fiber.dispose()
    booted = undefined
    if (root !== undefined) await rm(root, { recursive: true, force: true })
    root = undefined
  })

  async function boot(configLines: readonly string[]): Promise<Context> {
    root = await mkdtemp(join(tmpdir(), 'todo-write-release-'))
    const file = join(root, 'cordis.yml')
    const entries = ["- name: '@deepseek-ai/dsh-system-prompt'", "- name: '@deepseek-ai/dsh-tools'", '- name: todo-write/dsh-0.1.1-rc.2']
    await writeFile(file, [...entries, ...(configLines.length > 0 ? ['  config:', ...configLines.map((line) => `    ${line}`)] : []), ''].join('\n'))
    const ctx = new Context()
    booted = ctx
    ctx.baseUrl = pathToFileURL(root).href + '/'
    await ctx.plugin(Loader)
    ctx.loader.builtins.include = Include
    const modules = new Map<string, unknown>([
      ['@deepseek-ai/dsh-system-prompt', SystemPrompt],
      ['@deepseek-ai/dsh-tools', tools],
      ['todo-write/dsh-0.1.1-rc.2', release],
    ])
    ctx.loader.internal = {
      version: 'v2',
      async import(specifier: string) {
        imported.push(specifier)
        if (!modules.has(specifier)) throw new Error(`unexpected Loader import: ${specifier}`)
        return modules.get(specifier)
      },
    } as never
    await ctx.loader.create({ name: 'cordis:include', config: { path: pathToFileURL(file).href } })
    await ctx.loader.await()
    return ctx
  }

  it.each([
    ['false', 'Error: invalid todos: at most one task may be in_progress (got 2)'],
    ['true', 'Updated todo list: 0 pending, 2 in progress, 0 completed.'],
  ])(
    'allowParallelInProgress: %s',
    async (flag, text) => {
      const ctx = await boot([`allowParallelInProgress: ${flag}`])
      expect(textOf((await execute(ctx, parallel(), agentWith(Session.create(SessionId(`yml-${flag}`))))).content)).toBe(text)
    },
    30_000,
  )

  it("a schema refusal is thrown as the ToolArgsError of the module the host's Loader imports", async () => {
    const ctx = await boot(['allowParallelInProgress: false'])
    expect(imported).toEqual(['@deepseek-ai/dsh-system-prompt', '@deepseek-ai/dsh-tools', 'todo-write/dsh-0.1.1-rc.2'])
    const result = await execute(ctx, { todos: [{ content: 'a', status: 'done' }] }, agentWith(Session.create(SessionId('yml-args'))))
    expect(result).toMatchObject({
      isError: true,
      error: {
        message: 'invalid arguments: "todos[0].status" must be one of ["pending","in_progress","completed"]',
        info: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
      },
    })
    expect(imported.slice(3)).toEqual(['@deepseek-ai/dsh-tools'])
  }, 30_000)

  it.each<[string, string[], string]>([
    ['omitted', [], '$.allowParallelInProgress missing required value'],
    ['not a boolean', ['allowParallelInProgress: "no"'], '$.allowParallelInProgress expected boolean but got no'],
    ['beside another key', ['allowParallelInProgress: true', 'unknownItemKeys: drop'], '$.unknownItemKeys is not an option of this entry'],
  ])(
    'fails the boot when the flag is %s',
    async (_, config, failure) => {
      await expect(boot(config)).rejects.toThrow(failure)
    },
    30_000,
  )
})

describe('the todos projection: the standing plan of each session', () => {
  async function bench(entry: typeof main | typeof release = release, config: unknown = { allowParallelInProgress: false }) {
    const ctx = new Context()
    await ctx.plugin(SessionStore)
    await ctx.plugin(SystemPrompt, { persona: '' })
    await ctx.plugin(ToolRuntime)
    await ctx.plugin(SessionProjectionRegistry)
    const fiber = await ctx.plugin(entry, config)
    const session = ctx.sessions.create()
    const values = () => ctx.sessionProjections.snapshot(session).values
    return { ctx, fiber, session, values, todos: () => values().todos }
  }

  it('null before a write, the list after, kept by turn/end, cleared by turn/start, across turns', async () => {
    const { ctx, session, todos } = await bench()
    expect(todos()).toBeNull()
    session.append('turn/start', { turn: 1 })
    await execute(ctx, { todos: [{ content: ' plan ', status: 'in_progress' }] }, agentWith(session))
    expect(todos()).toEqual([{ content: 'plan', status: 'in_progress' }])
    await execute(ctx, { todos: [todo('plan', 'in_progress'), todo('x', 'in_progress')] }, agentWith(session))
    expect(todos()).toEqual([{ content: 'plan', status: 'in_progress' }])
    session.append('turn/end', { turn: 1, reason: { kind: 'completed' } })
    expect(todos()).toEqual([{ content: 'plan', status: 'in_progress' }])
    session.append('turn/start', { turn: 2 })
    expect(todos()).toBeNull()
    await execute(ctx, { todos: [{ content: 'plan', status: 'completed' }] }, agentWith(session))
    expect(todos()).toEqual([{ content: 'plan', status: 'completed' }])
  })

  it('the main entry registers none: no todos key, so a plan panel stays empty', async () => {
    const { ctx, session, values } = await bench(main, { profile: 'dsh-0.1.1-rc.2', allowParallelInProgress: true })
    await execute(ctx, { todos: [{ content: 'plan', status: 'in_progress' }] }, agentWith(session))
    expect(session.events.at(-1)?.type).toBe('todo/write')
    expect('todos' in values()).toBe(false)
  })

  it('goes with the plugin: no todos key once its fiber is disposed', async () => {
    const { fiber, values } = await bench()
    expect('todos' in values()).toBe(true)
    await fiber.dispose()
    expect('todos' in values()).toBe(false)
  })
})

describe('the invariant companion', () => {
  async function guarded() {
    const ctx = new Context()
    await ctx.plugin(SessionStore)
    await ctx.plugin(InvariantRegistry, { enabled: true })
    await ctx.plugin(companion)
    return { ctx, session: ctx.sessions.create() }
  }

  it('refuses a bad todo/write append, which then never reaches the log', async () => {
    const { session } = await guarded()
    expect(() => session.append('todo/write', { todos: [{ content: ' padded ', status: 'pending' }] })).toThrow(
      'invariant violated by "todo-write": todos[0].content must be already trimmed, got " padded "',
    )
    expect(() => session.append('todo/write', { todos: [todo('a', 'pending'), todo('a', 'completed')] })).toThrow('todos[1] repeats content "a" of todos[0]')
    expect(session.events.filter((event) => event.type === 'todo/write')).toEqual([])
  })

  it('refuses a session created with a bad todo/write in its seed (a fork, a replay, a restore): it never goes live', async () => {
    const { ctx } = await guarded()
    const event = (todos: unknown) => ({ type: 'todo/write', seq: 0, time: 0, data: { todos } })
    const bad = [event([{ content: ' x ', status: 'bogus' }])]
    const refusal = 'invariant violated by "todo-write": todos[0].content must be already trimmed, got " x "'
    expect(() => ctx.sessions.create(SessionId('forked'), { seed: bad })).toThrow(refusal)
    const header = { version: 0, id: SessionId('restored'), createdAt: 0 }
    expect(() => ctx.sessions.create(SessionId('restored'), { seed: structuredClone(bad), meta: header, seedSource: 'persistence' } as never)).toThrow(refusal)
    expect(ctx.sessions.list().map((session) => session.id)).toEqual([expect.stringMatching(/^session-/)])
    // A sound seed is a live session, its snapshot its first event.
    const todos = [{ content: 'x', status: 'pending' }]
    expect(ctx.sessions.create(SessionId('replayed'), { seed: [event(todos)] }).events[0]?.data).toEqual({ todos })
  })

  it('lets a good one through, several in_progress included (a looser policy still replays)', async () => {
    const { session } = await guarded()
    const { todos } = parallel()
    session.append('todo/write', { todos })
    expect(session.events.at(-1)?.data).toEqual({ todos })
  })
})

describe('the agent loop, driven by the upstream mock model', () => {
  it('a schema refusal carries the harness error info into the tool/result event', async () => {
    const adapter = new MockAdapter([toolCallResponse('call-1', 'todo_write', { todos: 'all of them' }), textResponse('Sorry.')])
    const ctx = new Context()
    await mountAgentLoopTestDependencies(ctx)
    await ctx.plugin(AgentLoop, { agents: [] })
    await ctx.plugin(release, { allowParallelInProgress: false })
    ctx.llm.registerAdapter(['mock'], adapter)
    const agent = ctx.agentLoop.create(SessionId('loop'), { provider: 'mock', model: 'mock' })
    const idle = new Promise<void>((resolve) => {
      const dispose = ctx.on('agent/status', ({ agent: subject, status }) => {
        if (subject === agent && status === 'idle') {
          dispose()
          resolve()
        }
      })
    })
    agent.followup(createUserMessage({ content: [{ type: 'text', text: 'plan it' }], source: { kind: 'user' } }))
    await idle
    const result = agent.session.events.find((event) => event.type === 'tool/result')!
    // The release records the result as a tool message, and the error info beside it.
    expect(result.data).toMatchObject({
      message: {
        content: [
          { type: 'tool-result', toolCallId: 'call-1', isError: true, content: [{ type: 'text', text: 'Error: invalid arguments: "todos" must be an array' }] },
        ],
      },
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    })
  }, 30_000)
})
