// The harness plugin (harness-contract §5): registers the todo_write tool on `ctx.tools`;
// the registry ties the registration to the plugin's fiber, so disposing it unregisters.
import Type, { type Static } from 'typebox'
import { Compile } from 'typebox/compile'
import { jsonText } from './json-text.js'
import { resolveOptions, type ResolvedOptions } from './schema.js'
import { createTodoWriteTool, type TodoWriteTool } from './tool.js'

/** What the plugin needs of the harness's tool registry. */
export interface ToolRegistry {
  register(tool: TodoWriteTool): () => void
}

/** What the plugin needs of its cordis context. */
export interface PluginContext {
  tools: ToolRegistry
}

export const name = 'tool-todo'
export const inject = ['tools']

/** The deployment options (spec section 8), as the harness's config file spells them. */
export const ConfigSchema = Type.Object(
  {
    allowParallelInProgress: Type.Optional(Type.Boolean({ default: false, description: 'Accept any number of in_progress items.' })),
    unknownItemKeys: Type.Optional(Type.Enum(['drop', 'reject'], { type: 'string', default: 'drop', description: 'Drop extra item keys, or reject the call.' })),
  },
  { additionalProperties: false },
)
export type Config = Static<typeof ConfigSchema>

const checkConfig = Compile(ConfigSchema)
const CONFIG_EXPECTED = 'expected {allowParallelInProgress?: boolean, unknownItemKeys?: "drop" | "reject"} and no other keys'

/**
 * cordis resolves a plugin's config by calling `Config(config)` before `apply`; a bad
 * config throws there, so the plugin never loads half-configured.
 */
export function Config(config: unknown = {}): ResolvedOptions {
  const value = config ?? {}
  if (!checkConfig.Check(value)) {
    throw new TypeError(`tool-todo: invalid config ${jsonText(value)}: ${CONFIG_EXPECTED}`)
  }
  return resolveOptions(value)
}

export function apply(ctx: PluginContext, config: Config = {}): void {
  ctx.tools.register(createTodoWriteTool(config))
}

// The Loader calls `schema.simplify(config)` on a live config update (a Schemastery
// method); ours keeps the config exactly as written.
Config.simplify = (config: unknown): unknown => config
