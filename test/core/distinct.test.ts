// The duplicate check's set (TW-DUP-1, src/core/distinct.ts): it answers exactly as a JS
// Set would (the Set is the model), only long strings are filed by digest, and the digest
// is SHA-256 over UTF-16LE as another implementation computes it. That long strings of one
// length cost what short ones do is test/e2e/linearity.test.ts's.
import fc from '../support/fc.js'
import { describe, expect, it } from 'vitest'
import { digest, HASHED_WHOLE, StringSet } from '../../src/core/distinct.js'
import { property } from '../support/property.js'

/** What a Set says, string by string: true when new. */
const viaSet = (strings: readonly string[]): boolean[] => {
  const set = new Set<string>()
  return strings.map((s) => set.size < set.add(s).size)
}
const viaStringSet = (strings: readonly string[]): boolean[] => {
  const set = new StringSet()
  return strings.map((s) => set.add(s))
}

// SHA-256 of the UTF-16LE bytes, computed outside this project (Python's hashlib, with
// 'surrogatepass' for the lone surrogates).
const DIGESTS: ReadonlyArray<[string, string]> = [
  ['', '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='],
  ['a', '/+mq6qKi1QSBdN8LgFme8Bl+wCTEsFG8mGDP9Y73+fM='],
  ['\ud800', 'IFAi40KLfIJ2zyR7NuTlEttWUeXLNHLCU9nuiTqKx1A='],
  ['\udfff', 'qKX5CXnXbk/GN0TFWS5fbOQajNS7hJ3gj0CbujBaSc0='],
  [`${'x'.repeat(16_384)}1`, '3N+7AgNh9ka/gM1oqDobs0paR973BPle+4OVc1qLoMs='],
]

describe('digest is SHA-256 over the UTF-16 code units', () => {
  it('as hashlib computes it, for the empty string, a letter, both lone surrogates and a long string', () => {
    for (const [s, expected] of DIGESTS) expect(digest(s), JSON.stringify(s.slice(0, 8))).toBe(expected)
  })
})

describe('StringSet answers as a Set', () => {
  it('a new set has seen nothing: the first of any string is new, the second is not', () => {
    // "Stryker was here" is the string a mutation tool seeds into an empty array literal.
    for (const s of ['', 'a', '__proto__', 'constructor', 'Stryker was here']) {
      const set = new StringSet()
      expect(set.add(s), JSON.stringify(s)).toBe(true)
      expect(set.add(s), JSON.stringify(s)).toBe(false)
    }
  })

  it('only a string longer than V8 hashes whole is filed by its digest: 16,383 characters are not, 16,384 are', () => {
    expect(HASHED_WHOLE).toBe(16_383)
    const digested: number[] = []
    const set = new StringSet((s) => {
      digested.push(s.length)
      return digest(s)
    })
    for (const s of ['a', 'x'.repeat(16_383), 'x'.repeat(16_384), 'y'.repeat(20_000), 'x'.repeat(16_384)]) set.add(s)
    expect(digested).toEqual([16_384, 20_000, 16_384])
  })

  it.each([
    ['a short string that spells the digest of a long one is another string', 'z'.repeat(16_384), digest('z'.repeat(16_384))],
    ['long strings of one length, however alike, are told apart and each is found again', `a${'x'.repeat(16_384)}`, `b${'x'.repeat(16_384)}`],
    ['lone surrogates, which UTF-8 would write alike, are told apart and each is found again', '\ud800', '\udfff'],
  ])('%s', (_, a, b) => {
    expect(viaStringSet([a, b, a, b])).toEqual([true, true, false, false])
  })

  property(
    'agrees with a Set on generated lists',
    [
      fc.array(
        fc.oneof(
          fc.constantFrom('', 'a', 'b', 'ab', '\ud800', '\udfff'),
          fc.string({ unit: 'binary', maxLength: 4 }),
          fc.nat(60).map((i) => `item ${i}`),
          // Past V8's whole hash, on both sides of it, and one that spells a long one's digest.
          fc.nat(3).map((i) => `${i}${'x'.repeat(16_382 + i)}`),
          fc.constant(digest(`0${'x'.repeat(16_384)}`)),
        ),
        { maxLength: 120 },
      ),
    ],
    (strings) => {
      expect(viaStringSet(strings)).toEqual(viaSet(strings))
    },
  )
})
