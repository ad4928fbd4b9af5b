// The fuzzer's inputs (TW-KIT-FUZZ-1): call sequences whose arguments are JSON TEXTS built
// from a small syntax tree, so a text can repeat a key, name `__proto__`, escape any
// character or not, and put integer-like keys anywhere — what a port's JSON parser and
// key order must get right. Contents stress trimming, quoting and duplicates.
import fc from 'fast-check'
import { PROFILE_NAMES, type ProfileName } from '../core/options.js'

/** A JSON text's syntax: objects keep their entries as written, repeats included. */
export type JsonNode =
  | { kind: 'object'; entries: [JsonString, JsonNode][] }
  | { kind: 'array'; items: JsonNode[] }
  | JsonString
  | { kind: 'literal'; text: string }

/** A string and how it is written: `ascii` escapes every non-ASCII code unit as `\uXXXX`. */
export interface JsonString {
  kind: 'string'
  value: string
  ascii: boolean
}

export interface GeneratedCall {
  args: JsonNode
  /** Write the text with a space after `:` and `,`. */
  spaced: boolean
  agent: boolean
}

export interface Sequence {
  options: Record<string, unknown>
  calls: GeneratedCall[]
}

const quote = ({ value, ascii }: JsonString): string => {
  const text = JSON.stringify(value) // lone surrogates come out escaped
  return ascii ? text.replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) : text
}

/** The JSON text of a tree. */
export function jsonText(node: JsonNode, spaced = false): string {
  const [colon, comma] = spaced ? [': ', ', '] : [':', ',']
  switch (node.kind) {
    case 'object':
      return `{${node.entries.map(([key, value]) => quote(key) + colon + jsonText(value, spaced)).join(comma)}}`
    case 'array':
      return `[${node.items.map((item) => jsonText(item, spaced)).join(comma)}]`
    case 'string':
      return quote(node)
    case 'literal':
      return node.text
  }
}

const str = (value: fc.Arbitrary<string>): fc.Arbitrary<JsonString> =>
  fc.record({ kind: fc.constant('string' as const), value, ascii: fc.boolean() })
const key = (...names: string[]) => str(fc.constantFrom(...names))
const literal = fc.constantFrom('null', 'true', 'false', '0', '7', '-1.5e3', '1e400').map((text) => ({ kind: 'literal' as const, text }))
const object = (entries: fc.Arbitrary<[JsonString, JsonNode][]>): fc.Arbitrary<JsonNode> => entries.map((e) => ({ kind: 'object' as const, entries: e }))
const array = (items: fc.Arbitrary<JsonNode[]>): fc.Arbitrary<JsonNode> => items.map((i) => ({ kind: 'array' as const, items: i }))
const entry = (name: fc.Arbitrary<JsonString>, value: fc.Arbitrary<JsonNode>) => fc.tuple(name, value)

/** Code points inside the trim set of TW-TRIM-1 and just outside it (other runtimes' trims). */
const NEAR_WHITESPACE = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2007, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
  0x00, 0x08, 0x0e, 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060,
].map((c) => String.fromCodePoint(c))

const padding = fc.array(fc.constantFrom(...NEAR_WHITESPACE), { maxLength: 3 }).map((chars) => chars.join(''))
/** A small pool makes duplicates (after trimming) frequent. */
const pooled = fc.constantFrom('a', 'b', 'run tests', '', 'é', 'e\u0301', '"q"', 'x\\y', 'tab\there', '\u2028', 'a\ud800', '😀', '\ude00\ud83d', '\u007f/')
const core = fc.oneof({ weight: 5, arbitrary: pooled }, fc.string({ unit: 'binary', maxLength: 8 }), fc.string({ unit: 'binary-ascii', maxLength: 6 }))
export const content = fc.tuple(padding, core, padding).map(([before, middle, after]) => before + middle + after)

const STATUS = fc.constantFrom('pending', 'in_progress', 'completed')
const statusValue: fc.Arbitrary<JsonNode> = fc.oneof(
  { weight: 12, arbitrary: str(STATUS) },
  str(fc.constantFrom('Pending', ' pending', 'done', 'in progress', '')),
  literal,
)
const contentValue: fc.Arbitrary<JsonNode> = fc.oneof({ weight: 12, arbitrary: str(content) }, literal)

const small: fc.Arbitrary<JsonNode> = fc.oneof(literal, str(fc.string({ maxLength: 3 })), array(fc.constant([])), object(fc.constant([])))
/** Extra item keys: plain, prototype-named, and integer-like ones (JS lists those first). */
const EXTRA_KEYS = ['id', 'note', 'priority', '__proto__', 'constructor', '0', '1', '2', '10', '01', '-1', '4294967294', '4294967295']

const item: fc.Arbitrary<JsonNode> = fc
  .record({
    content: fc.option(contentValue, { freq: 12 }),
    status: fc.option(statusValue, { freq: 12 }),
    extras: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: entry(key(...EXTRA_KEYS), small) },
        entry(key('content'), contentValue), // a repeated key: the last one wins (TW-JSON-1)
        entry(key('status'), statusValue),
      ),
      { maxLength: 3 },
    ),
    extrasFirst: fc.boolean(),
  })
  .map(({ content, status, extras, extrasFirst }) => {
    const base: [JsonString, JsonNode][] = []
    if (content) base.push([{ kind: 'string', value: 'content', ascii: false }, content])
    if (status) base.push([{ kind: 'string', value: 'status', ascii: false }, status])
    return { kind: 'object' as const, entries: extrasFirst ? [...extras, ...base] : [...base, ...extras] }
  })

const todos = array(fc.array(fc.oneof({ weight: 15, arbitrary: item }, small), { maxLength: 6 }))

/** Arguments: mostly `{"todos": […]}`, sometimes with extra or repeated top-level keys, sometimes not an object. */
export const argsNode: fc.Arbitrary<JsonNode> = fc.oneof(
  { weight: 12, arbitrary: object(fc.tuple(entry(key('todos'), todos)).map((e) => e)) },
  { weight: 2, arbitrary: object(fc.array(fc.oneof(entry(key('todos'), todos), entry(key('todo', 'Todos', 'reason', '__proto__'), small)), { maxLength: 3 })) },
  { weight: 1, arbitrary: fc.oneof(small, array(fc.array(item, { maxLength: 2 }))) },
)

/** Any of the three options, each present or not, over a profile. */
const overrides = fc.record(
  {
    allowParallelInProgress: fc.boolean(),
    unknownItemKeys: fc.constantFrom('drop', 'reject'),
    activeLimitWording: fc.constantFrom('comma', 'parentheses'),
  },
  { requiredKeys: [] },
)

/** A deployment's options under one of `profiles`: mostly the profile alone; the seed's often as `{}`. */
export function optionsFor(profiles: readonly ProfileName[]): fc.Arbitrary<Record<string, unknown>> {
  const named = fc.tuple(fc.constantFrom(...profiles), fc.boolean()).map(([profile, implicit]): Record<string, unknown> => (profile === 'seed' && implicit ? {} : { profile }))
  return fc.oneof({ weight: 4, arbitrary: named }, fc.tuple(named, overrides).map(([base, more]) => ({ ...base, ...more })))
}

const call: fc.Arbitrary<GeneratedCall> = fc.record({
  args: argsNode,
  spaced: fc.boolean(),
  agent: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, fc.constant(false)),
})

/** One session's calls under one set of options (a deployment) of one of `profiles`. */
export const sequenceFor = (profiles: readonly ProfileName[] = PROFILE_NAMES): fc.Arbitrary<Sequence> =>
  fc.record({ options: optionsFor(profiles), calls: fc.array(call, { minLength: 1, maxLength: 8 }) })
