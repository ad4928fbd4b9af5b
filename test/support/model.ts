// An independent model of spec/todo.md, written from its tables rather than from src/:
// the trim set of TW-TRIM-1, the quoting of TW-DUP-2, the check order of TW-ORDER-1, the
// schema violations of TW-ARGS-*. Properties and the fuzzer compare the implementation
// against it. Linear in the input, so the fuzzer can ask it about 10^5-item lists.

/** TW-TRIM-1's table, by code point. */
export const TRIM_SET: readonly number[] = [
  0x09,
  0x0a,
  0x0b,
  0x0c,
  0x0d,
  0x20,
  0xa0,
  0x1680,
  ...Array.from({ length: 11 }, (_, i) => 0x2000 + i),
  0x2028,
  0x2029,
  0x202f,
  0x205f,
  0x3000,
  0xfeff,
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

/**
 * The text of a call whose arguments are schema-valid, per TW-ORDER-1: first failing
 * item (empty, else duplicate of an earlier trimmed content), then the count, then the owner.
 */
export function modelText(items: readonly ModelItem[], agent: boolean, allowParallel = false, parentheses = false): string {
  const earlier = new Set<string>()
  for (const item of items) {
    const trimmed = modelTrim(item.content)
    if (trimmed === '') return 'Error: invalid todo: `content` must be a non-empty string'
    if (earlier.has(trimmed)) return `Error: invalid todos: duplicate content ${modelQuote(trimmed)}`
    earlier.add(trimmed)
  }
  const active = items.filter((item) => item.status === 'in_progress').length
  if (active > 1 && !allowParallel) return `Error: invalid todos: at most one task may be in_progress${parentheses ? ` (got ${active})` : `, got ${active}`}`
  if (!agent) return 'Error: todo_write requires an owning agent session'
  const count = (status: string) => items.filter((item) => item.status === status).length
  return `Updated todo list: ${count('pending')} pending, ${count('in_progress')} in progress, ${count('completed')} completed.`
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

/** TW-PROFILE-1's table. */
const MODEL_PROFILES: Record<string, Required<Omit<ModelOptions, 'profile'>>> = {
  seed: { allowParallelInProgress: false, unknownItemKeys: 'drop', activeLimitWording: 'comma' },
  'dsh-0.1.1-rc.2': { allowParallelInProgress: false, unknownItemKeys: 'reject', activeLimitWording: 'parentheses' },
}

/**
 * TW-JSON-2: whether the registry's copy keeps `value` whole: JSON data only (no -0, no
 * ±Infinity or NaN, no hole, no `undefined`, no function, no cycle, plain prototypes).
 * Iterative, like the registry's: any depth.
 */
export function modelLossless(value: unknown): boolean {
  const stack: unknown[] = [value]
  const seen = new Set<object>()
  while (stack.length > 0) {
    const v = stack.pop()
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || Object.is(v, -0)) return false
      continue
    }
    if (typeof v !== 'object' || seen.has(v)) return false
    seen.add(v)
    if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype) return false
      for (let i = 0; i < v.length; i++) {
        if (!(i in v)) return false
        stack.push(v[i])
      }
    } else {
      const proto: unknown = Object.getPrototypeOf(v)
      if (proto !== Object.prototype && proto !== null) return false
      for (const key of Object.keys(v)) stack.push((v as Record<string, unknown>)[key])
    }
  }
  return true
}

export const NOT_LOSSLESS_TEXT = 'Error: tool execution arguments must be losslessly JSON-serializable'

/** The whole outcome of one call per the spec: the text, and the snapshot an accepted call logs (null when refused). */
export function modelCall(args: unknown, agent: boolean, options: ModelOptions = {}): { text: string; snapshot: ModelItem[] | null } {
  const settings = { ...MODEL_PROFILES[options.profile ?? 'seed']!, ...options }
  if (!modelLossless(args)) return { text: NOT_LOSSLESS_TEXT, snapshot: null }
  const violations = modelViolations(args, settings.unknownItemKeys === 'reject')
  if (violations.length > 0) return { text: `Error: invalid arguments: ${violations.join('; ')}`, snapshot: null }
  const items = (args as { todos: ModelItem[] }).todos
  const text = modelText(items, agent, settings.allowParallelInProgress === true, settings.activeLimitWording === 'parentheses')
  return { text, snapshot: text.startsWith('Error: ') ? null : modelSnapshot(items) }
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9'
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
  const ws = () => {
    while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r') i++
  }
  const digits = (): boolean => {
    const start = i
    while (isDigit(text[i])) i++
    return i > start
  }
  const number = (): boolean => {
    if (text[i] === '-') i++
    if (text[i] === '0') i++
    else if (!digits()) return false
    if (text[i] === '.') {
      i++
      if (!digits()) return false
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++
      if (text[i] === '+' || text[i] === '-') i++
      if (!digits()) return false
    }
    return true
  }
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
  const keyAndColon = (): boolean => {
    if (!string()) return false
    ws()
    if (text[i] !== ':') return false
    i++
    ws()
    return true
  }
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
    } else if (c === '"') {
      if (!string()) return false
    } else if (c === '-' || isDigit(c)) {
      if (!number()) return false
    } else {
      const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i))
      if (literal === undefined) return false
      i += literal.length
    }
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
