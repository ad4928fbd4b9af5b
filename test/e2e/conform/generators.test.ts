// TW-KIT-FUZZ-2: the fuzzer's generator draws every trap class on purpose, at every position,
// and shrinks toward plain ASCII, so a shrunk case shows only the character that matters.
import fc from '../../support/fc.js'
import { describe, expect, it } from 'vitest'
import { sequenceInputs } from '../../../src/kit/fuzzer.js'
import { sequenceFor, TRAP_CHARACTERS, TRAP_KEYS, TRAP_NUMBERS, TRIM_SET } from '../../../src/kit/generators.js'
import { modelCall, modelTrim } from '../../support/model.js'

const sample = fc.sample(sequenceFor(), { numRuns: 3000, seed: 4242 })
const inputs = sample.flatMap((s) => sequenceInputs(s))
const parsed = inputs.map((input) => JSON.parse(input.args) as unknown)
const contentsOf = (args: unknown): string[] => {
  const todos = (args as { todos?: unknown })?.todos
  return Array.isArray(todos)
    ? todos.flatMap((t) => (typeof (t as { content?: unknown })?.content === 'string' ? [(t as { content: string }).content] : []))
    : []
}
const allContents = parsed.flatMap(contentsOf)
const nesting = (text: string): number => {
  let depth = 0
  let max = 0
  for (const c of text.replace(/"(?:[^"\\]|\\.)*"/g, '""')) {
    if (c === '[' || c === '{') max = Math.max(max, ++depth)
    else if (c === ']' || c === '}') depth--
  }
  return max
}

describe('TW-KIT-FUZZ-2: trap-aware generation', () => {
  it('every member of the character classes turns up in contents, at the start, in the middle and at the end', () => {
    const members = [
      ...TRAP_CHARACTERS.controls,
      ...TRAP_CHARACTERS.delC1,
      ...TRAP_CHARACTERS.escapedElsewhere,
      ...TRAP_CHARACTERS.loneHigh,
      ...TRAP_CHARACTERS.loneLow,
      ...TRAP_CHARACTERS.trimSet,
      ...TRAP_CHARACTERS.lookAlikes,
    ]
    for (const c of members)
      expect(
        allContents.some((content) => content.includes(c)),
        JSON.stringify(c),
      ).toBe(true)
    const trimmed = allContents.map(modelTrim).filter((t) => t !== '')
    for (const [name, at] of [
      ['start', (t: string) => t.charCodeAt(0)],
      ['end', (t: string) => t.charCodeAt(t.length - 1)],
    ] as const) {
      expect(trimmed.filter((t) => at(t) < 0x20).length, `a control at the ${name}`).toBeGreaterThan(20)
      expect(trimmed.filter((t) => at(t) >= 0xd800 && at(t) <= 0xdfff).length, `a surrogate at the ${name}`).toBeGreaterThan(20)
    }
    for (const unit of TRIM_SET)
      expect(
        allContents.some((c) => c.charCodeAt(0) === unit || c.charCodeAt(c.length - 1) === unit),
        unit.toString(16),
      ).toBe(true)
  })

  it('duplicates, keys, numbers, depths and deployments are drawn on purpose', () => {
    const outcomes = inputs.map((input, i) => modelCall(parsed[i], input.agent, input.options).text)
    const share = (prefix: string) => outcomes.filter((t) => t.startsWith(prefix)).length / outcomes.length
    expect(share('Error: invalid todos: duplicate content ')).toBeGreaterThan(0.05)
    expect(share('Updated todo list: ')).toBeGreaterThan(0.2)
    expect(share('Error: tool execution arguments must be losslessly JSON-serializable')).toBeGreaterThan(0.01)
    expect(share('Error: tool execution arguments must be losslessly JSON-serializable')).toBeLessThan(0.1)
    for (const key of [...TRAP_KEYS.indices, ...TRAP_KEYS.nearIndices, ...TRAP_KEYS.raw, '__proto__'])
      expect(
        inputs.some((i) => i.args.includes(JSON.stringify(key).slice(0, -1) + '":')),
        key,
      ).toBe(true)
    for (const number of TRAP_NUMBERS.refused)
      expect(
        inputs.some((i) => i.args.includes(`:${number}`) || i.args.includes(`[${number}`)),
        number,
      ).toBe(true)
    const depths = new Set(inputs.map((i) => nesting(i.args)))
    for (const depth of [128, 129, 1000]) expect(depths.has(depth), String(depth)).toBe(true)
    expect(Math.max(...depths)).toBe(1000)
    const rejecting = sample.filter(
      (s) => s.options.unknownItemKeys === 'reject' || (s.options.profile === 'dsh-0.1.1-rc.2' && s.options.unknownItemKeys !== 'drop'),
    )
    expect(rejecting.length / sample.length).toBeGreaterThan(0.3)
    expect(sample.some((s) => s.options.profile === 'seed') && sample.some((s) => Object.keys(s.options).length === 0)).toBe(true)
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
