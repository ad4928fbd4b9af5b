// The set behind the duplicate check (TW-DUP-1): exact equality, as a JS Set, and linear
// whatever strings come in. A JS Set keyed by the strings is not, for long ones: V8 hashes a
// string of more than 16,383 characters by its length alone, so long contents of one length
// all collide and each lookup compares them all. So a string V8 hashes whole is kept in a
// Set as it is, and a longer one is filed under the SHA-256 digest of all its UTF-16 code
// units (UTF-16LE, which keeps lone surrogates apart where UTF-8 would not): 44 characters,
// which V8 hashes whole. The two are kept apart, so a short string that spells a digest is
// never taken for the long one. SHA-256 runs natively at a few nanoseconds a character, and
// no two strings are known to share a digest; the string filed under a digest is still
// compared exactly, so equal digests never make a duplicate.

/** The longest string V8 hashes by all of its characters (a longer one, by its length alone). */
export const HASHED_WHOLE = 16_383

/**
 * The SHA-256 digest of `s`'s UTF-16 code units (UTF-16LE), in base64. node:crypto is
 * loaded at the first digest: loading it is a tenth of the start-up of a command that needs none.
 */
export function digest(s: string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(s, 'utf16le').digest('base64')
}

/** A set of strings that only answers "seen before?". */
export class StringSet {
  /** The strings V8 hashes whole, as they are. */
  private readonly whole = new Set<string>()
  /** The longer ones by their digests, each with the string filed under it. */
  private readonly byDigest = new Map<string, string>()

  /** `digestOf` files the long strings (a test counts its calls). */
  constructor(private readonly digestOf: (s: string) => string = digest) {}

  /** Adds `s`; false when an equal string was added before. */
  add(s: string): boolean {
    if (s.length <= HASHED_WHOLE) {
      const seen = this.whole.has(s)
      this.whole.add(s)
      return !seen
    }
    const key = this.digestOf(s)
    const earlier = this.byDigest.get(key)
    this.byDigest.set(key, s)
    return earlier !== s
  }
}
