// What the kit compares (TW-KIT-COMPARE-1): `isError`, `text` code unit for code unit, and
// `value`, `event`, `current` as the JSON data the port's line parses to, exactly: key order,
// every character and every number (`-0` is not `0`, an overflowing `1e999` is not `null`),
// but not the port's own JSON escaping.
import { isArgsRefused, shown, type CallInput, type CallOutcome, type Expected } from './protocol.js'

const FIELDS = ['isError', 'text', 'value', 'event', 'current'] as const
export type Field = (typeof FIELDS)[number]

/**
 * Whether two parsed JSON values are the same data: the same kind, strings code unit for code
 * unit, numbers by `Object.is`, arrays item by item, objects key by key in the same order.
 * Answers are at most MAX_ANSWER_DEPTH deep when they get here (callOutcome checks).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b)
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const [aKeys, bKeys] = [Object.keys(a), Object.keys(b)]
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key, i) => key === bKeys[i] && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  )
}

/** The fields on which two outcomes differ, in a fixed order; empty when they agree. */
export const differingFields = (expected: CallOutcome, actual: CallOutcome): Field[] =>
  FIELDS.filter((field) => !sameJson(expected[field] ?? null, actual[field] ?? null))

/** An outcome as one canonical JSON line (the order of FIELDS), every non-printable escaped; an expected error response as such. */
export const outcomeLine = (outcome: Expected): string =>
  isArgsRefused(outcome)
    ? 'an error response: the arguments are not a JSON text (TW-JSON-4)'
    : shown(Object.fromEntries(FIELDS.map((field) => [field, outcome[field] ?? null])))

/** How a failure shows the arguments it sent (TW-KIT-OUTPUT-1); printed once per port, before the first. */
export const ARGS_NOTATION =
  'args: is the JSON text sent, byte for byte, except that each character outside printable ASCII is shown as <U+XXXX> (a raw character of the text, ' +
  'where \\uXXXX would be a JSON escape written in it); expected: and actual: are canonical JSON with every such character as \\uXXXX'

/**
 * A raw text with every character outside printable ASCII written as `<U+XXXX>` (ARGS_NOTATION);
 * a `<` that the text itself puts before `U+` is written `<U+003C>`, so the notation is never ambiguous.
 */
export const visibleText = (text: string): string =>
  text.replace(/[^\x20-\x7e]|<(?=U\+)/gu, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`)

/** Why one call of a case failed: a different answer, or no usable answer at all. */
export interface CallFailure {
  /** Zero-based index of the call in its case or sequence. */
  call: number
  input: CallInput
  expected: Expected
  actual?: CallOutcome
  differs?: Field[]
  /** The port's fault or error response when there is no outcome to compare. */
  problem?: string
  /** The port broke the protocol (hung, exited, garbage) rather than answering. */
  fault?: boolean
  stderrTail?: string
}

/** A call failure as indented lines for the terminal: input, both outputs, the difference. */
export function describeFailure(failure: CallFailure, calls: number): string[] {
  const lines = [`call ${failure.call + 1} of ${calls}: agent ${failure.input.agent ? 'yes' : 'no'}, options ${shown(failure.input.options)}`]
  lines.push(`  args:     ${visibleText(failure.input.args)}`)
  lines.push(`  expected: ${outcomeLine(failure.expected)}`)
  if (failure.actual) {
    const actual = outcomeLine(failure.actual)
    lines.push(`  actual:   ${actual}`)
    if (failure.differs) lines.push(`  differs:  ${failure.differs.join(', ')}`)
    if (actual === outcomeLine(failure.expected))
      lines.push('  note:     both are written alike: the difference is a number JSON writes alike (-0 and 0, or one too large for a double and null)')
  }
  if (failure.problem) lines.push(`  problem:  the port ${failure.problem}`)
  if (failure.stderrTail) lines.push('  stderr (tail):', ...failure.stderrTail.split('\n').map((line) => `    | ${line}`))
  return lines
}
