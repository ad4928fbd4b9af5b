// TW-KIT-FUZZ-2: the fuzzer's generator draws every trap class on purpose, at every position,
// and shrinks toward plain ASCII, so a shrunk case shows only the character that matters.
import fc from '../../support/fc.js'
import { describe, expect, it } from 'vitest'
import { sequenceInputs } from '../../../src/kit/fuzzer.js'
import { callInput, loadSuite } from '../../../src/kit/vectors.js'
import {
  BAD_ESCAPES,
  COMPACT,
  sequenceFor,
  TRAP_CHARACTERS,
  TRAP_KEYS,
  TRAP_NUMBERS,
  TRAP_WHITESPACE,
  TRIM_SET,
  writeJsonNode,
} from '../../../src/kit/generators.js'
import { modelCall, modelIsJsonText, modelTrim } from '../../support/model.js'

const sample = fc.sample(sequenceFor(), { numRuns: 3000, seed: 4242 })
const everyInput = sample.flatMap((s) => sequenceInputs(s))
const isJson = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
/** The calls whose arguments are JSON texts; the others are TW-JSON-4's, tested below. */
const inputs = everyInput.filter((input) => isJson(input.args))
const notJson = everyInput.filter((input) => !isJson(input.args))
const parsed = inputs.map((input) => JSON.parse(input.args) as unknown)
const contentsOf = (args: unknown): string[] => {
  const todos = (args as { todos?: unknown })?.todos
  return Array.isArray(todos)
    ? todos.flatMap((t) => (typeof (t as { content?: unknown })?.content === 'string' ? [(t as { content: string }).content] : []))
    : []
}
const allContents = parsed.flatMap(contentsOf)
/** The text outside its strings. */
const outside = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, '""')
const nesting = (text: string): number => {
  let depth = 0
  let max = 0
  for (const c of outside(text)) {
    if (c === '[' || c === '{') max = Math.max(max, ++depth)
    else if (c === ']' || c === '}') depth--
  }
  return max
}
/** Some item of `list` holds; `label` names what was looked for. */
const expectSome = <T>(list: T[], label: string, holds: (item: T) => boolean) => expect(list.some(holds), label).toBe(true)
/** An input whose args hold `number` where a value stands. */
const numberAt = (number: string) => (i: { args: string }) => i.args.includes(`:${number}`) || i.args.includes(`[${number}`)

describe('TW-KIT-FUZZ-2: trap-aware generation', () => {
  it('every member of the character classes turns up in contents, at the start, in the middle and at the end', () => {
    const { controls, delC1, escapedElsewhere, loneHigh, loneLow, trimSet, lookAlikes } = TRAP_CHARACTERS
    for (const c of [...controls, ...delC1, ...escapedElsewhere, ...loneHigh, ...loneLow, ...trimSet, ...lookAlikes])
      expectSome(allContents, JSON.stringify(c), (content) => content.includes(c))
    const trimmed = allContents.map(modelTrim).filter((t) => t !== '')
    for (const [name, at] of [
      ['start', (t: string) => t.charCodeAt(0)],
      ['end', (t: string) => t.charCodeAt(t.length - 1)],
    ] as const) {
      expect(trimmed.filter((t) => at(t) < 0x20).length, `a control at the ${name}`).toBeGreaterThan(20)
      expect(trimmed.filter((t) => at(t) >= 0xd800 && at(t) <= 0xdfff).length, `a surrogate at the ${name}`).toBeGreaterThan(20)
    }
    for (const unit of TRIM_SET) expectSome(allContents, unit.toString(16), (c) => c.charCodeAt(0) === unit || c.charCodeAt(c.length - 1) === unit)
  })

  it('duplicates, keys, numbers, depths and deployments are drawn on purpose', () => {
    const outcomes = inputs.map((input, i) => modelCall(parsed[i], input.agent, input.options).text)
    const share = (prefix: string) => outcomes.filter((t) => t.startsWith(prefix)).length / outcomes.length
    expect(share('Error: invalid todos: duplicate content ')).toBeGreaterThan(0.05)
    expect(share('Updated todo list: ')).toBeGreaterThan(0.2)
    expect(share('Error: tool execution arguments must be losslessly JSON-serializable')).toBeGreaterThan(0.01)
    expect(share('Error: tool execution arguments must be losslessly JSON-serializable')).toBeLessThan(0.1)
    for (const key of [...TRAP_KEYS.indices, ...TRAP_KEYS.nearIndices, ...TRAP_KEYS.raw, '__proto__'])
      expectSome(inputs, key, (i) => i.args.includes(JSON.stringify(key).slice(0, -1) + '":'))
    for (const number of TRAP_NUMBERS.refused) expectSome(inputs, number, numberAt(number))
    const depths = new Set(inputs.map((i) => nesting(i.args)))
    for (const depth of [128, 129, 1000]) expect(depths.has(depth), String(depth)).toBe(true)
    expect(Math.max(...depths)).toBe(1000)
    const rejecting = sample.filter(
      (s) => s.options.unknownItemKeys === 'reject' || (s.options.profile === 'dsh-0.1.1-rc.2' && s.options.unknownItemKeys !== 'drop'),
    )
    expect(rejecting.length / sample.length).toBeGreaterThan(0.3)
    expect(sample.some((s) => s.options.profile === 'seed') && sample.some((s) => Object.keys(s.options).length === 0)).toBe(true)
  })

  it('the text forms of TW-JSON-4: whitespace between tokens, escapes, number spellings, each drawn', () => {
    for (const ws of TRAP_WHITESPACE.json) expectSome(inputs, JSON.stringify(ws), (i) => outside(i.args).includes(ws))
    for (const written of ['\\u0063\\u006f\\u006e', '\\u0073\\u0074', '\\u00e9', '\\u00E9', '\\/', '\\u0074\\u006f'])
      expectSome(inputs, written, (i) => i.args.includes(written))
    for (const number of TRAP_NUMBERS.forms) expectSome(inputs, number, (i) => outside(i.args).includes(number))
    expect(inputs.filter((i) => outside(i.args) !== outside(JSON.stringify(JSON.parse(i.args)))).length / inputs.length).toBeGreaterThan(0.3)
    // A lone surrogate written raw in the text, not as \udxxx: an envelope decoder that makes it U+FFFD is seen.
    expect(inputs.some((i) => /\p{Surrogate}/u.test(i.args))).toBe(true)
  })

  it('texts that are not JSON, drawn now and then (TW-JSON-4): the grammar and JSON.parse agree on every text', () => {
    const share = notJson.length / everyInput.length
    expect(share).toBeGreaterThan(0.02)
    expect(share).toBeLessThan(0.12)
    for (const input of everyInput) expect(modelIsJsonText(input.args), input.args).toBe(isJson(input.args))
    for (const number of TRAP_NUMBERS.notJson) expectSome(notJson, number, numberAt(number))
    for (const ws of TRAP_WHITESPACE.notJson) expectSome(notJson, JSON.stringify(ws), (i) => outside(i.args).includes(ws))
    for (const written of BAD_ESCAPES) expectSome(notJson, written, (i) => i.args.includes(written))
    expect(notJson.some((i) => /[{,]\s*'/.test(i.args))).toBe(true) // single quotes
    expect(notJson.some((i) => /[{,]\s*[a-z]+\s*:/.test(outside(i.args)))).toBe(true) // an unquoted key
    expect(notJson.some((i) => /"[^"]*[\u0000-\u001f][^"]*"/.test(i.args))).toBe(true) // a raw control in a string
  })

  it('shrinks toward compact, well-formed text: a shrunk case keeps only the form that matters', () => {
    for (const [name, holds] of [
      ['a tab between tokens', (t: string) => outside(t).includes('\t')],
      ['a carriage return between tokens', (t: string) => outside(t).includes('\r')],
      ['01', (t: string) => outside(t).includes(':01') || outside(t).includes('[01')],
      ['U+00A0 between tokens', (t: string) => outside(t).includes('\u00a0')],
    ] as const) {
      const found = fc.check(
        fc.property(sequenceFor(), (s) => !sequenceInputs(s).some((input) => holds(input.args))),
        { seed: 11, numRuns: 3000 },
      )
      expect(found.failed, name).toBe(true)
      const [shrunk] = found.counterexample!
      const text = sequenceInputs(shrunk)
        .map((input) => input.args)
        .find(holds)!
      expect(text.length, `${name}: ${JSON.stringify(text)}`).toBeLessThan(50)
      expect(outside(text).replace(/[\t\r\u00a0]/g, ''), `${name}: ${JSON.stringify(text)}`).toMatch(/^[\x20-\x7e]*$/)
    }
    const literal = (text: string) => ({ kind: 'literal' as const, text })
    expect(writeJsonNode({ kind: 'array', items: [literal('1')] }, COMPACT)).toBe('[1]')
    expect(writeJsonNode({ kind: 'array', items: [literal('1'), literal('2')] }, { pieces: ['\t', ' '] })).toBe('\t[\t1 ,\t2 ] ')
  })

  it('shrinks toward plain ASCII: a shrunk case keeps only the character that matters', () => {
    for (const trap of ['\u2028', '\u001f', '\ud800', '\u00a0']) {
      const escaped = JSON.stringify(trap).slice(1, -1)
      // A lone surrogate is always written escaped; raw, U+D800 would be half of a pair.
      const holds = (args: string) => (trap === '\ud800' ? args.includes(escaped) : args.includes(trap) || args.includes(escaped))
      const found = fc.check(
        fc.property(sequenceFor(), (s) => !sequenceInputs(s).some((input) => holds(input.args))),
        { seed: 7, numRuns: 2000 },
      )
      expect(found.failed, JSON.stringify(trap)).toBe(true)
      const [shrunk] = found.counterexample!
      // The kit keeps the calls up to the first that disagrees: here, the first that holds the trap.
      const text = sequenceInputs(shrunk)
        .map((input) => input.args)
        .find(holds)!
      const rest = text.split(trap).join('').split(escaped).join('')
      expect(rest, JSON.stringify(text)).toMatch(/^[\x20-\x7e]*$/)
      expect(text.length, JSON.stringify(text)).toBeLessThan(60)
    }
  })
})

describe('TW-KIT-PROTO-1: only the protocol suite sends a request line over 64 KiB', () => {
  it("every vector's and every generated call's request line, as the kit writes it, is under 64 KiB", () => {
    const vectorInputs = loadSuite().cases.flatMap((c) => c.calls.map(callInput))
    const longest = Math.max(
      ...[...vectorInputs, ...everyInput].map((input) =>
        Buffer.byteLength(
          JSON.stringify({ cmd: 'call', session: 'fuzz/999999', args: input.args, agent: input.agent, options: input.options, id: 2 ** 53 - 1 }),
        ),
      ),
    )
    expect(longest).toBeLessThan(64 * 1024)
  })
})
