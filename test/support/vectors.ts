// Builds the language-neutral vectors of vectors/ from the TEXT of
// spec/todo.md and test/golden/calls/, and the trap classes of traps.json from the
// independent model of the spec (model.ts) — never from the code under test — and bumps the
// suite's semver when the cases change. test/spec/vectors.test.ts fails when the committed
// files drift from what this builds; `npm run vectors` rewrites them.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { goldenCalls } from './golden.js'
import { modelCall, modelIsJsonText, NOT_TRIMMED, TRIM_SET, type ModelItem, type ModelOptions } from './model.js'
import { examples, SPEC_PATH, specText } from './spec.js'
import { asciiJson, type CaseFile, type Suite, type VectorCall, type VectorCase } from '../../src/kit/vectors.js'

export const VECTORS_DIR = fileURLToPath(new URL('../../vectors/', import.meta.url))
export const SPEC_FILE = 'spec-examples.json'
export const GOLDEN_FILE = 'golden-calls.json'
export const TRAPS_FILE = 'traps.json'
const FIRST_VERSION = '1.0.0'

export interface Vectors {
  suite: Suite & { $schema: string; cases: number }
  files: Record<string, CaseFile & { $schema: string }>
}

/** Whether the arguments must travel as raw text: re-serializing the value would lose bytes. */
function bytesMatter(text: string): boolean {
  const value: unknown = JSON.parse(text)
  if (JSON.stringify(value) !== text) return true // repeated keys, escapes, spacing
  let special = false
  JSON.parse(text, (key, v: unknown) => {
    if (key === '__proto__' || (typeof v === 'string' && /\p{Surrogate}/u.test(v)) || /\p{Surrogate}/u.test(key)) special = true
    return v
  })
  return special
}

/** How deep a JSON text nests (brackets outside strings). */
function nesting(text: string): number {
  let depth = 0
  let max = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++
    } else if (c === '[' || c === '{') max = Math.max(max, ++depth)
    else if (c === ']' || c === '}') depth--
  }
  return max
}

/** The deepest nesting a case file writes as a value. Deeper arguments travel as raw text: an
 * indented value grows with the square of its depth, and a reader that recurses once per
 * level (Python's `json.load` at its default limit of 1,000 frames) must read every file. */
const MAX_VALUE_NESTING = 8

/** A call's arguments: as a value where that is readable, as raw text where the bytes matter or the value nests deep. */
const argsOf = (text: string): Pick<VectorCall, 'args' | 'argsText'> =>
  !isJson(text) || bytesMatter(text) || nesting(text) > MAX_VALUE_NESTING ? { argsText: text } : { args: JSON.parse(text) }

/**
 * Whether a text is JSON, by two witnesses that must agree: the grammar of ECMA-404 as the
 * model writes it (TW-JSON-4), and JSON.parse itself (TW-JSON-1). A disagreement stops the build.
 */
function isJson(text: string): boolean {
  let parses = true
  try {
    JSON.parse(text)
  } catch {
    parses = false
  }
  if (modelIsJsonText(text) !== parses) throw new Error(`the model's JSON grammar and JSON.parse disagree on ${JSON.stringify(text)}`)
  return parses
}

/** The rule heading each line of the spec sits under. */
function headings(text: string): { line: number; id: string; title: string }[] {
  return text.split('\n').flatMap((line, index) => {
    const m = /^#{3,4} (TW-[A-Z0-9-]+) — (.*)$/.exec(line)
    return m ? [{ line: index + 1, id: m[1]!, title: m[2]! }] : []
  })
}

function specCases(text: string): VectorCase[] {
  const heads = headings(text)
  const seen = new Map<string, number>()
  return examples(text).map((example) => {
    const head = heads.filter((h) => h.line < example.line).at(-1)
    if (!head) throw new Error(`spec/todo.md:${example.line}: an example outside every rule heading`)
    const n = (seen.get(head.id) ?? 0) + 1
    seen.set(head.id, n)
    let current: unknown = null // TW-REPLAY-1: the last snapshot of this example's one session
    const calls = example.calls.map((call): VectorCall => {
      if (call.event !== 'none') current = (JSON.parse(call.event) as { data: { todos: unknown } }).data.todos
      if (call.current !== undefined && JSON.stringify(current) !== call.current) {
        throw new Error(`spec/todo.md:${example.line}: current: ${call.current} contradicts the events (${JSON.stringify(current)})`)
      }
      const success = call.value !== undefined
      return {
        ...argsOf(call.args),
        agent: call.agent,
        options: call.options,
        expect: {
          isError: !success,
          text: call.text,
          value: success ? JSON.parse(call.value!) : null,
          event: success ? JSON.parse(call.event) : null,
          current,
        },
      }
    })
    return { id: `spec/${head.id}/${n}`, rules: example.rules, description: `spec/todo.md ${head.id} (${head.title}), example ${n}`, calls }
  })
}

/** Rule IDs a golden text illustrates, read off its stable prefix. */
function goldenRules(text: string): string[] {
  if (text.startsWith('Updated todo list: ')) return ['TW-SUCCESS-1', 'TW-VALUE-1', 'TW-EVENT-1']
  if (text.startsWith('Error: invalid arguments: ')) return ['TW-ENVELOPE-1', 'TW-ARGS-1']
  if (text.startsWith('Error: invalid todo: ')) return ['TW-ENVELOPE-1', 'TW-EMPTY-1']
  if (text.startsWith('Error: invalid todos: duplicate content ')) return ['TW-ENVELOPE-1', 'TW-DUP-1', 'TW-DUP-2']
  if (text.startsWith('Error: invalid todos: at most one')) return ['TW-ENVELOPE-1', 'TW-ACTIVE-1']
  if (text === 'Error: todo_write requires an owning agent session') return ['TW-ENVELOPE-1', 'TW-OWNER-1']
  throw new Error(`a golden text of no known kind: ${JSON.stringify(text)}`)
}

function goldenCases(): VectorCase[] {
  return goldenCalls().map((golden) => {
    if (golden.line === undefined && !golden.text.startsWith('Error: ')) {
      throw new Error(`golden ${golden.name}: a success needs a .line file to pin its value and event`)
    }
    type Line = { isError: boolean; text: string; value?: unknown; event?: { data: { todos: unknown } } }
    const line: Line = golden.line === undefined ? { isError: true, text: golden.text } : JSON.parse(golden.line)
    if (line.text !== golden.text) throw new Error(`golden ${golden.name}: .line and .text disagree`)
    const expect = { isError: line.isError, text: line.text, value: line.value ?? null, event: line.event ?? null, current: line.event?.data.todos ?? null }
    return {
      id: `golden/${golden.name}`,
      rules: goldenRules(golden.text),
      description: `test/golden/calls/${golden.name} (${golden.agent ? 'with' : 'without'} an owning session)`,
      calls: [{ ...argsOf(golden.args), agent: golden.agent, options: {}, expect }],
    }
  })
}

// traps.json (TW-KIT-TRAPS-1): every trap a port falls into, over its WHOLE class, as
// deterministic cases: each code unit a duplicate's quoting must get right, at the start, in
// the middle and at the end; every trim-set character and each look-alike that is not
// trimmed, at both ends; key order at the array-index bounds; a repeated key's position;
// `__proto__`; numbers the registry's copy refuses; nesting at 1,000 levels; raw undeclared
// keys; both profiles. The expected outcomes are the MODEL's (test/support/model.ts, written
// from the spec's tables), never src/'s.

/** A call of a trap case; a bare text is owned, without options. */
type TrapCall = string | { text: string; agent?: boolean; options?: ModelOptions }

const uPlus = (unit: number): string => `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`
const ch = (unit: number): string => String.fromCharCode(unit)
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i)
const DSH = { profile: 'dsh-0.1.1-rc.2' } as const
const REJECT = { unknownItemKeys: 'reject' } as const
const dsh = (text: string): TrapCall => ({ text, options: DSH })
const reject = (text: string): TrapCall => ({ text, options: REJECT })
const unowned = (text: string): TrapCall => ({ text, agent: false })

/** A list's JSON text: `[content, status]` pairs, extra keys after them. */
const list = (...items: [string, string, Record<string, unknown>?][]): string =>
  JSON.stringify({ todos: items.map(([content, status, extra]) => ({ content, status, ...extra })) })
/** One item whose entries are written raw (keys may repeat), in a `{"todos":[…]}` text. */
const rawItem = (...entries: string[]): string => `{"todos":[{${entries.join(',')}}]}`
const duplicated = (content: string): string => list([content, 'pending'], [content, 'completed'])

/** The outcome of each call (a bare text: owned, no options) per the model, `current` carried along the case's one session (TW-REPLAY-1). */
function modelCase(id: string, rules: string[], description: string, calls: TrapCall[]): VectorCase {
  let current: ModelItem[] | null = null
  return {
    id,
    rules,
    description,
    calls: calls.map((call): VectorCall => {
      const { text, agent = true, options = {} } = typeof call === 'string' ? { text: call } : call
      const given = { agent, options: options as Record<string, unknown> }
      // Not a JSON text: an error response, and the session as it was (TW-JSON-4, TW-PROTO-ERROR-1).
      if (!isJson(text)) return { argsText: text, ...given, expect: { error: true } }
      const { text: outcome, snapshot } = modelCall(JSON.parse(text), agent, options)
      const accepted = snapshot !== null && agent
      if (accepted) current = snapshot
      const count = (status: string) => snapshot!.filter((item) => item.status === status).length
      return {
        ...argsOf(text),
        ...given,
        expect: {
          isError: !accepted,
          text: outcome,
          value: accepted ? { todos: snapshot, counts: { pending: count('pending'), inProgress: count('in_progress'), completed: count('completed') } } : null,
          event: accepted ? { type: 'todo/write', data: { todos: snapshot } } : null,
          current,
        },
      }
    }),
  }
}

/** Code units a duplicate's quoting must get right (TW-DUP-2): each control, DEL, the separators, and the look-alikes of other runtimes' encoders. */
const QUOTED_UNITS = range(0x20).concat([0x7f, 0x2028, 0x2029, 0x22, 0x5c, 0x2f, 0x3c, 0x3e, 0x26, 0x27, 0x80, 0x85, 0x9f, 0xe9, 0xfffd, 0xfeff])
const TRIMMED = new Set(TRIM_SET)

/** Each content quoted in a duplicate, then the one at `release` under the release profile. */
const quoteCase = (name: string, description: string, contents: string[], release: number): VectorCase =>
  modelCase(`traps/quote/${name}`, ['TW-DUP-2'], description, [...contents.map(duplicated), dsh(duplicated(contents[release]!))])

function quoteCases(): VectorCase[] {
  const unitCases = QUOTED_UNITS.map((unit) => {
    const c = ch(unit)
    // A trimmed unit cannot end a trimmed content: it is quoted from the inside only.
    const contents = TRIMMED.has(unit) ? [`a${c}b`, `a${c}${c}b`, `${c}x${c}y${c}`] : [`${c}ab`, `a${c}b`, `ab${c}`]
    const where = TRIMMED.has(unit) ? 'inside it (it is trimmed at the ends)' : 'at its start, in the middle and at its end'
    return quoteCase(uPlus(unit), `${uPlus(unit)} in a duplicate's quoted content, ${where}; then under the release profile`, contents, 1)
  })
  const positions = (unit: string): string[] => [`${unit}ab`, `a${unit}b`, `ab${unit}`]
  const surrogateCases: [string, string, string[]][] = [
    [
      'lone-high',
      'a lone high surrogate (U+D800, U+DBFF, U+D83D) at the start, in the middle and at the end',
      ['\ud800', '\udbff', '\ud83d'].flatMap(positions),
    ],
    ['lone-low', 'a lone low surrogate (U+DC00, U+DFFF, U+DE00) at the start, in the middle and at the end', ['\udc00', '\udfff', '\ude00'].flatMap(positions)],
    ['reversed-pair', 'a low surrogate before a high one: two lone surrogates, both escaped', ['\udc00\ud800', 'a\ude00\ud83db', 'ab\udfff\udbff']],
    ['high-high', 'two high surrogates in a row, and two low ones', ['\ud800\ud800', 'a\udbff\ud83db', '\udc00\udc00', 'a\ude00\udfffb']],
    ['high-then-pair', 'a lone high surrogate just before a pair: it is escaped, the pair is not', ['\ud800\ud83d\ude00', 'a\udbff\udbff\udfffb']],
    ['pair-then-low', 'a pair just before a lone low surrogate', ['\ud83d\ude00\ude00', 'a\udbff\udfff\udc00']],
    ['pairs', 'paired surrogates are written raw: U+1F600, U+10000, U+10FFFF', ['\ud83d\ude00', 'a\ud800\udc00b', 'ab\udbff\udfff']],
    [
      'mixed',
      'every kind at once: controls, quote, backslash, separators, DEL, a pair and lone halves',
      ['\u0000"\\\u2028\u007f\ud83d\ude00\ud800\u001f\udc00\u2029\b'],
    ],
  ]
  return [...unitCases, ...surrogateCases.map(([name, description, contents]) => quoteCase(name, `Quoting: ${description}`, contents, 0))]
}

/** Look-alikes a port is tempted to trim, which ECMAScript does not: every other C0 control, DEL, C1, and the invisible spaces. */
const LOOK_ALIKES = [...new Set([...range(0x20).filter((u) => !TRIMMED.has(u)), 0x7f, 0x80, 0x9f, ...NOT_TRIMMED, 0x180e, 0x200b, 0xfffe])].sort(
  (a, b) => a - b,
)

function trimCases(): VectorCase[] {
  const trimCase = (unit: number, trimmed: boolean): VectorCase => {
    const c = ch(unit)
    return modelCase(
      `traps/${trimmed ? 'trim' : 'not-trimmed'}/${uPlus(unit)}`,
      ['TW-TRIM-1'],
      trimmed
        ? `${uPlus(unit)} is trimmed at both ends, alone it leaves an empty content, and two contents differing only by it are duplicates; both profiles`
        : `${uPlus(unit)} is NOT trimmed: kept at both ends, alone it is a content, and it tells two contents apart; both profiles`,
      [
        list([`${c}${c}a${c}`, 'pending'], [`${c}b${c}${c}`, 'in_progress']),
        list([c, 'pending']),
        list([`${c}d`, 'pending'], [`d${c}`, 'completed'], ...(trimmed ? [] : [['d', 'pending'] as [string, string]])),
        dsh(list([trimmed ? `${c}e${c}` : ` ${c}e${c} `, 'completed'])),
      ],
    )
  }
  return [...TRIM_SET.map((unit) => trimCase(unit, true)), ...LOOK_ALIKES.map((unit) => trimCase(unit, false))]
}

const undeclared = (keys: string[], options: ModelOptions = REJECT): TrapCall => ({
  text: rawItem('"content":"a"', '"status":"pending"', ...keys.map((k) => `${JSON.stringify(k)}:1`)),
  options,
})

function keyCases(): VectorCase[] {
  const order: [string, string, string[]][] = [
    [
      'index-bounds',
      '4294967294 is the largest array index: listed first; 4294967295 is not one: listed where it stands',
      ['note', '4294967295', 'zeta', '4294967294'],
    ],
    ['not-an-index-4294967295', '4294967295 is an ordinary key, after a plain key written before it', ['note', '4294967295']],
    ['index-4294967294', '4294967294 is an index, before a plain key written before it', ['note', '4294967294']],
    ['minus-zero-key', '"-0" is not an index; "0" is', ['note', '-0', '0']],
    ['leading-zero', '"01" and "00" are not indices (not canonical); "1" is', ['note', '01', '1', '00']],
    ['numeric-order', 'indices ascend numerically, not as strings', ['10', '9', '100', '2', '4294967294', '0']],
    ['insertion-order', 'other keys keep their order, unsorted', ['zeta', 'alpha', 'Beta', '_', 'a']],
    [
      'near-indices',
      'near-indices are ordinary keys: sign, space, decimal point, exponent, superscript and Arabic-Indic digits',
      ['note', '+1', ' 1', '1 ', '1.0', '1e3', '-1', '\u00b2', '\u0661', '0x1'],
    ],
  ]
  const orderCases = order.map(([name, description, keys]) =>
    modelCase(
      `traps/key-order/${name}`,
      ['TW-ARGS-10', 'TW-OPT-KEYS-2'],
      `Undeclared keys in ECMAScript's own-key order: ${description}; under unknownItemKeys "reject", then the release profile`,
      [undeclared(keys), undeclared(keys, DSH)],
    ),
  )
  const repeated = [
    modelCase('traps/repeated-key/position', ['TW-JSON-1', 'TW-ARGS-10'], 'A repeated key stays at the position of its FIRST occurrence', [
      reject(rawItem('"content":"a"', '"x":1', '"status":"pending"', '"y":1', '"x":2')),
      dsh(rawItem('"x":1', '"y":1', '"z":1', '"x":2', '"y":2')),
      reject(rawItem('"content":"a"', '"x":1', '"5":1', '"y":1', '"x":2', '"5":2', '"status":"pending"')),
    ]),
    modelCase('traps/repeated-key/last-value', ['TW-JSON-1'], 'A repeated key takes its LAST value: content, status, todos', [
      rawItem('"content":"a"', '"status":"pending"', '"content":"b"'),
      rawItem('"content":"a"', '"status":"done"', '"status":"completed"'),
      rawItem('"content":"a"', '"status":"pending"', '"status":"done"'),
      '{"todos":5,"todos":[{"content":"c","status":"in_progress"}]}',
      '{"todos":[],"todos":{}}',
      rawItem('"content":" "', '"status":"pending"', '"content":"d"', '"content":7'),
    ]),
    modelCase(
      'traps/repeated-key/dropped',
      ['TW-JSON-1', 'TW-EVENT-1'],
      'Repeated keys under "drop": the snapshot holds content then status, whatever the order written',
      [rawItem('"status":"pending"', '"x":1', '"content":"z"', '"status":"completed"', '"x":2')],
    ),
  ]
  const proto = [
    modelCase('traps/proto/item', ['TW-JSON-1', 'TW-ARGS-6'], '"__proto__" is an ordinary own key of an item: it supplies neither content nor status', [
      rawItem('"__proto__":{"content":"x","status":"pending"}'),
      rawItem('"__proto__":{"content":"x","status":"pending"}', '"content":"y"'),
    ]),
    modelCase('traps/proto/item-reject', ['TW-JSON-1', 'TW-OPT-KEYS-2'], '"__proto__" and prototype-named keys are undeclared keys under "reject"', [
      reject(rawItem('"content":"a"', '"status":"pending"', '"__proto__":null', '"constructor":1', '"toString":1', '"hasOwnProperty":1')),
      dsh(rawItem('"content":"a"', '"status":"pending"', '"__proto__":{}')),
    ]),
    modelCase('traps/proto/item-drop', ['TW-JSON-1', 'TW-OPT-KEYS-1'], 'Prototype-named keys are dropped like any other under "drop"', [
      rawItem('"content":"a"', '"status":"pending"', '"__proto__":{"status":"done"}', '"constructor":{}', '"valueOf":"x"'),
    ]),
    modelCase('traps/proto/top-level', ['TW-JSON-1', 'TW-ARGS-3'], '"__proto__" at the top level: not "todos"; beside "todos", an ordinary extra key', [
      '{"__proto__":{"todos":[]}}',
      '{"__proto__":null,"todos":[{"content":"__proto__","status":"pending"}]}',
      '{"todos":[{"content":"constructor","status":"pending"},{"content":"toString","status":"pending"}],"toString":1,"__proto__":[]}',
    ]),
  ]
  const rawKeys: [string, string][] = [
    ['line-feed', 'a\nb'],
    ['carriage-return', 'a\rb'],
    ['tab', '\t'],
    ['quote', 'say "hi"'],
    ['backslash', 'back\\slash'],
    ['lone-quote', '"'],
    ['nul', '\u0000'],
    ['unit-separator', '\u001f'],
    ['line-separator', '\u2028'],
    ['lone-surrogate', '\ud800'],
    ['non-ascii', '\u00e9\ud83d\ude00'],
    ['empty', ''],
  ]
  const raw = rawKeys.map(([name, key]) =>
    modelCase(`traps/raw-keys/${name}`, ['TW-OPT-KEYS-2'], `An undeclared key is written raw in the text, as it is: ${JSON.stringify(key)}`, [
      undeclared([key]),
      undeclared(['note', key], DSH),
    ]),
  )
  return [...orderCases, ...repeated, ...proto, ...raw]
}

/** A number at each place it can stand: an item's extra key, a top-level extra key, a content, `todos`, nested under "reject". */
const numberAt = (number: string): TrapCall[] => [
  `{"todos":[{"content":"a","status":"pending","n":${number}}]}`,
  unowned(`{"todos":[],"n":${number}}`),
  dsh(`{"todos":[{"content":${number},"status":"done"}]}`),
  `{"todos":${number}}`,
  reject(`{"todos":[{"content":"a","status":"pending","n":[1,{"m":[${number}]}]}]}`),
]

/** 2^1024 − 2^970, halfway between the largest double and 2^1024: it rounds to Infinity. */
const HALFWAY_TO_INFINITY =
  '179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792'

function numberCases(): VectorCase[] {
  const refused: [string, string, string[]][] = [
    ['minus-zero', '-0 (an integer: JSON.parse gives -0, not 0)', ['-0']],
    ['minus-zero-float', '-0.0, -0e3, -0E+2, -0.000', ['-0.0', '-0e3', '-0E+2', '-0.000']],
    ['underflow', 'a negative number that underflows to -0', ['-1e-400', '-2.5E-350']],
    ['overflow', 'a number that overflows to Infinity or -Infinity', ['1e400', '-1e400', '1E309', HALFWAY_TO_INFINITY]],
  ]
  const passing: [string, string, string[]][] = [
    ['zero', '0, 0.0 and 0e5 are not -0', ['0', '0.0', '0e5', '-1', '-1.5e-3']],
    ['underflow-positive', 'a positive number that underflows to 0 passes', ['1e-400', '4.9e-325']],
    [
      'large-finite',
      'large finite numbers pass, exact or not',
      ['1e308', '1.7976931348623157e308', '-1.7976931348623157e308', '123456789012345678901234567890', '9007199254740993', '4294967295'],
    ],
  ]
  const overwritten = modelCase(
    'traps/numbers/overwritten',
    ['TW-JSON-2', 'TW-JSON-1'],
    'The copy is of the PARSED value: a -0 or 1e400 that a repeated key overwrites is gone and refuses nothing; one that overwrites is refused',
    [
      rawItem('"content":"a"', '"status":"pending"', '"n":-0', '"n":1'),
      rawItem('"content":1e400', '"content":"b"', '"status":"pending"'),
      '{"todos":[],"x":-0,"x":0}',
      rawItem('"content":"a"', '"status":"pending"', '"n":1', '"n":-0'),
      unowned('{"todos":[],"x":0,"x":-1e400}'),
    ],
  )
  const numbersCase =
    (prefix: string) =>
    ([name, description, numbers]: [string, string, string[]]) =>
      modelCase(`traps/numbers/${name}`, ['TW-JSON-2'], `${prefix}: ${description}`, numbers.flatMap(numberAt))
  return [
    overwritten,
    ...refused.map(numbersCase('Refused before anything else, wherever it stands, owner or not')),
    ...passing.map(numbersCase('Not refused')),
  ]
}

const arrays = (depth: number, inner = ''): string => '['.repeat(depth) + inner + ']'.repeat(depth)
const objects = (depth: number, inner = 'null'): string => '{"a":'.repeat(depth) + inner + '}'.repeat(depth)

function nestingCases(): VectorCase[] {
  // The arguments object is level 1 (TW-JSON-3): `{"todos":[…],"x":V}` puts V at level 2, an item's key at level 4.
  const item = (value: string) => `{"todos":[{"content":"a","status":"pending","x":${value}}]}`
  const cases: [string, string, TrapCall[]][] = [
    ['arrays-1000', '999 arrays in an extra top-level key: 1,000 levels', [`{"todos":[],"x":${arrays(999)}}`, dsh(`{"todos":[],"x":${arrays(999)}}`)]],
    ['objects-1000', '999 objects in an extra top-level key: 1,000 levels', [`{"todos":[],"x":${objects(998)}}`]],
    [
      'item-key-1000',
      '997 levels in an item\'s extra key: accepted under "drop", an undeclared key under "reject"',
      [item(arrays(997)), reject(item(objects(996))), dsh(item(arrays(997)))],
    ],
    ['content-1000', 'a content nested to 1,000 levels: not a string', [`{"todos":[{"content":${arrays(997)},"status":"pending"}]}`]],
    ['item-1000', 'an item nested to 1,000 levels: not an object', [`{"todos":[${arrays(998)}]}`]],
    ['todos-1000', '"todos" nested to 1,000 levels: an array whose item is not an object', [`{"todos":${arrays(999)}}`]],
    ['minus-zero-1000', '-0 at the bottom of 1,000 levels: refused (TW-JSON-2)', [`{"todos":[],"x":${arrays(999, '-0')}}`, unowned(item(objects(996, '-0')))]],
    ['129', '129 levels (one past a 128-level parser limit)', [`{"todos":[],"x":${arrays(128)}}`, dsh(item(objects(126, '"deep"')))]],
    [
      'mixed-1000',
      'arrays and objects alternating to 1,000 levels, strings with escapes at the bottom',
      [`{"todos":[{"content":"b","status":"completed"}],"x":${'[{"k":'.repeat(499)}"\\u0000\\ud800"${'}]'.repeat(499)}}`],
    ],
  ]
  return cases.map(([name, description, calls]) => modelCase(`traps/nesting/${name}`, ['TW-JSON-3'], `Nesting: ${description}`, calls))
}

function otherCases(): VectorCase[] {
  const pending = (...contents: string[]) => list(...contents.map((content): [string, string] => [content, 'pending']))
  const a: [string, string] = ['a', 'in_progress']
  const b: [string, string] = ['b', 'in_progress']
  const aWithId: [string, string, Record<string, unknown>] = ['a', 'in_progress', { id: 1 }]
  return [
    modelCase(
      'traps/surrogates/snapshot',
      ['TW-EVENT-1', 'TW-VALUE-1'],
      'Lone surrogates in an accepted content are kept as they are, in the value, the event and the current list',
      [list(['a\ud800', 'pending'], ['\udc00b', 'in_progress'], ['\udfff\ud800', 'completed'])],
    ),
    modelCase(
      'traps/surrogates/distinct',
      ['TW-DUP-1'],
      'Lone surrogates are distinct from one another and from U+FFFD (a port that replaces them sees duplicates)',
      [pending('\ud800', '\udc00', '\ufffd', '\udbff'), pending('x\ud800', 'x\ufffd', 'x\ud800')],
    ),
    ...rawSurrogateCases(),
    modelCase('traps/dup/no-normalization', ['TW-DUP-1'], 'No case folding, no Unicode normalization, no compatibility mapping: every pair here is distinct', [
      pending('\u00c5', '\u212b', 'A\u030a', '\ufb00', 'ff', 'A', 'a', '\u0130', 'i\u0307'),
    ]),
    modelCase(
      'traps/order/count-before-owner',
      ['TW-ORDER-1', 'TW-ORDER-2'],
      'Without an owner, the in_progress count still comes before the owner check; a duplicate still beats the count',
      [
        unowned(list(a, b)),
        { text: list(a, b, ['c', 'in_progress']), agent: false, options: DSH },
        unowned(list(a, b, [' a', 'pending'])),
        unowned(list(a, b, ['\u3000', 'pending'])),
        { text: list(a, b), agent: false, options: { allowParallelInProgress: true } },
      ],
    ),
    modelCase('traps/profiles/overrides', ['TW-PROFILE-1', 'TW-OPT-1'], "Each option given overrides its profile's setting, in both directions", [
      { text: list(aWithId, b), options: { ...DSH, unknownItemKeys: 'drop' } },
      { text: list(aWithId), options: { profile: 'seed', unknownItemKeys: 'reject' } },
      { text: list(a, b), options: { ...DSH, activeLimitWording: 'comma' } },
      { text: list(a, b), options: { profile: 'seed', activeLimitWording: 'parentheses' } },
      { text: list(aWithId, b), options: { ...DSH, allowParallelInProgress: true, unknownItemKeys: 'drop' } },
      { text: list(aWithId), options: { profile: 'seed' } },
    ]),
    modelCase('traps/profiles/key-order', ['TW-PROFILE-1', 'TW-OPT-1'], 'An option given before "profile" overrides it as one given after', [
      { text: list(aWithId, b), options: { allowParallelInProgress: true, unknownItemKeys: 'drop', ...DSH } },
      { text: list(a, b), options: { activeLimitWording: 'comma', ...DSH } },
    ]),
  ]
}

/**
 * Lone surrogates written RAW in the arguments text, not as `\udxxx` (TW-JSON-4: a string
 * holds any code unit): the request line carries each as `\udxxx` inside the `args` string,
 * so a port whose envelope decoder makes them U+FFFD (Go's `encoding/json`) sees other
 * contents, and duplicates where there are none. Every position: content, key, duplicate.
 */
function rawSurrogateCases(): VectorCase[] {
  const raw = (...contents: string[]) => `{"todos":[${contents.map((c, i) => `{"content":"${c}","status":"${i % 2 ? 'completed' : 'pending'}"}`).join(',')}]}`
  const members: [string, string, string[], TrapCall[]][] = [
    [
      'content',
      'in an accepted content, at the start, in the middle and at the end: kept',
      ['TW-EVENT-1', 'TW-VALUE-1'],
      [raw('\ud800a', 'a\udc00b', 'b\udfff', '\udbff\ud800')],
    ],
    [
      'distinct',
      'distinct from one another and from U+FFFD: no duplicate',
      ['TW-DUP-1'],
      [raw('\ud800', '\udc00', '\ufffd', '\udbff', '\ude00'), raw('x\ud800', 'x\udfff', 'x\ufffd')],
    ],
    [
      'duplicate',
      'the same lone surrogate twice, raw or raw and escaped: a duplicate, quoted \\udxxx',
      ['TW-DUP-1', 'TW-DUP-2'],
      [raw('a\ud800', 'b', 'a\ud800'), raw(' \udc00 ', '\\udc00'), raw('\u3000x\udbff\u00a0', 'x\udbff')],
    ],
    [
      'pair',
      'a high one before a low one, either escaped in the text: one character, the pair, in a content or a key',
      ['TW-DUP-1', 'TW-DUP-2', 'TW-JSON-1'],
      [
        raw('\ud83d\\ude00', '\\ud83d\\ude00'),
        raw('\\ud83d\ude00', '\ud83d\ude00'),
        raw('a\ud83d\\ude00b'),
        reject('{"todos":[{"content":"a","status":"pending","\ud83d\\ude00":1,"\\ud83d\\ude00":2}]}'),
      ],
    ],
    [
      'key',
      'as an undeclared key: named under "reject", dropped under "drop"',
      ['TW-OPT-KEYS-2', 'TW-OPT-KEYS-1'],
      [reject('{"todos":[{"content":"a","status":"pending","\ud800":1,"k\udc00":2}]}'), '{"todos":[{"content":"a","status":"pending","\ud800":1,"\udc00":2}]}'],
    ],
  ]
  return members.map(([name, description, rules, calls]) =>
    modelCase(`traps/surrogates/raw-${name}`, ['TW-JSON-4', ...rules], `Lone surrogates written raw in the text, ${description}`, calls),
  )
}

// The arguments as TEXT (TW-JSON-4): every legal spelling a caller may write — whitespace
// between tokens, escapes where a raw character would do, every number form — read as
// JSON.parse reads it; and every text that is not JSON, which never reaches the tool and gets
// an error response. Member by member, each its own case.

/** A compact JSON text with `ws` at every boundary between its tokens, and around it. */
function spread(text: string, ws: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '"') {
      const start = i
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++
      out += text.slice(start, i + 1)
    } else out += '{}[]:,'.includes(c) ? ws + c + ws : c
  }
  return ws + out + ws
}

const WHITESPACE_TEXTS = {
  accepted: '{"todos":[{"content":" a ","status":"in_progress","n":[1,-2.5e3,true,false,null,{},[]],"o":{"k":"v"}}],"x":[]}',
  reject: '{"todos":[{"content":"a","status":"pending","id":1,"2":[]}]}',
  minusZero: '{"todos":[],"n":-0}',
}

function whitespaceCases(): VectorCase[] {
  const members: [string, string, (compact: string) => string][] = [
    ['space', 'a space', (t) => spread(t, ' ')],
    ['tab', 'a tab', (t) => spread(t, '\t')],
    ['line-feed', 'a line feed', (t) => spread(t, '\n')],
    ['carriage-return', 'a carriage return alone', (t) => spread(t, '\r')],
    ['crlf', 'CR LF', (t) => spread(t, '\r\n')],
    ['run', 'a run of all four', (t) => spread(t, ' \t\r\n\r \t\n')],
    ['pretty', 'JSON.stringify(value, null, 2)', (t) => JSON.stringify(JSON.parse(t), null, 2)],
    ['pretty-tabs', 'pretty-printed with tabs and CR LF', (t) => JSON.stringify(JSON.parse(t), null, '\t').replaceAll('\n', '\r\n')],
  ]
  return members.map(([name, description, write]) =>
    modelCase(`traps/whitespace/${name}`, ['TW-JSON-4', 'TW-JSON-1'], `JSON whitespace between every two tokens and around the text: ${description}`, [
      write(WHITESPACE_TEXTS.accepted),
      dsh(write(WHITESPACE_TEXTS.reject)),
      write(WHITESPACE_TEXTS.minusZero),
    ]),
  )
}

function escapeCases(): VectorCase[] {
  // Contents and statuses as written between the quotes of the text.
  const item = (content: string, status = 'pending') => `{"content":"${content}","status":"${status}"}`
  const todos = (...items: (string | [string, string])[]) => `{"todos":[${items.map((i) => (typeof i === 'string' ? item(i) : item(...i))).join(',')}]}`
  const members: [string, string, TrapCall[]][] = [
    ['u-lower', '\\u escapes with lower-case hex', [todos('caf\\u00e9'), todos('\\u00e9', '\u00e9'), todos('\\u4e2d\\u6587')]],
    ['u-upper', '\\u escapes with upper-case hex', [todos('caf\\u00E9'), todos('\\u00E9', '\\u00e9'), todos('\\u4E2D\\u6587')]],
    ['u-mixed-case', '\\u escapes mixing hex cases: \\uFeFf is U+FEFF, trimmed', [todos('\\uFeFfa\\ufEFF'), todos('\\uFEfF')]],
    ['u-ascii', 'ASCII letters written as \\u escapes: the same content as the raw letters', [todos('\\u0061\\u0042'), todos('aB', '\\u0061\\u0042')]],
    ['solidus', '\\/ is "/"', [todos('a\\/b'), todos('a/b', 'a\\/b'), todos('\\/', '\\u002f')]],
    [
      'short',
      'the short escapes \\" \\\\ \\b \\f \\n \\r \\t inside a content, and at its ends (trimmed)',
      [todos('x\\b\\f\\n\\r\\t\\"\\\\y', 'x\\b\\f\\n\\r\\t\\"\\\\y'), todos('\\n\\t\\r\\fa\\n\\r\\t\\f')],
    ],
    [
      'keys',
      'escaped key names: \\u0074odos, \\u0063ontent, st\\u0061tus are todos, content, status; an undeclared key is named unescaped',
      [
        '{"\\u0074odos":[{"\\u0063ontent":"a","st\\u0061tus":"pending"}]}',
        reject('{"todos":[{"content":"a","status":"pending","\\u0069d":1,"\\u0031":2}]}'),
        '{"todos":[{"content":"a","status":"pending","\\u0063ontent":"b"}]}',
      ],
    ],
    [
      'status',
      'escaped status values',
      [todos(['a', 'p\\u0065nding'], ['b', 'in\\u005fprogress'], ['c', '\\u0063ompleted']), todos(['a', 'in\\u005Fprogress'], ['b', 'in_progress'])],
    ],
    [
      'pair',
      'a surrogate pair escaped in lower case, in upper case, and raw: one character',
      [todos('\\ud83d\\ude00', '\\uD83D\\uDE00'), todos('\ud83d\ude00', '\\ud83d\\uDE00'), todos('a\\ud83d\\ude00')],
    ],
    ['nul', '\\u0000 is a character like any other', [todos('\\u0000a', 'a\\u0000'), todos('\\u0000', '\\u0000')]],
    [
      'whitespace',
      'trim-set characters written as escapes are trimmed as the raw ones are',
      [todos('\\u0020a\\u0009\\u3000'), todos('\\u3000\\u2028\\ufeff'), todos('a', '\\u00a0a')],
    ],
  ]
  return members.map(([name, description, calls]) => modelCase(`traps/escapes/${name}`, ['TW-JSON-4', 'TW-JSON-1'], `Escapes: ${description}`, calls))
}

function numberFormCases(): VectorCase[] {
  const forms: [string, string][] = [
    ['1E5', 'an upper-case exponent'],
    ['1e+5', 'an exponent with a plus sign'],
    ['1E+2', 'an upper-case exponent with a plus sign'],
    ['1e-7', 'a negative exponent'],
    ['1E-2', 'an upper-case negative exponent'],
    ['1e0001', 'an exponent with leading zeros (legal)'],
    ['0.5', 'a fraction below one'],
    ['2.50', 'a fraction with a trailing zero'],
    ['-1.5E-3', 'a negative fraction with an exponent'],
    ['10.0e0', 'a fraction and an exponent'],
    ['123e-2', 'an integer with a negative exponent'],
    ['0e0', 'zero with an exponent'],
    ['-0e-0', 'minus zero with an exponent: -0, refused (TW-JSON-2)'],
    ['-0.0E+0', 'minus zero as a fraction with an exponent: -0, refused (TW-JSON-2)'],
    ['1.0000000000000000000001', 'more digits than a double holds'],
    ['0.0000001', 'a small fraction written out'],
    ['-2.4703282292062327e-324', 'just below half the smallest double: rounds to -0, refused (TW-JSON-2)'],
    ['-2.4703282292062328e-324', 'just above half the smallest double: rounds to -5e-324, kept'],
    ['1e99999999999999999999', 'an exponent beyond every integer type: Infinity, refused (TW-JSON-2)'],
    ['-1e-99999999999999999999', 'a negative exponent beyond every integer type: -0, refused (TW-JSON-2)'],
    ['0e99999999999999999999', 'zero with an exponent beyond every integer type: 0, kept'],
  ]
  const formCase = (id: string, description: string, number: string) =>
    modelCase(`traps/number-forms/${id}`, ['TW-JSON-4', 'TW-JSON-2'], description, numberAt(number))
  return [
    ...forms.map(([form, description]) => formCase(form, `A legal number form, wherever it stands: ${form}, ${description}`, form)),
    formCase(
      'digits-5000',
      'An integer of 5,000 digits: a double overflows to Infinity, refused (a reader with a digit limit, such as Python int(), must not refuse it as not JSON)',
      '1' + '0'.repeat(4999),
    ),
    formCase('fraction-5000', 'A fraction of 5,000 digits: a finite double, kept', '0.' + '1'.repeat(5000)),
  ]
}

const NOT_JSON_VALID = '{"todos":[{"content":"before","status":"in_progress"}]}'

/** A text that is not JSON, between a call that sets the plan and one that shows it unchanged. */
const notJsonCase = (id: string, description: string, texts: string[]): VectorCase =>
  modelCase(`traps/not-json/${id}`, ['TW-JSON-4', 'TW-JSON-1'], `Not a JSON text, so an error response and the session unchanged: ${description}`, [
    NOT_JSON_VALID,
    ...texts,
    unowned('{"todos":[]}'),
  ])

function notJsonCases(): VectorCase[] {
  const value = (v: string) => [`{"todos":[{"content":"a","status":"pending","n":${v}}]}`, `{"todos":[],"n":${v}}`]
  // [id, description, text]: the text is the id where none is given.
  const numbers: [string, string, string?][] = [
    ['01', 'a leading zero'],
    ['-01', 'a leading zero after the minus'],
    ['00', 'two zeros'],
    ['1.', 'a point without digits after it'],
    ['-1.', 'a negative number ending in a point'],
    ['1.e5', 'a point without digits before the exponent'],
    ['.5', 'a point without digits before it'],
    ['-.5', 'a minus and a point without digits'],
    ['+1', 'a plus sign'],
    ['0x10', 'hexadecimal'],
    ['0b1', 'binary'],
    ['1_000', 'a digit separator'],
    ['1e', 'an exponent without digits'],
    ['1e+', 'an exponent with a sign and no digits'],
    ['1E-', 'an upper-case exponent with a sign and no digits'],
    ['1e5.5', 'a fraction in the exponent'],
    ['-', 'a minus alone'],
    ['minus-space', 'a space after the minus', '- 1'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['-Infinity', '-Infinity'],
    ['arabic-indic-digit', 'an Arabic-Indic digit', '\u0661'],
    ['fullwidth-digit', 'a fullwidth digit', '\uff11'],
  ]
  const structure: [string, string, string[]][] = [
    ['trailing-comma-array', 'a comma after the last item', ['{"todos":[{"content":"a","status":"pending"},]}', '{"todos":[],"n":[1,2,]}']],
    ['trailing-comma-object', 'a comma after the last member', ['{"todos":[{"content":"a","status":"pending",}]}', '{"todos":[],}']],
    ['leading-comma', 'a comma before the first item', ['{"todos":[,{"content":"a","status":"pending"}]}', '{,"todos":[]}']],
    ['double-comma', 'two commas', ['{"todos":[],"n":[1,,2]}', '{"todos":[],,"n":1}']],
    ['missing-comma', 'no comma between two values', ['{"todos":[] "n":1}', '{"todos":[],"n":[1 2]}']],
    ['missing-colon', 'no colon after a key', ['{"todos" []}', '{"todos":[{"content" "a","status":"pending"}]}']],
    ['missing-value', 'a key without a value', ['{"todos":}', '{"todos":[],"n":}']],
    ['unquoted-key', 'a key without quotes', ['{todos:[]}', '{"todos":[{content:"a","status":"pending"}]}']],
    ['single-quoted-key', 'a key in single quotes', ["{'todos':[]}", '{"todos":[{\'content\':"a","status":"pending"}]}']],
    [
      'single-quoted-string',
      'a string in single quotes',
      ['{"todos":[{"content":\'a\',"status":"pending"}]}', '{"todos":[{"content":"a","status":\'pending\'}]}'],
    ],
    ['two-values', 'a second value after the first', ['{"todos":[]} {}', '{"todos":[]}\n{"todos":[]}']],
    ['cut-short', 'cut short', ['{"todos":[{"content":"a","status":"pending"}]', '{"todos":[{"content":"a']],
    ['empty', 'no value at all', ['', ' \t\r\n']],
    ['extra-close', 'a bracket too many', ['{"todos":[]}}', '{"todos":[]]}']],
    ['mismatched', 'brackets that do not match', ['{"todos":[}]', '{"todos":[{"content":"a","status":"pending"]}']],
    ['comment', 'a comment', ['{"todos":[]}//c', '{"todos":[/*c*/]}']],
  ]
  const literals = ['True', 'FALSE', 'Null', 'nul', 'tru', 'undefined']
  const escapes: [string, string, string][] = [
    ['lone-backslash', 'a backslash before a space', 'a\\ b'],
    ['backslash-at-end', 'a backslash before the closing quote', 'a\\'],
    ['escaped-line-feed', 'a backslash before a raw line feed', 'a\\\nb'],
    ['u-cut-2', 'a \\u escape with two hex digits', '\\u12'],
    ['u-cut-3', 'a \\u escape with three hex digits', '\\u123x'],
    ['u-non-ascii-digits', 'a \\u escape with Arabic-Indic digits', '\\u00\u0664\u0661'],
    ['u-fullwidth-digits', 'a \\u escape with fullwidth digits', '\\u\uff10\uff10\uff14\uff11'],
    ['u-sign', 'a \\u escape with a sign', '\\u+041'],
    ['u-space', 'a \\u escape with a space', '\\u 041'],
    ['u-underscore', 'a \\u escape with a digit separator', '\\u0_41'],
    ['u-hex-prefix', 'a \\u escape with 0x', '\\u0x41'],
    ['u-braces', 'a \\u{…} escape', '\\u{41}'],
    ['u-capital', 'a \\U escape', '\\U0041'],
    ['x', 'a \\x escape', '\\x41'],
    ['single-quote', "a \\' escape", "\\'"],
    ['a', 'a \\a escape', '\\a'],
    ['v', 'a \\v escape', '\\v'],
    ['zero', 'a \\0 escape', '\\0'],
  ]
  const between: number[] = [0x00, 0x0b, 0x0c, 0x85, 0xa0, 0x1680, 0x2000, 0x2007, 0x200b, 0x2028, 0x2029, 0x202f, 0x3000, 0xfeff]
  return [
    ...numbers.map(([id, description, text = id]) => notJsonCase(`number/${id}`, `the number ${JSON.stringify(text)}: ${description}`, value(text))),
    ...structure.map(([id, description, texts]) => notJsonCase(`structure/${id}`, description, texts)),
    ...literals.map((text) => notJsonCase(`literal/${text}`, `the word ${text}`, value(text))),
    ...range(0x20).map((unit) =>
      notJsonCase(`string/raw-${uPlus(unit)}`, `a raw ${uPlus(unit)} in a string (a control character must be escaped)`, [
        `{"todos":[{"content":"a${ch(unit)}b","status":"pending"}]}`,
        `{"todos":[],"${ch(unit)}":1}`,
      ]),
    ),
    ...escapes.map(([id, description, inside]) =>
      notJsonCase(`escape/${id}`, description, [`{"todos":[{"content":"${inside}","status":"pending"}]}`, `{"todos":[],"${inside}":1}`]),
    ),
    ...between.map((unit) =>
      notJsonCase(`whitespace/${uPlus(unit)}`, `${uPlus(unit)} between tokens (JSON whitespace is space, tab, LF and CR only)`, [
        `{"todos":${ch(unit)}[]}`,
        `${ch(unit)}{"todos":[]}`,
        `{"todos":[]}${ch(unit)}`,
      ]),
    ),
  ]
}

/** Every trap class, in a fixed order. */
export const trapCases = (): VectorCase[] => [
  ...quoteCases(),
  ...trimCases(),
  ...keyCases(),
  ...numberCases(),
  ...nestingCases(),
  ...otherCases(),
  ...whitespaceCases(),
  ...escapeCases(),
  ...numberFormCases(),
  ...notJsonCases(),
]

/** Every case of every file, in file order. */
export const allCases = (vectors: Vectors): VectorCase[] => Object.values(vectors.files).flatMap((f) => f.cases)

const bump = (version: string, part: 0 | 1 | 2): string =>
  version
    .split('.')
    .map((n, i) => (i < part ? Number(n) : i === part ? Number(n) + 1 : 0))
    .join('.')

/** Semver of the new cases against the old: major when a case changed or went, minor when one came, patch for the rest. */
export function nextVersion(previous: Vectors | null, next: Vectors): string {
  if (!previous) return FIRST_VERSION
  const version = previous.suite.version
  const byId = (v: Vectors) => new Map(allCases(v).map((c) => [c.id, JSON.stringify(c.calls)]))
  const [old, now] = [byId(previous), byId(next)]
  if ([...old].some(([id, calls]) => now.get(id) !== calls)) return bump(version, 0)
  if ([...now.keys()].some((id) => !old.has(id))) return bump(version, 1)
  const rest = (v: Vectors) => JSON.stringify({ ...v, suite: { ...v.suite, version: '' } })
  return rest(previous) === rest(next) ? version : bump(version, 2)
}

/** The vectors the spec and golden files define now, versioned against `previous`. */
export function buildVectors(previous: Vectors | null): Vectors {
  const text = specText()
  const file = (description: string, cases: VectorCase[]) => ({ $schema: './case-file.schema.json', description, cases })
  const files = {
    [SPEC_FILE]: file('Every worked example of spec/todo.md, in document order.', specCases(text)),
    [GOLDEN_FILE]: file('Every golden call of test/golden/calls/.', goldenCases()),
    [TRAPS_FILE]: file(
      "Every trap class a port falls into, member by member (spec/protocol.md TW-KIT-TRAPS-1); expected outcomes from the spec's independent model.",
      trapCases(),
    ),
  }
  const version = (/^Version (\d+\.\d+\.\d+)\./m.exec(text) ?? [])[1]
  if (!version) throw new Error('spec/todo.md states no "Version x.y.z."')
  const sha256 = createHash('sha256').update(readFileSync(SPEC_PATH)).digest('hex')
  const suite = {
    $schema: './suite.schema.json',
    name: 'todo-write conformance vectors',
    version: FIRST_VERSION,
    protocol: 1,
    spec: { path: 'spec/todo.md', version, sha256 },
    files: Object.keys(files),
    cases: Object.values(files).reduce((n, f) => n + f.cases.length, 0),
  }
  const built: Vectors = { suite, files }
  built.suite.version = nextVersion(previous, built)
  return built
}

const read = (name: string): unknown => JSON.parse(readFileSync(`${VECTORS_DIR}${name}`, 'utf8'))

/** The committed vectors, or null when there are none yet. */
export function committedVectors(): Vectors | null {
  if (!existsSync(`${VECTORS_DIR}suite.json`)) return null
  const suite = read('suite.json') as Vectors['suite']
  return { suite, files: Object.fromEntries(suite.files.map((name) => [name, read(name) as Vectors['files'][string]])) }
}

export function writeVectors(vectors: Vectors): void {
  writeFileSync(`${VECTORS_DIR}suite.json`, asciiJson(vectors.suite))
  for (const [name, file] of Object.entries(vectors.files)) writeFileSync(`${VECTORS_DIR}${name}`, asciiJson(file))
}
