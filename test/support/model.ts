// An independent model of spec/todo.md, written from its tables rather than from src/:
// the trim set of TW-TRIM-1, the quoting of TW-DUP-2, the check order of TW-ORDER-1.
// Properties compare the implementation against it.

/** TW-TRIM-1's table, by code point. */
export const TRIM_SET: readonly number[] = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680,
  ...Array.from({ length: 11 }, (_, i) => 0x2000 + i),
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
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
export function modelText(items: readonly ModelItem[], agent: boolean, allowParallel = false): string {
  const trimmed = items.map((item) => modelTrim(item.content))
  for (let i = 0; i < trimmed.length; i++) {
    if (trimmed[i] === '') return 'Error: invalid todo: `content` must be a non-empty string'
    if (trimmed.indexOf(trimmed[i]!) < i) return `Error: invalid todos: duplicate content ${modelQuote(trimmed[i]!)}`
  }
  const active = items.filter((item) => item.status === 'in_progress').length
  if (active > 1 && !allowParallel) return `Error: invalid todos: at most one task may be in_progress, got ${active}`
  if (!agent) return 'Error: todo_write requires an owning agent session'
  const count = (status: string) => items.filter((item) => item.status === status).length
  return `Updated todo list: ${count('pending')} pending, ${count('in_progress')} in progress, ${count('completed')} completed.`
}

/** The snapshot an accepted call logs (TW-EVENT-1). */
export const modelSnapshot = (items: readonly ModelItem[]): ModelItem[] =>
  items.map((item) => ({ content: modelTrim(item.content), status: item.status }))
