// The harness registry's copy of a call's arguments (TW-JSON-2), made before anything reads
// them. Only JSON data passes: null, booleans, strings, finite numbers other than -0, dense
// arrays (prototype Array.prototype) and objects (prototype Object.prototype or null),
// through their own enumerable string keys. Anything else — a hole, undefined, a function,
// a symbol, a bigint, -0, ±Infinity, NaN, a cycle, a class instance — refuses the call, as
// the registry's copy does; what a getter or a Proxy trap throws is the registry's answer.
//
// Each property of the caller's value is read once (TW-PROP-ONE-READ), and everything after
// reads the copy: plain data whose objects have no prototype, so nothing inherited (a
// polluted Object.prototype) stands in for a key, and `__proto__` is a key like any other.
// The copy is iterative (any depth); a value met again on another path, shared but not
// cyclic, was copied whole already and that copy is used again (linear in the value's size).

export const NOT_LOSSLESS = 'tool execution arguments must be losslessly JSON-serializable'

/** A thrown value's message, as the registry takes it for its answer (after `Error: `). */
export const thrownMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** Thrown by the copy: the value is not JSON data. */
export class NotLossless extends Error {
  constructor() {
    super(NOT_LOSSLESS)
  }
}

/** What the memo holds for a container whose copy is not finished: met again, it is a cycle. */
const OPEN = Symbol('open')

/**
 * A copy of `value` that is JSON data; throws NotLossless, or what reading the value threw.
 * Memory is a few words a container beyond the copy itself: the stack holds four slots for
 * each open one (its source, its copy, an object's keys or null for an array, how far it is
 * read), in chunks that are never copied as the stack grows (a deep value's stack is as
 * long as it is deep), and one memo maps each container met to its copy (OPEN while it is
 * being copied). An array's copy is made with the source's length, read once: it is what
 * is read to.
 */
export function registryCopy(value: unknown): unknown {
  // Each chunk a frame at a time, by push, popped by length: never a hole, which would read a
  // polluted Array.prototype.
  const chunks = new Map<number, unknown[]>()
  let open = 0
  const memo = new Memo()
  // A scalar is its own copy; a container's copy is filled in as the stack reaches it.
  const copyOf = (item: unknown): unknown => {
    if (item === null || typeof item === 'string' || typeof item === 'boolean') return item
    if (Number.isFinite(item) && !Object.is(item, -0)) return item
    if (typeof item !== 'object') throw new NotLossless()
    const earlier = memo.get(item)
    if (earlier === OPEN) throw new NotLossless()
    if (earlier !== undefined) return earlier
    const keys = keysOf(item)
    // An array's copy has its length from the start: no room grown as it fills.
    const copy = typeof keys === 'number' ? new Array(keys) : Object.create(null)
    const read = typeof keys === 'number' ? null : keys
    if (open % CHUNK_FRAMES === 0) chunks.set(open / CHUNK_FRAMES, [item, copy, read, 0])
    else chunks.get(Math.floor(open / CHUNK_FRAMES))!.push(item, copy, read, 0)
    open++
    memo.set(item, OPEN)
    return copy
  }
  const root = copyOf(value)
  while (open > 0) {
    const chunk = chunks.get(Math.floor((open - 1) / CHUNK_FRAMES))!
    const at = 4 * ((open - 1) % CHUNK_FRAMES)
    const source = chunk[at] as Record<string | number, unknown>
    const copy = chunk[at + 1] as Record<string | number, unknown>
    const keys = chunk[at + 2] as string[] | null
    const index = chunk[at + 3] as number
    if (index === (keys ?? (copy as unknown as unknown[])).length) {
      memo.set(source, copy)
      chunk.length = at
      open--
    } else {
      chunk[at + 3] = index + 1
      if (keys === null && !Object.hasOwn(source, index)) throw new NotLossless()
      const key = keys === null ? index : keys[index]!
      copy[key] = copyOf(source[key])
    }
  }
  return root
}

/**
 * The memo: a Map, and one more each time V8 refuses the last a key (a Map holds at most
 * 2^24). A WeakMap has no such limit, but its entries cost more memory than a copy of
 * millions of levels can spare (test/e2e/deep-nesting-serve.test.ts).
 */
class Memo {
  private last = new Map<object, unknown>()
  private readonly maps = [this.last]

  /** What `key` maps to; never undefined for a key set. */
  get(key: object): unknown {
    for (const map of this.maps) {
      const value = map.get(key)
      if (value !== undefined) return value
    }
    return undefined
  }

  /** Maps `key` to `value`, where it is already mapped, else in the last Map or a new one. */
  set(key: object, value: unknown): void {
    const holder = this.maps.find((map) => map.has(key)) ?? this.last
    try {
      holder.set(key, value)
    } catch {
      this.last = new Map([[key, value]])
      this.maps.push(this.last)
    }
  }
}

/** How many open containers a chunk of the copy's stack holds. */
const CHUNK_FRAMES = 256

/** What a container is read by, read once: an array's length, an object's own enumerable string keys. Anything else is refused, as is another prototype. */
function keysOf(source: object): string[] | number {
  const prototype: unknown = Object.getPrototypeOf(source)
  if (Array.isArray(source)) {
    if (prototype !== Array.prototype) throw new NotLossless()
    return source.length
  }
  if (prototype !== Object.prototype && prototype !== null) throw new NotLossless()
  return Object.keys(source)
}
