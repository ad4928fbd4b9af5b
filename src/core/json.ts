// JSON values from outside, as the checks see them. `jsonText` is JSON.stringify for messages that show a value from outside (a request, a config, a
// port's answer): it throws on a value nested deeper than the engine's stack allows —
// JSON.parse accepts any depth, JSON.stringify fails from about 10^4 levels — and on cyclic
// values and BigInts. A message must never turn into a crash, so such a value is described.

export const UNWRITABLE = '(a value JSON.stringify cannot write: nested too deeply, cyclic or a BigInt)'

/** `JSON.stringify(value)`, `undefined` for what it skips, UNWRITABLE for what it cannot write. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined'
  } catch {
    return UNWRITABLE
  }
}

/** Whether JSON.stringify can write `value` (a port's answer must be comparable as JSON). */
export function writable(value: unknown): boolean {
  return jsonText(value) !== UNWRITABLE
}

/** An object that is not an array or null: what a JSON object parses to (its prototype aside). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
