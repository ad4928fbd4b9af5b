// The duplicate check's set (TW-DUP-1, src/core/distinct.ts): it answers exactly as a JS
// Set would (the Set is the model), its hash is the polynomial hash modulo 2^31 - 1 as
// exact arithmetic computes it (BigInt is the model), strings that share a hash are told
// apart, and long strings of one length cost what short ones do.
import fc from '../support/fc.js'
import { describe, expect, it } from 'vitest'
import { MODULUS, polynomialHash, StringSet } from '../../src/core/distinct.js'
import { property } from '../support/property.js'
import { linear } from '../support/linear.js'

/** What a Set says, string by string: true when new. */
const viaSet = (strings: readonly string[]): boolean[] => {
  const set = new Set<string>()
  return strings.map((s) => {
    if (set.has(s)) return false
    set.add(s)
    return true
  })
}
const viaStringSet = (strings: readonly string[], base?: number): boolean[] => {
  const set = new StringSet(base)
  return strings.map((s) => set.add(s))
}

/** The hash by exact integer arithmetic: sum of code unit i times base^(n-1-i), modulo 2^31 - 1. */
const exactHash = (s: string, base: number): number => {
  let hash = 0n
  for (let i = 0; i < s.length; i++) hash = (hash * BigInt(base) + BigInt(s.charCodeAt(i))) % BigInt(MODULUS)
  return Number(hash)
}

describe('polynomialHash is the polynomial hash modulo 2^31 - 1', () => {
  it('the modulus is the Mersenne prime 2^31 - 1', () => {
    expect(MODULUS).toBe(2 ** 31 - 1)
  })

  it('small cases by hand: "" is 0, one unit is itself, two units are first * base + second', () => {
    expect(polynomialHash('', 12_345)).toBe(0)
    expect(polynomialHash('a', 12_345)).toBe(97)
    expect(polynomialHash('ab', 7)).toBe(97 * 7 + 98)
    expect(polynomialHash('\uffff\uffff\uffff', MODULUS - 1)).toBe(exactHash('\uffff\uffff\uffff', MODULUS - 1))
  })

  property(
    'equal to the exact arithmetic for every string and base (bases across both 16-bit halves)',
    [fc.string({ unit: 'binary', maxLength: 40 }), fc.oneof(fc.integer({ min: 1, max: MODULUS - 1 }), fc.integer({ min: 1, max: 65_536 * 3 }))],
    (s, base) => {
      expect(polynomialHash(s, base)).toBe(exactHash(s, base))
    },
  )
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

  it('strings that share a hash are told apart, and each is still found again', () => {
    // At base 5, c1 c2 hashes to 5 c1 + c2, and a leading U+0000 adds nothing: all three hash to 5.
    const base = 5
    const same = ['\u0000\u0005', '\u0001\u0000', '\u0000\u0000\u0005']
    expect(same.map((s) => polynomialHash(s, base))).toEqual([5, 5, 5])
    expect(viaStringSet([...same, '\u0001\u0000', '\u0000\u0005', '\u0000\u0000\u0005'], base)).toEqual([true, true, true, false, false, false])
    const three = ['\u0000\u000a', '\u0001\u0005', '\u0002\u0000']
    expect(three.map((s) => polynomialHash(s, base))).toEqual([10, 10, 10])
    expect(viaStringSet([...three, ...three], base)).toEqual([true, true, true, false, false, false])
  })

  it('the base is drawn at random for each set', () => {
    const sets = Array.from({ length: 20 }, () => new StringSet() as unknown as { base: number })
    expect(new Set(sets.map((set) => set.base)).size).toBeGreaterThan(1)
    for (const set of sets) expect(set.base >= 1 && set.base < MODULUS && Number.isInteger(set.base)).toBe(true)
  })

  property(
    'agrees with a Set on generated lists, at a random base and at a tiny one where hashes collide often',
    [
      fc.array(
        fc.oneof(
          fc.constantFrom('', 'a', 'b', 'ab', '\ud800'),
          fc.string({ unit: 'binary', maxLength: 4 }),
          fc.nat(60).map((i) => `item ${i}`),
        ),
        { maxLength: 120 },
      ),
      fc.constantFrom(undefined, 1, 2, 3),
    ],
    (strings, base) => {
      expect(viaStringSet(strings, base)).toEqual(viaSet(strings))
    },
  )
})

describe('StringSet is linear in what it is fed, however long its strings', () => {
  // V8 hashes a string of more than 16,383 characters by its length alone: a JS Set of such
  // strings compares each new one with every earlier one. Ratio, in one run: n against 10n.
  const longStrings = (count: number): string[] => Array.from({ length: count }, (_, i) => 'x'.repeat(16_384) + String(i).padStart(6, '0'))
  it('10x as many long strings of one length cost at most 15x the time', () => {
    const small = longStrings(50)
    const large = longStrings(500)
    expect(
      linear(
        () => viaStringSet(small),
        () => viaStringSet(large),
      ),
    ).toBeLessThanOrEqual(15)
  })
})
