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
    let expect: VectorCall['expect']
    if (golden.line !== undefined) {
      const line = JSON.parse(golden.line) as { isError: boolean; text: string; value?: unknown; event?: { data: { todos: unknown } } }
      if (line.text !== golden.text) throw new Error(`golden ${golden.name}: .line and .text disagree`)
      expect = {
        isError: line.isError,
        text: line.text,
        value: line.value ?? null,
        event: line.event ?? null,
        current: line.event ? line.event.data.todos : null,
      }
    } else if (golden.text.startsWith('Error: ')) {
      expect = { isError: true, text: golden.text, value: null, event: null, current: null }
    } else {
      throw new Error(`golden ${golden.name}: a success needs a .line file to pin its value and event`)
    }
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

interface TrapCall {
  text: string
  agent?: boolean
  options?: ModelOptions
}

const hex = (unit: number): string => unit.toString(16).toUpperCase().padStart(4, '0')
const uPlus = (unit: number): string => `U+${hex(unit)}`
const ch = (unit: number): string => String.fromCharCode(unit)
const DSH = { profile: 'dsh-0.1.1-rc.2' } as const
const REJECT = { unknownItemKeys: 'reject' } as const

/** A list's JSON text: `[content, status]` pairs, extra keys after them. */
const list = (...items: [string, string, Record<string, unknown>?][]): string =>
  JSON.stringify({ todos: items.map(([content, status, extra]) => ({ content, status, ...extra })) })
/** One item whose entries are written raw (keys may repeat), in a `{"todos":[…]}` text. */
const rawItem = (...entries: string[]): string => `{"todos":[{${entries.join(',')}}]}`
const duplicated = (content: string): string => list([content, 'pending'], [content, 'completed'])

/** The outcome of each call per the model, `current` carried along the case's one session (TW-REPLAY-1). */
function modelCase(id: string, rules: string[], description: string, calls: TrapCall[]): VectorCase {
  let current: ModelItem[] | null = null
  return {
    id,
    rules,
    description,
    calls: calls.map(({ text, agent = true, options = {} }): VectorCall => {
      // Not a JSON text: an error response, and the session as it was (TW-JSON-4, TW-PROTO-ERROR-1).
      if (!isJson(text)) return { argsText: text, agent, options: options as Record<string, unknown>, expect: { error: true } }
      const { text: outcome, snapshot } = modelCall(JSON.parse(text), agent, options)
      const accepted = snapshot !== null && agent
      if (accepted) current = snapshot
      const count = (status: string) => snapshot!.filter((item) => item.status === status).length
      return {
        ...argsOf(text),
        agent,
        options: options as Record<string, unknown>,
        expect: accepted
          ? {
              isError: false,
              text: outcome,
              value: { todos: snapshot, counts: { pending: count('pending'), inProgress: count('in_progress'), completed: count('completed') } },
              event: { type: 'todo/write', data: { todos: snapshot } },
              current,
            }
          : { isError: true, text: outcome, value: null, event: null, current },
      }
    }),
  }
}

/** Code units a duplicate's quoting must get right (TW-DUP-2): each control, DEL, the separators, and the look-alikes of other runtimes' encoders. */
const QUOTED_UNITS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  0x7f,
  0x2028,
  0x2029,
  0x22,
  0x5c,
  0x2f,
  0x3c,
  0x3e,
  0x26,
  0x27,
  0x80,
  0x85,
  0x9f,
  0xe9,
  0xfffd,
  0xfeff,
]
const TRIMMED = new Set(TRIM_SET)

function quoteCases(): VectorCase[] {
  const unitCases = QUOTED_UNITS.map((unit) => {
    const c = ch(unit)
    // A trimmed unit cannot end a trimmed content: it is quoted from the inside only.
    const contents = TRIMMED.has(unit) ? [`a${c}b`, `a${c}${c}b`, `${c}x${c}y${c}`] : [`${c}ab`, `a${c}b`, `ab${c}`]
    return modelCase(
      `traps/quote/${uPlus(unit)}`,
      ['TW-DUP-2'],
      `${uPlus(unit)} in a duplicate's quoted content, ${TRIMMED.has(unit) ? 'inside it (it is trimmed at the ends)' : 'at its start, in the middle and at its end'}; then under the release profile`,
      [...contents.map((content) => ({ text: duplicated(content) })), { text: duplicated(contents[1]!), options: DSH }],
    )
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
  return [
    ...unitCases,
    ...surrogateCases.map(([name, description, contents]) =>
      modelCase(`traps/quote/${name}`, ['TW-DUP-2'], `Quoting: ${description}`, [
        ...contents.map((content) => ({ text: duplicated(content) })),
        { text: duplicated(contents[0]!), options: DSH },
      ]),
    ),
  ]
}

/** Look-alikes a port is tempted to trim, which ECMAScript does not: every other C0 control, DEL, C1, and the invisible spaces. */
const LOOK_ALIKES = [
  ...new Set([...Array.from({ length: 0x20 }, (_, i) => i).filter((u) => !TRIMMED.has(u)), 0x7f, 0x80, 0x9f, ...NOT_TRIMMED, 0x180e, 0x200b, 0xfffe]),
].sort((a, b) => a - b)

function trimCases(): VectorCase[] {
  const trimmed = TRIM_SET.map((unit) => {
    const c = ch(unit)
    return modelCase(
      `traps/trim/${uPlus(unit)}`,
      ['TW-TRIM-1'],
      `${uPlus(unit)} is trimmed at both ends, alone it leaves an empty content, and two contents differing only by it are duplicates; both profiles`,
      [
        { text: list([`${c}${c}a${c}`, 'pending'], [`${c}b${c}${c}`, 'in_progress']) },
        { text: list([c, 'pending']) },
        { text: list([`${c}d`, 'pending'], [`d${c}`, 'completed']) },
        { text: list([`${c}e${c}`, 'completed']), options: DSH },
      ],
    )
  })
  const kept = LOOK_ALIKES.map((unit) => {
    const c = ch(unit)
    return modelCase(
      `traps/not-trimmed/${uPlus(unit)}`,
      ['TW-TRIM-1'],
      `${uPlus(unit)} is NOT trimmed: kept at both ends, alone it is a content, and it tells two contents apart; both profiles`,
      [
        { text: list([`${c}${c}a${c}`, 'pending'], [`${c}b${c}${c}`, 'in_progress']) },
        { text: list([c, 'pending']) },
        { text: list([`${c}d`, 'pending'], [`d${c}`, 'completed'], ['d', 'pending']) },
        { text: list([` ${c}e${c} `, 'completed']), options: DSH },
      ],
    )
  })
  return [...trimmed, ...kept]
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
      { text: rawItem('"content":"a"', '"x":1', '"status":"pending"', '"y":1', '"x":2'), options: REJECT },
      { text: rawItem('"x":1', '"y":1', '"z":1', '"x":2', '"y":2'), options: DSH },
      { text: rawItem('"content":"a"', '"x":1', '"5":1', '"y":1', '"x":2', '"5":2', '"status":"pending"'), options: REJECT },
    ]),
    modelCase('traps/repeated-key/last-value', ['TW-JSON-1'], 'A repeated key takes its LAST value: content, status, todos', [
      { text: rawItem('"content":"a"', '"status":"pending"', '"content":"b"') },
      { text: rawItem('"content":"a"', '"status":"done"', '"status":"completed"') },
      { text: rawItem('"content":"a"', '"status":"pending"', '"status":"done"') },
      { text: '{"todos":5,"todos":[{"content":"c","status":"in_progress"}]}' },
      { text: '{"todos":[],"todos":{}}' },
      { text: rawItem('"content":" "', '"status":"pending"', '"content":"d"', '"content":7') },
    ]),
    modelCase(
      'traps/repeated-key/dropped',
      ['TW-JSON-1', 'TW-EVENT-1'],
      'Repeated keys under "drop": the snapshot holds content then status, whatever the order written',
      [{ text: rawItem('"status":"pending"', '"x":1', '"content":"z"', '"status":"completed"', '"x":2') }],
    ),
  ]
  const proto = [
    modelCase('traps/proto/item', ['TW-JSON-1', 'TW-ARGS-6'], '"__proto__" is an ordinary own key of an item: it supplies neither content nor status', [
      { text: rawItem('"__proto__":{"content":"x","status":"pending"}') },
      { text: rawItem('"__proto__":{"content":"x","status":"pending"}', '"content":"y"') },
    ]),
    modelCase('traps/proto/item-reject', ['TW-JSON-1', 'TW-OPT-KEYS-2'], '"__proto__" and prototype-named keys are undeclared keys under "reject"', [
      { text: rawItem('"content":"a"', '"status":"pending"', '"__proto__":null', '"constructor":1', '"toString":1', '"hasOwnProperty":1'), options: REJECT },
      { text: rawItem('"content":"a"', '"status":"pending"', '"__proto__":{}'), options: DSH },
    ]),
    modelCase('traps/proto/item-drop', ['TW-JSON-1', 'TW-OPT-KEYS-1'], 'Prototype-named keys are dropped like any other under "drop"', [
      { text: rawItem('"content":"a"', '"status":"pending"', '"__proto__":{"status":"done"}', '"constructor":{}', '"valueOf":"x"') },
    ]),
    modelCase('traps/proto/top-level', ['TW-JSON-1', 'TW-ARGS-3'], '"__proto__" at the top level: not "todos"; beside "todos", an ordinary extra key', [
      { text: '{"__proto__":{"todos":[]}}' },
      { text: '{"__proto__":null,"todos":[{"content":"__proto__","status":"pending"}]}' },
      { text: '{"todos":[{"content":"constructor","status":"pending"},{"content":"toString","status":"pending"}],"toString":1,"__proto__":[]}' },
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
  { text: `{"todos":[{"content":"a","status":"pending","n":${number}}]}` },
  { text: `{"todos":[],"n":${number}}`, agent: false },
  { text: `{"todos":[{"content":${number},"status":"done"}]}`, options: DSH },
  { text: `{"todos":${number}}` },
  { text: `{"todos":[{"content":"a","status":"pending","n":[1,{"m":[${number}]}]}]}`, options: REJECT },
]

function numberCases(): VectorCase[] {
  const at = numberAt
  const refused: [string, string, string[]][] = [
    ['minus-zero', '-0 (an integer: JSON.parse gives -0, not 0)', ['-0']],
    ['minus-zero-float', '-0.0, -0e3, -0E+2, -0.000', ['-0.0', '-0e3', '-0E+2', '-0.000']],
    ['underflow', 'a negative number that underflows to -0', ['-1e-400', '-2.5E-350']],
    [
      'overflow',
      'a number that overflows to Infinity or -Infinity',
      [
        '1e400',
        '-1e400',
        '1E309',
        '179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792',
      ],
    ],
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
      { text: rawItem('"content":"a"', '"status":"pending"', '"n":-0', '"n":1') },
      { text: rawItem('"content":1e400', '"content":"b"', '"status":"pending"') },
      { text: '{"todos":[],"x":-0,"x":0}' },
      { text: rawItem('"content":"a"', '"status":"pending"', '"n":1', '"n":-0') },
      { text: '{"todos":[],"x":0,"x":-1e400}', agent: false },
    ],
  )
  return [
    overwritten,
    ...refused.map(([name, description, numbers]) =>
      modelCase(`traps/numbers/${name}`, ['TW-JSON-2'], `Refused before anything else, wherever it stands, owner or not: ${description}`, numbers.flatMap(at)),
    ),
    ...passing.map(([name, description, numbers]) => modelCase(`traps/numbers/${name}`, ['TW-JSON-2'], `Not refused: ${description}`, numbers.flatMap(at))),
  ]
}

const arrays = (depth: number, inner = ''): string => '['.repeat(depth) + inner + ']'.repeat(depth)
const objects = (depth: number, inner = 'null'): string => '{"a":'.repeat(depth) + inner + '}'.repeat(depth)

function nestingCases(): VectorCase[] {
  // The arguments object is level 1 (TW-JSON-3): `{"todos":[…],"x":V}` puts V at level 2, an item's key at level 4.
  const item = (value: string) => `{"todos":[{"content":"a","status":"pending","x":${value}}]}`
  const cases: [string, string, TrapCall[]][] = [
    [
      'arrays-1000',
      '999 arrays in an extra top-level key: 1,000 levels',
      [{ text: `{"todos":[],"x":${arrays(999)}}` }, { text: `{"todos":[],"x":${arrays(999)}}`, options: DSH }],
    ],
    ['objects-1000', '999 objects in an extra top-level key: 1,000 levels', [{ text: `{"todos":[],"x":${objects(998)}}` }]],
    [
      'item-key-1000',
      '997 levels in an item\'s extra key: accepted under "drop", an undeclared key under "reject"',
      [{ text: item(arrays(997)) }, { text: item(objects(996)), options: REJECT }, { text: item(arrays(997)), options: DSH }],
    ],
    ['content-1000', 'a content nested to 1,000 levels: not a string', [{ text: `{"todos":[{"content":${arrays(997)},"status":"pending"}]}` }]],
    ['item-1000', 'an item nested to 1,000 levels: not an object', [{ text: `{"todos":[${arrays(998)}]}` }]],
    ['todos-1000', '"todos" nested to 1,000 levels: an array whose item is not an object', [{ text: `{"todos":${arrays(999)}}` }]],
    [
      'minus-zero-1000',
      '-0 at the bottom of 1,000 levels: refused (TW-JSON-2)',
      [{ text: `{"todos":[],"x":${arrays(999, '-0')}}` }, { text: item(objects(996, '-0')), agent: false }],
    ],
    [
      '129',
      '129 levels (one past a 128-level parser limit)',
      [{ text: `{"todos":[],"x":${arrays(128)}}` }, { text: item(objects(126, '"deep"')), options: DSH }],
    ],
    [
      'mixed-1000',
      'arrays and objects alternating to 1,000 levels, strings with escapes at the bottom',
      [{ text: `{"todos":[{"content":"b","status":"completed"}],"x":${'[{"k":'.repeat(499)}"\\u0000\\ud800"${'}]'.repeat(499)}}` }],
    ],
  ]
  return cases.map(([name, description, calls]) => modelCase(`traps/nesting/${name}`, ['TW-JSON-3'], `Nesting: ${description}`, calls))
}

function otherCases(): VectorCase[] {
  return [
    modelCase(
      'traps/surrogates/snapshot',
      ['TW-EVENT-1', 'TW-VALUE-1'],
      'Lone surrogates in an accepted content are kept as they are, in the value, the event and the current list',
      [{ text: list(['a\ud800', 'pending'], ['\udc00b', 'in_progress'], ['\udfff\ud800', 'completed']) }],
    ),
    modelCase(
      'traps/surrogates/distinct',
      ['TW-DUP-1'],
      'Lone surrogates are distinct from one another and from U+FFFD (a port that replaces them sees duplicates)',
      [
        { text: list(['\ud800', 'pending'], ['\udc00', 'pending'], ['\ufffd', 'pending'], ['\udbff', 'pending']) },
        { text: list(['x\ud800', 'pending'], ['x\ufffd', 'pending'], ['x\ud800', 'pending']) },
      ],
    ),
    ...rawSurrogateCases(),
    modelCase('traps/dup/no-normalization', ['TW-DUP-1'], 'No case folding, no Unicode normalization, no compatibility mapping: every pair here is distinct', [
      {
        text: list(
          ['\u00c5', 'pending'],
          ['\u212b', 'pending'],
          ['A\u030a', 'pending'],
          ['\ufb00', 'pending'],
          ['ff', 'pending'],
          ['A', 'pending'],
          ['a', 'pending'],
          ['\u0130', 'pending'],
          ['i\u0307', 'pending'],
        ),
      },
    ]),
    modelCase(
      'traps/order/count-before-owner',
      ['TW-ORDER-1', 'TW-ORDER-2'],
      'Without an owner, the in_progress count still comes before the owner check; a duplicate still beats the count',
      [
        { text: list(['a', 'in_progress'], ['b', 'in_progress']), agent: false },
        { text: list(['a', 'in_progress'], ['b', 'in_progress'], ['c', 'in_progress']), agent: false, options: DSH },
        { text: list(['a', 'in_progress'], ['b', 'in_progress'], [' a', 'pending']), agent: false },
        { text: list(['a', 'in_progress'], ['b', 'in_progress'], ['\u3000', 'pending']), agent: false },
        { text: list(['a', 'in_progress'], ['b', 'in_progress']), agent: false, options: { allowParallelInProgress: true } },
      ],
    ),
    modelCase('traps/profiles/overrides', ['TW-PROFILE-1', 'TW-OPT-1'], "Each option given overrides its profile's setting, in both directions", [
      { text: list(['a', 'in_progress', { id: 1 }], ['b', 'in_progress']), options: { profile: 'dsh-0.1.1-rc.2', unknownItemKeys: 'drop' } },
      { text: list(['a', 'in_progress', { id: 1 }]), options: { profile: 'seed', unknownItemKeys: 'reject' } },
      { text: list(['a', 'in_progress'], ['b', 'in_progress']), options: { profile: 'dsh-0.1.1-rc.2', activeLimitWording: 'comma' } },
      { text: list(['a', 'in_progress'], ['b', 'in_progress']), options: { profile: 'seed', activeLimitWording: 'parentheses' } },
      {
        text: list(['a', 'in_progress', { id: 1 }], ['b', 'in_progress']),
        options: { profile: 'dsh-0.1.1-rc.2', allowParallelInProgress: true, unknownItemKeys: 'drop' },
      },
      { text: list(['a', 'in_progress', { id: 1 }]), options: { profile: 'seed' } },
    ]),
    modelCase('traps/profiles/key-order', ['TW-PROFILE-1', 'TW-OPT-1'], 'An option given before "profile" overrides it as one given after', [
      {
        text: list(['a', 'in_progress', { id: 1 }], ['b', 'in_progress']),
        options: { allowParallelInProgress: true, unknownItemKeys: 'drop', profile: 'dsh-0.1.1-rc.2' },
      },
      { text: list(['a', 'in_progress'], ['b', 'in_progress']), options: { activeLimitWording: 'comma', profile: 'dsh-0.1.1-rc.2' } },
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
      [{ text: raw('\ud800a', 'a\udc00b', 'b\udfff', '\udbff\ud800') }],
    ],
    [
      'distinct',
      'distinct from one another and from U+FFFD: no duplicate',
      ['TW-DUP-1'],
      [{ text: raw('\ud800', '\udc00', '\ufffd', '\udbff', '\ude00') }, { text: raw('x\ud800', 'x\udfff', 'x\ufffd') }],
    ],
    [
      'duplicate',
      'the same lone surrogate twice, raw or raw and escaped: a duplicate, quoted \\udxxx',
      ['TW-DUP-1', 'TW-DUP-2'],
      [{ text: raw('a\ud800', 'b', 'a\ud800') }, { text: raw(' \udc00 ', '\\udc00') }, { text: raw('\u3000x\udbff\u00a0', 'x\udbff') }],
    ],
    [
      'pair',
      'a high one before a low one, either escaped in the text: one character, the pair, in a content or a key',
      ['TW-DUP-1', 'TW-DUP-2', 'TW-JSON-1'],
      [
        { text: raw('\ud83d\\ude00', '\\ud83d\\ude00') },
        { text: raw('\\ud83d\ude00', '\ud83d\ude00') },
        { text: raw('a\ud83d\\ude00b') },
        { text: '{"todos":[{"content":"a","status":"pending","\ud83d\\ude00":1,"\\ud83d\\ude00":2}]}', options: REJECT },
      ],
    ],
    [
      'key',
      'as an undeclared key: named under "reject", dropped under "drop"',
      ['TW-OPT-KEYS-2', 'TW-OPT-KEYS-1'],
      [
        { text: '{"todos":[{"content":"a","status":"pending","\ud800":1,"k\udc00":2}]}', options: REJECT },
        { text: '{"todos":[{"content":"a","status":"pending","\ud800":1,"\udc00":2}]}' },
      ],
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
      { text: write(WHITESPACE_TEXTS.accepted) },
      { text: write(WHITESPACE_TEXTS.reject), options: DSH },
      { text: write(WHITESPACE_TEXTS.minusZero) },
    ]),
  )
}

function escapeCases(): VectorCase[] {
  const item = (content: string, status = '"pending"') => `{"content":${content},"status":${status}}`
  const todos = (...items: string[]) => `{"todos":[${items.join(',')}]}`
  const members: [string, string, TrapCall[]][] = [
    [
      'u-lower',
      '\\u escapes with lower-case hex',
      [{ text: todos(item('"caf\\u00e9"')) }, { text: todos(item('"\\u00e9"'), item('"\u00e9"')) }, { text: todos(item('"\\u4e2d\\u6587"')) }],
    ],
    [
      'u-upper',
      '\\u escapes with upper-case hex',
      [{ text: todos(item('"caf\\u00E9"')) }, { text: todos(item('"\\u00E9"'), item('"\\u00e9"')) }, { text: todos(item('"\\u4E2D\\u6587"')) }],
    ],
    [
      'u-mixed-case',
      '\\u escapes mixing hex cases: \\uFeFf is U+FEFF, trimmed',
      [{ text: todos(item('"\\uFeFfa\\ufEFF"')) }, { text: todos(item('"\\uFEfF"')) }],
    ],
    [
      'u-ascii',
      'ASCII letters written as \\u escapes: the same content as the raw letters',
      [{ text: todos(item('"\\u0061\\u0042"')) }, { text: todos(item('"aB"'), item('"\\u0061\\u0042"')) }],
    ],
    [
      'solidus',
      '\\/ is "/"',
      [{ text: todos(item('"a\\/b"')) }, { text: todos(item('"a/b"'), item('"a\\/b"')) }, { text: todos(item('"\\/"'), item('"\\u002f"')) }],
    ],
    [
      'short',
      'the short escapes \\" \\\\ \\b \\f \\n \\r \\t inside a content, and at its ends (trimmed)',
      [{ text: todos(item('"x\\b\\f\\n\\r\\t\\"\\\\y"'), item('"x\\b\\f\\n\\r\\t\\"\\\\y"')) }, { text: todos(item('"\\n\\t\\r\\fa\\n\\r\\t\\f"')) }],
    ],
    [
      'keys',
      'escaped key names: \\u0074odos, \\u0063ontent, st\\u0061tus are todos, content, status; an undeclared key is named unescaped',
      [
        { text: '{"\\u0074odos":[{"\\u0063ontent":"a","st\\u0061tus":"pending"}]}' },
        { text: '{"todos":[{"content":"a","status":"pending","\\u0069d":1,"\\u0031":2}]}', options: REJECT },
        { text: '{"todos":[{"content":"a","status":"pending","\\u0063ontent":"b"}]}' },
      ],
    ],
    [
      'status',
      'escaped status values',
      [
        { text: todos(item('"a"', '"p\\u0065nding"'), item('"b"', '"in\\u005fprogress"'), item('"c"', '"\\u0063ompleted"')) },
        { text: todos(item('"a"', '"in\\u005Fprogress"'), item('"b"', '"in_progress"')) },
      ],
    ],
    [
      'pair',
      'a surrogate pair escaped in lower case, in upper case, and raw: one character',
      [
        { text: todos(item('"\\ud83d\\ude00"'), item('"\\uD83D\\uDE00"')) },
        { text: todos(item('"\ud83d\ude00"'), item('"\\ud83d\\uDE00"')) },
        { text: todos(item('"a\\ud83d\\ude00"')) },
      ],
    ],
    [
      'nul',
      '\\u0000 is a character like any other',
      [{ text: todos(item('"\\u0000a"'), item('"a\\u0000"')) }, { text: todos(item('"\\u0000"'), item('"\\u0000"')) }],
    ],
    [
      'whitespace',
      'trim-set characters written as escapes are trimmed as the raw ones are',
      [{ text: todos(item('"\\u0020a\\u0009\\u3000"')) }, { text: todos(item('"\\u3000\\u2028\\ufeff"')) }, { text: todos(item('"a"'), item('"\\u00a0a"')) }],
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
  const cases = forms.map(([form, description]) =>
    modelCase(`traps/number-forms/${form}`, ['TW-JSON-4', 'TW-JSON-2'], `A legal number form, wherever it stands: ${form}, ${description}`, numberAt(form)),
  )
  const longInteger = '1' + '0'.repeat(4999)
  const longFraction = '0.' + '1'.repeat(5000)
  return [
    ...cases,
    modelCase(
      'traps/number-forms/digits-5000',
      ['TW-JSON-4', 'TW-JSON-2'],
      'An integer of 5,000 digits: a double overflows to Infinity, refused (a reader with a digit limit, such as Python int(), must not refuse it as not JSON)',
      numberAt(longInteger),
    ),
    modelCase('traps/number-forms/fraction-5000', ['TW-JSON-4', 'TW-JSON-2'], 'A fraction of 5,000 digits: a finite double, kept', numberAt(longFraction)),
  ]
}

const NOT_JSON_VALID = '{"todos":[{"content":"before","status":"in_progress"}]}'

/** A text that is not JSON, between a call that sets the plan and one that shows it unchanged. */
const notJsonCase = (id: string, description: string, texts: string[]): VectorCase =>
  modelCase(`traps/not-json/${id}`, ['TW-JSON-4', 'TW-JSON-1'], `Not a JSON text, so an error response and the session unchanged: ${description}`, [
    { text: NOT_JSON_VALID },
    ...texts.map((text) => ({ text })),
    { text: '{"todos":[]}', agent: false },
  ])

function notJsonCases(): VectorCase[] {
  const value = (v: string) => [`{"todos":[{"content":"a","status":"pending","n":${v}}]}`, `{"todos":[],"n":${v}}`]
  const numbers: [string, string, string][] = [
    ['01', 'a leading zero', '01'],
    ['-01', 'a leading zero after the minus', '-01'],
    ['00', 'two zeros', '00'],
    ['1.', 'a point without digits after it', '1.'],
    ['-1.', 'a negative number ending in a point', '-1.'],
    ['1.e5', 'a point without digits before the exponent', '1.e5'],
    ['.5', 'a point without digits before it', '.5'],
    ['-.5', 'a minus and a point without digits', '-.5'],
    ['+1', 'a plus sign', '+1'],
    ['0x10', 'hexadecimal', '0x10'],
    ['0b1', 'binary', '0b1'],
    ['1_000', 'a digit separator', '1_000'],
    ['1e', 'an exponent without digits', '1e'],
    ['1e+', 'an exponent with a sign and no digits', '1e+'],
    ['1E-', 'an upper-case exponent with a sign and no digits', '1E-'],
    ['1e5.5', 'a fraction in the exponent', '1e5.5'],
    ['-', 'a minus alone', '-'],
    ['minus-space', 'a space after the minus', '- 1'],
    ['NaN', 'NaN', 'NaN'],
    ['Infinity', 'Infinity', 'Infinity'],
    ['-Infinity', '-Infinity', '-Infinity'],
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
  const literals: [string, string][] = [
    ['True', 'True'],
    ['FALSE', 'FALSE'],
    ['Null', 'Null'],
    ['nul', 'nul'],
    ['tru', 'tru'],
    ['undefined', 'undefined'],
  ]
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
    ...numbers.map(([id, description, text]) => notJsonCase(`number/${id}`, `the number ${JSON.stringify(text)}: ${description}`, value(text))),
    ...structure.map(([id, description, texts]) => notJsonCase(`structure/${id}`, description, texts)),
    ...literals.map(([id, text]) => notJsonCase(`literal/${id}`, `the word ${text}`, value(text))),
    ...Array.from({ length: 0x20 }, (_, unit) =>
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

const bump = (version: string, part: 0 | 1 | 2): string =>
  version
    .split('.')
    .map((n, i) => (i < part ? Number(n) : i === part ? Number(n) + 1 : 0))
    .join('.')

/** Semver of the new cases against the old: major when a case changed or went, minor when one came, patch for the rest. */
export function nextVersion(previous: Vectors | null, next: Vectors): string {
  if (!previous) return FIRST_VERSION
  const version = previous.suite.version
  const key = (c: VectorCase) => JSON.stringify(c.calls)
  const old = new Map(
    Object.values(previous.files)
      .flatMap((f) => f.cases)
      .map((c) => [c.id, key(c)]),
  )
  const now = new Map(
    Object.values(next.files)
      .flatMap((f) => f.cases)
      .map((c) => [c.id, key(c)]),
  )
  if ([...old].some(([id, calls]) => now.get(id) !== calls)) return bump(version, 0)
  if ([...now.keys()].some((id) => !old.has(id))) return bump(version, 1)
  const rest = (v: Vectors) => JSON.stringify({ ...v, suite: { ...v.suite, version: '' } })
  return rest(previous) === rest(next) ? version : bump(version, 2)
}

/** The vectors the spec and golden files define now, versioned against `previous`. */
export function buildVectors(previous: Vectors | null): Vectors {
  const text = specText()
  const files = {
    [SPEC_FILE]: { $schema: './case-file.schema.json', description: 'Every worked example of spec/todo.md, in document order.', cases: specCases(text) },
    [GOLDEN_FILE]: { $schema: './case-file.schema.json', description: 'Every golden call of test/golden/calls/.', cases: goldenCases() },
    [TRAPS_FILE]: {
      $schema: './case-file.schema.json',
      description:
        "Every trap class a port falls into, member by member (spec/protocol.md TW-KIT-TRAPS-1); expected outcomes from the spec's independent model.",
      cases: trapCases(),
    },
  }
  const version = (/^Version (\d+\.\d+\.\d+)\./m.exec(text) ?? [])[1]
  if (!version) throw new Error('spec/todo.md states no "Version x.y.z."')
  const sha256 = createHash('sha256').update(readFileSync(SPEC_PATH)).digest('hex')
  const cases = Object.values(files).reduce((n, f) => n + f.cases.length, 0)
  const suite = {
    $schema: './suite.schema.json',
    name: 'todo-write conformance vectors',
    version: FIRST_VERSION,
    protocol: 1,
    spec: { path: 'spec/todo.md', version, sha256 },
    files: Object.keys(files),
    cases,
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
