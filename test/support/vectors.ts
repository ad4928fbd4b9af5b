// Builds the language-neutral vectors of vectors/ from the TEXT of
// spec/todo.md and test/golden/calls/, and the trap classes of traps.json from the
// independent model of the spec (model.ts) — never from the code under test — and bumps the
// suite's semver when the cases change. test/vectors.test.ts fails when the committed
// files drift from what this builds; `npm run vectors` rewrites them.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { goldenCalls } from './golden.js'
import { modelCall, NOT_TRIMMED, TRIM_SET, type ModelItem, type ModelOptions } from './model.js'
import { examples, SPEC_PATH, specText } from './spec.js'
import type { CaseFile, Suite, VectorCall, VectorCase } from '../../src/kit/vectors.js'

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
  bytesMatter(text) || nesting(text) > MAX_VALUE_NESTING ? { argsText: text } : { args: JSON.parse(text) }

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

function numberCases(): VectorCase[] {
  const at = (number: string): TrapCall[] => [
    { text: `{"todos":[{"content":"a","status":"pending","n":${number}}]}` },
    { text: `{"todos":[],"n":${number}}`, agent: false },
    { text: `{"todos":[{"content":${number},"status":"done"}]}`, options: DSH },
    { text: `{"todos":${number}}` },
    { text: `{"todos":[{"content":"a","status":"pending","n":[1,{"m":[${number}]}]}]}`, options: REJECT },
  ]
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
  ]
}

/** Every trap class, in a fixed order. */
export const trapCases = (): VectorCase[] => [...quoteCases(), ...trimCases(), ...keyCases(), ...numberCases(), ...nestingCases(), ...otherCases()]

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

/** JSON with every non-ASCII code unit escaped: readable by any JSON parser, invisible characters visible. */
export const vectorJson = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) + '\n'

const read = (name: string): unknown => JSON.parse(readFileSync(`${VECTORS_DIR}${name}`, 'utf8'))

/** The committed vectors, or null when there are none yet. */
export function committedVectors(): Vectors | null {
  if (!existsSync(`${VECTORS_DIR}suite.json`)) return null
  const suite = read('suite.json') as Vectors['suite']
  return { suite, files: Object.fromEntries(suite.files.map((name) => [name, read(name) as Vectors['files'][string]])) }
}

export function writeVectors(vectors: Vectors): void {
  writeFileSync(`${VECTORS_DIR}suite.json`, vectorJson(vectors.suite))
  for (const [name, file] of Object.entries(vectors.files)) writeFileSync(`${VECTORS_DIR}${name}`, vectorJson(file))
}
