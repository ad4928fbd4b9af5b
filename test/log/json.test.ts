// The JSON writers of src/log/json.ts. `writeIteratively` must write the bytes
// JSON.stringify writes, at any depth: checked here on values JSON.stringify can still
// write, against JSON.stringify itself. `writeJson` is JSON.stringify until that gives up
// for depth, then the iterative writer: checked once past that depth, with an expected text
// built from JSON.stringify of the inner part. (The 10^5-level cases are in
// test/e2e/deep-nesting.test.ts, outside the mutation gate: see docs/mutation-testing.md.)
import { describe, expect, it, vi } from 'vitest'
import { UNWRITABLE, jsonText, writeIteratively, writeJson, writtenData } from '../../src/log/json.js'

const nativeError = (value: unknown): Error => {
  try {
    JSON.stringify(value)
  } catch (error) {
    return error as Error
  }
  throw new Error('JSON.stringify wrote it')
}

describe('writeIteratively: the bytes JSON.stringify writes', () => {
  const same = (value: unknown) => expect(writeIteratively(value)).toBe(JSON.stringify(value))

  it('scalars, and what JSON skips at the top', () => {
    for (const value of [null, true, false, 0, -0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '', 'line\nbreak \u2028 \ud800 "q"']) same(value)
    for (const value of [undefined, () => 0, Symbol('s')]) same(value)
  })

  it('objects: keys in order, the keys JSON skips skipped, commas only between written members', () => {
    same({
      first: undefined,
      a: 1,
      f: () => 1,
      'quo"te': 'line\nbreak \u2028 \ud800',
      s: Symbol('s'),
      nested: { x: null, y: [true, false], z: {} },
      empty: [],
      last: undefined,
    })
    for (const value of [{}, { a: undefined, b: () => 0 }, { a: undefined, b: 2 }, { b: 2, a: undefined }, { a: 1, b: 2, c: 3 }]) same(value)
  })

  it('arrays: what JSON skips is written as null, in place', () => {
    same([undefined, 1, () => 0, Symbol('s'), 'x', [undefined], {}])
    for (const value of [[], [[]], [1, 2, 3], [[1], [2, [3]]]]) same(value)
  })

  it('nested in objects as well as arrays', () => {
    let value: unknown = 'end'
    for (let i = 0; i < 6; i++) value = i % 2 === 0 ? { k: value, u: undefined } : [value, 0]
    same(value)
    same({ a: [{ b: [{ c: null }] }, { d: {} }], e: [[], {}] })
  })

  it('the same container twice, not nested in itself, is no cycle', () => {
    const shared = { a: [1] }
    same([shared, shared])
    same({ x: shared, y: [shared] })
  })

  it('more levels than a Set can hold are written: V8 refuses a Set its 2^24th value, here a 1,000th', () => {
    const add = Set.prototype.add
    const capped = vi.spyOn(Set.prototype, 'add').mockImplementation(function (this: Set<unknown>, value) {
      if (this.size >= 1_000) throw new RangeError('Set maximum size exceeded')
      return add.call(this, value)
    })
    try {
      let deep: unknown = []
      for (let i = 0; i < 2_000; i++) deep = [deep]
      expect(writeIteratively(deep)).toBe(`${'['.repeat(2_001)}${']'.repeat(2_001)}`)
    } finally {
      capped.mockRestore()
    }
  })

  it('a cycle or a BigInt at any depth throws a TypeError', () => {
    const cyclic: unknown[] = []
    cyclic.push(cyclic)
    const loop: Record<string, unknown> = { a: 1 }
    loop.self = { back: loop }
    for (const value of [cyclic, [1, cyclic], loop, { a: [loop] }])
      expect(() => writeIteratively(value)).toThrow(new TypeError('Converting circular structure to JSON'))
    expect(() => writeIteratively([[1n]])).toThrow(nativeError(1n))
  })
})

describe('writeJson and jsonText', () => {
  // Deeper than JSON.stringify recurses: it throws a RangeError from about 4,000 levels on a
  // main thread, 16,500 in a worker thread (the test checks it does here). Not deeper than
  // that needs: a mutant that loops forever is stopped after 100 times the hits its code had
  // in the dry run, and every level is hits.
  const DEPTH = 20_000

  it('are JSON.stringify where it can write: its bytes, its errors', () => {
    const cyclic: unknown[] = []
    cyclic.push(cyclic)
    expect(writeJson({ a: [1, undefined] })).toBe('{"a":[1,null]}')
    expect(writeJson(undefined)).toBeUndefined()
    // The error is JSON.stringify's own, with its longer message.
    expect(() => writeJson(cyclic)).toThrow(nativeError(cyclic).message)
    expect(() => writeJson(1n)).toThrow(nativeError(1n).message)
    expect(jsonText(undefined)).toBe('undefined')
    for (const value of [cyclic, 1n]) expect(jsonText(value)).toBe(UNWRITABLE)
  })

  it('past the depth JSON.stringify can write, write the same bytes all the same', () => {
    let value: unknown = { a: [1, undefined], s: 'x' }
    for (let i = 0; i < DEPTH; i++) value = [value]
    expect(() => JSON.stringify(value)).toThrow(RangeError)
    const text = `${'['.repeat(DEPTH)}${JSON.stringify({ a: [1, undefined], s: 'x' })}${']'.repeat(DEPTH)}`
    expect(writeJson(value)).toBe(text)
    expect(jsonText(value)).toBe(text)
  })
})

describe('writtenData: what a log line written of a value holds', () => {
  it('JSON data read back; nothing where JSON writes nothing', () => {
    expect(writtenData({ a: [1, -0, 'x'], b: undefined, toString: null })).toEqual({ a: [1, 0, 'x'], toString: null })
    for (const value of [undefined, () => 0, Symbol('s')]) expect(writtenData(value)).toBeUndefined()
  })
})
