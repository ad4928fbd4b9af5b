// `todo-write/testing`: a harness-like host on real cordis (3 or 4), for this project's tests and
// for anyone embedding a tool plugin. Its `tools` service enforces what the harness's
// registry enforces (spec TW-PLUGIN-4, TW-PLUGIN-5): the output schema inside the
// registry's JSON Schema subset, lossless-JSON schemas, arguments and values copied and
// frozen, the value checked against the output schema, `render(args, value)` returning
// content blocks, and the `Error: ` envelope. `loadPlugin` resolves `Config` as cordis 4 does.
import { Context, Service } from 'cordis'
import { Compile } from 'typebox/compile'
import { NotLossless, registryCopy, thrownMessage } from './core/copy.js'
import { ERROR_PREFIX } from './core/messages.js'
import { MemorySession } from './log/events.js'
import type { Exec, TodoWriteTool } from './core/tool.js'

declare module 'cordis' {
  interface Context {
    tools: ToolRegistryService
  }
}

/** One call, as the harness hands it to the registry. */
export interface ToolCall {
  callId?: string
  name: string
  arguments: unknown
  agent?: Exec['agent']
}

export interface ContentBlock {
  type: string
  text?: string
}

/** The result of a call, in the harness's shape. */
export type ToolCallResult =
  | { isError: false; value: unknown; content: ContentBlock[] }
  | { isError: true; content: [{ type: 'text'; text: string }]; error: { message: string; info?: { name: string; code: string } } }

/** What the model sees of a tool. */
export interface ToolSchema {
  name: string
  description: string
  parameters: unknown
}

/** A thrown refusal of the registry: a tool definition or a config that the harness would not take. */
export class HostContractError extends TypeError {
  override name = 'HostContractError'
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null'])
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples'])

/**
 * Every departure of `schema` from the registry's JSON Schema subset for output schemas:
 * `type` (one name), `properties`, `required` (declared names only), `additionalProperties`
 * (a boolean), `items`, `enum`/`const` on scalars, `oneOf` (two branches or more, without
 * `type`), and the annotations. Empty when the registry accepts it.
 */
export function subsetProblems(schema: unknown, path = 'schema'): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [`${path} must be a schema object`]
  const node = schema as Record<string, unknown>
  const problems: string[] = []
  const type = node.type
  if ('type' in node && (typeof type !== 'string' || !(SCALAR_TYPES.has(type) || type === 'object' || type === 'array'))) {
    problems.push(`${path}.type must name one type`)
  }
  for (const [key, value] of Object.entries(node)) {
    const at = `${path}.${key}`
    if (ANNOTATIONS.has(key) || key === 'type') continue
    if (key === 'properties' && type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [name, child] of Object.entries(value)) problems.push(...subsetProblems(child, `${at}.${name}`))
    } else if (key === 'required' && type === 'object' && Array.isArray(value)) {
      const declared = (node.properties ?? {}) as Record<string, unknown>
      for (const name of value)
        if (typeof name !== 'string' || !Object.hasOwn(declared, name)) problems.push(`${at} names ${JSON.stringify(name)}, which is not in properties`)
    } else if (key === 'additionalProperties' && type === 'object') {
      if (typeof value !== 'boolean') problems.push(`${at} must be a boolean`)
    } else if (key === 'items' && type === 'array') {
      problems.push(...subsetProblems(value, at))
    } else if ((key === 'enum' || key === 'const') && typeof type === 'string' && SCALAR_TYPES.has(type)) {
      // A list of allowed scalars: nothing inside it to check.
    } else if (key === 'oneOf' && !('type' in node) && Array.isArray(value) && value.length >= 2) {
      for (const [i, branch] of value.entries()) problems.push(...subsetProblems(branch, `${at}[${i}]`))
    } else {
      problems.push(`${at} is not a supported keyword`)
    }
  }
  return problems
}

/**
 * A schema as plain JSON, or undefined when it is not JSON as it stands: a non-plain object,
 * an own key that is not enumerable (TypeBox's `~kind`) or a symbol, an accessor, a hole,
 * `undefined`, a function, a non-finite number. Stricter than the registry's copy of the
 * arguments and values (`registryCopy`, TW-JSON-2), which reads what JSON would write: a
 * tool hands the model its schemas as they are.
 */
function plainSchema(value: unknown): unknown {
  try {
    return copy(value)
  } catch (error) {
    if (error === LOSSY || error instanceof RangeError) return undefined
    throw error
  }
}

const LOSSY = Symbol('lossy')

function copy(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw LOSSY
    return value
  }
  if (typeof value !== 'object') throw LOSSY
  const proto = Object.getPrototypeOf(value)
  const keys = Reflect.ownKeys(value)
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) throw LOSSY
    const out: unknown[] = []
    for (let i = 0; i < value.length; i++) out.push(copy(dataOf(value, String(i))))
    if (keys.length !== value.length + 1) throw LOSSY
    return out
  }
  if (proto !== Object.prototype && proto !== null) throw LOSSY
  const out: Record<string, unknown> = {}
  for (const key of keys) {
    if (typeof key !== 'string') throw LOSSY
    Object.defineProperty(out, key, { value: copy(dataOf(value, key)), enumerable: true, writable: true, configurable: true })
  }
  return out
}

function dataOf(object: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(object, key)
  if (descriptor === undefined || !('value' in descriptor) || !descriptor.enumerable) throw LOSSY
  return descriptor.value
}

/** A tool's value as the registry copies it; one that is not JSON data is the tool's fault. */
function valueCopy(tool: string, value: unknown): unknown {
  try {
    return registryCopy(value)
  } catch (error) {
    if (error instanceof NotLossless) throw new HostContractError(`tool "${tool}" returned a value that is not lossless JSON`)
    throw error
  }
}

/** `value` frozen at every depth (iteratively: a copy may be as deep as the arguments were). */
function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item !== 'object' || item === null || Object.isFrozen(item)) continue
    for (const child of Object.values(Object.freeze(item))) stack.push(child)
  }
  return value
}

const isContentBlocks = (content: unknown): content is ContentBlock[] =>
  Array.isArray(content) &&
  content.every((block: unknown) => {
    if (typeof block !== 'object' || block === null) return false
    const { type, text } = block as ContentBlock
    return typeof type === 'string' && (type !== 'text' || typeof text === 'string')
  })

/**
 * The `error` the harness records with a failure. The harness adds `info` only for its own
 * error class; here any Error that carries a string `code` stands for that class.
 */
function failure(error: unknown): ToolCallResult {
  const message = thrownMessage(error)
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined
  const info = typeof code === 'string' ? { name: (error as Error).name, code } : undefined
  return { isError: true, content: [{ type: 'text', text: ERROR_PREFIX + message }], error: info ? { message, info } : { message } }
}

interface Registered {
  tool: TodoWriteTool
  checkValue: (value: unknown) => boolean
}

export interface RegistryConfig {
  /** Tie each registration to the caller's fiber, as the harness does (default true). */
  tracksCallers?: boolean
}

/** The harness registry's contract, on cordis 3 or 4. */
export class ToolRegistryService extends Service {
  // Not a #private field: cordis reaches services through proxies, which private fields refuse.
  protected readonly registered = new Map<string, Registered>()
  protected readonly tracksCallers: boolean

  constructor(ctx: Context, config: RegistryConfig = {}) {
    super(ctx, 'tools')
    this.tracksCallers = config?.tracksCallers ?? true
  }

  /** Refuses a definition the harness refuses; the disposer unregisters it. */
  register(tool: TodoWriteTool): () => void {
    const output: unknown = tool.output
    if (typeof output !== 'object' || output === null || typeof tool.output.render !== 'function' || !('schema' in output)) {
      throw new HostContractError(`tool "${tool.name}" must declare output: {schema, render}`)
    }
    const schema = plainSchema(tool.output.schema)
    if (schema === undefined) throw new HostContractError(`tool "${tool.name}" output schema must be a schema object of plain JSON`)
    const problems = subsetProblems(schema)
    if (problems.length > 0) throw new HostContractError(`tool "${tool.name}": unsupported JSON schema: ${problems.join('; ')}`)
    if (this.registered.has(tool.name)) throw new Error(`tool "${tool.name}" is already registered`)
    const entry: Registered = {
      tool,
      checkValue: (
        (check) => (value: unknown) =>
          check.Check(value)
      )(Compile(schema as never)),
    }
    const add = () => {
      this.registered.set(tool.name, entry)
      return () => void (this.registered.get(tool.name) === entry && this.registered.delete(tool.name))
    }
    // `this.ctx` is the caller's context here: cordis hands services a traced context.
    return this.tracksCallers ? this.ctx.effect(add) : add()
  }

  get(name: string): TodoWriteTool | undefined {
    return this.registered.get(name)?.tool
  }

  names(): string[] {
    return [...this.registered.keys()]
  }

  /** What the model sees; parameters must survive a lossless-JSON copy. */
  schemas(): ToolSchema[] {
    return [...this.registered.values()].map(({ tool }) => {
      const parameters = plainSchema(tool.parameters)
      if (parameters === undefined) throw new HostContractError(`tool "${tool.name}" parameters must be lossless JSON`)
      return { name: tool.name, description: tool.description, parameters }
    })
  }

  async execute(call: ToolCall): Promise<ToolCallResult> {
    // The registry's copy, as callTodoWrite makes it (TW-JSON-2): what it refuses, or what a getter threw, is the answer.
    let args: unknown
    try {
      args = deepFreeze(registryCopy(call.arguments))
    } catch (error) {
      return failure(error)
    }
    const entry = this.registered.get(call.name)
    if (entry === undefined) return failure(new Error(`unknown tool "${call.name}"`))
    const { tool, checkValue } = entry
    try {
      const exec = { callId: call.callId, name: call.name, arguments: args, ...(call.agent ? { agent: call.agent } : {}) }
      const returned = await tool.execute(args, exec)
      const value = valueCopy(tool.name, returned)
      if (!checkValue(value)) throw new HostContractError(`tool "${tool.name}" returned a value outside its output schema`)
      deepFreeze(value)
      const content: unknown = tool.output.render(args, value as never)
      if (!isContentBlocks(content)) throw new HostContractError(`tool "${tool.name}" render(args, value) must return content blocks, got ${typeof content}`)
      return { isError: false, value, content }
    } catch (error) {
      return failure(error)
    }
  }
}

/** An agent as the harness hands it to a tool: it owns one session log. */
export class TestAgent {
  readonly session = new MemorySession()
}

/** A namespace plugin module, as the Loader sees it. */
export interface PluginModule {
  name?: string
  inject?: string[]
  Config?: unknown
  /** Any context and config type: the host passes what cordis would. */
  apply(...args: never[]): unknown
}

/**
 * Add a plugin with its config resolved as cordis 4 resolves it: through
 * `Config['~standard'].validate(config)`, synchronously; issues refuse the plugin.
 */
export function loadPlugin(ctx: Context, plugin: PluginModule, config?: unknown): ReturnType<Context['plugin']> {
  let value = config
  if (plugin.Config !== undefined) {
    const standard = (plugin.Config as { '~standard'?: { validate?: unknown } })['~standard']
    if (typeof standard?.validate !== 'function')
      throw new HostContractError(`plugin ${plugin.name}: Config must be a Standard Schema (Config['~standard'].validate)`)
    const result = (standard.validate as (value: unknown) => unknown)(config) as { value?: unknown; issues?: { message: string }[] }
    if (typeof (result as { then?: unknown }).then === 'function') throw new HostContractError(`plugin ${plugin.name}: Config validation must be synchronous`)
    if (result.issues) throw new HostContractError(`invalid config:\n${result.issues.map((issue) => `  - ${issue.message}`).join('\n')}`)
    value = result.value
  }
  const { name, inject, apply } = plugin
  return ctx.plugin({ name, inject, apply } as never, value)
}

/** A root cordis context with the `tools` service running. */
export async function createTestHost(config: RegistryConfig = {}): Promise<{ ctx: Context; tools: ToolRegistryService }> {
  const ctx = new Context()
  const fiber = ctx.plugin(ToolRegistryService, config)
  // cordis 3 starts a root context with start(); cordis 4 starts a plugin as it is added.
  await (typeof (ctx as { start?: unknown }).start === 'function' ? ctx.start() : fiber)
  return { ctx, tools: ctx.get('tools') as ToolRegistryService }
}
