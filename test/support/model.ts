// An independent model of spec/todo.md, written from its tables rather than from src/:
// the trim set of TW-TRIM-1, the quoting of TW-DUP-2, the check order of TW-ORDER-1, the
// schema violations of TW-ARGS-*. Properties and the fuzzer compare the implementation
// against it. Linear in the input, so the fuzzer can ask it about 10^5-item lists.

/** TW-TRIM-1's table, by code point. */
export const TRIM_SET: readonly number[] = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029,
  0x202f, 0x205f, 0x3000, 0xfeff,
]
/** Code points a port is tempted to trim but MUST NOT (TW-TRIM-1). */
export const NOT_TRIMMED: readonly number[] = [0x00, 0x08, 0x0e, 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060]

const trimSet = new Set(TRIM_SET)

export function modelTrim(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && trimSet.has(text.charCodeAt(start))) start++
  while (end > start && trimSet.has(text.charCodeAt(end - 1))) end--
  return text.slice(start, end)
}

const SHORT_ESCAPES: Record<number, string> = { 0x22: '\\"', 0x5c: '\\\\', 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0c: '\\f', 0x0d: '\\r' }
const hex4 = (unit: number): string => '\\u' + unit.toString(16).padStart(4, '0')
const isHigh = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff
const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff

/** TW-DUP-2's table, code unit by code unit. */
export function modelQuote(text: string): string {
  let out = '"'
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    const short = SHORT_ESCAPES[unit]
    if (short !== undefined) out += short
    else if (unit < 0x20) out += hex4(unit)
    else if (isHigh(unit) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) out += text[i]! + text[++i]!
    else if (isHigh(unit) || isLow(unit)) out += hex4(unit)
    else out += text[i]
  }
  return out + '"'
}

export const STATUS_VALUES = ['pending', 'in_progress', 'completed'] as const

export interface ModelItem {
  content: string
  status: string
}

/** Which check refused a call (the `kind` of the library's TodoWriteError, docs/api.md), or null when it passed them all. */
export type ModelKind = 'lossless' | 'arguments' | 'empty' | 'duplicate' | 'in_progress' | 'owner' | null

/** The check that decides a schema-valid call, per TW-ORDER-1, and the text it gives. */
function modelVerdict(items: readonly ModelItem[], agent: boolean, allowParallel: boolean, parentheses: boolean): { kind: ModelKind; text: string } {
  const earlier = new Set<string>()
  for (const item of items) {
    const trimmed = modelTrim(item.content)
    if (trimmed === '') return { kind: 'empty', text: 'Error: invalid todo: `content` must be a non-empty string' }
    if (earlier.has(trimmed)) return { kind: 'duplicate', text: `Error: invalid todos: duplicate content ${modelQuote(trimmed)}` }
    earlier.add(trimmed)
  }
  const count = (status: string) => items.filter((item) => item.status === status).length
  const active = count('in_progress')
  if (active > 1 && !allowParallel)
    return { kind: 'in_progress', text: `Error: invalid todos: at most one task may be in_progress${parentheses ? ` (got ${active})` : `, got ${active}`}` }
  if (!agent) return { kind: 'owner', text: 'Error: todo_write requires an owning agent session' }
  return { kind: null, text: `Updated todo list: ${count('pending')} pending, ${count('in_progress')} in progress, ${count('completed')} completed.` }
}

/**
 * The text of a call whose arguments are schema-valid, per TW-ORDER-1: first failing
 * item (empty, else duplicate of an earlier trimmed content), then the count, then the owner.
 */
export function modelText(items: readonly ModelItem[], agent: boolean, allowParallel = false, parentheses = false): string {
  return modelVerdict(items, agent, allowParallel, parentheses).text
}

/** The snapshot an accepted call logs (TW-EVENT-1). */
export const modelSnapshot = (items: readonly ModelItem[]): ModelItem[] => items.map((item) => ({ content: modelTrim(item.content), status: item.status }))

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const owns = (object: object, key: string): boolean => Object.hasOwn(object, key)
const STATUS_LIST = JSON.stringify(STATUS_VALUES)

/**
 * TW-ARGS-1…10: every schema violation of `args`, in the walk order of TW-ARGS-10, worded as
 * the spec words them; empty when the arguments pass. `closedItems` is
 * `unknownItemKeys: "reject"` (TW-OPT-KEYS-2). Reads only the top level, `todos`, its items
 * and their keys: values nested deeper are never visited, however deep.
 */
export function modelViolations(args: unknown, closedItems = false): string[] {
  if (!isObject(args)) return ['"arguments" must be an object']
  if (!owns(args, 'todos')) return ['missing required property "todos"']
  const todos = args.todos
  if (!Array.isArray(todos)) return ['"todos" must be an array']
  const out: string[] = []
  for (let i = 0; i < todos.length; i++) {
    const item: unknown = todos[i]
    const at = `todos[${i}]`
    if (!isObject(item)) {
      out.push(`"${at}" must be an object`)
      continue
    }
    for (const key of ['content', 'status']) if (!owns(item, key)) out.push(`missing required property "${at}.${key}"`)
    if (owns(item, 'content') && typeof item.content !== 'string') out.push(`"${at}.content" must be a string`)
    if (owns(item, 'status')) {
      if (typeof item.status !== 'string') out.push(`"${at}.status" must be a string`)
      else if (!(STATUS_VALUES as readonly string[]).includes(item.status)) out.push(`"${at}.status" must be one of ${STATUS_LIST}`)
    }
    if (closedItems) {
      for (const key of Object.keys(item))
        if (key !== 'content' && key !== 'status') out.push(`"${at}.${key}" is not a declared property (additionalProperties: false)`)
    }
  }
  return out
}

/** Options as the model reads them (spec section 8: a profile sets all three; a given key overrides it). */
export interface ModelOptions {
  profile?: string
  allowParallelInProgress?: boolean
  unknownItemKeys?: 'drop' | 'reject'
  activeLimitWording?: 'comma' | 'parentheses'
}

export type ModelSettings = Required<Omit<ModelOptions, 'profile'>>

/** TW-PROFILE-1's table. */
const MODEL_PROFILES: Record<string, ModelSettings> = {
  seed: { allowParallelInProgress: false, unknownItemKeys: 'drop', activeLimitWording: 'comma' },
  'dsh-0.1.1-rc.2': { allowParallelInProgress: false, unknownItemKeys: 'reject', activeLimitWording: 'parentheses' },
}

/** One problem of an options value (TW-OPT-1): the key it is about, when there is one. */
export interface ModelOptionIssue {
  key?: string
  message: string
}

/** TW-OPT-1's `<JSON>`: the value as JSON.stringify writes it, `undefined` where it writes nothing. */
function shownValue(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined'
  } catch {
    return '(a value JSON cannot write)'
  }
}

/** TW-OPT-1's table of problems, by option: the values an enumerated option takes, in the text's order; a boolean option has none. */
const OPTION_VALUES: Record<string, readonly string[] | 'boolean'> = {
  profile: ['seed', 'dsh-0.1.1-rc.2'],
  allowParallelInProgress: 'boolean',
  unknownItemKeys: ['drop', 'reject'],
  activeLimitWording: ['comma', 'parentheses'],
}

/**
 * TW-OPT-1: an options value read as every entry point reads it: `undefined` and `null` are
 * `{}`; only own enumerable keys, in their order; every unknown key and every bad value one
 * issue; the profile's settings (TW-PROFILE-1) where a key is absent.
 */
export function modelOptions(raw: unknown): { ok: true; settings: ModelSettings } | { ok: false; issues: ModelOptionIssue[] } {
  if (raw === undefined || raw === null) return { ok: true, settings: MODEL_PROFILES.seed! }
  if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, issues: [{ message: `options must be an object, got ${shownValue(raw)}` }] }
  const issues: ModelOptionIssue[] = []
  const given: Record<string, unknown> = {}
  for (const key of Object.keys(raw)) {
    const value: unknown = (raw as Record<string, unknown>)[key]
    const allowed = owns(OPTION_VALUES, key) ? OPTION_VALUES[key] : undefined
    if (allowed === undefined) {
      issues.push({
        key,
        message: `unknown option ${JSON.stringify(key)} (the options are profile, allowParallelInProgress, unknownItemKeys, activeLimitWording)`,
      })
    } else if (allowed === 'boolean' ? typeof value !== 'boolean' : !allowed.includes(value as string)) {
      const expected = allowed === 'boolean' ? 'a boolean' : allowed.map((v) => JSON.stringify(v)).join(' or ')
      issues.push({ key, message: `${key} must be ${expected}, got ${shownValue(value)}` })
    } else given[key] = value
  }
  if (issues.length > 0) return { ok: false, issues }
  const { profile = 'seed', ...settings } = given
  return { ok: true, settings: { ...MODEL_PROFILES[profile as string]!, ...settings } }
}

/** The message of the TypeError the library throws for bad options (docs/api.md, `OptionsError`). */
export const modelOptionsMessage = (issues: readonly ModelOptionIssue[]): string =>
  `invalid todo_write options: ${issues.map((issue) => issue.message).join('; ')}`

/** TW-OPT-PARALLEL-2: the tool description, as docs/model-experience.md shows it, with the in_progress policy in force. */
export function modelDescription(allowParallel: boolean): string {
  return [
    'Keep your task list for this session. Send the ENTIRE list on every call: it replaces the previous list, there are no partial edits.',
    'Each item has `content` (what to do) and `status`: pending, in_progress or completed.',
    allowParallel ? 'Several tasks may be in_progress at once when you work on them in parallel.' : 'At most one task may be in_progress at a time.',
    'Mark a task completed as soon as it is done, and move the next one to in_progress.',
    'Skip this tool for trivial work that takes a single step.',
  ].join(' ')
}

/** TW-PRESENT-1: the card for arguments that pass the schema of the options in force; none otherwise. */
export function modelPresentCall(args: unknown, closedItems: boolean): { card: 'generic'; title: string; kind: 'other'; rawInput: unknown } | undefined {
  if (modelViolations(args, closedItems).length > 0) return undefined
  return { card: 'generic', title: 'Update todo list', kind: 'other', rawInput: (args as { todos: unknown }).todos }
}

/** TW-PLUGIN-4: the keywords of the registry's JSON Schema subset for an output schema. */
export const OUTPUT_SCHEMA_KEYWORDS: readonly string[] =
  'type properties required additionalProperties items enum const oneOf description title default examples'.split(' ')

/**
 * A thenable, as the ECMAScript promise machinery sees one (TW-APPEND-1: a session whose
 * append returns one appends asynchronously): an object or a function with a callable `then`.
 */
export const modelIsThenable = (value: unknown): boolean =>
  (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'

/** What a thrown or rejected value says after `Error: ` (TW-APPEND-1, TW-ENVELOPE-1): an Error's message; a string as it is. */
export const modelThrownMessage = (thrown: Error | string): string => (typeof thrown === 'string' ? thrown : thrown.message)

/**
 * TW-JSON-2: whether the registry's copy keeps `value` whole: JSON data only (no -0, no
 * ±Infinity or NaN, no hole, no `undefined`, no function, no cycle, plain prototypes). A
 * value met again on another path, shared but not inside itself, is data like any other.
 * Iterative, like the registry's: any depth.
 */
export function modelLossless(value: unknown): boolean {
  // An `exit` entry marks the end of a container's contents: it leaves the path there.
  const stack: ({ exit: object } | { value: unknown })[] = [{ value }]
  const path = new Set<object>()
  while (stack.length > 0) {
    const top = stack.pop()!
    if ('exit' in top) {
      path.delete(top.exit)
      continue
    }
    const v = top.value
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || Object.is(v, -0)) return false
      continue
    }
    if (typeof v !== 'object' || path.has(v)) return false
    path.add(v)
    stack.push({ exit: v })
    if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype) return false
      for (let i = 0; i < v.length; i++) {
        if (!(i in v)) return false
        stack.push({ value: v[i] })
      }
    } else {
      const proto: unknown = Object.getPrototypeOf(v)
      if (proto !== Object.prototype && proto !== null) return false
      for (const key of Object.keys(v)) stack.push({ value: (v as Record<string, unknown>)[key] })
    }
  }
  return true
}

export const NOT_LOSSLESS_TEXT = 'Error: tool execution arguments must be losslessly JSON-serializable'

/** TW-ARGS-11: a refusal lists the first 100 violations, then how many more there are. */
export const MODEL_VIOLATIONS_LISTED = 100

/**
 * The whole outcome of one call per the spec: the text, the snapshot an accepted call logs
 * (null when refused), which check refused it and the schema violations its text lists
 * (empty unless that check is the schema's).
 */
export function modelCall(
  args: unknown,
  agent: boolean,
  options: ModelOptions = {},
): { text: string; snapshot: ModelItem[] | null; kind: ModelKind; violations: string[] } {
  const settings = { ...MODEL_PROFILES[options.profile ?? 'seed']!, ...options }
  if (!modelLossless(args)) return { text: NOT_LOSSLESS_TEXT, snapshot: null, kind: 'lossless', violations: [] }
  const all = modelViolations(args, settings.unknownItemKeys === 'reject')
  if (all.length > 0) {
    const violations = all.slice(0, MODEL_VIOLATIONS_LISTED)
    const more = all.length - violations.length
    const summary = more === 0 ? [] : [more === 1 ? 'and 1 more violation not listed' : `and ${more} more violations not listed`]
    return { text: `Error: invalid arguments: ${[...violations, ...summary].join('; ')}`, snapshot: null, kind: 'arguments', violations }
  }
  const items = (args as { todos: ModelItem[] }).todos
  const { kind, text } = modelVerdict(items, agent, settings.allowParallelInProgress === true, settings.activeLimitWording === 'parentheses')
  return { text, snapshot: kind === null ? modelSnapshot(items) : null, kind, violations: [] }
}

// TW-JSON-4's tokens, as the spec writes them; strings are read by hand, as a regular expression
// for them runs out of stack on a long string.
const JSON_WS = /[ \t\n\r]*/y
const JSON_NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y
const JSON_LITERAL = /true|false|null/y
const JSON_COLON = /:/y
const HEX4 = /^[0-9A-Fa-f]{4}$/
const SHORT_ESCAPE_LETTERS = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])

/**
 * TW-JSON-4: whether `text` is a JSON text by the grammar of ECMA-404 / RFC 8259 — one value,
 * whitespace (space, tab, LF, CR only) around and between its tokens; numbers
 * `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; strings without a raw U+0000–U+001F,
 * escapes `\" \\ \/ \b \f \n \r \t` and `\u` with four ASCII hex digits; `true`, `false`,
 * `null`. Written from the grammar, not from JSON.parse, so the vectors' split between JSON
 * and not-JSON has two independent witnesses. Iterative: any depth.
 */
export function modelIsJsonText(text: string): boolean {
  let i = 0
  /** Whether `token` matches at `i`, and if so past it. */
  const eat = (token: RegExp): boolean => {
    token.lastIndex = i
    if (!token.test(text)) return false
    i = token.lastIndex
    return true
  }
  const ws = () => eat(JSON_WS)
  const string = (): boolean => {
    if (text[i] !== '"') return false
    for (i++; i < text.length; ) {
      const unit = text.charCodeAt(i)
      if (unit === 0x22) {
        i++
        return true
      }
      if (unit < 0x20) return false
      if (unit !== 0x5c) i++
      else if (text[i + 1] === 'u' && HEX4.test(text.slice(i + 2, i + 6))) i += 6
      else if (SHORT_ESCAPE_LETTERS.has(text[i + 1] ?? '')) i += 2
      else return false
    }
    return false
  }
  /** A member's key and colon, and the whitespace after it. */
  const keyAndColon = (): boolean => string() && ws() && eat(JSON_COLON) && ws()
  const open: ('[' | '{')[] = []
  ws()
  for (;;) {
    // A value starts here.
    const c = text[i]
    if (c === '[' || c === '{') {
      i++
      ws()
      if (text[i] === (c === '[' ? ']' : '}')) i++
      else {
        if (c === '{' && !keyAndColon()) return false
        open.push(c)
        continue
      }
    } else if (!(c === '"' ? string() : eat(JSON_NUMBER) || eat(JSON_LITERAL))) return false
    // A value ended: close what it ends, or go on to the next member.
    for (;;) {
      ws()
      const top = open.at(-1)
      if (top === undefined) return i === text.length
      if (text[i] === ',') {
        i++
        ws()
        if (top === '{' && !keyAndColon()) return false
        break
      }
      if (text[i] !== (top === '[' ? ']' : '}')) return false
      i++
      open.pop()
    }
  }
}
