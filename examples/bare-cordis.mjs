// The smallest host of the plugin on bare cordis, 3 or 4 (docs/harness.md, "On bare cordis"):
// a `tools` service, the plugin loaded, one accepted call and one refused.
import { Context, Service } from 'cordis'
import * as todo from 'todo-write'

// What the plugin needs of its host: a service named `tools` (its `inject`).
class Tools extends Service {
  constructor(ctx) {
    super(ctx, 'tools')
    this.registered = new Map()
  }

  // register() returns the disposer: disposing the plugin unregisters the tool.
  register(tool) {
    this.registered.set(tool.name, tool)
    return () => this.registered.delete(tool.name)
  }

  // A refusal is a throw; the harness's registry answers it as `Error: ` and the message.
  async execute(name, args, exec) {
    const tool = this.registered.get(name)
    try {
      return tool.output.render(args, await tool.execute(args, exec))[0].text
    } catch (error) {
      return `Error: ${error.message}`
    }
  }
}

const ctx = new Context()
// cordis 4 gives what it logs to exporters and keeps it otherwise: without one, a plugin that
// fails to start under a Loader (a config error) says nothing. cordis 3 prints it itself.
ctx.logger.exporter?.({ export: ({ type, args }) => type === 'error' && console.error(...args) })
ctx.plugin(Tools)
const fiber = ctx.plugin(todo, { allowParallelInProgress: false })
// cordis 3 starts a root context with start(); cordis 4 starts each plugin as it is added.
await ctx.start?.()
await fiber

// The calling agent's session: the tool appends one todo/write to it per accepted call.
const log = []
const agent = { session: { append: (type, data) => log.push({ type, data }) } }
console.log(await ctx.tools.execute('todo_write', { todos: [{ content: ' plan ', status: 'in_progress' }] }, { agent }))
console.log(await ctx.tools.execute('todo_write', { todos: [{ content: 'plan', status: 'done' }] }, { agent }))
console.log(JSON.stringify(log))
await fiber.dispose()
console.log(ctx.tools.registered.size)
