// TW-KIT-TRAPS-1: vectors/traps.json holds every trap over its WHOLE class, member by member:
// a port that gets one member wrong fails a vector, whatever seed the fuzzer draws.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { CallOutcome } from '../../../src/kit/protocol.js'
import type { VectorCase } from '../../../src/kit/vectors.js'
import { callInput } from '../../../src/kit/vectors.js'
import { NOT_TRIMMED, TRIM_SET } from '../../support/model.js'
import { conform } from '../../support/conform.js'
import { TRAPS_FILE, VECTORS_DIR } from '../../support/vectors.js'
import { hasPython } from '../../support/python.js'
import { bugPort } from './zoo/zoo.js'

const cases = (JSON.parse(readFileSync(`${VECTORS_DIR}${TRAPS_FILE}`, 'utf8')) as { cases: VectorCase[] }).cases
const byId = new Map(cases.map((c) => [c.id, c]))
const U = (unit: number) => `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`
const texts = (c: VectorCase) => c.calls.map((call) => callInput(call).args)
/** The expected outcome of call `index` of case `id`. */
const outcome = (id: string, index = 0) => byId.get(id)!.calls[index]!.expect as CallOutcome
/** The text outside its strings. */
const outside = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, '""')
const contents = (c: VectorCase): string[] =>
  texts(c).flatMap((text) =>
    ((JSON.parse(text) as { todos?: { content?: unknown }[] }).todos ?? []).flatMap((t) => (typeof t?.content === 'string' ? [t.content] : [])),
  )
function depth(text: string): number {
  let d = 0
  let max = 0
  for (const c of outside(text)) {
    if (c === '[' || c === '{') max = Math.max(max, ++d)
    else if (c === ']' || c === '}') d--
  }
  return max
}

describe('TW-KIT-TRAPS-1: vectors/traps.json', () => {
  it.each([...Array.from({ length: 0x20 }, (_, i) => i), 0x7f, 0x2028, 0x2029])(
    'quoting: U+%s has its own case, at the start, middle and end of a duplicate, in both profiles',
    (unit) => {
      const c = byId.get(`traps/quote/${U(unit)}`)!
      expect(c, U(unit)).toBeDefined()
      const char = String.fromCharCode(unit)
      const trimmed = TRIM_SET.includes(unit)
      const found = contents(c)
      if (!trimmed) for (const content of [`${char}ab`, `a${char}b`, `ab${char}`]) expect(found).toContain(content)
      expect(c.calls.every((call) => (call.expect as CallOutcome).text.startsWith('Error: invalid todos: duplicate content '))).toBe(true)
      expect(c.calls.some((call) => call.options.profile === 'dsh-0.1.1-rc.2')).toBe(true)
    },
  )

  it('quoting: lone high and low surrogates at the start, in the middle and at the end', () => {
    for (const [id, units] of [
      ['traps/quote/lone-high', ['\ud800', '\udbff']],
      ['traps/quote/lone-low', ['\udc00', '\udfff']],
    ] as const) {
      const found = contents(byId.get(id)!)
      for (const unit of units)
        for (const content of [`${unit}ab`, `a${unit}b`, `ab${unit}`]) expect(found, `${id} ${JSON.stringify(content)}`).toContain(content)
    }
  })

  it.each(TRIM_SET.map((u) => [U(u)]))('trimming: %s is trimmed at both ends, in its own case', (u) => {
    expect(outcome(`traps/trim/${u}`).value).toMatchObject({ todos: [{ content: 'a' }, { content: 'b' }] })
  })

  it.each([...new Set([0x85, 0x180e, 0x200b, 0x1c, 0x1d, 0x1e, 0x1f, ...NOT_TRIMMED])].map((u) => [U(u), u]))(
    'trimming: the look-alike %s is NOT trimmed, at both ends, in its own case',
    (u, unit) => {
      const char = String.fromCharCode(unit)
      expect(outcome(`traps/not-trimmed/${u}`).value).toMatchObject({ todos: [{ content: `${char}${char}a${char}` }, { content: `${char}b${char}${char}` }] })
    },
  )

  it('key order: 4294967294, 4294967295, -0, 01 under "reject" and under the release profile', () => {
    const all = cases.filter((c) => c.id.startsWith('traps/key-order/'))
    const keys = all.flatMap((c) => texts(c).flatMap((t) => Object.keys((JSON.parse(t) as { todos: object[] }).todos[0]!)))
    for (const key of ['4294967294', '4294967295', '-0', '01']) expect(keys).toContain(key)
    expect(
      all.every((c) => c.calls.some((call) => call.options.unknownItemKeys === 'reject') && c.calls.some((call) => call.options.profile === 'dsh-0.1.1-rc.2')),
    ).toBe(true)
    expect(outcome('traps/key-order/index-bounds').text).toBe(
      'Error: invalid arguments: ' +
        ['4294967294', 'note', '4294967295', 'zeta'].map((k) => `"todos[0].${k}" is not a declared property (additionalProperties: false)`).join('; '),
    )
  })

  it("a repeated key's position, __proto__, -0 and overflow, 1,000 levels, raw keys", () => {
    expect(outcome('traps/repeated-key/position').text).toMatch(/"todos\[0\]\.x".*"todos\[0\]\.y"/)
    expect(cases.filter((c) => c.id.startsWith('traps/proto/')).length).toBeGreaterThanOrEqual(3)
    const refused = cases.filter((c) =>
      ['traps/numbers/minus-zero', 'traps/numbers/overflow', 'traps/numbers/underflow', 'traps/numbers/minus-zero-float'].includes(c.id),
    )
    expect(
      refused
        .flatMap((c) => c.calls)
        .every((call) => (call.expect as CallOutcome).text === 'Error: tool execution arguments must be losslessly JSON-serializable'),
    ).toBe(true)
    expect(texts(byId.get('traps/numbers/minus-zero')!).some((t) => t.includes(':-0}'))).toBe(true)
    expect(texts(byId.get('traps/numbers/overflow')!).some((t) => t.includes('1e400'))).toBe(true)
    const nesting = cases.filter((c) => c.id.startsWith('traps/nesting/')).flatMap(texts)
    expect(nesting.filter((t) => depth(t) === 1000).length).toBeGreaterThanOrEqual(8)
    expect(outcome('traps/raw-keys/line-feed').text).toContain('"todos[0].a\nb" is not a declared property')
    expect(outcome('traps/raw-keys/quote').text).toContain('"todos[0].say "hi"" is not a declared property')
    expect(outcome('traps/raw-keys/backslash').text).toContain('"todos[0].back\\slash" is not a declared property')
  })

  it('every case is of the traps/ family, unique, and names the rules it illustrates', () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length)
    expect(cases.every((c) => c.id.startsWith('traps/') && c.rules.length > 0)).toBe(true)
    expect(cases.length).toBeGreaterThan(150)
  })
})

describe('TW-KIT-TRAPS-1, TW-JSON-4: the argument text in every legal and illegal form', () => {
  const family = (prefix: string) => cases.filter((c) => c.id.startsWith(prefix))

  it('whitespace: each of the four JSON whitespace characters, CR LF, runs and pretty-printing, between every two tokens', () => {
    for (const [name, char] of [
      ['space', ' '],
      ['tab', '\t'],
      ['line-feed', '\n'],
      ['carriage-return', '\r'],
      ['crlf', '\r\n'],
    ] as const) {
      const c = byId.get(`traps/whitespace/${name}`)!
      for (const text of texts(c)) {
        // Between every two tokens: as many gaps as a compact text has brackets, colons and commas, plus the two ends.
        const compact = JSON.stringify(JSON.parse(text))
        const gaps = outside(compact).replace(/[^{}[\]:,]/g, '').length * 2 + 2
        expect(outside(text).split(char).length - 1, `${name}: ${JSON.stringify(text)}`).toBeGreaterThanOrEqual(gaps)
      }
    }
    expect(texts(byId.get('traps/whitespace/pretty')!)[0]).toContain('\n  ')
    expect(texts(byId.get('traps/whitespace/pretty-tabs')!)[0]).toContain('\r\n\t')
  })

  it('escapes: \\u in both hex cases, \\/, the short escapes, escaped keys and statuses, surrogate pairs', () => {
    const all = family('traps/escapes/').flatMap(texts).join('\n')
    for (const written of String.raw`\u00e9 \u00E9 \/ \b \f \n \r \t \" \\ \u0074odos \u0063ontent st\u0061tus p\u0065nding \uD83D\uDE00 \u0000`.split(' '))
      expect(all, written).toContain(written)
    expect(outcome('traps/escapes/keys', 1).text).toContain('"todos[0].1" is not a declared property')
  })

  it('number forms: each legal spelling wherever a number stands; 5,000 digits overflow and are refused, not "not JSON"', () => {
    for (const form of ['1E5', '1e+5', '1e-7', '1E+2', '1e0001', '0.5', '-1.5E-3', '-0e-0']) {
      const everywhere = texts(byId.get(`traps/number-forms/${form}`)!).every((t) => t.includes(form))
      expect(everywhere, form).toBe(true)
    }
    expect(outcome('traps/number-forms/digits-5000').text).toBe('Error: tool execution arguments must be losslessly JSON-serializable')
  })

  it('not JSON: each form a case of its own, an error response between a call that sets the plan and one that shows it unchanged', () => {
    const members = [
      ...['01', '-01', '1.', '1.e5', '.5', '-.5', '+1', '0x10', 'NaN', 'Infinity', '-Infinity', 'arabic-indic-digit'].map((n) => `number/${n}`),
      ...'trailing-comma-array trailing-comma-object unquoted-key single-quoted-key single-quoted-string two-values cut-short empty comment'
        .split(' ')
        .map((n) => `structure/${n}`),
      ...Array.from({ length: 0x20 }, (_, unit) => `string/raw-${U(unit)}`),
      ...['lone-backslash', 'u-cut-2', 'u-non-ascii-digits', 'u-sign', 'x', 'single-quote'].map((n) => `escape/${n}`),
      ...[0x0b, 0x0c, 0x85, 0xa0, 0x2028, 0x2029, 0x3000, 0xfeff].map((unit) => `whitespace/${U(unit)}`),
    ]
    for (const member of members) {
      const c = byId.get(`traps/not-json/${member}`)!
      expect(c, member).toBeDefined()
      const [first, ...rest] = c.calls
      const last = rest.pop()!
      expect((first!.expect as CallOutcome).isError, member).toBe(false)
      const refused = rest.every((call) => 'error' in call.expect && call.argsText !== undefined)
      expect(refused, member).toBe(true)
      for (const call of rest) expect(() => JSON.parse(call.argsText!), `${member}: ${JSON.stringify(call.argsText)}`).toThrow(SyntaxError)
      expect((last.expect as CallOutcome).current, member).toEqual((first!.expect as CallOutcome).current)
    }
  })
})

describe('the kit on argument texts (TW-KIT-COMPARE-1)', () => {
  it.skipIf(!hasPython)('a port that takes a text that is not JSON fails the case, naming the error response it owed', async () => {
    const run = await conform(['--runs', '0', '--run', 'traps/not-json/number/01', '--', ...bugPort('double-grammar')])
    expect(run.status).toBe(1)
    expect(run.stdout).toContain('FAIL traps/not-json/number/01: ')
    expect(run.stdout).toContain('expected: an error response: the arguments are not a JSON text (TW-JSON-4)')
    expect(run.stdout).toContain('problem:  the port answered with a call outcome where arguments that are not a JSON text get an error response')
  })

  it.skipIf(!hasPython)('a port that refuses a JSON text fails the case with its error shown', async () => {
    const run = await conform(['--runs', '0', '--run', 'traps/whitespace/carriage-return', '--', ...bugPort('cr-not-whitespace')])
    expect(run.status).toBe(1)
    expect(run.stdout).toContain('problem:  the port answered with an error: "args" is not a JSON text')
  })
})
