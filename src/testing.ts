// `todo-write/testing`: a harness-like host built on real cordis, for this project's tests
// and for anyone embedding the plugin. Its `tools` service behaves like the harness
// registry (harness-contract §1.5, §5); its sessions log events like an agent's session.
import { Context, Service } from 'cordis'
import { errorResult, type ToolResult } from './call.js'
import { MemorySession } from './log.js'
import type { Exec, TodoWriteTool } from './tool.js'
import { INVALID_ARGUMENTS, VIOLATION_SEPARATOR } from './messages.js'
import { schemaViolations } from './violations.js'

declare module 'cordis' {
  interface Context {
    tools: ToolRegistryService
  }
}

/** The harness registry: schema check, the tool body, the `Error: ` envelope. */
export class ToolRegistryService extends Service {
  // Not a #private field: cordis reaches services through proxies, which private fields refuse.
  protected readonly registered = new Map<string, TodoWriteTool>()

  constructor(ctx: Context) {
    super(ctx, 'tools')
  }

  /** Refuses a tool without `output: {schema, render}` or a second tool of one name. */
  register(tool: TodoWriteTool): () => void {
    if (typeof tool.output?.render !== 'function' || tool.output.schema === undefined) {
      throw new TypeError(`tool ${tool.name} must declare output: {schema, render}`)
    }
    if (this.registered.has(tool.name)) throw new Error(`tool ${tool.name} is already registered`)
    // An effect of the CALLER's context (cordis hands services a traced `this.ctx`), so
    // disposing the plugin that registered the tool unregisters it.
    return this.ctx.effect(() => {
      this.registered.set(tool.name, tool)
      return () => this.registered.delete(tool.name)
    })
  }

  get(name: string): TodoWriteTool | undefined {
    return this.registered.get(name)
  }

  names(): string[] {
    return [...this.registered.keys()]
  }

  async execute(name: string, args: unknown, exec: Exec): Promise<ToolResult> {
    const tool = this.registered.get(name)
    if (!tool) return errorResult(new Error(`unknown tool ${name}`))
    const violations = schemaViolations(tool.parameters, args)
    if (violations.length > 0) return errorResult(new Error(INVALID_ARGUMENTS + violations.join(VIOLATION_SEPARATOR)))
    try {
      const value = await tool.execute(args, exec)
      return { content: [{ type: 'text', text: tool.output.render(value) }], isError: false, value }
    } catch (error) {
      return errorResult(error)
    }
  }
}

/** An agent as the harness hands it to a tool: it owns one session log. */
export class TestAgent {
  readonly session = new MemorySession()
}

/** A root cordis context with the `tools` service running. */
export async function createTestHost(): Promise<{ ctx: Context; tools: ToolRegistryService }> {
  const ctx = new Context()
  ctx.plugin(ToolRegistryService)
  await ctx.start()
  return { ctx, tools: ctx.get('tools') as ToolRegistryService }
}
