// The plugin on the real harness at 66c36e7325 (cordis 4.0.0-rc.7, its ToolRegistry,
// Session, agent loop and Loader). Run by `npm run test:harness`, through
// ../shared/harness/run-tests: the bare imports below resolve to the harness's own packages.
import { describe, expect, it } from 'vitest'
import { Context } from 'cordis'
import Loader from '@cordisjs/plugin-loader'
import { CallId } from '@deepseek-ai/dsh-llm'
import SystemPrompt from '@deepseek-ai/dsh-system-prompt'
import ToolRegistry from '@deepseek-ai/dsh-tools'
import { Session, SessionId } from '@deepseek-ai/dsh-session'
import AgentLoop from '@deepseek-ai/dsh-agent-loop'
import { mountAgentLoopTestDependencies } from '@deepseek-ai/dsh-agent-loop-testkit'
import { MockAdapter, textResponse, toolCallResponse } from '@upstream-harness/packages/core/agent-loop/tests/mock-adapter.ts'
import * as plugin from '@deepseek-ai/dsh-tool-todo'
import { argumentsOf, CASES, textOf } from '../cases.ts'

let sessions = 0
const agentWith = (session = new Session(SessionId(`s${++sessions}`))) => ({ id: session.id, session }) as never as { session: Session }

async function registry(): Promise<Context> {
  const ctx = new Context()
  await ctx.plugin(SystemPrompt)
  await ctx.plugin(ToolRegistry)
  return ctx
}

const todo = (content: string, status: string) => ({ content, status })

const execute = (ctx: Context, args: unknown, agent?: unknown) =>
  ctx.tools.execute({ callId: CallId(`c${++sessions}`), name: 'todo_write', arguments: args, ...(agent ? { agent } : {}) } as never)

describe('every spec example and golden call through ctx.tools.execute, with a real Session', () => {
  it.each(CASES.map((c) => [c.id, c] as const))('%s', async (_, example) => {
    const session = new Session(SessionId(example.id))
    const fibers = new Map<string, Context>()
    for (const call of example.calls) {
      const key = JSON.stringify(call.options)
      if (!fibers.has(key)) {
        const ctx = await registry()
        await ctx.plugin(plugin, call.options)
        fibers.set(key, ctx)
      }
      const result = await execute(fibers.get(key)!, argumentsOf(call), call.agent ? agentWith(session) : undefined)
      expect(textOf(result.content)).toBe(call.expect.text)
      expect(result.isError).toBe(call.expect.isError)
      if (!result.isError) expect(result.value).toEqual(call.expect.value)
      const writes = session.events.filter((event) => event.type === 'todo/write')
      expect(writes.at(-1)?.data.todos ?? null).toEqual(call.expect.current)
    }
  })
})

describe('ctx.tools.schemas(): what the model sees', () => {
  it('the parameter schema is the golden file, byte for byte, and the description states the policy', async () => {
    const { readFileSync } = await import('node:fs')
    const golden = (name: string) => readFileSync(new URL(`../../../schemas/${name}`, import.meta.url), 'utf8')
    for (const [config, file, policy] of [
      [{}, 'parameters.schema.json', 'At most one task may be in_progress at a time.'],
      [{ unknownItemKeys: 'reject', allowParallelInProgress: true }, 'parameters.reject.schema.json', 'Several tasks may be in_progress at once'],
    ] as const) {
      const ctx = await registry()
      await ctx.plugin(plugin, config)
      const schema = ctx.tools.schemas().find((s) => s.name === 'todo_write')!
      expect(JSON.stringify(schema.parameters, null, 2) + '\n').toBe(golden(file))
      expect(schema.description).toContain(policy)
    }
  })
})

describe('lifecycle on cordis 4', () => {
  it('dispose unregisters; a reload with other options registers again', async () => {
    const ctx = await registry()
    const first = await ctx.plugin(plugin)
    await first.dispose()
    expect(ctx.tools.schemas().some((s) => s.name === 'todo_write')).toBe(false)
    const second = await ctx.plugin(plugin, { allowParallelInProgress: true })
    const parallel = { todos: [todo('a', 'in_progress'), todo('b', 'in_progress')] }
    expect((await execute(ctx, parallel, agentWith())).isError).toBe(false)
    await second.dispose()
    expect(ctx.tools.schemas().some((s) => s.name === 'todo_write')).toBe(false)
  })

  it.each([
    ['before start', false],
    ['on a started context', true],
  ])('a bad config, %s: one error, nothing registered', async (_, started) => {
    const ctx = new Context()
    const errors: unknown[] = []
    ctx.logger.exporter({ export: (message) => void (message.type === 'error' && errors.push(message.args[0])) })
    for (const dependency of [SystemPrompt, ToolRegistry]) {
      const fiber = ctx.plugin(dependency)
      if (started) await fiber
    }
    const failure = await Promise.resolve(ctx.plugin(plugin, { allowParallelInProgress: 'yes' })).then(() => null, String)
    await new Promise((resolve) => setTimeout(resolve, 10))
    const expected = 'ValidationError: invalid config:\n  - tool-todo: allowParallelInProgress must be a boolean, got "yes" (at allowParallelInProgress)'
    expect(failure).toBe(expected)
    expect(errors.map(String)).toEqual([expected])
    expect(ctx.tools.schemas().map((s) => s.name)).toEqual([])
  })
})

describe('the real Loader, with the entries of a cordis.yml', () => {
  async function boot(config: Record<string, unknown> | undefined): Promise<Context> {
    const ctx = new Context()
    await ctx.plugin(Loader)
    const modules = new Map<string, unknown>([
      ['@deepseek-ai/dsh-system-prompt', SystemPrompt],
      ['@deepseek-ai/dsh-tools', ToolRegistry],
      ['todo-write', plugin],
    ])
    ctx.loader.internal = {
      version: 'v2',
      async import(specifier: string) {
        if (!modules.has(specifier)) throw new Error(`unexpected Loader import: ${specifier}`)
        return modules.get(specifier)
      },
    } as never
    await ctx.loader.create({ name: '@deepseek-ai/dsh-system-prompt' })
    await ctx.loader.create({ name: '@deepseek-ai/dsh-tools' })
    await ctx.loader.create({ name: 'todo-write', ...(config ? { config } : {}) })
    await ctx.loader.await()
    return ctx
  }

  const parallel = { todos: [todo('a', 'in_progress'), { ...todo('b', 'in_progress'), id: 7 }] }
  const undeclared = 'Error: invalid arguments: "todos[1].id" is not a declared property (additionalProperties: false)'

  it.each<[string, Record<string, unknown> | undefined, string]>([
    ['no config', undefined, 'Error: invalid todos: at most one task may be in_progress, got 2'],
    ['allowParallelInProgress: true', { allowParallelInProgress: true }, 'Updated todo list: 0 pending, 2 in progress, 0 completed.'],
    ['unknownItemKeys: reject', { unknownItemKeys: 'reject' }, undeclared],
    ['activeLimitWording: parentheses', { activeLimitWording: 'parentheses' }, 'Error: invalid todos: at most one task may be in_progress (got 2)'],
    ['profile: dsh-0.1.1-rc.2', { profile: 'dsh-0.1.1-rc.2' }, undeclared],
  ])(
    '%s',
    async (_, config, text) => {
      const ctx = await boot(config)
      expect(textOf((await execute(ctx, parallel, agentWith())).content)).toBe(text)
      await ctx.fiber.dispose()
    },
    30_000,
  )

  // A bad config through this Loader is the plain `ctx.plugin` case above: the seed's Loader
  // leaves the fiber's rejection unhandled, so it cannot be awaited here without failing the run.
})

describe('the agent loop, driven by the upstream mock model', () => {
  it('a todo_write call, its tool/call, todo/write and tool/result events, in order; a schema refusal carries the harness error info', async () => {
    const todos = [todo(' read the code ', 'in_progress'), todo('write the fix', 'pending')]
    const adapter = new MockAdapter([
      toolCallResponse('call-1', 'todo_write', { todos }),
      toolCallResponse('call-2', 'todo_write', { todos: 'all of them' }),
      textResponse('Planned.'),
    ])
    const ctx = new Context()
    await mountAgentLoopTestDependencies(ctx)
    await ctx.plugin(AgentLoop, { agents: [] })
    await ctx.plugin(plugin)
    ctx.llm.registerAdapter(['mock'], adapter)
    const agent = ctx.agentLoop.create(SessionId('loop'), { provider: 'mock', model: 'mock' })
    const idle = new Promise<void>((resolve) => {
      const dispose = ctx.on('agent/status', (subject, status) => {
        if (subject === agent && status === 'idle') {
          dispose()
          resolve()
        }
      })
    })
    agent.send([{ type: 'text', text: 'plan it' }])
    await idle
    const ours = agent.session.events.filter((e) => ['tool/call', 'tool/result', 'todo/write'].includes(e.type))
    expect(ours.map((e) => [e.type, (e.data as { callId?: string }).callId])).toEqual([
      ['tool/call', 'call-1'],
      ['todo/write', undefined],
      ['tool/result', 'call-1'],
      ['tool/call', 'call-2'],
      ['tool/result', 'call-2'],
    ])
    expect(ours[1]!.data).toEqual({ todos: [todo('read the code', 'in_progress'), todo('write the fix', 'pending')] })
    const [accepted, refused] = [ours[2]!.data, ours[4]!.data] as Record<string, unknown>[]
    expect(accepted).toMatchObject({
      callId: 'call-1',
      isError: false,
      content: [{ type: 'text', text: 'Updated todo list: 1 pending, 1 in progress, 0 completed.' }],
    })
    expect(accepted).not.toHaveProperty('error')
    expect(refused).toMatchObject({
      callId: 'call-2',
      isError: true,
      content: [{ type: 'text', text: 'Error: invalid arguments: "todos" must be an array' }],
      error: { message: 'invalid arguments: "todos" must be an array', info: { name: 'ToolArgsError', code: 'INVALID_ARGS' } },
    })
  }, 30_000)
})
