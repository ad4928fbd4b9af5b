// The fuzzer's inputs (TW-KIT-FUZZ-1): call sequences whose arguments are JSON TEXTS built
// from a small syntax tree, so a text can repeat a key, name `__proto__`, escape any
// character or not, and put integer-like keys anywhere — what a port's JSON parser and
// key order must get right. Contents stress trimming, quoting and duplicates. The text's
// own form is drawn too (TW-JSON-4): whitespace between tokens, escapes, number spellings,
// and now and then a text that is not JSON at all.
import fc from 'fast-check'
import { PROFILE_NAMES, type ProfileName } from '../core/options.js'
import { escapeUnit } from '../log/json.js'

/** A JSON text's syntax: objects keep their entries as written, repeats included. */
export type JsonNode =
  | { kind: 'object'; entries: [JsonString, JsonNode][] }
  | { kind: 'array'; items: JsonNode[] }
  | JsonString
  | { kind: 'literal'; text: string }
  /** `depth` nested arrays or objects (`{"a":…}`) around `leaf` (a JSON text). */
  | { kind: 'deep'; depth: number; shape: 'array' | 'object'; leaf: string }

/** A string and how it is written (STRING_FORMS). */
export interface JsonString {
  kind: 'string'
  value: string
  form: StringForm
}

/**
 * How a string is written. JSON: `raw` (as JSON.stringify writes it), `ascii` and
 * `ascii-upper` (every non-ASCII code unit as `\uxxxx` / `\uXXXX`), `every` and `every-upper`
 * (every code unit escaped), `solidus` (`/` as `\/`), `raw-lone` (lone surrogates written raw,
 * as code units of the text, which the request line carries as `\udxxx`). Not JSON (TW-JSON-4): `single` (single
 * quotes), `unquoted` (no quotes at all), `raw-controls` (U+0000–U+001F written raw), and
 * `bad-escape` (an escape JSON does not have, at the end).
 */
export const STRING_FORMS = {
  json: ['raw', 'ascii', 'ascii-upper', 'every', 'every-upper', 'solidus', 'raw-lone'],
  notJson: ['single', 'unquoted', 'raw-controls', 'bad-escape'],
} as const
export type StringForm = (typeof STRING_FORMS)[keyof typeof STRING_FORMS][number]

/** Escapes JSON does not have (TW-JSON-4), for the `bad-escape` form. */
export const BAD_ESCAPES = [
  '\\x41',
  '\\U0041',
  '\\u{41}',
  "\\'",
  '\\a',
  '\\v',
  '\\0',
  '\\ ',
  '\\u12',
  '\\u+041',
  '\\u0_41',
  '\\u00\u0664\u0661',
  '\\u\uff10\uff10\uff14\uff11',
] as const

export interface GeneratedCall {
  args: JsonNode
  /** The whitespace between the text's tokens. */
  layout: Layout
  agent: boolean
}

export interface Sequence {
  options: Record<string, unknown>
  calls: GeneratedCall[]
}

/** A code unit as `\uxxxx`, or with upper-case hex digits. */
const escaped = (c: string, upper: boolean): string => (upper ? '\\u' + escapeUnit(c).slice(2).toUpperCase() : escapeUnit(c))

const quote = ({ value, form }: JsonString): string => {
  const text = JSON.stringify(value) // lone surrogates come out escaped
  switch (form) {
    case 'raw':
      return text
    case 'ascii':
    case 'ascii-upper':
      return text.replace(/[\u0080-\uffff]/g, (c) => escaped(c, form === 'ascii-upper'))
    case 'every':
    case 'every-upper':
      return `"${Array.from({ length: value.length }, (_, i) => escaped(value[i]!, form === 'every-upper')).join('')}"`
    case 'solidus':
      return text.replaceAll('/', '\\/')
    case 'raw-lone':
      // JSON.stringify escapes only lone surrogates as \udxxx: each, not after an escaped backslash, written raw.
      return text.replace(
        /(?<!\\)((?:\\\\)*)\\u(d[89a-f][0-9a-f]{2})/g,
        (_, backslashes: string, hex: string) => backslashes + String.fromCharCode(Number.parseInt(hex, 16)),
      )
    case 'single':
      return `'${text.slice(1, -1)}'`
    case 'unquoted':
      return text.slice(1, -1)
    case 'raw-controls':
      return text.replace(/\\(?:u00[01][0-9a-f]|[bfnrt])/g, (written) => JSON.parse(`"${written}"`) as string)
    case 'bad-escape':
      return text.slice(0, -1) + BAD_ESCAPES[value.length % BAD_ESCAPES.length] + '"'
  }
}

/**
 * Whitespace between a text's tokens: `pieces`, one per boundary in turn (before and after
 * every bracket, colon and comma, and around the text); none is compact text, what shrinking
 * aims at. A piece may be one that is not JSON whitespace (TW-JSON-4), or a stray comma.
 */
export interface Layout {
  pieces: string[]
}

export const COMPACT: Layout = { pieces: [] }

/** The JSON text of a syntax tree, laid out. */
export function writeJsonNode(node: JsonNode, layout: Layout = COMPACT): string {
  let boundary = 0
  const gap = (): string => (layout.pieces.length === 0 ? '' : layout.pieces[boundary++ % layout.pieces.length]!)
  const write = (n: JsonNode): string => {
    switch (n.kind) {
      case 'object': {
        const open = '{' + gap()
        const members = n.entries
          .map(([key, value]) => quote(key) + gap() + ':' + gap() + write(value))
          .map((member, i) => (i === 0 ? member : gap() + ',' + gap() + member))
        return open + members.join('') + gap() + '}'
      }
      case 'array': {
        const open = '[' + gap()
        const items = n.items.map((item, i) => (i === 0 ? write(item) : gap() + ',' + gap() + write(item)))
        return open + items.join('') + gap() + ']'
      }
      case 'string':
        return quote(n)
      case 'literal':
        return n.text
      case 'deep':
        return n.shape === 'array' ? '['.repeat(n.depth) + n.leaf + ']'.repeat(n.depth) : '{"a":'.repeat(n.depth) + n.leaf + '}'.repeat(n.depth)
    }
  }
  const body = write(node)
  return layout.pieces.length === 0 ? body : gap() + body + gap()
}

/** How a string is written: mostly as JSON.stringify writes it, often escaped, rarely not as JSON; shrinks toward `raw`. */
export const stringForm: fc.Arbitrary<StringForm> = fc.oneof(
  { withCrossShrink: true },
  { weight: 160, arbitrary: fc.constant('raw' as const) },
  { weight: 40, arbitrary: fc.constantFrom(...STRING_FORMS.json.slice(1)) },
  { weight: 1, arbitrary: fc.constantFrom(...STRING_FORMS.notJson) },
)
const str = (value: fc.Arbitrary<string>): fc.Arbitrary<JsonString> => fc.record({ kind: fc.constant('string' as const), value, form: stringForm })
const key = (...names: string[]) => str(fc.constantFrom(...names))
const object = (entries: fc.Arbitrary<[JsonString, JsonNode][]>): fc.Arbitrary<JsonNode> => entries.map((e) => ({ kind: 'object' as const, entries: e }))
const array = (items: fc.Arbitrary<JsonNode[]>): fc.Arbitrary<JsonNode> => items.map((i) => ({ kind: 'array' as const, items: i }))
const entry = (name: fc.Arbitrary<JsonString>, value: fc.Arbitrary<JsonNode>) => fc.tuple(name, value)
const plainString = (value: string, form: StringForm = 'raw'): JsonString => ({ kind: 'string', value, form })

/** The trim set of TW-TRIM-1 (ECMAScript WhiteSpace and LineTerminator), every code point. */
export const TRIM_SET: readonly number[] = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029,
  0x202f, 0x205f, 0x3000, 0xfeff,
]
/** Look-alikes that other runtimes' trims strip but ECMAScript's does not. */
export const NOT_TRIMMED: readonly number[] = [0x00, 0x08, 0x0e, 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060]

// Trap classes (TW-KIT-FUZZ-2): the characters, keys, numbers and depths a port gets wrong,
// each drawn ON PURPOSE, at every position a message or a snapshot carries them. Every choice
// lists plain ASCII first and cross-shrinks toward it, so a shrunk counterexample keeps only
// the one character (key, number, depth) that matters and shows plain ASCII elsewhere.

const chars = (...units: number[]): string[] => units.map((u) => String.fromCharCode(u))
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** Each class of trap characters, as the kit's fuzzer draws them (exported for tests and docs). */
export const TRAP_CHARACTERS = {
  /** Plain ASCII: what everything shrinks toward. */
  plain: ['a', 'b', 'x', 'y', '1', ' ', '-', '.'],
  /** Every C0 control: quoted as \b \t \n \f \r or \u00xx, lower-case hex (TW-DUP-2); trimmed or not (TW-TRIM-1). */
  controls: chars(...range(0x00, 0x1f)),
  /** DEL and C1: raw in a quote, not trimmed (U+0085 is, by other runtimes). */
  delC1: chars(0x7f, 0x80, 0x85, 0x9f),
  /** Raw in a quote; JSON encoders for HTML and JavaScript escape them. */
  escapedElsewhere: ['"', '\\', '/', '<', '>', '&', "'", '\u2028', '\u2029'],
  /** Lone surrogates: quoted \udxxx; decoders replace or refuse them. */
  loneHigh: chars(0xd800, 0xdbff, 0xd83d),
  loneLow: chars(0xdc00, 0xdfff, 0xde00),
  /** Paired surrogates: raw in a quote. */
  pairs: ['\ud83d\ude00', '\ud800\udc00', '\udbff\udfff'],
  /** The trim set, every member. */
  trimSet: chars(...TRIM_SET),
  /** What other runtimes trim and ECMAScript does not. */
  lookAlikes: chars(...new Set([...NOT_TRIMMED, 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0x180e, 0x200b, 0xfffe])),
  /** Equal after normalization or folding, distinct here; U+FFFD next to lone surrogates. */
  nonAscii: ['\u00e9', 'e\u0301', '\u00c5', '\u212b', 'A\u030a', '\ufb00', '\u00df', '\u0130', '\ufffd'],
} as const

const oneOf = <T>(list: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...list)

/** One trap character (or pair), from a class chosen by weight; shrinks toward plain ASCII. */
export const trapCharacter: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { weight: 6, arbitrary: oneOf(TRAP_CHARACTERS.plain) },
  { weight: 4, arbitrary: oneOf(TRAP_CHARACTERS.controls) },
  { weight: 1, arbitrary: oneOf(TRAP_CHARACTERS.delC1) },
  { weight: 2, arbitrary: oneOf(TRAP_CHARACTERS.escapedElsewhere) },
  { weight: 1, arbitrary: oneOf(TRAP_CHARACTERS.loneHigh) },
  { weight: 1, arbitrary: oneOf(TRAP_CHARACTERS.loneLow) },
  { weight: 1, arbitrary: oneOf(TRAP_CHARACTERS.pairs) },
  { weight: 2, arbitrary: oneOf(TRAP_CHARACTERS.trimSet) },
  { weight: 2, arbitrary: oneOf(TRAP_CHARACTERS.lookAlikes) },
  { weight: 1, arbitrary: oneOf(TRAP_CHARACTERS.nonAscii) },
)

/** A short text of trap characters, at any position. */
const trapText = (maxLength: number) => fc.array(trapCharacter, { maxLength }).map((parts) => parts.join(''))

/** Whitespace from inside the trim set and just outside it, for the ends of a content. */
export const padding = fc
  .array(
    fc.oneof(
      { withCrossShrink: true },
      { weight: 1, arbitrary: fc.constant(' ') },
      { weight: 3, arbitrary: oneOf(TRAP_CHARACTERS.trimSet) },
      { weight: 2, arbitrary: oneOf(TRAP_CHARACTERS.lookAlikes) },
    ),
    { maxLength: 3 },
  )
  .map((parts) => parts.join(''))

/** A content: trap characters anywhere, padded at both ends with characters inside and just outside the trim set. */
export const content = fc.tuple(padding, trapText(6), padding).map(([before, middle, after]) => before + middle + after)

export const STATUS_VALUES = ['pending', 'in_progress', 'completed'] as const
const STATUS = fc.constantFrom(...STATUS_VALUES)

/** Numbers: plain ones first; then those the registry's copy refuses (TW-JSON-2) and those it keeps that look as if it would not. */
export const TRAP_NUMBERS = {
  plain: ['0', '7', 'null', 'true', 'false', '-1.5e3'],
  refused: [
    '-0',
    '-0.0',
    '-0e3',
    '1e400',
    '-1e400',
    '1E309',
    '-1e-400',
    '179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792',
  ],
  kept: ['1e-400', '1e308', '-1', '0e5', '123456789012345678901234567890', '4294967295'],
  /** Legal spellings a port's number reader must take (TW-JSON-4). */
  forms: ['1E5', '1e+5', '1E+2', '1e-7', '0.5', '2.50', '-1.5E-3', '1e0001', '10.0e0', '-0e-0', '1' + '0'.repeat(400)],
  /** Not JSON (TW-JSON-4): what lenient number readers and other languages' literals take. */
  notJson: ['01', '-01', '1.', '1.e5', '.5', '-.5', '+1', '0x10', '1e', '1e+', '1_000', 'NaN', 'Infinity', '-Infinity', 'True', 'undefined', '\u0661'],
} as const

const literal: fc.Arbitrary<JsonNode> = fc
  .oneof(
    { withCrossShrink: true },
    { weight: 80, arbitrary: oneOf(TRAP_NUMBERS.plain) },
    { weight: 2, arbitrary: oneOf(TRAP_NUMBERS.refused) },
    { weight: 4, arbitrary: oneOf(TRAP_NUMBERS.kept) },
    { weight: 4, arbitrary: oneOf(TRAP_NUMBERS.forms) },
    { weight: 1, arbitrary: oneOf(TRAP_NUMBERS.notJson) },
  )
  .map((text) => ({ kind: 'literal' as const, text }))

/**
 * A value nested so that the whole text reaches one of the depths that matter: 1,000 levels
 * (TW-JSON-3), 128 and 129 (a common parser limit), or a few. `level` is the level the
 * value itself sits at (the arguments object is level 1).
 */
const deepAt = (level: number): fc.Arbitrary<JsonNode> =>
  fc
    .record({
      total: fc.constantFrom(level + 2, 1000, 129, 128, 999),
      shape: fc.constantFrom('array' as const, 'object' as const),
      leaf: fc.oneof(
        { withCrossShrink: true },
        { weight: 4, arbitrary: fc.constant('null') },
        { weight: 1, arbitrary: oneOf(TRAP_NUMBERS.refused) },
        { weight: 1, arbitrary: fc.constant('"\\u0000\\ud800"') },
      ),
    })
    .map(({ total, shape, leaf }): JsonNode => ({ kind: 'deep', depth: Math.max(1, total - level + 1), shape, leaf }))

/** A small value for an extra key or a wrong-typed field at `level`: literals, short strings, empty containers, now and then a deep one. */
const smallAt = (level: number): fc.Arbitrary<JsonNode> =>
  fc.oneof(
    { withCrossShrink: true },
    { weight: 8, arbitrary: literal },
    { weight: 3, arbitrary: str(trapText(3)) },
    { weight: 1, arbitrary: array(fc.constant([])) },
    { weight: 1, arbitrary: object(fc.constant([])) },
    { weight: 1, arbitrary: array(fc.array(literal, { minLength: 1, maxLength: 2 })) },
    { weight: 1, arbitrary: deepAt(level) },
  )
const small = smallAt(2)

const statusValue: fc.Arbitrary<JsonNode> = fc.oneof(
  { withCrossShrink: true },
  { weight: 60, arbitrary: str(STATUS) },
  { weight: 1, arbitrary: str(fc.constantFrom('Pending', ' pending', 'done', 'in progress', '', '__proto__', 'completed\u0000')) },
  { weight: 1, arbitrary: smallAt(4) },
)

/** Undeclared item keys by class (TW-ARGS-10, TW-OPT-KEYS-2): plain ones first. */
export const TRAP_KEYS = {
  plain: ['id', 'note', 'zeta', 'alpha', 'Beta'],
  indices: ['0', '1', '2', '9', '10', '100', '4294967294'],
  nearIndices: ['4294967295', '01', '00', '-0', '-1', '+1', ' 1', '1.0', '1e3', '\u00b2', '\u0661'],
  prototype: ['__proto__', 'constructor', 'toString', 'hasOwnProperty'],
  raw: ['a\nb', 'say "hi"', 'back\\slash', '"', '\t', '\r', '\u0000', '\u001f', '\u2028', '\ud800', '\u00e9', ''],
} as const

const extraKey: fc.Arbitrary<JsonString> = str(
  fc.oneof(
    { withCrossShrink: true },
    { weight: 4, arbitrary: oneOf(TRAP_KEYS.plain) },
    { weight: 3, arbitrary: oneOf(TRAP_KEYS.indices) },
    { weight: 1, arbitrary: fc.constant('4294967295') },
    { weight: 3, arbitrary: oneOf(TRAP_KEYS.nearIndices) },
    { weight: 1, arbitrary: oneOf(TRAP_KEYS.prototype) },
    { weight: 2, arbitrary: oneOf(TRAP_KEYS.raw) },
  ),
)

/** How an item's content is chosen: fresh, a value of the wrong type, or a copy of an earlier item's, padded (a duplicate after trimming, or a near one). */
type ContentSpec =
  | { kind: 'fresh'; value: JsonString }
  | { kind: 'node'; value: JsonNode }
  | { kind: 'copy'; of: number; before: string; after: string; form: StringForm; variant: Variant }
/** How a copy differs from its original besides padding: not at all (a duplicate), or by a normalization or a case mapping (a near miss). */
type Variant = 'same' | 'canonical' | 'NFKC' | 'upper' | 'lower'
const VARIANT: Record<Variant, (text: string) => string> = {
  same: (text) => text,
  /** Canonically equivalent, other code units: decomposed, or else composed. */
  canonical: (text) => (text.normalize('NFD') !== text ? text.normalize('NFD') : text.normalize('NFC')),
  NFKC: (text) => text.normalize('NFKC'),
  upper: (text) => text.toUpperCase(),
  lower: (text) => text.toLowerCase(),
}
/** An extra entry of an item: a new key, or the same key as an earlier entry again (TW-JSON-1: last value, first position). */
type ExtraSpec = { kind: 'key'; key: JsonString; value: JsonNode } | { kind: 'repeat'; of: number; value: JsonNode }

const contentSpec: fc.Arbitrary<ContentSpec> = fc.oneof(
  { withCrossShrink: true },
  { weight: 20, arbitrary: str(content).map((value): ContentSpec => ({ kind: 'fresh', value })) },
  {
    weight: 10,
    arbitrary: fc
      .record({
        of: fc.nat(),
        before: padding,
        after: padding,
        form: stringForm,
        variant: fc.oneof(
          { weight: 6, arbitrary: fc.constant<Variant>('same') },
          { weight: 2, arbitrary: fc.constant<Variant>('canonical') },
          { weight: 1, arbitrary: fc.constantFrom<Variant>('NFKC', 'upper', 'lower') },
        ),
      })
      .map((c): ContentSpec => ({ kind: 'copy', ...c })),
  },
  { weight: 1, arbitrary: smallAt(4).map((value): ContentSpec => ({ kind: 'node', value })) },
)

const extraSpec: fc.Arbitrary<ExtraSpec> = fc.oneof(
  { withCrossShrink: true },
  { weight: 5, arbitrary: fc.record({ key: extraKey, value: smallAt(4) }).map((e): ExtraSpec => ({ kind: 'key', ...e })) },
  { weight: 2, arbitrary: fc.record({ of: fc.nat(), value: smallAt(4) }).map((e): ExtraSpec => ({ kind: 'repeat', ...e })) },
)

const itemSpec = fc.record({
  content: fc.option(contentSpec, { freq: 60 }),
  status: fc.option(statusValue, { freq: 60 }),
  /** Extra entries; `content` and `status` may come again among them (a repeated declared key). */
  extras: fc.oneof(
    { weight: 3, arbitrary: fc.constant([]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.oneof(
          { withCrossShrink: true },
          { weight: 6, arbitrary: extraSpec },
          { weight: 1, arbitrary: contentSpec.map((c) => ({ kind: 'content' as const, c })) },
          { weight: 1, arbitrary: statusValue.map((value) => ({ kind: 'status' as const, value })) },
        ),
        { minLength: 1, maxLength: 4 },
      ),
    },
  ),
  extrasFirst: fc.boolean(),
  /** How the keys `content` and `status` are written: `"\u0063ontent"` is `content`. */
  keyForms: fc.tuple(stringForm, stringForm),
})
type ItemSpec = typeof itemSpec extends fc.Arbitrary<infer T> ? T : never

/** The items of one list, copies resolved against the contents written before them. */
function resolveItems(specs: (ItemSpec | JsonNode)[]): JsonNode[] {
  const earlier: string[] = []
  const contentNode = (spec: ContentSpec): JsonNode => {
    if (spec.kind === 'node') return spec.value
    if (spec.kind === 'fresh') {
      earlier.push(spec.value.value)
      return spec.value
    }
    const value = earlier.length === 0 ? spec.before + spec.after || 'a' : spec.before + VARIANT[spec.variant](earlier[spec.of % earlier.length]!) + spec.after
    earlier.push(value)
    return { kind: 'string', value, form: spec.form }
  }
  return specs.map((spec): JsonNode => {
    if (!('extras' in spec)) return spec
    const base: [JsonString, JsonNode][] = []
    if (spec.content) base.push([plainString('content', spec.keyForms[0]), contentNode(spec.content)])
    if (spec.status) base.push([plainString('status', spec.keyForms[1]), spec.status])
    const extras: [JsonString, JsonNode][] = []
    for (const extra of spec.extras) {
      if (extra.kind === 'content') extras.push([plainString('content'), contentNode(extra.c)])
      else if (extra.kind === 'status') extras.push([plainString('status'), extra.value])
      else if (extra.kind === 'key') extras.push([extra.key, extra.value])
      else if (extras.length > 0) extras.push([extras[extra.of % extras.length]![0], extra.value])
    }
    return { kind: 'object', entries: spec.extrasFirst ? [...extras, ...base] : [...base, ...extras] }
  })
}

const todos: fc.Arbitrary<JsonNode> = fc
  .array(fc.oneof({ withCrossShrink: true }, { weight: 60, arbitrary: itemSpec }, { weight: 1, arbitrary: smallAt(3) }), { maxLength: 6 })
  .map((specs) => ({ kind: 'array' as const, items: resolveItems(specs) }))

/** Arguments: mostly `{"todos": […]}`, sometimes with extra or repeated top-level keys, sometimes not an object. */
export const argsNode: fc.Arbitrary<JsonNode> = fc.oneof(
  { withCrossShrink: true },
  { weight: 30, arbitrary: object(fc.tuple(entry(key('todos'), todos)).map((e) => e)) },
  {
    weight: 3,
    arbitrary: object(
      fc.array(fc.oneof(entry(key('todos'), todos), entry(key('todos'), small), entry(key('todo', 'Todos', 'reason', '__proto__', 'toString'), small)), {
        maxLength: 3,
      }),
    ),
  },
  { weight: 1, arbitrary: fc.oneof(small, array(fc.array(todos, { maxLength: 1 })), array(fc.constant([]))) },
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
  const named = fc
    .tuple(fc.constantFrom(...profiles), fc.boolean())
    .map(([profile, implicit]): Record<string, unknown> => (profile === 'seed' && implicit ? {} : { profile }))
  return fc.oneof(
    { weight: 4, arbitrary: named },
    fc.tuple(named, overrides).map(([base, more]) => ({ ...base, ...more })),
  )
}

/** Whitespace a text may hold between tokens (TW-JSON-4), plain space first; then what is not JSON whitespace, and a stray comma. */
export const TRAP_WHITESPACE = {
  json: [' ', '\t', '\n', '\r', '\r\n', '  ', '\n  ', '\r\n\t', ' \t\r\n'],
  notJson: ['\u00a0', '\ufeff', '\u2028', '\u2029', '\u000b', '\u000c', '\u0085', '\u3000', '\u0000', ',', '/**/'],
} as const

/** A call's layout: mostly compact; else whitespace pieces, rarely one that is not JSON whitespace. Shrinks toward compact. */
export const layout: fc.Arbitrary<Layout> = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant(COMPACT) },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.oneof({ withCrossShrink: true }, { weight: 100, arbitrary: oneOf(TRAP_WHITESPACE.json) }, { weight: 1, arbitrary: oneOf(TRAP_WHITESPACE.notJson) }),
        { minLength: 1, maxLength: 4 },
      )
      .map((pieces): Layout => ({ pieces })),
  },
)

const generatedCall: fc.Arbitrary<GeneratedCall> = fc.record({
  args: argsNode,
  layout,
  agent: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, fc.constant(false)),
})

/** One session's calls under one set of options (a deployment) of one of `profiles`. */
export const sequenceFor = (profiles: readonly ProfileName[] = PROFILE_NAMES): fc.Arbitrary<Sequence> =>
  fc.record({ options: optionsFor(profiles), calls: fc.array(generatedCall, { minLength: 1, maxLength: 8 }) })
