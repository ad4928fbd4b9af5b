// DistinctStrings (src/distinct.ts) answers exactly as a Set would: every path — the short
// array, strings under their own key, strings sharing a key, a shared key past its limit —
// against a Set, which is the model here (TW-DUP-1: exact code-unit equality).
import fc from '../support/fc.js'
import { describe, expect, it } from 'vitest'
import { DistinctStrings, sampleKey } from '../../src/core/distinct.js'
import { property } from '../support/property.js'

/** What a Set says, string by string: true when new. */
const viaSet = (strings: readonly string[]): boolean[] => {
  const set = new Set<string>()
  return strings.map((s) => {
    if (set.has(s)) return false
    set.add(s)
    return true
  })
}
const viaDistinct = (strings: readonly string[]): boolean[] => {
  const distinct = new DistinctStrings()
  return strings.map((s) => distinct.add(s))
}

/**
 * `count` distinct strings of length 40 that share one sampleKey: they differ only at
 * index 5, which the key does not sample (it samples 0, 10, 20, 29, 39 at this length).
 */
const sharingAKey = (count: number): string[] => Array.from({ length: count }, (_, i) => 'a'.repeat(5) + String.fromCharCode(0x4e00 + i) + 'a'.repeat(34))

/** `count` distinct ASCII strings. */
const distinct = (count: number, prefix = 's'): string[] => Array.from({ length: count }, (_, i) => `${prefix}${i}`)

describe('DistinctStrings answers as a Set', () => {
  it('the shared-key fixture really shares one key (else the tests below would not reach the buckets)', () => {
    const strings = sharingAKey(40)
    expect(new Set(strings).size).toBe(40)
    expect(new Set(strings.map(sampleKey)).size).toBe(1)
  })

  it('a new set has seen nothing: the first of any string is new', () => {
    // "Stryker was here" is the string a mutation tool seeds into an empty array literal.
    for (const s of ['', 'a', '__proto__', 'Stryker was here']) expect(new DistinctStrings().add(s), JSON.stringify(s)).toBe(true)
  })

  it('equal strings get equal keys, whatever their construction', () => {
    const built = ['ab', 'c'].join('')
    expect(sampleKey(built)).toBe(sampleKey('abc'))
    expect(sampleKey('')).toBe(sampleKey(String()))
  })

  it('a short list: repeats found anywhere, including the empty string and lone surrogates', () => {
    const strings = ['a', 'b', '', 'a', '\ud800', 'b', '', '\ud800', 'A', 'a ', 'é', 'e\u0301', 'é']
    expect(viaDistinct(strings)).toEqual(viaSet(strings))
    expect(viaDistinct(strings)).toEqual([true, true, true, false, true, false, false, false, true, true, true, true, false])
  })

  it('strings added before the buckets take over are still found after (every index of the first 40 repeated)', () => {
    const first = distinct(40)
    for (let i = 0; i < first.length; i++) {
      const strings = [...first, first[i]!, `${first[i]!}x`]
      expect(viaDistinct(strings), `repeat of index ${i}`).toEqual(viaSet(strings))
    }
  })

  it('strings sharing a key: the first, the second, each later one and the ones past the bucket limit are all found again', () => {
    const shared = sharingAKey(30)
    const lead = distinct(20, 'lead')
    for (let i = 0; i < shared.length; i++) {
      const strings = [...lead, ...shared, shared[i]!]
      expect(viaDistinct(strings).at(-1), `repeat of shared[${i}]`).toBe(false)
      expect(viaDistinct(strings)).toEqual(viaSet(strings))
    }
  })

  it('a repeat in the middle of a shared-key run, then more strings under that key', () => {
    const shared = sharingAKey(30)
    const strings = [...distinct(20), ...shared.slice(0, 12), shared[3]!, ...shared.slice(12), shared[0]!, shared[29]!, shared[11]!, 'new']
    expect(viaDistinct(strings)).toEqual(viaSet(strings))
  })

  it('a new string that shares a key with a single earlier string is new; the earlier one is still found', () => {
    const [x, y] = sharingAKey(2) as [string, string]
    const strings = [...distinct(20), x, y, x, y]
    expect(viaDistinct(strings)).toEqual([...Array(20).fill(true), true, true, false, false])
  })

  // A list of 200,000 distinct strings (about 0.1 s here). A version that stayed on the
  // array, or compared every string with every earlier one, would take minutes: Stryker
  // counts such a mutant as a timeout. No time is asserted.
  it('a long list: 200,000 distinct strings, then each of a sample repeated', () => {
    const strings = distinct(200_000)
    const set = new DistinctStrings()
    expect(strings.every((s) => set.add(s))).toBe(true)
    expect([0, 1, 15, 16, 17, 99_999, 199_999].map((i) => set.add(strings[i]!))).toEqual(Array(7).fill(false))
  })
})

property(
  'DistinctStrings agrees with a Set on generated lists (small pools make repeats frequent; long lists reach the buckets)',
  [
    fc.array(
      fc.oneof(
        fc.constantFrom('', 'a', 'b', 'ab', '\ud800', ...sharingAKey(12)),
        fc.string({ unit: 'binary', maxLength: 6 }),
        fc.nat(60).map((i) => `item ${i}`),
      ),
      { maxLength: 120 },
    ),
  ],
  (strings) => {
    expect(viaDistinct(strings)).toEqual(viaSet(strings))
  },
)
