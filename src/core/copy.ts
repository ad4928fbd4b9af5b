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

/** A container being copied: its keys (null for an array), how far it is read, its copy. */
interface Frame {
  source: object
  keys: string[] | null
  index: number
  length: number
  copy: unknown[] | Record<string, unknown>
}

/** A copy of `value` that is JSON data; throws NotLossless, or what reading the value threw. */
export function registryCopy(value: unknown): unknown {
  const stack: Frame[] = []
  const copied = new Map<object, unknown>()
  const open = new Set<object>()
  // A scalar is its own copy; a container's copy is filled in as the stack reaches it.
  const copyOf = (item: unknown): unknown => {
    if (item === null || typeof item === 'string' || typeof item === 'boolean') return item
    if (Number.isFinite(item) && !Object.is(item, -0)) return item
    if (typeof item !== 'object') throw new NotLossless()
    if (copied.has(item)) return copied.get(item)
    if (open.has(item)) throw new NotLossless()
    const frame = frameOf(item)
    stack.push(frame)
    open.add(item)
    return frame.copy
  }
  const root = copyOf(value)
  for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
    if (frame.index === frame.length) {
      stack.pop()
      open.delete(frame.source)
      copied.set(frame.source, frame.copy)
    } else if (frame.keys === null) {
      const i = frame.index++
      if (!Object.hasOwn(frame.source, i)) throw new NotLossless()
      ;(frame.copy as unknown[]).push(copyOf((frame.source as unknown[])[i]))
    } else {
      const key = frame.keys[frame.index++]!
      ;(frame.copy as Record<string, unknown>)[key] = copyOf((frame.source as Record<string, unknown>)[key])
    }
  }
  return root
}

/** Open an array or an object to copy, its prototype and keys read once; anything else is refused. */
function frameOf(source: object): Frame {
  const prototype: unknown = Object.getPrototypeOf(source)
  if (Array.isArray(source)) {
    if (prototype !== Array.prototype) throw new NotLossless()
    return { source, keys: null, index: 0, length: source.length, copy: [] }
  }
  if (prototype !== Object.prototype && prototype !== null) throw new NotLossless()
  const keys = Object.keys(source)
  return { source, keys, index: 0, length: keys.length, copy: Object.create(null) as Record<string, unknown> }
}
