// Differential fuzzing (TW-KIT-FUZZ-1): seeded fast-check sequences through the port and
// the in-process reference, compared call by call; a disagreement is shrunk to the
// smallest sequence that still disagrees, and kept as a regression case file.
import fc from 'fast-check'
import type { ProfileName } from '../core/options.js'
import { failureKey, runCalls, type CallFailure } from './compare.js'
import { sequenceFor, STATUS_VALUES, writeJsonNode, type JsonNode, type Sequence } from './generators.js'
import type { Port } from './port.js'
import type { CallInput, Expected } from './protocol.js'
import { Reference } from './reference.js'
import type { CaseFile, VectorCall } from './vectors.js'

export interface FuzzSettings {
  seed: number
  runs: number
  /** The profiles whose deployments are generated (TW-KIT-FUZZ-1). */
  profiles: readonly ProfileName[]
  /** Shrink the first disagreement (default); false stops at it, as found (the zoo's measure). */
  shrink?: boolean
  /** Called, and awaited, for each sequence of the first pass (not during shrinking). */
  onRun?: (done: number) => Promise<void> | void
}

export interface FuzzResult {
  seed: number
  runs: number
  /** Sequences generated, up to and including the first disagreement. */
  ran: number
  /** Sequences that went through the port and agreed, before any disagreement. */
  agreed: number
  counterexample?: {
    calls: CallInput[]
    failure: CallFailure
    shrinks: number
    /** fast-check's path to the counterexample under this seed (kept in the regression case). */
    path: string
  }
  /** Set when the port was given up on: the result is then only as small as it got. */
  interrupted?: string
  /** Set when a disagreement was seen but could not be shown again. */
  unreproduced?: string
}

/** The text each generated call sends. */
export const sequenceInputs = (s: Sequence): CallInput[] =>
  s.calls.map((call) => ({ args: writeJsonNode(call.args, call.layout), agent: call.agent, options: s.options }))

/** A sequence as sent: its session, its calls' texts, and the reference's answer to each. */
interface Play {
  name: string
  inputs: CallInput[]
  /** The reference's answer to call `index`, made once, and only when asked (a port that disagrees first never needs the rest). */
  expected(index: number): Expected
}

function playOf(name: string, s: Sequence): Play {
  const reference = new Reference()
  const inputs = sequenceInputs(s)
  const answers: Expected[] = []
  // A session's answers depend on the calls before: they are made in order.
  const expected = (index: number): Expected => {
    while (answers.length <= index) answers.push(reference.expected(name, inputs[answers.length]!))
    return answers[index]!
  }
  return { name, inputs, expected }
}

/**
 * Sequences of the first pass in flight at once, each its own session: the port works on the
 * next while the kit draws, answers and compares, and their answers are taken in order, so
 * the first disagreement is the one a pass one at a time finds.
 */
const IN_FLIGHT = 16

export async function fuzz(port: Port, settings: FuzzSettings): Promise<FuzzResult> {
  const { seed, runs } = settings
  const arbitrary = sequenceFor(settings.profiles)
  let session = 0
  const play = (s: Sequence): Promise<CallFailure | null> => {
    const { name, inputs, expected } = playOf(`fuzz/${session++}`, s)
    // The requests go out first: the port answers them while the reference does.
    return runCalls(port, name, inputs, expected)
  }
  let ran = 0
  let agreed = 0
  // Set by the closures below, which TypeScript does not follow.
  let found = null as { s: Sequence; failure: CallFailure } | null
  const inFlight: { s: Sequence; failure: Promise<CallFailure | null> }[] = []
  // A port given up on answers nothing more: nothing more can be learnt.
  const over = () => found !== null || port.givenUp !== null
  const takeOldest = async () => {
    const oldest = inFlight.shift()!
    await settings.onRun?.(++ran)
    const failure = await oldest.failure
    if (port.givenUp !== null) return
    if (failure === null) agreed++
    else found = { s: oldest.s, failure }
  }
  // The first pass: fast-check draws the sequences in order, and each goes to the port as it
  // comes, once there is room; nothing goes to a port that broke while sequences wait, as the
  // request would restart it, or give it up, before its fault is looked at.
  const pass = fc.asyncProperty(arbitrary, async (s) => {
    while (!over() && inFlight.length > 0 && (inFlight.length >= IN_FLIGHT || port.broken)) await takeOldest()
    if (over()) return false
    inFlight.push({ s, failure: play(s) })
    return true
  })
  await fc.check(pass, { seed, numRuns: runs, endOnFailure: true })
  while (!over() && inFlight.length > 0) await takeOldest()
  // The sequences sent after the first disagreement are not looked at, nor what they did to
  // the port: one a pass one at a time would never have sent.
  if (found !== null && !found.failure.fault && inFlight.length > 0) port.discard()
  // A port given up on is reported as interrupted, after every sequence of the pass.
  const result: FuzzResult = { seed, runs, ran: found === null ? runs : ran, agreed }
  if (found !== null) port.shrinking()
  let s = found?.s
  let failure: CallFailure | null | undefined = found?.failure
  let shrinks = 0
  let path = String(ran - 1)
  if (found !== null && settings.shrink !== false) {
    // fast-check shrinks the disagreement from its place in the pass: it draws it again
    // first, and that run is the one already seen.
    const first = found
    const failures = new WeakMap<Sequence, CallFailure>()
    let replayed = false
    const shrinkStep = async (candidate: Sequence): Promise<CallFailure | null> => {
      // Once the port is given up on, nothing more can be learnt: let shrinking stop here.
      if (port.givenUp !== null) return null
      const failed = await play(candidate)
      return port.givenUp === null ? failed : null
    }
    const property = fc.asyncProperty(arbitrary, async (candidate) => {
      const failed = replayed ? await shrinkStep(candidate) : first.failure
      replayed = true
      if (failed === null) return true
      failures.set(candidate, failed)
      return false
    })
    const details = await fc.check(property, { seed, numRuns: runs, path })
    s = details.counterexample?.[0]
    failure = s && (failures.get(s) ?? (port.givenUp === null ? await play(s) : null))
    shrinks = details.numShrinks
    path = details.counterexamplePath ?? path
    if (s && !failure) {
      const error = details.errorInstance instanceof Error ? `: ${details.errorInstance.message}` : ''
      result.unreproduced = `a sequence disagreed, but its smallest form agreed when run again (a port that is not deterministic?)${error}`
    }
  }
  if (port.givenUp !== null) result.interrupted = port.givenUp
  if (s && failure && settings.shrink !== false) {
    // fast-check shrinks one value at a time: two equal contents stay as drawn, since changing
    // one alone ends the duplicate. Edits of the whole sequence finish the job.
    const key = failureKey(failure)
    for (let budget = SIMPLIFY_BUDGET, improved = true; improved && port.givenUp === null; ) {
      improved = false
      for (const candidate of simpler(s)) {
        if (budget-- <= 0 || port.givenUp !== null) break
        const found = await play(candidate)
        if (found && port.givenUp === null && failureKey(found) === key) {
          ;[s, failure, improved] = [candidate, found, true]
          shrinks++
          break
        }
      }
    }
  }
  if (s && failure) {
    // Calls after the one that disagreed cannot matter: the smallest input ends there.
    const calls = sequenceInputs(s).slice(0, failure.call + 1)
    result.counterexample = { calls, failure, shrinks, path }
  }
  return result
}

/** Sequences tried after fast-check's shrinking, at most. */
const SIMPLIFY_BUDGET = 200
/** Keys an edit never drops: without them the arguments are another case altogether. */
const DECLARED = new Set(['todos', 'content', 'status'])
const PLAIN = ['a', 'b', 'c', 'd', 'x', 'y', 'z']

/** Each string in a value position (not a key), depth first. */
function* valueStrings(node: JsonNode): Generator<Extract<JsonNode, { kind: 'string' }>> {
  if (node.kind === 'string') yield node
  else if (node.kind === 'object') for (const [, value] of node.entries) yield* valueStrings(value)
  else if (node.kind === 'array') for (const item of node.items) yield* valueStrings(item)
}

/** Each object in a node, depth first. */
function* objects(node: JsonNode): Generator<Extract<JsonNode, { kind: 'object' }>> {
  if (node.kind === 'object') {
    yield node
    for (const [, value] of node.entries) yield* objects(value)
  } else if (node.kind === 'array') for (const item of node.items) yield* objects(item)
}

/**
 * Smaller or plainer forms of a sequence, smallest step first: one undeclared entry dropped;
 * then one string written plainly (a single ASCII letter) everywhere it occurs, so duplicates
 * stay duplicates.
 */
function* simpler(s: Sequence): Generator<Sequence> {
  const count = s.calls.flatMap((call) => [...objects(call.args)]).reduce((n, o) => n + o.entries.length, 0)
  for (let target = 0; target < count; target++) {
    const copy = structuredClone(s)
    const entries = copy.calls.flatMap((call) => [...objects(call.args)].flatMap((o) => o.entries.map((_, i) => [o, i] as const)))
    const [object, index] = entries[target]!
    if (DECLARED.has(object.entries[index]![0].value)) continue
    object.entries.splice(index, 1)
    yield copy
  }
  const values = [...new Set(s.calls.flatMap((call) => [...valueStrings(call.args)].map((node) => node.value)))]
  const unused = PLAIN.filter((letter) => !values.includes(letter))
  for (const value of values) {
    if (PLAIN.includes(value) || (STATUS_VALUES as readonly string[]).includes(value) || unused.length === 0) continue
    const copy = structuredClone(s)
    for (const call of copy.calls) for (const node of valueStrings(call.args)) if (node.value === value) Object.assign(node, { value: unused[0], form: 'raw' })
    yield copy
  }
}

/** The smallest disagreement as a case file, its expected outputs from the reference. */
export function regressionCase(result: FuzzResult, id: string, against: string): CaseFile {
  const found = result.counterexample!
  const reference = new Reference()
  const calls: VectorCall[] = found.calls.map((input) => ({
    argsText: input.args,
    agent: input.agent,
    options: input.options,
    expect: reference.expected(id, input),
  }))
  return {
    description: `Found by todo-write conform --seed ${result.seed} against ${against}: the smallest disagreement after ${found.shrinks} shrinks. Expected outputs are the reference's.`,
    cases: [{ id, rules: [], description: `fuzz seed ${result.seed}, path ${found.path}`, calls }],
  }
}
