// The plugin inside real cordis (harness-contract §5): load, register, execute, dispose.
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import * as plugin from '../../src/index.js'
import { createTodoWriteTool } from '../../src/tool.js'
import { emitJsonSchema } from '../../src/schema.js'
import { goldenFile } from '../support/golden.js'
import { createTestHost, TestAgent } from '../../src/testing.js'

const PLAN = { todos: [{ content: ' a ', status: 'in_progress', id: 1 }] }

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
    const fiber = ctx.plugin(plugin)
    await fiber
    expect(tools.names()).toEqual(['todo_write'])
    const agent = new TestAgent()
    const result = await tools.execute('todo_write', PLAN, { agent })
    expect(result).toEqual({
      content: [{ type: 'text', text: 'Updated todo list: 0 pending, 1 in progress, 0 completed.' }],
      isError: false,
      value: { todos: [{ content: 'a', status: 'in_progress' }], counts: { pending: 0, inProgress: 1, completed: 0 } },
    })
    expect(agent.session.events).toEqual([{ type: 'todo/write', seq: 0, data: { todos: [{ content: 'a', status: 'in_progress' }] } }])
    await fiber.dispose()
    expect(tools.names()).toEqual([])
    expect(await tools.execute('todo_write', PLAN, { agent })).toEqual({ content: [{ type: 'text', text: 'Error: unknown tool todo_write' }], isError: true })
  })

  it('appends only to the calling agent session, and refuses a caller without an agent (TW-OWNER-1)', async () => {
    const { ctx, tools } = await createTestHost()
    await ctx.plugin(plugin)
    const [caller, other] = [new TestAgent(), new TestAgent()]
    await tools.execute('todo_write', PLAN, { agent: caller })
    expect(caller.session.events).toHaveLength(1)
    expect(other.session.events).toEqual([])
    const refused = await tools.execute('todo_write', PLAN, {})
    expect(refused).toEqual({ content: [{ type: 'text', text: 'Error: todo_write requires an owning agent session' }], isError: true })
    expect(caller.session.events).toHaveLength(1)
  })

  it('the registry words schema refusals and refuses a second tool of the same name', async () => {
    const { ctx, tools } = await createTestHost()
    await ctx.plugin(plugin)
    expect(await tools.execute('todo_write', { todos: 'x' }, { agent: new TestAgent() })).toEqual({
      content: [{ type: 'text', text: 'Error: invalid arguments: "todos" must be an array' }],
      isError: true,
    })
    expect(() => tools.register(createTodoWriteTool())).toThrow('tool todo_write is already registered')
    const bare = { ...createTodoWriteTool(), name: 'bare', output: undefined as never }
    expect(() => tools.register(bare)).toThrow('tool bare must declare output: {schema, render}')
  })

  it('applies the config options to the registered tool', async () => {
    const { ctx, tools } = await createTestHost()
    await ctx.plugin(plugin, { unknownItemKeys: 'reject' })
    const result = await tools.execute('todo_write', PLAN, { agent: new TestAgent() })
    expect(result.content[0].text).toBe('Error: invalid arguments: "todos[0].id" is not a declared property (additionalProperties: false)')
  })
})

describe('TW-PLUGIN-3: Config', () => {
  it('a live config update re-registers the tool with the new options', async () => {
    const { ctx, tools } = await createTestHost()
    const fiber = ctx.plugin(plugin)
    await fiber
    const args = { todos: [{ content: 'a', status: 'in_progress' }, { content: 'b', status: 'in_progress' }] }
    expect((await tools.execute('todo_write', args, { agent: new TestAgent() })).isError).toBe(true)
    fiber.update({ allowParallelInProgress: true })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(tools.names()).toEqual(['todo_write'])
    expect((await tools.execute('todo_write', args, { agent: new TestAgent() })).isError).toBe(false)
    expect(plugin.Config.simplify({ unknownItemKeys: 'reject' })).toEqual({ unknownItemKeys: 'reject' })
  })

  it('resolves defaults and accepts the documented options', () => {
    expect(plugin.Config()).toEqual({ allowParallelInProgress: false, unknownItemKeys: 'drop' })
    expect(plugin.Config(null)).toEqual({ allowParallelInProgress: false, unknownItemKeys: 'drop' })
    expect(plugin.Config({ allowParallelInProgress: true, unknownItemKeys: 'reject' })).toEqual({ allowParallelInProgress: true, unknownItemKeys: 'reject' })
  })

  it('publishes its config schema (golden) for harness UIs', () => {
    expect(emitJsonSchema(plugin.ConfigSchema)).toBe(goldenFile('config.schema.json').toString('utf8'))
  })

  it('names what it expects when it refuses', () => {
    expect(() => plugin.Config({ x: 1 })).toThrow(
      'tool-todo: invalid config {"x":1}: expected {allowParallelInProgress?: boolean, unknownItemKeys?: "drop" | "reject"} and no other keys',
    )
  })

  it.each([[{ allowParallel: true }], [{ allowParallelInProgress: 'yes' }], [{ unknownItemKeys: 'keep' }], [[]], ['drop']])('refuses %j', (config) => {
    expect(() => plugin.Config(config)).toThrow(TypeError)
    expect(() => plugin.Config(config)).toThrow(`tool-todo: invalid config ${JSON.stringify(config)}`)
  })

  it('cordis refuses to apply the plugin with a bad config', async () => {
    const ctx = new Context()
    const errors: unknown[] = []
    ctx.on('internal/error', (error: unknown) => void errors.push(error))
    const { tools } = await (async () => {
      ctx.plugin((await import('../../src/testing.js')).ToolRegistryService)
      await ctx.start()
      return { tools: ctx.get('tools') as import('../../src/testing.js').ToolRegistryService }
    })()
    await ctx.plugin(plugin, { unknownItemKeys: 'keep' })
    expect(tools.names()).toEqual([])
    expect(String(errors[0])).toContain('tool-todo: invalid config')
  })
})
