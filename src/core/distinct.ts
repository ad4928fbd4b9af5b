// Repeated contents (TW-DUP-1), found without hashing every string. Equality is exact, code
// unit for code unit, as with a Set: this is only about cost.
//
// A JS Set or Map hashes a string key over ALL of its characters the first time it sees
// it, and the contents of every call are fresh strings from JSON.parse: a Set of them cost
// about as much per character as parsing them (`npm run bench`, row (a), docs/benchmarks.md).
// Here a short list is kept as an array and compared with `===` (which
// compares lengths first, then characters until the first difference, and hashes
// nothing); past LINEAR_LIMIT strings each is filed under a cheap integer key (its length
// and five sampled code units) and compared only against the earlier strings filed under
// the same key — usually none. Lists built so that many strings share a key (the fuzzer
// builds them) cost at most BUCKET_LIMIT comparisons per string before that key falls back
// to a Set, so the work stays linear in the list.

// Stryker disable all: performance only. Every mutant of sampleKey is still a deterministic
// function of the string, so equal strings still share a key, and BUCKET_LIMIT only decides
// when a bucket becomes a Set, LINEAR_LIMIT when the array gives way to the buckets: all are
// equivalent mutants by construction. The behaviour is pinned by test/unit/distinct.test.ts,
// which drives every path (array, shared keys, the Set fallback) explicitly.
const LINEAR_LIMIT = 16
const BUCKET_LIMIT = 8

/** The integer a string is filed under: equal strings get equal keys (a small integer, a V8 Smi). */
export function sampleKey(s: string): number {
  const n = s.length
  // charCodeAt beyond the end is NaN, and `NaN | 0` is 0: the empty string needs no case.
  return (
    (Math.imul(n, 0x9e3779b1) ^
      Math.imul(s.charCodeAt(0) | 0, 0x85ebca6b) ^
      Math.imul(s.charCodeAt(n >> 2) | 0, 0xc2b2ae35) ^
      Math.imul(s.charCodeAt(n >> 1) | 0, 0x27d4eb2f) ^
      Math.imul(s.charCodeAt(n - (n >> 2) - 1) | 0, 0x165667b1) ^
      Math.imul(s.charCodeAt(n - 1) | 0, 0x2545f491)) &
    0x3fffffff
  )
}
// Stryker restore all

/** A set of strings that only answers "seen before?", cheaply for fresh strings. */
export class DistinctStrings {
  /** Every string added, while they are few; the buckets take over past LINEAR_LIMIT. */
  private readonly linear: string[] = []
  private buckets: Map<number, string | string[] | Set<string>> | null = null

  /** Adds `s`; false when an equal string was added before (then nothing changes). */
  add(s: string): boolean {
    // Stryker disable next-line ConditionalExpression: staying on the array after the buckets take over gives the same answers in quadratic time, which only a timeout sees: the 200,000-string test of test/unit/distinct.test.ts, whose 60 s limit fails `npm test`.
    if (this.buckets !== null) return this.file(s)
    if (this.linear.includes(s)) return false
    this.linear.push(s)
    // Stryker disable next-line EqualityOperator,ConditionalExpression: the limit only decides when the buckets take over (see above).
    if (this.linear.length > LINEAR_LIMIT) {
      this.buckets = new Map()
      for (const earlier of this.linear) this.file(earlier)
    }
    return true
  }

  /** Files `s` under its key; false when an equal string is there already. */
  private file(s: string): boolean {
    const buckets = this.buckets!
    const key = sampleKey(s)
    const bucket = buckets.get(key)
    if (bucket === undefined) {
      buckets.set(key, s)
    } else if (typeof bucket === 'string') {
      if (bucket === s) return false
      buckets.set(key, [bucket, s])
    } else if (Array.isArray(bucket)) {
      if (bucket.includes(s)) return false
      // Stryker disable next-line EqualityOperator,ConditionalExpression: the limit only decides when the bucket becomes a Set (see above).
      if (bucket.length < BUCKET_LIMIT) bucket.push(s)
      else buckets.set(key, new Set(bucket).add(s))
    } else {
      if (bucket.has(s)) return false
      bucket.add(s)
    }
    return true
  }
}
