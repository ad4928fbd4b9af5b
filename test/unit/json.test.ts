// writeJson (src/core/json.ts) past the depth where JSON.stringify gives up: the same bytes
// JSON.stringify writes for the same data at a shallow depth. Each expected text is built
// here from JSON.stringify of the shallow parts, never by the writer under test.
import { describe, expect, it } from 'vitest'
import { UNWRITABLE, jsonText, writeJson } from '../../src/core/json.js'

// Deeper than JSON.stringify recurses (it throws a RangeError from about 10^4 levels).
const DEPTH = 50_000

/** `inner` wrapped in DEPTH single-element arrays. */
function wrapped(inner: unknown): unknown {
  let value = inner
  for (let i = 0; i < DEPTH; i++) value = [value]
  return value
}

/** `inner` wrapped, and the text JSON.stringify would write for it. */
const deepIn = (inner: unknown): { value: unknown; text: string } => ({
  value: wrapped(inner),
  text: '['.repeat(DEPTH) + JSON.stringify(inner) + ']'.repeat(DEPTH),
})

const nativeError = (value: unknown): Error => {
  try {
    JSON.stringify(value)
  } catch (error) {
    return error as Error
  }
  throw new Error('JSON.stringify wrote it')
}

describe('writeJson: JSON data of any depth, byte for byte as JSON.stringify', () => {
  it('JSON.stringify cannot write the deep values these tests use', () => {
    expect(() => JSON.stringify(wrapped(1))).toThrow(RangeError)
  })

  it('objects: keys in order, the keys JSON skips skipped, commas only between written members', () => {
    const inner = {
      first: undefined,
      a: 1,
      f: () => 1,
      'quo"te': 'line\nbreak \u2028 \ud800',
      s: Symbol('s'),
      nested: { x: null, y: [true, false], z: {} },
      empty: [],
      last: undefined,
    }
    const { value, text } = deepIn(inner)
    expect(writeJson(value)).toBe(text)
    expect(jsonText(value)).toBe(text)
  })

  it('an object whose every key is skipped is {}; one written key has no comma', () => {
    for (const inner of [
      { a: undefined, b: () => 0 },
      { a: undefined, b: 2 },
      { b: 2, a: undefined },
    ]) {
      const { value, text } = deepIn(inner)
      expect(writeJson(value)).toBe(text)
    }
  })

  it('arrays: what JSON skips is written as null, in place', () => {
    const { value, text } = deepIn([undefined, 1, () => 0, Symbol('s'), 'x', [undefined], {}])
    expect(text).toContain('[null,1,null,null,"x",[null],{}]')
    expect(writeJson(value)).toBe(text)
  })

  it('deep in objects as well as arrays', () => {
    let value: unknown = 'end'
    for (let i = 0; i < DEPTH; i++) value = i % 2 === 0 ? { k: value, u: undefined } : [value, 0]
    let text = '"end"'
    for (let i = 0; i < DEPTH; i++) text = i % 2 === 0 ? `{"k":${text}}` : `[${text},0]`
    expect(writeJson(value)).toBe(text)
  })

  it('the same container twice, not nested in itself, is no cycle', () => {
    const shared = { a: [1] }
    const { value, text } = deepIn([shared, shared])
    expect(writeJson(value)).toBe(text)
  })

  it('a cycle or a BigInt at any depth throws as JSON.stringify throws; jsonText describes it', () => {
    const cyclic: unknown[] = []
    cyclic.push(cyclic)
    const native = nativeError(cyclic)
    // Shallow, the error is JSON.stringify's own, with its longer message.
    expect(() => writeJson(cyclic)).toThrow(native.message)
    expect(() => writeJson(1n)).toThrow(nativeError(1n).message)
    const loop: Record<string, unknown> = { a: 1 }
    loop.self = { back: loop }
    for (const inner of [cyclic, loop, [1n]]) {
      const value = wrapped(inner)
      expect(() => writeJson(value)).toThrow(TypeError)
      expect(jsonText(value)).toBe(UNWRITABLE)
    }
    expect(() => writeJson(wrapped(cyclic))).toThrow('Converting circular structure to JSON')
  })
})
