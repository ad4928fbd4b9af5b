// Hostile arguments for the fuzzer, as JSON TEXT (what the harness hands to JSON.parse, so
// repeated keys, `__proto__` keys and escapes are exactly as a model could send them):
// prototype-named keys and contents, lone surrogates, NUL, every trim-set character, near
// misses of every schema rule; and the giants — 1 MB contents, 10^5 items, 10^4 and 10^5
// levels of nesting — built on purpose, once each, at fixed points of a run.
import { seededRandom } from '../../../bench/random.js'
import { NOT_TRIMMED, STATUS_VALUES, TRIM_SET } from '../../support/model.js'

export type Random = () => number

// The benchmark's seeded generator (mulberry32), shared so both draw the same way.
export { seededRandom }

const int = (random: Random, below: number): number => Math.floor(random() * below)
const pick = <T>(random: Random, list: readonly T[]): T => list[int(random, list.length)]!
const chance = (random: Random, p: number): boolean => random() < p
const quote = (text: string): string => JSON.stringify(text)

/** Keys that name things on Object.prototype or bend key order (array-index keys, near-index keys). */
export const HOSTILE_KEYS = [
  '__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable',
  '__defineGetter__', '__lookupSetter__', 'prototype', 'length', 'then', 'toJSON',
  '0', '1', '10', '01', '4294967294', '4294967295', '-1', '1e3', '', ' ', 'content ', 'Content', 'STATUS', 'status\u0000',
  'id', 'note', 'activeForm', '\ud800', '\u2028', 'todos',
] as const

/** Strings that are prototype names, JSON-ish, escapes, surrogates, controls, whitespace. */
export const HOSTILE_STRINGS = [
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'valueOf', 'then',
  '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83d', '\ude00y', '\ud83d\ude00', '\udbff\udfff',
  '\u2028', '\u2029', '\u0085', '\ufeff', '\u00a0', '\u180e', '\u200b', ' ', '\t\n', '\r\n', '"', '\\', '\\u0000', '/',
  '</script>', 'null', '[]', '{}', 'pending', 'in_progress', 'completed', 'Pending', 'é', 'e\u0301', 'ﬀ', 'İ', 'ß',
  'read the code', 'run tests', 'a', 'b',
] as const

const NEAR_STATUSES = ['Pending', 'PENDING', ' pending', 'pending ', 'in progress', 'in-progress', 'done', 'todo', '', '__proto__', 'toString', 'constructor', 'completed\u0000', 'completed\u200b'] as const

const padding = (random: Random): string => {
  let out = ''
  for (let n = int(random, 4); n > 0; n--) out += String.fromCodePoint(pick(random, chance(random, 0.7) ? TRIM_SET : NOT_TRIMMED))
  return out
}

/** One to four pieces: hostile strings and random UTF-16 code units (lone surrogates included). */
export function hostileString(random: Random): string {
  let out = ''
  for (let n = 1 + int(random, 4); n > 0; n--) {
    if (chance(random, 0.6)) out += pick(random, HOSTILE_STRINGS)
    else for (let k = 1 + int(random, 6); k > 0; k--) out += String.fromCharCode(chance(random, 0.5) ? 0x20 + int(random, 0x5f) : int(random, 0x10000))
  }
  return chance(random, 0.5) ? padding(random) + out + padding(random) : out
}

/** A JSON text of any value, nested at most `depth` more levels. */
export function hostileValue(random: Random, depth: number): string {
  const kind = depth <= 0 ? int(random, 4) : int(random, 6)
  switch (kind) {
    case 0:
      return quote(hostileString(random))
    case 1:
      return pick(random, ['0', '-0', '1', '-1', '1.5', '1e308', '-1e-7', '4294967295', '9007199254740993'])
    case 2:
      return pick(random, ['true', 'false', 'null'])
    case 3:
      return pick(random, ['[]', '{}', '""', '[null]', '{"":null}', '{"__proto__":null}', '{"__proto__":{"content":"x","status":"pending"}}'])
    case 4:
      return `[${Array.from({ length: int(random, 4) }, () => hostileValue(random, depth - 1)).join(',')}]`
    default:
      return `{${Array.from({ length: int(random, 4) }, () => `${quote(pick(random, HOSTILE_KEYS))}:${hostileValue(random, depth - 1)}`).join(',')}}`
  }
}

/** An item's JSON text: mostly close to valid, keys in any order, repeated keys, prototype-named keys. */
function hostileItem(random: Random, contents: string[]): string {
  if (chance(random, 0.03)) return hostileValue(random, 2)
  const entries: string[] = []
  if (chance(random, 0.98)) {
    let content: string
    if (contents.length > 0 && chance(random, 0.25)) content = padding(random) + pick(random, contents) + padding(random)
    else content = hostileString(random)
    contents.push(content)
    entries.push(`"content":${chance(random, 0.97) ? quote(content) : hostileValue(random, 1)}`)
  }
  if (chance(random, 0.98)) {
    const status = chance(random, 0.93) ? quote(pick(random, STATUS_VALUES)) : chance(random, 0.6) ? quote(pick(random, NEAR_STATUSES)) : hostileValue(random, 1)
    entries.push(`"status":${status}`)
  }
  for (let n = chance(random, 0.3) ? 1 + int(random, 3) : 0; n > 0; n--) entries.push(`${quote(pick(random, HOSTILE_KEYS))}:${hostileValue(random, 2)}`)
  // A repeated key: JSON.parse keeps the LAST value at the FIRST position (TW-JSON-1).
  if (entries.length > 0 && chance(random, 0.05)) entries.push(entries[int(random, entries.length)]!.replace(/:.*$/s, `:${chance(random, 0.5) ? quote(pick(random, STATUS_VALUES)) : hostileValue(random, 1)}`))
  for (let i = entries.length - 1; i > 0; i--) {
    const j = int(random, i + 1)
    ;[entries[i], entries[j]] = [entries[j]!, entries[i]!]
  }
  return `{${entries.join(',')}}`
}

/** A call's arguments text: mostly `{"todos":[…]}` with hostile items and keys, sometimes anything at all. */
export function hostileArguments(random: Random): string {
  if (chance(random, 0.1)) return hostileValue(random, 3)
  const contents: string[] = []
  const todos = `[${Array.from({ length: int(random, 9) }, () => hostileItem(random, contents)).join(',')}]`
  const entries = [`"todos":${todos}`]
  if (chance(random, 0.05)) entries[0] = `"__proto__":{"todos":${todos}}`
  if (chance(random, 0.05)) entries.unshift(`"todos":${hostileValue(random, 1)}`)
  for (let n = chance(random, 0.2) ? 1 + int(random, 2) : 0; n > 0; n--) entries.push(`${quote(pick(random, HOSTILE_KEYS))}:${hostileValue(random, 2)}`)
  return `{${entries.join(',')}}`
}

/** A valid list of `count` distinct contents, statuses rotating with at most one in progress. */
export const validList = (count: number, content: (i: number) => string = (i) => `task ${i}`): string =>
  JSON.stringify({ todos: Array.from({ length: count }, (_, i) => ({ content: content(i), status: i === 0 ? 'in_progress' : i % 2 ? 'pending' : 'completed' })) })

/**
 * Distinct strings of length 40 that differ only at indices 5 and 6: src/distinct.ts files
 * them all under one key, so they drive its fallback rather than its fast path.
 */
export const sharedKeyContent = (i: number): string =>
  'a'.repeat(5) + String.fromCharCode(0x4e00 + (i % 4096), 0x4e00 + Math.floor(i / 4096)) + 'a'.repeat(33)

const deepArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth)
const deepObject = (depth: number): string => '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth)

export interface Giant {
  label: string
  text: string
  options: { allowParallelInProgress?: boolean; unknownItemKeys?: 'drop' | 'reject' }
}

const MB = 1 << 20

/** The giants of issue 7: each built once per run (they are the expensive inputs). */
export function giants(): Giant[] {
  const big = 'x'.repeat(MB)
  const nasty = ('\ud800\u0000"\\\u2028é' + 'y'.repeat(58)).repeat(MB / 64)
  const list = (todos: unknown[]) => JSON.stringify({ todos })
  return [
    { label: '1 MB content, accepted', text: list([{ content: ` ${big} `, status: 'pending' }]), options: {} },
    { label: '1 MB content twice: duplicate, quoted', text: list([{ content: big, status: 'pending' }, { content: big, status: 'completed' }]), options: {} },
    { label: '1 MB of lone surrogates, NUL, quotes, U+2028 twice: duplicate, quoted', text: list([{ content: nasty, status: 'pending' }, { content: nasty, status: 'pending' }]), options: {} },
    { label: '1 MB of trim-set whitespace: empty', text: list([{ content: '\u3000 \ufeff\n'.repeat(MB / 4), status: 'pending' }]), options: {} },
    { label: '10^5 items, accepted', text: validList(100_000), options: {} },
    { label: '10^5 items, duplicate at the end', text: validList(100_000, (i) => (i === 99_999 ? 'task 0' : `task ${i}`)), options: {} },
    { label: '10^5 items sharing one duplicate-check key, accepted', text: validList(100_000, sharedKeyContent), options: {} },
    { label: '10^5 items, 10^5 violations', text: list(Array.from({ length: 100_000 }, (_, i) => ({ content: `t${i}`, status: 'done' }))), options: {} },
    { label: '10^5 undeclared keys on one item (reject)', text: `{"todos":[{"content":"a","status":"pending",${Array.from({ length: 100_000 }, (_, i) => `"${i % 3 ? 'k' : ''}${99_999 - i}":0`).join(',')}}]}`, options: { unknownItemKeys: 'reject' } },
    ...[10_000, 100_000].flatMap((depth): Giant[] => [
      { label: `${depth} nested arrays as the arguments`, text: deepArray(depth), options: {} },
      { label: `${depth} nested arrays as todos`, text: `{"todos":${deepArray(depth)}}`, options: {} },
      { label: `${depth} nested arrays as an item`, text: `{"todos":[${deepArray(depth)}]}`, options: {} },
      { label: `${depth} nested arrays as content`, text: `{"todos":[{"content":${deepArray(depth)},"status":"pending"}]}`, options: {} },
      { label: `${depth} nested arrays as status`, text: `{"todos":[{"content":"a","status":${deepArray(depth)}}]}`, options: {} },
      { label: `${depth} nested objects in an extra item key, accepted`, text: `{"todos":[{"content":"a","status":"pending","x":${deepObject(depth)}}]}`, options: {} },
      { label: `${depth} nested objects in an extra item key (reject)`, text: `{"todos":[{"content":"a","status":"pending","x":${deepObject(depth)}}]}`, options: { unknownItemKeys: 'reject' } },
      { label: `${depth} nested objects in an extra top-level key, accepted`, text: `{"todos":[],"x":${deepObject(depth)}}`, options: {} },
    ]),
  ]
}

/**
 * Protocol requests (spec/protocol.md) with deep nesting or prototype names where the
 * protocol expects something else: each must be answered — with an error response
 * (TW-PROTO-ERROR-1), or for deep arguments text with the call's refusal — and the server
 * must keep serving. 10^5 levels: JSON.stringify cannot write them back, so an error
 * message that quotes them must not use it.
 */
export function hostileRequests(): { label: string; line: string; answer: 'error' | 'call' }[] {
  const deep = deepArray(100_000)
  const call = (fields: string) => `{"id":7,"cmd":"call","session":"s","args":"{\\"todos\\":[]}","agent":true,"options":{}${fields}}`
  return [
    { label: 'a deep id', line: `{"id":${deep},"cmd":"stop"}`, answer: 'error' },
    { label: 'a deep cmd', line: `{"id":7,"cmd":${deep}}`, answer: 'error' },
    { label: 'a deep protocol in start', line: `{"id":7,"cmd":"start","protocol":${deep}}`, answer: 'error' },
    { label: 'a deep session', line: call(`,"session":${deep}`), answer: 'error' },
    { label: 'deep args (not a text)', line: call(`,"args":${deep}`), answer: 'error' },
    { label: 'deep args text', line: call(`,"args":${JSON.stringify(deep)}`), answer: 'call' },
    { label: 'a deep agent', line: call(`,"agent":${deep}`), answer: 'error' },
    { label: 'deep options', line: call(`,"options":${deep}`), answer: 'error' },
    { label: 'a deep option value', line: call(`,"options":{"allowParallelInProgress":${deep}}`), answer: 'error' },
    { label: 'a deep unknown option', line: call(`,"options":{"x":${deep}}`), answer: 'error' },
    { label: 'a __proto__ option', line: call(`,"options":{"__proto__":{"allowParallelInProgress":true}}`), answer: 'error' },
    { label: 'a constructor option', line: call(`,"options":{"constructor":true}`), answer: 'error' },
    { label: 'a toString cmd', line: '{"id":7,"cmd":"toString"}', answer: 'error' },
    { label: 'a __proto__ request', line: '{"__proto__":{"id":7,"cmd":"stop"}}', answer: 'error' },
    { label: 'a deep request', line: deep, answer: 'error' },
  ]
}
