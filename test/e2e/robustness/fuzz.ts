// The robustness fuzzer (issue 7): a million calls of arbitrary JSON, near-miss lists and
// hostile inputs, each checked against the independent model of the spec
// (test/support/model.ts), through the library (`callTodoWrite`), the tool body
// (`runTodoWrite`, which must throw nothing: a refusal is an outcome) and the protocol
// (`ProtocolServer`, what `todo-write serve` runs). Every call is also checked for: a
// well-formed result, nothing logged but a valid snapshot (checkLog), the input not
// mutated, and Object.prototype (with Array.prototype and friends) untouched.
// `npm run fuzz` runs 10^6 calls (main.ts); test/e2e/robustness.test.ts runs 10^4.
import fc from '../../support/fc.js'
import { callTodoWrite, type CallOutcome } from '../../../src/core/call.js'
import { encodeLine } from '../../../src/kit/protocol.js'
import { ProtocolServer } from '../../../src/kit/reference.js'
import { checkLog } from '../../../src/log/invariant.js'
import { escapeUnit } from '../../../src/log/json.js'
import { MemorySession, type LogEvent } from '../../../src/log/events.js'
import { resolveOptions, type TodoWriteOptions } from '../../../src/core/options.js'
import { createTodoWriteTool, runTodoWrite, type TodoWriteTool } from '../../../src/core/tool.js'
import { modelCall, modelViolations, NOT_LOSSLESS_TEXT, type ModelItem } from '../../support/model.js'
import {
  anyArgs,
  giants,
  hostileArguments,
  hostileRequests,
  LIES,
  seededRandom,
  withFlippingGetters,
  withFlippingProxies,
  type Random,
} from '../../../fixtures/generators.js'

/** What is fuzzed: the real modules, unless a test hands in a broken one to see it caught. */
export interface Subject {
  callTodoWrite: typeof callTodoWrite
  runTodoWrite: typeof runTodoWrite
  createServer: () => Pick<ProtocolServer, 'handle'>
}

export const REAL: Subject = { callTodoWrite, runTodoWrite, createServer: () => new ProtocolServer() }

/** How a call goes in: the library, the tool body, the protocol, or the library with a hostile in-process value. */
export type Mode = 'call' | 'execute' | 'protocol' | 'value'

export interface FuzzOptions {
  calls: number
  seed: number
  /** Run every giant of hostile.ts (1 MB contents, 10^5 items, deep nesting) and every hostile protocol request, once. */
  giants: boolean
  /** The modes each giant runs in; default all three. */
  giantModes?: readonly Mode[]
  subject?: Subject
  /** Called every 10,000 calls. */
  progress?: (done: number) => void
}

export interface FuzzFailure {
  call: number
  source: string
  mode: Mode
  problem: string
  input: string
  agent: boolean
  options: TodoWriteOptions
}

export interface FuzzReport {
  seed: number
  calls: number
  seconds: number
  bySource: Record<string, number>
  byMode: Record<string, number>
  byOutcome: Record<string, number>
  giants: string[]
  failureCount: number
  /** The first 20 failures. */
  failures: FuzzFailure[]
}

// ---------------------------------------------------------------------------------------
// Checks that do not trust the code under test.

/** An object's opening token: its prototype, whether it is extensible, how many own keys follow. */
class Open {
  constructor(readonly text: string) {}
}

/**
 * The value as a flat list of tokens, built iteratively (10^5 levels of nesting overflow
 * every recursive walk, JSON.stringify's included): for each object its prototype,
 * extensibility and own-key count, then every own key (symbols too) in order, each
 * followed by its value's tokens. Two lists are equal (sameTokens) exactly when nothing
 * anyone could see changed — except a getter swapped in for a data property of the same
 * value, which JSON values cannot hold.
 */
export function fingerprint(value: unknown): unknown[] {
  const tokens: unknown[] = []
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v !== 'object' || v === null) {
      tokens.push(v)
      continue
    }
    const proto = Object.getPrototypeOf(v)
    const keys = Reflect.ownKeys(v)
    const kind = proto === Object.prototype ? 'object' : proto === Array.prototype ? 'array' : proto === null ? 'null-prototype' : 'other'
    tokens.push(new Open(`${kind}${Object.isExtensible(v) ? '' : ' sealed'} ${keys.length}`))
    for (let i = keys.length - 1; i >= 0; i--) {
      stack.push((v as Record<PropertyKey, unknown>)[keys[i]!])
      stack.push(keys[i])
    }
  }
  return tokens
}

/** Whether two fingerprints are the same: token by token, with Object.is (so -0 is not 0). */
export function sameTokens(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i], b[i]]
    if (x instanceof Open ? !(y instanceof Open) || x.text !== y.text : !Object.is(x, y)) return false
  }
  return true
}

/** The built-ins a hostile key could reach, as identity-compared descriptors. */
const GUARDED: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['String.prototype', String.prototype],
  ['Function.prototype', Function.prototype],
  ['Object', Object],
  ['JSON', JSON],
]

type Descriptors = Map<string, Map<PropertyKey, PropertyDescriptor>>

export function builtinDescriptors(): Descriptors {
  return new Map(GUARDED.map(([name, object]) => [name, new Map(Reflect.ownKeys(object).map((key) => [key, Object.getOwnPropertyDescriptor(object, key)!]))]))
}

/** What changed on the guarded built-ins since `before`, or null. */
export function builtinChange(before: Descriptors): string | null {
  const now = builtinDescriptors()
  for (const [name, was] of before) {
    const is = now.get(name)!
    for (const key of new Set([...was.keys(), ...is.keys()])) {
      const [a, b] = [was.get(key), is.get(key)]
      const same =
        a !== undefined &&
        b !== undefined &&
        Object.is(a.value, b.value) &&
        (['get', 'set', 'writable', 'enumerable', 'configurable'] as const).every((k) => a[k] === b[k])
      if (!same) return `${name}[${String(key)}] ${a === undefined ? 'was added' : b === undefined ? 'was deleted' : 'was changed'}`
    }
  }
  return null
}

const counts = (todos: readonly ModelItem[]) => {
  const n = (status: string) => todos.filter((t) => t.status === status).length
  return { pending: n('pending'), inProgress: n('in_progress'), completed: n('completed') }
}

const KINDS = [
  ['Error: invalid arguments: ', 'arguments'],
  ['Error: invalid todo: ', 'empty'],
  ['Error: invalid todos: duplicate', 'duplicate'],
  ['Error: invalid todos: at most one', 'in_progress'],
] as const

/** The failure kind a text names (src's FailureKind), 'accepted' for a success. */
function kindOf(text: string): string {
  if (text.startsWith('Updated todo list: ')) return 'accepted'
  if (text === NOT_LOSSLESS_TEXT) return 'lossless'
  return KINDS.find(([prefix]) => text.startsWith(prefix))?.[1] ?? 'owner'
}

/** Why `result` is not a well-formed model-facing result, or null. */
function shapeProblem(result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return 'the result is not an object'
  const r = result as Partial<CallOutcome> & Record<string, unknown>
  if (Object.keys(r).join() !== 'isError,text,value,event') return `the result has keys ${Object.keys(r).join(', ')}`
  if (typeof r.isError !== 'boolean') return 'isError is not a boolean'
  if (typeof r.text !== 'string') return 'text is not a string'
  if ((r.value === null) !== r.isError) return r.isError ? 'a failure carries a value' : 'a success carries no value'
  if ((r.event === null) !== r.isError) return r.isError ? 'a failure carries an event' : 'a success carries no event'
  return null
}

type Expected = ReturnType<typeof modelCall>

const shown = (text: string, max = 300): string => {
  const escaped = text.replace(/[^\x20-\x7e]/g, escapeUnit)
  return escaped.length > max ? `${escaped.slice(0, max)}… (${text.length.toLocaleString('en-US')} characters)` : escaped
}

const preview = (value: string): string => (value.length > 200 ? `${value.slice(0, 200)}…` : value)

const jsonPreview = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? 'undefined'
  } catch {
    return '(not writable as JSON)'
  }
}

// ---------------------------------------------------------------------------------------
// The inputs.

interface Input {
  source: string
  text: string
  agent: boolean
  options: TodoWriteOptions
}

const OPTIONS: TodoWriteOptions[] = [
  {},
  {},
  {},
  {},
  { allowParallelInProgress: true },
  { unknownItemKeys: 'reject' },
  { allowParallelInProgress: true, unknownItemKeys: 'reject' },
  { profile: 'dsh-0.1.1-rc.2' },
  { profile: 'dsh-0.1.1-rc.2', allowParallelInProgress: true },
  { activeLimitWording: 'parentheses', unknownItemKeys: 'drop' },
]

/** fast-check's arbitraries, drawn in seeded chunks. */
class Drawn {
  private buffer: string[] = []
  private chunk = 0
  constructor(
    private readonly arbitrary: fc.Arbitrary<unknown>,
    private readonly seed: number,
  ) {}
  next(): string {
    if (this.buffer.length === 0) {
      this.buffer = fc
        .sample(this.arbitrary, { seed: (this.seed + 7919 * ++this.chunk) | 0, numRuns: 1000 })
        .map((v) => JSON.stringify(v) ?? 'null')
        .reverse()
    }
    return this.buffer.pop()!
  }
}

// ---------------------------------------------------------------------------------------
// The run.

export function runFuzz(options: FuzzOptions): FuzzReport {
  const subject = options.subject ?? REAL
  const random: Random = seededRandom(options.seed)
  const generated = new Drawn(anyArgs, options.seed)
  const json = new Drawn(
    fc.oneof(
      fc.jsonValue({ maxDepth: 8 }),
      fc.jsonValue({ maxDepth: 6 }).map((todos) => ({ todos })),
      fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 6 }).map((todos) => ({ todos })),
    ),
    options.seed ^ 0x5bd1e995,
  )
  const report: FuzzReport = { seed: options.seed, calls: 0, seconds: 0, bySource: {}, byMode: {}, byOutcome: {}, giants: [], failureCount: 0, failures: [] }
  const tally = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1)
  const builtins = builtinDescriptors()
  const tools = new Map<string, TodoWriteTool>()
  const toolFor = (o: TodoWriteOptions) => {
    const key = JSON.stringify(resolveOptions(o))
    if (!tools.has(key)) tools.set(key, createTodoWriteTool(o))
    return tools.get(key)!
  }

  // The library's session, checked whole and replaced every 64 calls.
  let session = new MemorySession()
  let sessionCalls = 0
  // The protocol: one server, four sessions, each ended every 40 calls; the model's current list of each.
  const server = subject.createServer()
  let requestId = 0
  server.handle(JSON.stringify({ id: requestId++, cmd: 'start', protocol: 1 }))
  const protocolSessions = [0, 1, 2, 3].map((i) => ({ name: `fuzz-${i}`, calls: 0, current: null as ModelItem[] | null }))

  let callIndex = 0
  let input: Input = { source: '', text: '', agent: true, options: {} }
  let mode: Mode = 'call'
  const fail = (problem: string) => {
    report.failureCount++
    if (report.failures.length < 20)
      report.failures.push({ call: callIndex, source: input.source, mode, problem, input: shown(input.text), agent: input.agent, options: input.options })
  }

  const checkSession = (whole: readonly LogEvent[], what: string) => {
    const violation = checkLog(whole)
    if (violation) fail(`${what}: an invalid snapshot was logged: seq ${violation.seq}: ${violation.message}`)
  }
  const checkBuiltins = (prefix: string) => {
    const change = builtinChange(builtins)
    if (change) fail(`${prefix}${change}`)
  }
  /** A failure if `got` is not the model's `want`: texts shown escaped, values and lines previewed. */
  const checkText = (what: string, got: string, want: string) => got !== want && fail(`${what}${shown(got, 200)}, the model says ${shown(want, 200)}`)
  const checkPreview = (what: string, got: string, want: string) => got !== want && fail(`${what}${preview(got)}, the model says ${preview(want)}`)
  const execWith = (session: MemorySession) => (input.agent ? { agent: { session } } : {})

  function viaLibrary(args: unknown, expected: Expected): string | null {
    const before = session.events.length
    let result: CallOutcome
    try {
      result = subject.callTodoWrite(args, execWith(session), input.options)
    } catch (error) {
      fail(`callTodoWrite threw ${String(error)}`)
      return null
    }
    const shape = shapeProblem(result)
    if (shape) {
      fail(shape)
      return null
    }
    const text = result.text
    checkText('text ', text, expected.text)
    const appended = session.events.slice(before)
    if (expected.snapshot) {
      checkPreview('value ', jsonPreview(result.value), JSON.stringify({ todos: expected.snapshot, counts: counts(expected.snapshot) }))
      const logged = jsonPreview(appended.map(({ type, data }) => ({ type, data })))
      checkPreview('appended ', logged, JSON.stringify([{ type: 'todo/write', data: { todos: expected.snapshot } }]))
    } else if (appended.length > 0) fail(`a refused call appended ${appended.length} event(s)`)
    checkSession(appended, 'the call')
    if (++sessionCalls === 64) {
      checkSession(session.events, 'the session')
      session = new MemorySession()
      sessionCalls = 0
    }
    return text
  }

  function viaBody(args: unknown, expected: Expected): string | null {
    const tool = toolFor(input.options)
    const card = tool.presentCall(args)
    // A card follows the schema alone (TW-PRESENT-1), whatever the copy says of the numbers.
    const schemaValid = modelViolations(args, resolveOptions(input.options).unknownItemKeys === 'reject').length === 0
    if ((card !== undefined) !== schemaValid)
      fail(`presentCall ${card === undefined ? 'showed no card' : 'showed a card'} for ${schemaValid ? 'valid' : 'invalid'} arguments`)
    if (card !== undefined && card.rawInput !== (args as { todos: unknown }).todos) fail('presentCall rawInput is not the todos sent')
    const scratch = new MemorySession()
    let outcome: ReturnType<typeof runTodoWrite>
    try {
      outcome = subject.runTodoWrite(args, execWith(scratch), resolveOptions(input.options))
    } catch (error) {
      fail(`runTodoWrite threw ${String(error)}`)
      return null
    }
    if (outcome.ok) {
      const text = tool.output.render(args, outcome.value)[0]!.text
      checkText('runTodoWrite accepted: ', text, expected.text)
      if (scratch.events.length !== 1) fail(`runTodoWrite appended ${scratch.events.length} events`)
      checkSession(scratch.events, 'runTodoWrite')
      return text
    }
    const text = `Error: ${outcome.failure.message}`
    checkText('runTodoWrite refused: ', text, expected.text)
    if (outcome.failure.kind !== kindOf(expected.text)) fail(`failure kind ${outcome.failure.kind}, the text is of kind ${kindOf(expected.text)}`)
    if (scratch.events.length !== 0) fail('a refused runTodoWrite appended an event')
    return text
  }

  function viaProtocol(expected: Expected): string | null {
    const target = protocolSessions[callIndex % protocolSessions.length]!
    const id = requestId++
    const line = JSON.stringify({ id, cmd: 'call', session: target.name, args: input.text, agent: input.agent, options: input.options })
    let response: Record<string, unknown>
    let encoded: string
    try {
      response = server.handle(line).response
      encoded = encodeLine(response)
    } catch (error) {
      fail(`the protocol server threw ${String(error)}`)
      return null
    }
    if (encoded.indexOf('\n') !== encoded.length - 1) fail('the response line holds a line feed')
    if (response.id !== id || 'error' in response) {
      fail(`the protocol server answered ${preview(encoded)}`)
      return null
    }
    if (expected.snapshot && input.agent) target.current = expected.snapshot
    const want = {
      id,
      isError: expected.snapshot === null,
      text: expected.text,
      value: expected.snapshot ? { todos: expected.snapshot, counts: counts(expected.snapshot) } : null,
      event: expected.snapshot ? { type: 'todo/write', data: { todos: expected.snapshot } } : null,
      current: target.current,
    }
    checkPreview('the protocol server answered ', encoded, encodeLine(want))
    if (++target.calls === 40) {
      server.handle(JSON.stringify({ id: requestId++, cmd: 'end', session: target.name }))
      target.calls = 0
      target.current = null
    }
    return typeof response.text === 'string' ? response.text : null
  }

  /**
   * The library handed a hostile in-process value made from `args` (TW-JSON-2,
   * TW-PROP-ONE-READ): getters or Proxies that answer otherwise on a second read (the
   * outcome is the model's of the first reads), a hole (the copy refuses it), or keys that
   * Object.prototype holds (they are not the caller's). The log must stay sound.
   */
  function viaValue(args: unknown, expected: Expected): string | null {
    const how = random()
    const lie = LIES[Math.floor(random() * LIES.length)]!
    let value = args
    let want = expected.text
    const todos = (args as { todos?: unknown } | null)?.todos
    if (how < 0.4) value = withFlippingGetters(args, lie)
    else if (how < 0.8) value = withFlippingProxies(args, lie)
    else if (how < 0.9 && Array.isArray(todos)) {
      // biome-ignore lint/suspicious/noSparseArray: the hole is the hostile input
      value = { ...(args as object), todos: [...todos, , { content: 'after a hole', status: 'pending' }] }
      want = NOT_LOSSLESS_TEXT
    }
    const polluted = how >= 0.9
    const scratch = new MemorySession()
    let result: CallOutcome
    try {
      if (polluted) Object.assign(Object.prototype, { content: 'ghost', status: 'nope', todos: [] })
      result = subject.callTodoWrite(value, execWith(scratch), input.options)
    } catch (error) {
      fail(`callTodoWrite threw ${String(error)} on a hostile value`)
      return null
    } finally {
      if (polluted) for (const key of ['content', 'status', 'todos']) delete (Object.prototype as Record<string, unknown>)[key]
    }
    if (result.text !== want) fail(`a hostile value: ${shown(result.text, 200)}, the model of the first reads says ${shown(want, 200)}`)
    checkSession(scratch.events, 'a hostile value')
    return result.text
  }

  function runOne(): void {
    tally(report.bySource, input.source)
    tally(report.byMode, mode)
    let args: unknown
    try {
      args = JSON.parse(input.text)
    } catch (error) {
      fail(`the fuzzer built a text that is not JSON: ${String(error)}`)
      return
    }
    const expected = modelCall(args, input.agent, input.options)
    const before = mode === 'protocol' ? [] : fingerprint(args)
    const text = mode === 'protocol' ? viaProtocol(expected) : { call: viaLibrary, execute: viaBody, value: viaValue }[mode](args, expected)
    if (text !== null) tally(report.byOutcome, kindOf(text))
    if (mode !== 'protocol' && !sameTokens(fingerprint(args), before)) fail('the call changed its input')
  }

  if (options.giants) {
    mode = 'protocol'
    for (const request of hostileRequests()) {
      input = { source: 'hostile request', text: request.line, agent: true, options: {} }
      tally(report.bySource, input.source)
      try {
        const { response } = server.handle(request.line)
        encodeLine(response)
        const answered =
          request.answer === 'error' ? typeof response.error === 'string' : response.text === 'Error: invalid arguments: "arguments" must be an object'
        if (!answered) fail(`${request.label}: answered ${preview(jsonPreview(response))}`)
      } catch (error) {
        fail(`${request.label}: the protocol server threw ${String(error)}`)
      }
    }
  }
  const pendingGiants = options.giants ? giants() : []
  const giantAt = new Map(pendingGiants.map((giant, k) => [Math.floor(((k + 0.5) * options.calls) / pendingGiants.length), giant]))
  const started = process.hrtime.bigint()
  for (callIndex = 0; callIndex < options.calls; callIndex++) {
    const giant = giantAt.get(callIndex)
    if (giant) {
      for (const m of options.giantModes ?? (['call', 'execute', 'protocol'] as const)) {
        input = { source: 'giant', text: giant.text, agent: true, options: giant.options }
        mode = m
        runOne()
      }
      report.giants.push(giant.label)
      checkBuiltins(`after the giant "${giant.label}": `)
    }
    const r = random()
    const source = r < 0.4 ? 'generated' : r < 0.5 ? 'json' : 'hostile'
    const text = source === 'generated' ? generated.next() : source === 'json' ? json.next() : hostileArguments(random)
    input = { source, text, agent: random() < 0.85, options: OPTIONS[Math.floor(random() * OPTIONS.length)]! }
    const m = random()
    mode = m < 0.6 ? 'call' : m < 0.75 ? 'execute' : m < 0.9 ? 'protocol' : 'value'
    runOne()
    if (callIndex % 1000 === 999) checkBuiltins('')
    if (callIndex % 10_000 === 9999) options.progress?.(callIndex + 1)
  }
  checkSession(session.events, 'the last session')
  checkBuiltins('at the end: ')
  report.calls = Object.values(report.byMode).reduce((a, b) => a + b, 0)
  report.seconds = Number(process.hrtime.bigint() - started) / 1e9
  return report
}
