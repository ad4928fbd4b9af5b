// JSON values from outside, written back out. JSON.parse accepts any depth, but
// JSON.stringify recurses and throws from about 10^4 levels (and on cycles and BigInts).
// `writeJson` writes JSON data of any depth, byte for byte as JSON.stringify would; for a
// message, `jsonText` describes a value it cannot write instead of throwing.

export const UNWRITABLE = '(a value JSON cannot write: cyclic or a BigInt)'

/** `JSON.stringify(value)` of any depth, `undefined` for what it skips, UNWRITABLE for a cycle or a BigInt. */
export function jsonText(value: unknown): string {
  try {
    return writeJson(value) ?? 'undefined'
  } catch {
    return UNWRITABLE
  }
}

/**
 * `JSON.stringify(value)` for JSON data of any depth: JSON.stringify itself where it can,
 * else an iterative writer that gives the same bytes (keys in Object.keys order, no
 * spaces). Throws, as JSON.stringify does, on a cycle or a BigInt.
 */
export function writeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return writeIteratively(value)
  }
}

/**
 * What a log line written of `value` holds: JSON.stringify's text of it, at any depth, read
 * back — each `toJSON` called and each getter read once, non-enumerable and symbol keys
 * left out, -0 written 0; `undefined` where JSON writes nothing. Throws where writing
 * throws: a cycle, a BigInt, a getter or `toJSON` that throws.
 */
export function writtenData(value: unknown): unknown {
  const text = writeJson(value)
  return text === undefined ? undefined : JSON.parse(text)
}

interface Open {
  value: unknown[] | Record<string, unknown>
  keys: string[] | null
  index: number
  wrote: boolean
}

/**
 * What JSON.stringify writes for `root`, without recursion: the same bytes at any depth
 * (`undefined` where it writes nothing); throws a TypeError on a cycle or a BigInt.
 */
export function writeIteratively(root: unknown): string | undefined {
  const out: string[] = []
  const stack: Open[] = []
  // A WeakSet: a Set holds at most 2^24 values, fewer than the levels a line can open.
  const ancestors = new WeakSet<object>()
  // Writes a value, or opens a container (its contents follow on the stack); false when JSON skips it.
  const visit = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null) {
      const text = JSON.stringify(value)
      if (text === undefined) return false
      out.push(text)
      return true
    }
    if (ancestors.has(value)) throw new TypeError('Converting circular structure to JSON')
    ancestors.add(value)
    const array = Array.isArray(value)
    out.push(array ? '[' : '{')
    stack.push({ value: value as Open['value'], keys: array ? null : Object.keys(value), index: 0, wrote: false })
    return true
  }
  if (!visit(root)) return undefined
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    const length = top.keys === null ? (top.value as unknown[]).length : top.keys.length
    if (top.index === length) {
      out.push(top.keys === null ? ']' : '}')
      ancestors.delete(top.value)
      stack.pop()
      continue
    }
    const i = top.index++
    if (top.keys === null) {
      if (top.wrote) out.push(',')
      top.wrote = true
      if (!visit((top.value as unknown[])[i])) out.push('null')
    } else {
      const key = top.keys[i]!
      const child = (top.value as Record<string, unknown>)[key]
      const skipped = child === undefined || typeof child === 'function' || typeof child === 'symbol'
      if (skipped) continue
      out.push(`${top.wrote ? ',' : ''}${JSON.stringify(key)}:`)
      top.wrote = true
      visit(child)
    }
  }
  return out.join('')
}

/** One UTF-16 code unit as a JSON escape, `\u` and four lower-case hex digits, as JSON.stringify writes one. */
export const escapeUnit = (unit: string): string => '\\u' + unit.charCodeAt(0).toString(16).padStart(4, '0')
