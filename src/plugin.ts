// The harness plugin (spec section 8, TW-PLUGIN-*): `Config` resolves the deployment
// options, `apply` registers the todo_write tool on `ctx.tools` and undoes that itself when
// the plugin's fiber is disposed. What one harness release needs of its plugin is a
// `PluginProfile`; each package entry exports the plugin of one profile.
import { parseOptions, type ResolvedOptions, type TodoWriteOptions } from './core/options.js'
import { createTodoWriteTool, TodoWriteError, type Exec, type TodoWriteTool } from './core/tool.js'

/** What the plugin needs of the harness's tool registry: `register` returns the disposer. */
export interface ToolRegistry {
  register(tool: TodoWriteTool): () => void
}

/** What the plugin needs of the host's cordis Loader, where it runs one: its own module import. */
export interface HostLoader {
  /** Imports a module as the Loader imports a plugin row (cordis 3's and the release's Loader both have it). */
  import(name: string): Promise<unknown>
}

/** What the plugin needs of its cordis context (cordis 3 and 4 both have `effect` and `get`). */
export interface PluginContext {
  tools: ToolRegistry
  effect(execute: () => () => unknown): unknown
  /** A service without an inject: the plugin asks for `loader`, which it can do without. */
  get(name: 'loader'): HostLoader | undefined
}

/** One problem with a config, as a Standard Schema reports it. */
export interface ConfigIssue {
  message: string
  path?: readonly PropertyKey[]
}

export type ConfigResult<T> = { value: T } | { issues: ConfigIssue[] }

/**
 * A plugin `Config` that every cordis accepts (TW-PLUGIN-3): cordis 4 validates through
 * the Standard Schema interface `Config['~standard'].validate(config)`, synchronously;
 * cordis 3 calls `Config(config)` and treats a throw as the refusal.
 */
export interface PluginConfig<T, I = unknown> {
  /** Typed by what a config file may hold (`I`), so that `ctx.plugin(todo, 42)` fails to type-check; any value is judged at run time. */
  (...config: undefined extends I ? [config?: I] : [config: I]): T
  readonly '~standard': {
    readonly version: 1
    readonly vendor: 'todo-write'
    validate(config: unknown): ConfigResult<T>
  }
  /** The cordis Loader writes a live config update back through this; ours keeps it as given. */
  simplify(config: unknown): unknown
}

/** A config refused by `Config(config)`: the issues, one per line. */
export class ConfigError extends TypeError {
  readonly issues: readonly ConfigIssue[]
  constructor(issues: readonly ConfigIssue[]) {
    super(issues.map((issue) => issue.message).join('\n'))
    this.name = 'ConfigError'
    this.issues = issues
  }
}

export function pluginConfig<T, I = unknown>(resolve: (config: unknown) => ConfigResult<T>): PluginConfig<T, I> {
  const Config = (config?: unknown): T => {
    const result = resolve(config)
    if ('issues' in result) throw new ConfigError(result.issues)
    return result.value
  }
  return Object.assign(Config, {
    '~standard': { version: 1, vendor: 'todo-write', validate: resolve } as const,
    simplify: (config: unknown): unknown => config,
  })
}

/** The constructor of the harness's own argument-check error, where the harness provides one. */
export type ArgsErrorClass = new (violations: string[]) => Error

/** Where the plugin looks for that class: the harness's tool package. */
export const HARNESS_TOOLS = '@deepseek-ai/dsh-tools'

// The harness words the model-facing text from the thrown message, and records the error's
// name and code in the `tool/result` event only for instances of its own error class: the
// class of the very module its registry comes from, not of another copy of the package.

/** The `ToolArgsError` a harness module exports, or null where it exports none. */
const argsErrorClassIn = (module: { ToolArgsError?: unknown }): ArgsErrorClass | null =>
  typeof module.ToolArgsError === 'function' ? (module.ToolArgsError as ArgsErrorClass) : null

/** The argument-check error class a loaded harness module provides, or null: none, or no module. */
export const argsErrorClassFrom = (load: () => Promise<{ ToolArgsError?: unknown }>): Promise<ArgsErrorClass | null> =>
  load().then(argsErrorClassIn, () => null)

let packageArgsError: Promise<ArgsErrorClass | null> | undefined

/**
 * The class from this package's own import of the harness's tool package, resolved from where
 * the package is installed: the fallback, since a host may resolve the name elsewhere (a host
 * run from source maps it to its sources, while the import from here reaches the package's
 * unbuilt `lib/`, and fails).
 */
export function packageArgsErrorClass(): Promise<ArgsErrorClass | null> {
  packageArgsError ??= argsErrorClassFrom(() => import(HARNESS_TOOLS))
  return packageArgsError
}

/**
 * The class from the module the host itself loads as the harness's tool package: imported
 * through the host's cordis Loader (`ctx.get('loader').import`, as the Loader imports a row
 * of its config), and taken only when its default export is the class of the registry this
 * plugin registers on (`ctx.tools`), so that the registry knows the error as its own. Null
 * where there is no Loader, the import fails, or the module is another copy.
 */
export function hostArgsErrorClass(ctx: PluginContext): Promise<ArgsErrorClass | null> {
  return argsErrorClassFrom(async () => {
    // `get` or `import` missing, or a default export that is no class, throws: that is no module.
    const module = (await ctx.get('loader')!.import(HARNESS_TOOLS)) as { default: new () => unknown; ToolArgsError?: unknown }
    return ctx.tools instanceof module.default ? module : {}
  })
}

/**
 * The harness's `ToolArgsError` for a plugin on `ctx`, looked up once, at the first schema
 * refusal: the host's (`hostArgsErrorClass`), else the package import's
 * (`packageArgsErrorClass`), else null (then our own error stands in).
 */
export function harnessArgsErrorClass(ctx: PluginContext): () => Promise<ArgsErrorClass | null> {
  let found: Promise<ArgsErrorClass | null> | undefined
  return () => {
    found ??= hostArgsErrorClass(ctx).then((host) => host ?? packageArgsErrorClass())
    return found
  }
}

/**
 * The error thrown for a refused call: a schema refusal becomes the harness's own argument
 * error when there is one (TW-PLUGIN-5), with our text in any case.
 */
async function thrownFor(error: unknown, argsErrorClass: () => Promise<ArgsErrorClass | null>): Promise<unknown> {
  if (!(error instanceof TodoWriteError) || error.kind !== 'arguments') return error
  const ArgsError = await argsErrorClass()
  if (ArgsError === null) return error
  const harnessError = new ArgsError([...error.violations])
  // The text is ours (TW-ARGS-1) even if the harness ever words its own differently.
  harnessError.message = error.message
  return harnessError
}

/**
 * The tool as a plugin registers it: the core tool, refusals thrown as the harness throws
 * them (`argsErrorClass` says which class that is).
 */
export function pluginTool(
  options: ResolvedOptions,
  argsErrorClass: () => Promise<ArgsErrorClass | null>,
  tool: TodoWriteTool = createTodoWriteTool(options),
): TodoWriteTool {
  return {
    ...tool,
    execute: async (args: unknown, exec: Exec) => {
      try {
        return await tool.execute(args, exec)
      } catch (error) {
        throw await thrownFor(error, argsErrorClass)
      }
    },
  }
}

/** What one harness release needs: how to resolve its config, and what to do with the tool. */
export interface PluginProfile<C> {
  Config: PluginConfig<C, C>
  options(config: C): ResolvedOptions
  /** Anything else the release registers beside the tool, on the same context. */
  extend?(ctx: PluginContext): void
}

/**
 * `apply(ctx, config)` for a profile (TW-PLUGIN-2). Registration is an effect of the
 * plugin's own context, whose disposer is the registry's: disposing the plugin unregisters
 * the tool whether or not the registry ties registrations to the caller's fiber.
 * cordis passes `null` (3) or `undefined` (4) as the config it refused: the refusal was
 * already reported, so nothing is registered and nothing more is said (TW-PLUGIN-3).
 */
export function applyProfile<C>(profile: PluginProfile<C>, host: object, config: C | null | undefined): void {
  if (config === null || config === undefined) return
  const ctx = host as PluginContext
  const options = profile.options(profile.Config(config))
  const tool = pluginTool(options, harnessArgsErrorClass(ctx))
  ctx.effect(() => ctx.tools.register(tool))
  profile.extend?.(ctx)
}

// The seed's plugin (harness 66c36e7325): the package's main entry exports these.

export const name = 'tool-todo'
export const inject = ['tools']

/**
 * The resolved options of a config (TW-PLUGIN-3): absent keys, `undefined` and `null` take
 * the seed profile's settings; each unknown key and each bad value is one issue.
 */
export const Config = pluginConfig<ResolvedOptions, TodoWriteOptions | null | undefined>((config) => {
  const result = parseOptions(config)
  if (result.ok) return { value: result.options }
  return { issues: result.issues.map(({ message, key }) => ({ message: `tool-todo: ${message}`, ...(key === undefined ? {} : { path: [key] }) })) }
})

const SEED: PluginProfile<ResolvedOptions> = { Config, options: (config) => config }

/**
 * `ctx` is typed `object` so that any cordis's `Context` fits `ctx.plugin(todo, config)` as it
 * is, with no augmentation: what the plugin reads of it is a `PluginContext`, the `tools`
 * service its `inject` asks for.
 */
export function apply(ctx: object, config?: ResolvedOptions | null): void {
  applyProfile(SEED, ctx, config)
}
