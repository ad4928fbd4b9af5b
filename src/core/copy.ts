// The harness registry's copy of a call's arguments (TW-JSON-2): only JSON data passes —
// `null`, booleans, strings, finite numbers other than -0, dense arrays, and objects whose
// prototype is Object.prototype or null, through their own enumerable string keys (other
// keys are not read). Anything else (a hole, `undefined`, a function, -0, ±Infinity, NaN, a
// cycle, a class instance) makes the copy fail, as the registry's does. Each property is
// read once. The walk is iterative: any depth, no stack overflow.

/** Why a copy failed: the message the registry answers with (after `Error: `). */
export const NOT_LOSSLESS = 'tool execution arguments must be losslessly JSON-serializable'

/** Thrown inside a walk, caught by its caller: the value is not JSON data. */
export class NotLossless extends Error {
  constructor() {
    super(NOT_LOSSLESS)
  }
}
const LOSSY = new NotLossless()

/** A plain-object prototype: what JSON.parse makes (or a null-prototype record). */
export function isRecord(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** A JSON scalar that survives a copy: a string, a boolean, a finite number other than -0. */
export function isJsonScalar(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0)
    default:
      return false
  }
}

/** A data property, so a key named `__proto__` stays a key (TW-JSON-1). */
export function define(target: Record<string, unknown>, key: string, value: unknown): void {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: any other key assigned as an own data property is the same property; nothing writes to or deletes from a copy.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

interface Frame {
  source: object
  target: unknown[] | Record<string, unknown> | null
  keys: string[] | null
  index: number
  length: number
}

function open(source: object, build: boolean): Frame {
  if (Array.isArray(source)) {
    if (Object.getPrototypeOf(source) !== Array.prototype) throw LOSSY
    const length = source.length
    // Stryker disable next-line ArrayDeclaration: sized up front only to spare the growing; every index is written below.
    return { source, target: build ? new Array<unknown>(length) : null, keys: null, index: 0, length }
  }
  if (!isRecord(source)) throw LOSSY
  const keys = Object.keys(source)
  return { source, target: build ? {} : null, keys, index: 0, length: keys.length }
}

/**
 * Walk `value` (read already) and all it holds, each property read once: its copy when
 * `build`, else undefined (the check only). `path` holds the containers above it, for
 * cycles. Throws NotLossless, or what a getter or Proxy trap threw.
 */
export function walk(value: unknown, build: boolean, path: readonly object[] = []): unknown {
  if (value === null || isJsonScalar(value)) return value
  if (typeof value !== 'object' || path.includes(value)) throw LOSSY
  const ancestors = new Set<object>(path)
  const root = open(value, build)
  const stack: Frame[] = [root]
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
    let copied: unknown = child
    if (child !== null && !isJsonScalar(child)) {
      if (typeof child !== 'object' || ancestors.has(child)) throw LOSSY
      const next = open(child, build)
      ancestors.add(child)
      stack.push(next)
      copied = next.target
    }
    if (frame.target === null) continue
    if (frame.keys === null) (frame.target as unknown[])[i] = copied
    else define(frame.target as Record<string, unknown>, frame.keys[i]!, copied)
  }
  return root.target
}
