// The harness registry's copy of a call's arguments (TW-JSON-2): only JSON data passes —
// `null`, booleans, strings, finite numbers other than -0, dense arrays, and objects whose
// prototype is Object.prototype or null, through their own enumerable string keys (other
// keys are not read). Anything else (a hole, `undefined`, a function, -0, ±Infinity, NaN, a
// cycle, a class instance) makes the copy fail, as the registry's does. Each property is
// read once. The check is iterative: any depth, no stack overflow.
//
// What is kept of a value is only what the schema walk reads (src/core/violations.ts): the
// walk looks into the arguments, the list and its items (validate.ts copies those), and of
// anything below only asks its kind. So a checked value stands in for itself by its kind: a
// scalar as itself, an array as `[]`, an object as `{}`.

/** Why a copy failed: the message the registry answers with (after `Error: `). */
export const NOT_LOSSLESS = 'tool execution arguments must be losslessly JSON-serializable'

/** Thrown inside a check, caught by its caller: the value is not JSON data. */
export class NotLossless extends Error {
  constructor() {
    super(NOT_LOSSLESS)
  }
}
const LOSSY = new NotLossless()

/** A plain object: what JSON.parse makes (or a null-prototype record). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** A JSON scalar that survives a copy: a string, a boolean, a finite number other than -0. */
export function isJsonScalar(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  return typeof value === 'string' || typeof value === 'boolean'
}

/** A data property, so a key named `__proto__` stays a key (TW-JSON-1). */
export function define(target: Record<string, unknown>, key: string, value: unknown): void {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: any other key assigned as an own data property is the same property; nothing writes to or deletes from a copy.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

/** A container being checked: its values, read one at a time. */
interface Frame {
  source: object
  keys: string[] | null
  index: number
  length: number
}

/** Open a container to check; anything else that is not a JSON scalar is refused. */
function open(source: unknown): Frame {
  if (Array.isArray(source)) {
    if (Object.getPrototypeOf(source) !== Array.prototype) throw LOSSY
    return { source, keys: null, index: 0, length: source.length }
  }
  if (!isRecord(source)) throw LOSSY
  const keys = Object.keys(source)
  return { source, keys, index: 0, length: keys.length }
}

/**
 * Check that `value` (read already) and all it holds are JSON data, each property read
 * once, and answer its stand-in (see above). `path` holds the containers above it, for
 * cycles. Throws NotLossless, or what a getter or Proxy trap threw.
 */
export function checkedStandIn(value: unknown, path?: readonly object[]): unknown {
  if (value === null || isJsonScalar(value)) return value
  const ancestors = new Set<unknown>(path)
  if (ancestors.has(value)) throw LOSSY
  const stack: Frame[] = [open(value)]
  ancestors.add(value)
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame.index === frame.length) {
      stack.pop()
      ancestors.delete(frame.source)
      continue
    }
    const i = frame.index++
    let child: unknown
    if (frame.keys === null) {
      if (!Object.hasOwn(frame.source, i)) throw LOSSY
      child = (frame.source as unknown[])[i]
    } else {
      child = (frame.source as Record<string, unknown>)[frame.keys[i]!]
    }
    if (child === null || isJsonScalar(child)) continue
    if (ancestors.has(child)) throw LOSSY
    stack.push(open(child))
    ancestors.add(child)
  }
  // Stryker disable next-line ArrayDeclaration: the stand-in's elements are never read, only its kind (see above).
  return Array.isArray(value) ? [] : {}
}
