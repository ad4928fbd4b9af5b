// The plugin inside real cordis 3, on `todo-write/testing` (spec TW-PLUGIN-*): load,
// register, execute, dispose; and the host refusing each mistake the real harness refuses.
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import * as plugin from '../src/index.js'
import { callTodoWrite } from '../src/core/call.js'
import { createTodoWriteTool, type TodoWriteTool } from '../src/core/tool.js'
import { MemorySession } from '../src/log/events.js'
import { OptionsSchema } from '../src/core/options.js'
import { emitJsonSchema, schemaFile } from './support/golden.js'
import { createTestHost, loadPlugin, subsetProblems, TestAgent, ToolRegistryService, type ToolCall } from '../src/testing.js'

const PLAN = { todos: [{ content: ' a ', status: 'in_progress', id: 1 }] }
/** `Config` given any value, as a config file may hold one its type forbids. */
const resolve = plugin.Config as (config: unknown) => unknown
const call = (args: unknown, agent?: TestAgent): ToolCall => ({ callId: 'c1', name: 'todo_write', arguments: args, ...(agent ? { agent } : {}) })
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
/** The registry of a test host with the main entry loaded. */
async function loaded(config?: Parameters<typeof plugin.Config>[0]) {
  const { ctx, tools } = await createTestHost()
  await loadPlugin(ctx, plugin, config)
  return tools
}
/** The first text of the registry's answer to a call from a fresh agent. */
const textOf = async (tools: ToolRegistryService, args: unknown) => (await tools.execute(call(args, new TestAgent()))).content[0]!.text
/** The registry's answer to a refused call. */
const refusal = (message: string, info?: object) => ({
  isError: true,
  content: [{ type: 'text', text: `Error: ${message}` }],
  error: info ? { message, info } : { message },
})
const OPTIONS = '(the options are profile, allowParallelInProgress, unknownItemKeys, activeLimitWording)'
const KEEP = 'tool-todo: unknownItemKeys must be "drop" or "reject", got "keep"'

describe('TW-PLUGIN-1: export shape', () => {
  it('exports name, inject, apply and Config, and no default', () => {
    expect(plugin.name).toBe('tool-todo')
    expect(plugin.inject).toEqual(['tools'])
    expect(typeof plugin.apply).toBe('function')
    expect(typeof plugin.Config).toBe('function')
    expect('default' in plugin).toBe(false)
  })
})

describe('TW-PLUGIN-2: registration follows the plugin fiber', () => {
  it('registers todo_write, executes into the caller session, unregisters on dispose', async () => {
    const { ctx, tools } = await createTestHost()
    const fiber = loadPlugin(ctx, plugin)
    await fiber
    expect(tools.names()).toEqual(['todo_write'])
    const agent = new TestAgent()
    const result = await tools.execute(call(PLAN, agent))
    expect(result).toEqual({
      isError: false,
      value: { todos: [{ content: 'a', status: 'in_progress' }], counts: { pending: 0, inProgress: 1, completed: 0 } },
      content: [{ type: 'text', text: 'Updated todo list: 0 pending, 1 in progress, 0 completed.' }],
    })
    expect(agent.session.events).toEqual([{ type: 'todo/write', seq: 0, data: { todos: [{ content: 'a', status: 'in_progress' }] } }])
    await fiber.dispose()
    expect(tools.names()).toEqual([])
    expect(await tools.execute(call(PLAN, agent))).toEqual(refusal('unknown tool "todo_write"'))
  })

  it('unregisters on dispose even where the registry does not tie registrations to the caller', async () => {
    const { ctx, tools } = await createTestHost({ tracksCallers: false })
    const fiber = loadPlugin(ctx, plugin)
    await fiber
    expect(tools.names()).toEqual(['todo_write'])
    await fiber.dispose()
    expect(tools.names()).toEqual([])
    await loadPlugin(ctx, plugin, { allowParallelInProgress: true })
    expect(tools.names()).toEqual(['todo_write'])
  })

  it('appends only to the calling agent session, and refuses a caller without an agent (TW-OWNER-1)', async () => {
    const tools = await loaded()
    const [caller, other] = [new TestAgent(), new TestAgent()]
    await tools.execute(call(PLAN, caller))
    expect(caller.session.events).toHaveLength(1)
    expect(other.session.events).toEqual([])
    expect((await tools.execute(call(PLAN))).content).toEqual([{ type: 'text', text: 'Error: todo_write requires an owning agent session' }])
    expect(caller.session.events).toHaveLength(1)
  })

  it('TW-PLUGIN-5: a schema refusal is the tool own, carrying the argument-check name and code', async () => {
    const tools = await loaded()
    expect(await tools.execute(call({ todos: 'x' }, new TestAgent()))).toEqual(
      refusal('invalid arguments: "todos" must be an array', { name: 'ToolArgsError', code: 'INVALID_ARGS' }),
    )
    expect(await tools.execute(call({ todos: [{ content: ' ', status: 'pending' }] }, new TestAgent()))).toEqual(
      refusal('invalid todo: `content` must be a non-empty string'),
    )
  })

  it('the registry refuses a second tool of the same name', async () => {
    const tools = await loaded()
    expect(() => tools.register(createTodoWriteTool())).toThrow('tool "todo_write" is already registered')
  })

  it('applies the config options to the registered tool', async () => {
    const tools = await loaded({ unknownItemKeys: 'reject' })
    expect(await textOf(tools, PLAN)).toBe('Error: invalid arguments: "todos[0].id" is not a declared property (additionalProperties: false)')
  })
})

describe('TW-PLUGIN-4: todo-write/testing refuses what the harness refuses', () => {
  const tool = createTodoWriteTool()

  it('accepts our tool: a plain-JSON output schema inside the subset', () => {
    expect(subsetProblems(tool.output.schema)).toEqual([])
    expect(Object.getOwnPropertySymbols(tool.parameters)).toEqual([])
  })

  it('refuses an output schema that uses minimum', async () => {
    const { tools } = await createTestHost()
    const counts = { type: 'object', properties: { pending: { type: 'integer', minimum: 0 } } }
    const bad: TodoWriteTool = { ...tool, name: 'min', output: { ...tool.output, schema: { type: 'object', properties: { counts } } } }
    expect(() => tools.register(bad)).toThrow('unsupported JSON schema: schema.properties.counts.properties.pending.minimum is not a supported keyword')
  })

  it('refuses an output schema with non-enumerable keys (a TypeBox schema as is)', async () => {
    const { tools } = await createTestHost()
    const schema = Object.defineProperty({ type: 'object' }, '~kind', { value: 'Object', enumerable: false })
    expect(() => tools.register({ ...tool, name: 'kind', output: { ...tool.output, schema } })).toThrow('output schema must be a schema object of plain JSON')
  })

  it('refuses a render with the old signature render(value): string, after the append', async () => {
    const { ctx, tools } = await createTestHost()
    const old = { ...tool, output: { ...tool.output, render: ((value: { counts: { pending: number } }) => `${value.counts.pending}`) as never } }
    ctx.plugin({ name: 'old', inject: ['tools'], apply: (c: Context) => void c.tools.register(old) })
    await tick()
    const agent = new TestAgent()
    const result = await tools.execute(call(PLAN, agent))
    expect(result.isError).toBe(true)
    expect(result.content[0]!.text).toMatch(/^Error: /)
    expect(agent.session.events).toHaveLength(1)
  })

  it('refuses a render that returns a string', async () => {
    const { tools } = await createTestHost()
    tools.register({ ...tool, output: { ...tool.output, render: (() => 'text') as never } })
    expect(await textOf(tools, PLAN)).toBe('Error: tool "todo_write" render(args, value) must return content blocks, got string')
  })

  it('refuses a plugin whose Config is a plain function, as cordis 4 does', async () => {
    const { ctx } = await createTestHost()
    const legacy = { ...plugin, Config: (config: unknown) => config }
    expect(() => loadPlugin(ctx, legacy)).toThrow("Config must be a Standard Schema (Config['~standard'].validate)")
  })

  it('copies and freezes the arguments the tool sees', async () => {
    const { tools } = await createTestHost()
    let seen: unknown
    tools.register({
      ...tool,
      execute: async (args, exec) => {
        seen = args
        return tool.execute(args, exec)
      },
    })
    const args = { todos: [{ content: 'a', status: 'pending' }] }
    await tools.execute(call(args, new TestAgent()))
    expect(seen).toEqual(args)
    expect(seen).not.toBe(args)
    expect(Object.isFrozen((seen as typeof args).todos[0])).toBe(true)
    expect(await textOf(tools, { todos: [undefined] })).toBe('Error: tool execution arguments must be losslessly JSON-serializable')
  })

  it('answers as callTodoWrite does, the registry copy being the one of the core (TW-JSON-2)', async () => {
    const tools = await loaded()
    const item = () => ({ content: 'a', status: 'pending' })
    let deep: unknown = []
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const held = [
      {
        todos: [
          {
            get content() {
              return 'a'
            },
            status: 'pending',
          },
        ],
      },
      { todos: [Object.defineProperty(item(), 'secret', { value: 1, enumerable: false })] },
      { todos: [{ ...item(), [Symbol('s')]: 1 }] },
      { todos: [{ ...item(), estimate: -0 }] },
      {
        todos: [
          {
            get content(): string {
              throw new Error('boom')
            },
            status: 'pending',
          },
        ],
      },
      { todos: [item()], deep },
    ]
    const texts = await Promise.all(held.map((args) => textOf(tools, args)))
    expect(texts).toEqual(held.map((args) => callTodoWrite(args, { agent: { session: new MemorySession() } }).text))
    // Written out, so that the two agreeing is not all this says.
    expect(texts).toEqual([
      ...Array(3).fill('Updated todo list: 1 pending, 0 in progress, 0 completed.'),
      'Error: tool execution arguments must be losslessly JSON-serializable',
      'Error: boom',
      'Updated todo list: 1 pending, 0 in progress, 0 completed.',
    ])
  })

  it('schemas() hands the model plain JSON', async () => {
    const [schema] = (await loaded()).schemas()
    expect(schema!.name).toBe('todo_write')
    expect(emitJsonSchema(schema!.parameters as never)).toBe(schemaFile('parameters.schema.json').toString('utf8'))
  })
})

describe('TW-PLUGIN-3: Config', () => {
  it('is a Standard Schema, and a function for cordis 3', () => {
    const standard = plugin.Config['~standard']
    expect(standard.version).toBe(1)
    expect(standard.validate(undefined)).toEqual({ value: { allowParallelInProgress: false, unknownItemKeys: 'drop', activeLimitWording: 'comma' } })
    expect(standard.validate({ allowParallelInProgress: 'yes' })).toEqual({
      issues: [{ message: 'tool-todo: allowParallelInProgress must be a boolean, got "yes"', path: ['allowParallelInProgress'] }],
    })
    expect(plugin.Config({ unknownItemKeys: 'reject' })).toEqual({ allowParallelInProgress: false, unknownItemKeys: 'reject', activeLimitWording: 'comma' })
  })

  it('an issue of the whole config has no path; an issue of one key has that key as its path', () => {
    expect(plugin.Config['~standard'].validate('x')).toStrictEqual({ issues: [{ message: 'tool-todo: options must be an object, got "x"' }] })
    expect(plugin.Config['~standard'].validate({ strict: 1 })).toStrictEqual({
      issues: [{ message: `tool-todo: unknown option "strict" ${OPTIONS}`, path: ['strict'] }],
    })
  })

  it('a live config update re-registers the tool with the new options', async () => {
    const { ctx, tools } = await createTestHost()
    const fiber = ctx.plugin(plugin)
    await fiber
    const active = (content: string) => ({ content, status: 'in_progress' })
    const args = { todos: [active('a'), active('b')] }
    expect((await tools.execute(call(args, new TestAgent()))).isError).toBe(true)
    fiber.update({ allowParallelInProgress: true })
    await tick()
    expect(tools.names()).toEqual(['todo_write'])
    expect((await tools.execute(call(args, new TestAgent()))).isError).toBe(false)
    expect(plugin.Config.simplify({ unknownItemKeys: 'reject' })).toEqual({ unknownItemKeys: 'reject' })
  })

  it('resolves defaults and accepts the documented options', () => {
    const seed = { allowParallelInProgress: false, unknownItemKeys: 'drop', activeLimitWording: 'comma' }
    expect(plugin.Config()).toEqual(seed)
    expect(plugin.Config(null)).toEqual(seed)
    expect(plugin.Config({ allowParallelInProgress: true, unknownItemKeys: 'reject' })).toEqual({
      ...seed,
      allowParallelInProgress: true,
      unknownItemKeys: 'reject',
    })
    expect(plugin.Config({ profile: 'dsh-0.1.1-rc.2' })).toEqual({
      allowParallelInProgress: false,
      unknownItemKeys: 'reject',
      activeLimitWording: 'parentheses',
    })
  })

  it('publishes its config schema (golden) for harness UIs', () => {
    expect(emitJsonSchema(OptionsSchema)).toBe(schemaFile('config.schema.json').toString('utf8'))
  })

  it.each<[unknown, string]>([
    [{ allowParallel: true }, `tool-todo: unknown option "allowParallel" ${OPTIONS}`],
    [{ allowParallelInProgress: 'yes' }, 'tool-todo: allowParallelInProgress must be a boolean, got "yes"'],
    [{ unknownItemKeys: 'keep' }, KEEP],
    [{ profile: 'latest' }, 'tool-todo: profile must be "seed" or "dsh-0.1.1-rc.2", got "latest"'],
    [[], 'tool-todo: options must be an object, got []'],
    ['drop', 'tool-todo: options must be an object, got "drop"'],
  ])('refuses %j, saying why', (config, message) => {
    expect(() => resolve(config)).toThrow(TypeError)
    expect(() => resolve(config)).toThrow(message)
  })

  it('names every problem of a config, one per line', () => {
    expect(() => resolve({ allowParallel: true, unknownItemKeys: 'keep' })).toThrow(`tool-todo: unknown option "allowParallel" ${OPTIONS}\n${KEEP}`)
  })

  it('reads own keys only: an inherited key is not an option', () => {
    const inherited = Object.create({ allowParallelInProgress: true }) as object
    expect(plugin.Config(inherited)).toEqual(plugin.Config({}))
  })

  it('cordis 3, plugin added before start: one error, nothing registered, apply not crashing', async () => {
    const ctx = new Context()
    const errors: unknown[] = []
    ctx.on('internal/error', (error: unknown) => void errors.push(error))
    ctx.plugin(ToolRegistryService)
    ctx.plugin(plugin, { unknownItemKeys: 'keep' } as never)
    await ctx.start()
    await tick()
    expect((ctx.get('tools') as ToolRegistryService).names()).toEqual([])
    expect(errors.map(String)).toEqual([`ConfigError: ${KEEP}`])
  })

  it('apply with the config cordis refused (null or undefined) registers nothing', async () => {
    const { tools } = await createTestHost()
    const effects: unknown[] = []
    for (const refused of [null, undefined]) plugin.apply({ tools, effect: (e: unknown) => void effects.push(e), get: () => undefined }, refused)
    expect(effects).toEqual([])
  })
})
