// The deployment options (spec section 8) and the profiles that set them all at once: one
// per harness release whose behaviour we reproduce. Every entry point that takes options
// reads them here: only own keys count, an unknown key or a bad value is an issue, and
// absent keys take the profile's settings.
import Type, { type Static } from 'typebox'

/** How the in_progress refusal writes its count (TW-OPT-WORDING-1). */
export type ActiveLimitWording = 'comma' | 'parentheses'

/** What happens to item keys other than `content` and `status` (TW-OPT-KEYS-*). */
export type UnknownItemKeys = 'drop' | 'reject'

export interface ResolvedOptions {
  /** Accept any number of `in_progress` items (TW-OPT-PARALLEL-*). */
  allowParallelInProgress: boolean
  /** `drop` accepts and drops extra item keys; `reject` closes the item schema. */
  unknownItemKeys: UnknownItemKeys
  /** `comma`: `…, got 2`; `parentheses`: `… (got 2)`. */
  activeLimitWording: ActiveLimitWording
}

/** The named profiles (TW-PROFILE-1): `seed` is the default. */
export const PROFILES = {
  /** The harness at 66c36e7325, the seed's. */
  seed: { allowParallelInProgress: false, unknownItemKeys: 'drop', activeLimitWording: 'comma' },
  /** The harness release dsh 0.1.1-rc.2 (b150a551b8). */
  'dsh-0.1.1-rc.2': { allowParallelInProgress: false, unknownItemKeys: 'reject', activeLimitWording: 'parentheses' },
} as const satisfies Record<string, ResolvedOptions>

export type ProfileName = keyof typeof PROFILES
export const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[]
export const DEFAULT_PROFILE: ProfileName = 'seed'

/** The options as every entry point spells them: each key optional. */
export const OptionsSchema = Type.Object(
  {
    profile: Type.Optional(
      Type.Enum(PROFILE_NAMES, {
        type: 'string',
        default: DEFAULT_PROFILE,
        description: 'The harness release whose behaviour to reproduce; sets the other options.',
      }),
    ),
    allowParallelInProgress: Type.Optional(Type.Boolean({ description: 'Accept any number of in_progress items.' })),
    unknownItemKeys: Type.Optional(Type.Enum(['drop', 'reject'], { type: 'string', description: 'Drop extra item keys, or reject the call.' })),
    activeLimitWording: Type.Optional(Type.Enum(['comma', 'parentheses'], { type: 'string', description: 'How the in_progress refusal writes its count.' })),
  },
  { additionalProperties: false },
)
export type TodoWriteOptions = Static<typeof OptionsSchema>

export const DEFAULT_OPTIONS: ResolvedOptions = PROFILES[DEFAULT_PROFILE]

/** One problem with an options value; `key` names the option, when there is one. */
export interface OptionIssue {
  message: string
  key?: string
}

export type OptionsResult = { ok: true; options: ResolvedOptions } | { ok: false; issues: OptionIssue[] }

type PropertySchema = { type?: string; enum?: readonly string[] }
const PROPERTIES = OptionsSchema.properties as unknown as Record<string, PropertySchema>
const KNOWN = Object.keys(PROPERTIES)

/** A bad value as a message shows it: its JSON text (`undefined` for none), or that it has none JSON can write. */
const shown = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? 'undefined'
  } catch {
    return '(a value JSON cannot write)'
  }
}

/** `"a" or "b"`, `"a", "b" or "c"`. */
export const alternatives = (values: readonly string[]): string => {
  const quoted = values.map((value) => JSON.stringify(value))
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`
}

function valueIssue(key: string, schema: PropertySchema, value: unknown): OptionIssue | null {
  if (schema.enum !== undefined) {
    return schema.enum.includes(value as string) ? null : { key, message: `${key} must be ${alternatives(schema.enum)}, got ${shown(value)}` }
  }
  return typeof value === 'boolean' ? null : { key, message: `${key} must be a boolean, got ${shown(value)}` }
}

/**
 * Read an options value (TW-OPT-1): `undefined` and `null` are `{}`; only own enumerable
 * keys are read, each once; the profile's settings fill what is absent.
 */
export function parseOptions(raw: unknown): OptionsResult {
  if (raw === undefined || raw === null) return { ok: true, options: DEFAULT_OPTIONS }
  if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, issues: [{ message: `options must be an object, got ${shown(raw)}` }] }
  const keys = Object.keys(raw)
  const given: Record<string, unknown> = {}
  const issues: OptionIssue[] = []
  for (const key of keys) {
    const schema = Object.hasOwn(PROPERTIES, key) ? PROPERTIES[key]! : undefined
    if (schema === undefined) {
      issues.push({ key, message: `unknown option ${JSON.stringify(key)} (the options are ${KNOWN.join(', ')})` })
      continue
    }
    const value = (raw as Record<string, unknown>)[key]
    const issue = valueIssue(key, schema, value)
    if (issue === null) given[key] = value
    else issues.push(issue)
  }
  if (issues.length > 0) return { ok: false, issues }
  const { profile = DEFAULT_PROFILE, ...settings } = given as TodoWriteOptions
  return { ok: true, options: { ...PROFILES[profile], ...settings } }
}

/** A bad options value given to a library function. */
export class OptionsError extends TypeError {
  readonly issues: readonly OptionIssue[]
  constructor(issues: readonly OptionIssue[]) {
    super(`invalid todo_write options: ${issues.map((issue) => issue.message).join('; ')}`)
    this.name = 'OptionsError'
    this.issues = issues
  }
}

/** The resolved options, or an OptionsError naming every problem. */
export function resolveOptions(raw?: unknown): ResolvedOptions {
  const result = parseOptions(raw)
  if (!result.ok) throw new OptionsError(result.issues)
  return result.options
}
