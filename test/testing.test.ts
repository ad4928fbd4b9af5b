// Model-based test: random sequences of valid and invalid calls, from two agents and from
// callers without one, run against the plugin inside cordis and against a plain model.
// After every step the texts match and each agent's list equals replay of its log.
import fc from './support/fc.js'
import { describe, expect, it } from 'vitest'
import * as plugin from '../src/index.js'
import { currentTodos } from '../src/log/plan.js'
import { createTestHost, loadPlugin, TestAgent, type ToolRegistryService } from '../src/testing.js'
import { modelSnapshot, modelText, type ModelItem } from './support/model.js'
import { item } from '../fixtures/generators.js'

interface Model {
  lists: (ModelItem[] | null)[]
}
interface Real {
  tools: ToolRegistryService
  agents: TestAgent[]
}

/** Schema-invalid arguments with the text the harness gives them (TW-ARGS-*). */
const INVALID: [unknown, string][] = [
  [{ todos: 'x' }, 'Error: invalid arguments: "todos" must be an array'],
  [[], 'Error: invalid arguments: "arguments" must be an object'],
  [{ todos: [{ content: 'a' }] }, 'Error: invalid arguments: missing required property "todos[0].status"'],
]

class CallCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly args: unknown,
    readonly caller: number | null,
    readonly invalidText: string | null,
  ) {}
  check = () => true
  async run(model: Model, real: Real): Promise<void> {
    const exec = this.caller === null ? {} : { agent: real.agents[this.caller]! }
    const result = await real.tools.execute({ name: 'todo_write', arguments: this.args, ...exec })
    const items = (this.args as { todos: ModelItem[] }).todos
    const expected = this.invalidText ?? modelText(items, this.caller !== null)
    expect(result.content[0]!.text).toBe(expected)
    if (!result.isError) model.lists[this.caller!] = modelSnapshot(items)
    for (const [index, agent] of real.agents.entries()) expect(currentTodos(agent.session.events)).toEqual(model.lists[index])
  }
  toString = () => `call(${JSON.stringify(this.args)}, ${this.caller ?? 'no agent'})`
}

const caller = fc.constantFrom<number | null>(0, 1, null)
const commands = fc.commands(
  [
    fc.tuple(fc.array(item, { maxLength: 5 }), caller).map(([todos, who]) => new CallCommand({ todos }, who, null)),
    fc.tuple(fc.constantFrom(...INVALID), caller).map(([[args, text], who]) => new CallCommand(args, who, text)),
  ],
  { maxCommands: 15 },
)

describe('model-based: the plugin in cordis against a plain model', () => {
  it('texts and every agent list agree after each step', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const { ctx, tools } = await createTestHost()
        await loadPlugin(ctx, plugin)
        const setup = () => ({ model: { lists: [null, null] } as Model, real: { tools, agents: [new TestAgent(), new TestAgent()] } })
        await fc.asyncModelRun(setup, cmds)
        await ctx.stop()
      }),
      { numRuns: 150 },
    )
  })
})
