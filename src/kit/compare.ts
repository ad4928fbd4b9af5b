// One case through a port: its calls against one fresh session, each answer compared with
// the expected outcome (TW-KIT-COMPARE-1), then the session ended (TW-PROTO-END-1). The kit
// compares `isError`, `text` code unit for code unit, and `value`, `event`, `current` as the
// JSON data the port's line parses to, exactly: key order, every character and every number
// (`-0` is not `0`, an overflowing `1e999` is not `null`), but not the port's JSON escaping.
import { PortFault, type Port } from './port.js'
import { digest } from '../core/distinct.js'
import { copied } from '../log/render.js'
import { callOutcome, clipped, errorOf, isArgsRefused, shown, type CallInput, type CallOutcome, type Expected } from './protocol.js'

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

const faulted = (failure: CallFailure, fault: PortFault): CallFailure => ({
  ...failure,
  problem: fault.message,
  fault: true,
  ...(fault.stderrTail ? { stderrTail: fault.stderrTail } : {}),
})

async function compareCalls(
  sent: Promise<Record<string, unknown>>[],
  inputs: readonly CallInput[],
  expectedOf: (index: number) => Expected,
): Promise<CallFailure | null> {
  for (const [index, input] of inputs.entries()) {
    const expected = expectedOf(index)
    const failure: CallFailure = { call: index, input, expected }
    let response: Record<string, unknown>
    try {
      response = await sent[index]!
    } catch (error) {
      if (error instanceof PortFault) return faulted(failure, error)
      throw error
    }
    const actual = callOutcome(response)
    if (isArgsRefused(expected)) {
      if (errorOf(response) !== null) continue
      const problem = 'answered with a call outcome where arguments that are not a JSON text get an error response (TW-PROTO-ERROR-1)'
      return typeof actual === 'string' ? { ...failure, problem: actual } : { ...failure, actual, problem }
    }
    if (typeof actual === 'string') return { ...failure, problem: actual }
    const differs = differingFields(expected, actual)
    if (differs.length > 0) return { ...failure, actual, differs }
  }
  return null
}

/** The first failing call of the case, or null when every answer agrees; then the session is ended. */
export async function runCalls(
  port: Port,
  session: string,
  inputs: readonly CallInput[],
  expectedOf: (index: number) => Expected,
): Promise<CallFailure | null> {
  const sent = inputs.map((input) => port.request({ cmd: 'call', session, args: input.args, agent: input.agent, options: input.options }))
  const ended = port.request({ cmd: 'end', session })
  for (const answer of [...sent, ended]) answer.catch(() => {})
  const failure = await compareCalls(sent, inputs, expectedOf)
  if (failure?.fault || port.givenUp !== null) return failure
  // Only when every call agreed: each expected outcome was then made, in order.
  const last = (): CallFailure => ({ call: inputs.length - 1, input: inputs.at(-1)!, expected: expectedOf(inputs.length - 1) })
  try {
    const error = errorOf(await ended)
    if (error !== null && !failure) return { ...last(), problem: `answered "end" with an error: ${clipped(error)}` }
  } catch (error) {
    if (!(error instanceof PortFault)) throw error
    if (!failure) return faulted({ ...last(), problem: '' }, new PortFault(`failed to end the session: it ${error.message}`, error.stderrTail))
  }
  return failure
}

/** An outcome as one canonical JSON line (the order of FIELDS), every non-printable escaped; an expected error response as such. */
export const outcomeLine = (outcome: Expected): string =>
  isArgsRefused(outcome)
    ? 'an error response: the arguments are not a JSON text (TW-JSON-4)'
    : shown(Object.fromEntries(FIELDS.map((field) => [field, outcome[field] ?? null])))

/** How a failure shows the arguments it sent (TW-KIT-OUTPUT-1); printed once per port, before the first. */
export const ARGS_NOTATION =
  'args: is the JSON text sent, byte for byte, except that each character outside printable ASCII is shown as <U+XXXX> (a raw character of the text, ' +
  'where \\uXXXX would be a JSON escape written in it); expected: and actual: are canonical JSON with every such character as \\uXXXX'

/** A raw text with every character outside printable ASCII written `<U+XXXX>`; a `<` the text puts before `U+` is `<U+003C>`, so the notation is never ambiguous. */
export const visibleText = (text: string): string =>
  text.replace(/[^\x20-\x7e]|<(?=U\+)/gu, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`)

/** How a call was made, as a failure's first lines show it. */
export const callLines = (input: CallInput, heading: string): string[] => [
  `${heading}: agent ${input.agent ? 'yes' : 'no'}, options ${shown(input.options)}`,
  `  args:     ${visibleText(input.args)}`,
]

/** A call failure as indented lines for the terminal: input, both outputs, the difference. */
export function describeFailure(failure: CallFailure, calls: number): string[] {
  const lines = [...callLines(failure.input, `call ${failure.call + 1} of ${calls}`), `  expected: ${clipped(outcomeLine(failure.expected), OUTCOME_MAX)}`]
  if (failure.actual) {
    const actual = outcomeLine(failure.actual)
    lines.push(`  actual:   ${clipped(actual, OUTCOME_MAX)}`)
    if (failure.differs) lines.push(`  differs:  ${failure.differs.join(', ')}`, ...failure.differs.flatMap((field) => alignedLines(failure, field)))
    if (actual === outcomeLine(failure.expected))
      lines.push('  note:     both are written alike: the difference is a number JSON writes alike (-0 and 0, or one too large for a double and null)')
  }
  if (failure.problem) lines.push(`  problem:  the port ${failure.problem}`)
  if (failure.stderrTail) lines.push(...tailLines(failure.stderrTail, '  '))
  return lines
}

/** The most of an outcome a failure shows: a port's answer may be of any length. */
const OUTCOME_MAX = 10_000

/** A port's stderr tail as a failure shows it, line by line. */
export const tailLines = (tail: string, indent: string): string[] => [`${indent}stderr (tail):`, ...tail.split('\n').map((line) => `${indent}  | ${line}`)]

/** A failure in one line, for the report. */
export const failureSummary = (failure: CallFailure): string =>
  failure.problem !== undefined
    ? `call ${failure.call + 1}: the port ${failure.problem}`
    : `call ${failure.call + 1}: differs in ${failure.differs!.join(', ')}`

/** A field of an outcome as the kit writes it: canonical JSON, every non-printable escaped. */
const fieldText = (outcome: CallOutcome, field: Field): string => shown(outcome[field] ?? null)

/** Where two texts first differ, and the parts that differ once their common start and end are cut off. */
export function firstDifference(expected: string, actual: string): { at: number; expected: string; actual: string } {
  let at = 0
  while (at < expected.length && at < actual.length && expected[at] === actual[at]) at++
  let end = 0
  while (end < expected.length - at && end < actual.length - at && expected[expected.length - 1 - end] === actual[actual.length - 1 - end]) end++
  return { at, expected: expected.slice(at, expected.length - end), actual: actual.slice(at, actual.length - end) }
}

const BEFORE = 30
const AFTER = 50

/** One differing field as its two texts, cut to a window and aligned at the first differing character, a caret under it. */
function alignedLines(failure: CallFailure, field: Field): string[] {
  const [expected, actual] = [fieldText(failure.expected as CallOutcome, field), fieldText(failure.actual!, field)]
  if (expected === actual) return []
  const { at } = firstDifference(expected, actual)
  const from = Math.max(0, at - BEFORE)
  const cut = (text: string) => copied((from > 0 ? '…' : '') + text.slice(from, at + AFTER) + (text.length > at + AFTER ? '…' : ''))
  const caret = ' '.repeat(at - from + (from > 0 ? 1 : 0)) + '^'
  return [`    ${field}, from character ${at + 1}:`, `      expected: ${cut(expected)}`, `      actual:   ${cut(actual)}`, `                ${caret}`]
}

/**
 * What makes failures "the same": the fields that differ and, in each, the parts that differ
 * once the common start and end are cut off (one wrong word of a message is one key, whatever
 * the case's content); or the port's problem, as written.
 */
export function failureKey(failure: CallFailure): string {
  if (failure.problem !== undefined || !failure.actual || !failure.differs) return `problem ${failure.problem ?? ''}`
  const parts = failure.differs.map((field) => {
    const { expected, actual } = firstDifference(fieldText(failure.expected as CallOutcome, field), fieldText(failure.actual!, field))
    return [field, expected, actual]
  })
  // A port's answer may be of any length; the key a failure is kept under is not.
  const key = JSON.stringify(parts)
  return key.length > 1000 ? digest(key) : key
}
