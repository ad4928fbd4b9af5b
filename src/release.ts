// `todo-write/dsh-0.1.1-rc.2`: the plugin for the harness release dsh 0.1.1-rc.2
// (b150a551b8, @deepseek-ai/cordis 4.0.1). Same core, profile `dsh-0.1.1-rc.2`
// (TW-PROFILE-1); its config requires `allowParallelInProgress` as the release does; and
// where the harness has a `sessionProjections` service it registers the `todos` projection,
// the standing plan (TW-PLUGIN-6). Named exports only, as for the main entry.
import { jsonText, writtenData } from './log/json.js'
import { OptionsSchema, PROFILES } from './core/options.js'
import { nearMiss } from './core/near-miss.js'
import { standingStep } from './log/plan.js'
import { applyProfile, pluginConfig, type ConfigIssue, type ConfigResult, type PluginContext, type PluginProfile } from './plugin.js'
import { snapshotFault } from './log/invariant.js'
import type { LogEvent } from './log/events.js'
import type { Todo } from './core/schema.js'

export const name = 'tool-todo'
export const inject = ['tools']

/** The release's config: one required boolean. */
export interface ReleaseConfig {
  allowParallelInProgress: boolean
}

const FLAG = 'allowParallelInProgress'

/** How the release's schema library writes a value in a message: `${value}`, never a throw. */
function shown(value: unknown): string {
  try {
    return String(value)
  } catch {
    return jsonText(value)
  }
}

const issue = (message: string, key?: string): ConfigIssue => (key === undefined ? { message } : { message: `$.${key} ${message}`, path: [key] })

/** Why a key other than the flag is refused: what it is, so that a typo reads as one. */
function otherKey(key: string): string {
  if (key === 'profile') return 'is not an option of this entry: its profile is dsh-0.1.1-rc.2 (use the main entry to choose another)'
  if (Object.hasOwn(OptionsSchema.properties, key))
    return 'is not an option of this entry: the profile sets it (use the main entry to choose options one by one)'
  if (nearMiss(key, [FLAG]) !== undefined) return `is not an option: did you mean ${FLAG}?`
  return `is not an option: this entry's only option is ${FLAG}`
}

/**
 * The release's config check, worded as its schema library words it (TW-PLUGIN-6): the
 * flag missing, or not a boolean; and, unlike the release, any other key, named for what
 * it is: an option of the main entry, which the profile sets here; a near miss of the
 * flag; or no option at all.
 */
export function resolveReleaseConfig(config: unknown): ConfigResult<ReleaseConfig> {
  const raw = config ?? {}
  if (typeof raw !== 'object' || Array.isArray(raw)) return { issues: [issue(`expected object but got ${shown(raw)}`)] }
  const issues: ConfigIssue[] = []
  const given = raw as Record<string, unknown>
  const flag = Object.hasOwn(given, FLAG) ? given[FLAG] : undefined
  if (flag === undefined || flag === null) issues.push(issue('missing required value', FLAG))
  else if (typeof flag !== 'boolean') issues.push(issue(`expected boolean but got ${shown(flag)}`, FLAG))
  for (const key of Object.keys(given)) {
    if (key !== FLAG) issues.push(issue(otherKey(key), key))
  }
  return issues.length > 0 ? { issues } : { value: { allowParallelInProgress: flag as boolean } }
}

export const Config = pluginConfig<ReleaseConfig, ReleaseConfig>(resolveReleaseConfig)

/** A schema as the projection registry takes one: `parse` returns the value or throws. */
export interface ParseSchema<T> {
  parse(value: unknown): T
}

/**
 * The standing plan as state and as view: null, or a list the durable-log invariant accepts,
 * judged and returned as JSON writes it (`writtenData`), so the state is the logged plan.
 */
export const planSchema: ParseSchema<Todo[] | null> = {
  parse(value) {
    let plan: unknown
    try {
      plan = writtenData(value)
    } catch {
      throw new TypeError('todos: not a plan (unwritable)')
    }
    if (plan === null) return null
    const fault = snapshotFault({ todos: plan })
    if (fault !== null) throw new TypeError(`todos: not a plan (${fault.kind})`)
    return plan as Todo[]
  },
}

/** The `todos` session projection: the standing plan of each session (TW-PLUGIN-6). */
export const TODOS_PROJECTION = {
  key: 'todos',
  stateSchema: planSchema,
  init: (): Todo[] | null => null,
  apply: (state: Todo[] | null, event: LogEvent): Todo[] | null => standingStep(state, event),
  wire: { viewSchema: planSchema, view: (state: Todo[] | null): Todo[] | null => state },
  stateVersion: 2,
}

/** What the plugin needs of the harness's projection registry. */
export interface SessionProjections {
  register(definition: typeof TODOS_PROJECTION): () => void
}

/** A cordis context that can wait for an optional service (cordis 3 and 4 both have `inject`). */
export interface ReleaseContext extends PluginContext {
  inject(deps: string[], callback: (ctx: { sessionProjections: SessionProjections }) => void): unknown
}

const RELEASE: PluginProfile<ReleaseConfig> = {
  Config,
  options: ({ allowParallelInProgress }) => ({ ...PROFILES['dsh-0.1.1-rc.2'], allowParallelInProgress }),
  extend: (ctx) => {
    // Registered in a child of the plugin's fiber, so it goes with the plugin.
    ;(ctx as ReleaseContext).inject(['sessionProjections'], (child) => void child.sessionProjections.register(TODOS_PROJECTION))
  },
}

/** `ctx` typed `object`, as the main entry's: the release's `Context` fits as it is. */
export function apply(ctx: object, config?: ReleaseConfig | null): void {
  applyProfile(RELEASE, ctx, config)
}
