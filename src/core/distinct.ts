// The set behind the duplicate check (TW-DUP-1): exact equality, as a JS Set, and linear
// whatever strings come in. A JS Set is not: V8 hashes a string by at most its first 16,383
// characters' worth (String::kMaxHashCalcLength) and a longer one by its length alone, so
// long contents of one length all collide and each lookup compares them all. Here every
// string is filed under a hash of ALL its characters, the polynomial hash modulo the prime
// 2^31 - 1 at a base drawn at random for each set: two different strings of length at most
// L get the same hash for at most L of the 2^31 - 2 bases (a nonzero polynomial of degree L
// has at most L roots), so no input can be built to collide. Strings of one hash are
// compared exactly.
import { randomInt } from 'node:crypto'

/** The modulus, a prime: 2^31 - 1. */
export const MODULUS = 2_147_483_647

/**
 * `s` read as a polynomial in `base` (its code units the coefficients, the first the
 * highest), modulo MODULUS. Exact in doubles: `base` is split in 16-bit halves so that no
 * product reaches 2^53.
 */
export function polynomialHash(s: string, base: number): number {
  const high = Math.floor(base / 65_536)
  const low = base % 65_536
  let hash = 0
  for (let i = 0; i < s.length; i++) hash = (((hash * high) % MODULUS) * 65_536 + hash * low + s.charCodeAt(i)) % MODULUS
  return hash
}

/** A set of strings that only answers "seen before?". */
export class StringSet {
  private readonly buckets = new Map<number, string[]>()

  /** `base`: the hash's base, in [1, MODULUS); random unless a test chooses it. */
  constructor(private readonly base = randomInt(1, MODULUS)) {}

  /** Adds `s`; false when an equal string was added before (then nothing changes). */
  add(s: string): boolean {
    const hash = polynomialHash(s, this.base)
    const bucket = this.buckets.get(hash)
    if (bucket === undefined) this.buckets.set(hash, [s])
    else if (bucket.includes(s)) return false
    else bucket.push(s)
    return true
  }
}
