// The protocol suite (TW-KIT-PROTO-1): what spec/protocol.md asks of a port besides its
// answers to calls. Malformed requests get an error response and the port keeps serving
// (TW-PROTO-ERROR-1, TW-PROTO-OPTIONS-1); requests framed as callers may frame them are served
// (TW-PROTO-FRAME-1); arguments nested 10^4 and 10^5 levels deep are answered as the reference
// answers them or refused (TW-JSON-3); sessions keep apart and `end` forgets one
// (TW-PROTO-END-1) and names compare code unit for code unit; absent options are the seed's
// (TW-PROTO-CALL-1); "start" comes first and may come again (TW-PROTO-START-1); ids are echoed
// in any order, a last line without LF is served (TW-PROTO-FRAME-1); the end of stdin and
// `stop` end the port with status 0 (TW-PROTO-STOP-1).
import { differingFields, tailLines, visibleText } from './compare.js'
import { PortFault, Process, type Port } from './port.js'
import { callOutcome, errorOf, PROTOCOL_VERSION, shown, startProblem } from './protocol.js'
import { Reference, RequestError } from './reference.js'
import { thousands } from '../log/render.js'

export interface ProtocolCheck {
  /** `protocol/<name>`: selectable with --run and --skip like any case. */
  id: string
  rules: string[]
  description: string
}

/** What a check found: null when it passed, else the lines that say why. */
export type CheckFailure = { summary: string; lines: string[] } | null

interface Context {
  port: Port
  timeoutMs: number
}

type Run = (context: Context) => Promise<CheckFailure>

const ARGS_OK = '{"todos":[{"content":"ping","status":"pending"}]}'
const fail = (summary: string, ...lines: string[]): CheckFailure => ({ summary, lines })

/** The session of the malformed requests: still without a log after each. */
const MALFORMED_SESSION = 'protocol/malformed'

/** A request line as the kit would send it, with some fields replaced or removed (`undefined`). */
function callLine(id: number, fields: Record<string, unknown>): string {
  const request: Record<string, unknown> = { id, cmd: 'call', session: MALFORMED_SESSION, args: ARGS_OK, agent: true, options: {}, ...fields }
  for (const key of Object.keys(request)) if (request[key] === undefined) delete request[key]
  return JSON.stringify(request)
}

/** What a request got: its response, or the port's fault. */
async function asking(what: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown> | PortFault> {
  try {
    return await what()
  } catch (error) {
    if (error instanceof PortFault) return error
    throw error
  }
}

const faultLines = (fault: PortFault): string[] => (fault.stderrTail ? tailLines(fault.stderrTail, '') : [])

/** How a request line is reshaped from the one the kit would send (CR LF, whitespace, the id's spelling). */
type Framing = (line: string, id: number) => string

/** An argument text shown in a failure: whole when short, else its start and its length. */
const shownArgs = (args: string): string => (args.length > 300 ? `${shown(args.slice(0, 120))}… (${thousands(args.length)} characters)` : shown(args))

/**
 * One call, whose outcome must be the reference's for the same session history (`reference`
 * mirrors the port's sessions); null when it agrees. `options` undefined leaves them out of
 * the request; `framing` reshapes its line; `refusable` lets the port answer an error
 * response instead, which leaves the reference's sessions as they were (TW-JSON-3).
 */
async function agreeingCall(
  context: Context,
  reference: Reference,
  session: string,
  args: string,
  agent: boolean,
  options?: Record<string, unknown>,
  { framing, refusable = false }: { framing?: Framing; refusable?: boolean } = {},
): Promise<CheckFailure> {
  const input = { args, agent, options: options ?? {} }
  const request = (id: number) => (options === undefined ? { id, cmd: 'call', session, args, agent } : { id, cmd: 'call', session, ...input })
  const response = await asking(() =>
    options === undefined || framing
      ? context.port.requestLine((id) => (framing ?? ((line) => line))(JSON.stringify(request(id)), id), 'id', '"call"')
      : context.port.request({ cmd: 'call', session, ...input }),
  )
  const sent = `sent:     call ${shown(session)}, agent ${agent ? 'yes' : 'no'}, options ${options === undefined ? '(absent)' : shown(options)}, args ${shownArgs(args)}`
  if (response instanceof PortFault) return fail(`the port ${response.message}`, sent, ...faultLines(response))
  if (refusable && errorOf(response) !== null) return null
  const expected = reference.call(session, input)
  const actual = callOutcome(response)
  if (typeof actual === 'string') return fail(`the port ${actual}`, sent)
  const differs = differingFields(expected, actual)
  if (differs.length === 0) return null
  return fail(`the answer differs in ${differs.join(', ')}`, sent, `expected: ${shown(expected)}`, `actual:   ${shown(actual)}`)
}

type Step = [session: string, args: string, agent: boolean, options?: Record<string, unknown>]

/** Calls in order, each agreeing with the reference; the first disagreement fails the check. */
async function agreeingCalls(context: Context, steps: Step[], reference = new Reference()): Promise<CheckFailure> {
  for (const [index, [session, args, agent, options]] of steps.entries()) {
    const failure = await agreeingCall(context, reference, session, args, agent, options)
    if (failure) return fail(`call ${index + 1} of ${steps.length}: ${failure.summary}`, ...failure.lines)
  }
  return null
}

/** A line as a failure shows it: its text, or its bytes in hex where it is not UTF-8. */
const shownLine = (line: string | Buffer): string => {
  if (typeof line === 'string') return `${visibleText(line.slice(0, 300))}${line.length > 300 ? '…' : ''}`
  return [...line.toString('latin1')]
    .map((c) => (c >= ' ' && c <= '~' ? c : `<0x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}>`))
    .join('')
    .slice(0, 300)
}

/**
 * A malformed request must get `{"id":…,"error":…}` and change nothing; then the port must
 * still serve a call. Its session is ended after, so a port that logged it fails this check
 * alone.
 */
function errorCheck(line: (id: number) => string | Buffer, answersWith: 'id' | null): Run {
  return async (context) => {
    try {
      return await refusedUnchanged(context, line, answersWith)
    } finally {
      await endSession(context, MALFORMED_SESSION)
    }
  }
}

async function refusedUnchanged(context: Context, line: (id: number) => string | Buffer, answersWith: 'id' | null): Promise<CheckFailure> {
  let sent: string | Buffer = ''
  const response = await asking(() => context.port.requestLine((id) => (sent = line(id)), answersWith, 'a malformed request'))
  const shownSent = `sent:     ${shownLine(sent)}`
  if (response instanceof PortFault) return fail(`the port ${response.message}`, shownSent, ...faultLines(response))
  if (errorOf(response) === null) {
    const kind = 'isError' in response ? 'a call outcome' : 'a response without a string "error"'
    return fail(`answered with ${kind}, not an error response`, shownSent, `got:      ${shown(response, 300)}`)
  }
  const after = await agreeingCall(context, new Reference(), MALFORMED_SESSION, NOTHING, false)
  return after && fail(`answered the error, then did not serve the next call as if nothing had changed: ${after.summary}`, shownSent, ...after.lines)
}

/** A call request line whose args hold `bytes` inside a content's string: bytes that are not UTF-8 go in as they are. */
const callBytes = (id: number, bytes: number[]): Buffer => {
  const [head, tail] = callLine(id, { args: '{"todos":[{"content":"a@b","status":"pending"}]}' }).split('@') as [string, string]
  return Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)])
}

type Malformed = [name: string, description: string, rules: string[], line: (id: number) => string | Buffer, answersWith: 'id' | null]
const ERROR = ['TW-PROTO-ERROR-1']
const FRAME = ['TW-PROTO-FRAME-1', 'TW-PROTO-ERROR-1']
/** A call with some fields replaced or removed (`undefined`). */
const badCall = (name: string, description: string, fields: Record<string, unknown>): Malformed => [
  name,
  description,
  ERROR,
  (id) => callLine(id, fields),
  'id',
]
/** A call whose options this implementation does not have (TW-PROTO-OPTIONS-1). */
const badOptions = (name: string, description: string, options: unknown): Malformed => [
  name,
  description,
  ['TW-PROTO-OPTIONS-1'],
  (id) => callLine(id, { options }),
  'id',
]
/** A request line holding bytes that are not UTF-8 (TW-PROTO-FRAME-1): answered with an error, id null. */
const notUtf8 = (name: string, description: string, bytes: number[]): Malformed => [
  `not-utf8/${name}`,
  `a request line that is not UTF-8: ${description}`,
  FRAME,
  (id) => callBytes(id, bytes),
  null,
]

/** A request whose id is a number that is no id (TW-PROTO-FRAME-1): answered with an error, id null. */
const notAnId = (name: string, spelling: string, read = ''): Malformed => [
  `id-${name}`,
  `a request whose id is ${spelling}${read}, which is no id`,
  FRAME,
  () => `{"id":${spelling},"cmd":"end","session":"x"}`,
  null,
]

/** Requests TW-PROTO-ERROR-1 and TW-PROTO-OPTIONS-1 say are answered with an error. */
const MALFORMED: Malformed[] = [
  ['not-json', 'a line that is not JSON', ERROR, () => 'not json', null],
  ['empty-line', 'an empty line (no JSON text at all)', ERROR, () => '', null],
  ['not-object', 'a JSON line that is not an object', ERROR, (id) => `[${id},"stop"]`, null],
  ['no-id', 'a request without an id', ERROR, () => '{"cmd":"end","session":"x"}', null],
  ['string-id', 'a request whose id is a string', ERROR, (id) => `{"id":"${id}","cmd":"end","session":"x"}`, null],
  notAnId('fraction', '1.5'),
  notAnId('negative', '-1'),
  notAnId('huge', '1e300'),
  notAnId('2-53', '9007199254740992', ' (2^53)'),
  notAnId('2-53-rounded', '9007199254740993', ' (read as 2^53)'),
  notAnId('boolean', 'true'),
  ['nul-in-line', 'a request line with a NUL and more after its JSON text', FRAME, (id) => `{"id":${id},"cmd":"end","session":"x"}\u0000x`, null],
  ['unknown-cmd', 'an unknown command', ERROR, (id) => `{"id":${id},"cmd":"explain"}`, 'id'],
  ['no-cmd', 'a request without a command', ERROR, (id) => `{"id":${id}}`, 'id'],
  ['end-no-session', 'end without a session', ['TW-PROTO-END-1', ...ERROR], (id) => `{"id":${id},"cmd":"end"}`, 'id'],
  ['end-session-number', 'end whose session is a number', ['TW-PROTO-END-1', ...ERROR], (id) => `{"id":${id},"cmd":"end","session":5}`, 'id'],
  badCall('call-no-session', 'a call without a session', { session: undefined }),
  badCall('call-session-number', 'a call whose session is a number', { session: 5 }),
  badCall('call-no-args', 'a call without args', { args: undefined }),
  badCall('call-args-object', 'a call whose args are an object, not a JSON text', { args: { todos: [] } }),
  badCall('call-args-truncated', 'args that are not a JSON text: cut short', { args: '{"todos":' }),
  badCall('call-args-trailing', 'args that are not a JSON text: a second value after the first', { args: '{"todos":[]} {}' }),
  badCall('call-args-nan', 'args that are not a JSON text: NaN (a lenient parser takes it)', { args: '{"todos":[],"n":NaN}' }),
  badCall('call-args-infinity', 'args that are not a JSON text: -Infinity', { args: '{"todos":[],"n":-Infinity}' }),
  badCall('call-args-single-quotes', 'args that are not a JSON text: single quotes', { args: "{'todos':[]}" }),
  badCall('call-no-agent', 'a call without agent', { agent: undefined }),
  badCall('call-agent-string', 'a call whose agent is "yes"', { agent: 'yes' }),
  badCall('call-agent-one', 'a call whose agent is 1 (not a boolean)', { agent: 1 }),
  badCall('call-agent-true-string', 'a call whose agent is "true" (not a boolean)', { agent: 'true' }),
  badOptions('options-null', '"options": null', null),
  badOptions('options-array', '"options": []', []),
  badOptions('options-string', '"options": "seed"', 'seed'),
  badOptions('options-json-text', '"options": "{}" (a string, not an object)', '{}'),
  badOptions('option-unknown', 'an unknown option', { strict: true }),
  [
    'option-proto',
    'an option named __proto__',
    ['TW-PROTO-OPTIONS-1'],
    (id) => `{"id":${id},"cmd":"call","session":"s","args":"{}","agent":true,"options":{"__proto__":{"allowParallelInProgress":true}}}`,
    'id',
  ],
  badOptions('option-profile-unknown', 'a profile that does not exist', { profile: 'latest' }),
  badOptions('option-profile-null', 'profile null', { profile: null }),
  badOptions('option-profile-case', 'profile "SEED" (the case matters)', { profile: 'SEED' }),
  badOptions('option-profile-prefix', 'profile "dsh-0.1.1" (no such profile)', { profile: 'dsh-0.1.1' }),
  badOptions('option-keys-null', 'unknownItemKeys null', { unknownItemKeys: null }),
  badOptions('option-wording-null', 'activeLimitWording null', { activeLimitWording: null }),
  badOptions('option-parallel-one', 'allowParallelInProgress 1 (not a boolean)', { allowParallelInProgress: 1 }),
  badOptions('option-parallel-string', 'allowParallelInProgress "true" (not a boolean)', { allowParallelInProgress: 'true' }),
  badOptions('option-parallel-null', 'allowParallelInProgress null', { allowParallelInProgress: null }),
  badOptions('option-keys-unknown', 'unknownItemKeys "allow"', { unknownItemKeys: 'allow' }),
  badOptions('option-keys-case', 'unknownItemKeys "Reject" (the case matters)', { unknownItemKeys: 'Reject' }),
  badOptions('option-wording-unknown', 'activeLimitWording "colon"', { activeLimitWording: 'colon' }),
  notUtf8('byte-ff', 'the byte 0xFF, which UTF-8 never uses', [0xff]),
  notUtf8('lone-continuation', 'a continuation byte 0x80 with no lead byte', [0x80]),
  notUtf8('overlong', 'an overlong encoding of "/" (C0 AF)', [0xc0, 0xaf]),
  notUtf8('surrogate', 'a UTF-8-encoded surrogate, U+D800 (ED A0 80)', [0xed, 0xa0, 0x80]),
  notUtf8('above-10ffff', 'a code point above U+10FFFF (F4 90 80 80)', [0xf4, 0x90, 0x80, 0x80]),
  notUtf8('cut-sequence', 'a three-byte sequence cut after two bytes (E2 82)', [0xe2, 0x82]),
  [
    'byte-order-mark',
    'a request line that starts with a byte-order mark (EF BB BF), which JSON does not allow',
    FRAME,
    (id) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(callLine(id, {}))]),
    null,
  ],
  badOptions('option-wording-boolean', 'activeLimitWording true', { activeLimitWording: true }),
]

/** Keys are exact (TW-PROTO-FRAME-1): a decoder that matches them case-insensitively (Go's encoding/json into a struct) reads these. */
const KEY_CASE: Malformed[] = [
  ['id-key-case', 'a request whose id is spelled "ID" (keys are exact)', ERROR, (id) => `{"ID":${id},"cmd":"end","session":"x"}`, null],
  ['cmd-key-case', 'a request whose command is spelled "Cmd" (keys are exact)', ERROR, (id) => `{"id":${id},"Cmd":"end","session":"x"}`, 'id'],
  ['cmd-case', 'a request whose command is "END" (commands are exact)', ERROR, (id) => `{"id":${id},"cmd":"END","session":"x"}`, 'id'],
  badOptions('option-name-case', 'an option named "Profile" (option names are exact)', { Profile: 'seed' }),
]

const LIST_A = '{"todos":[{"content":"a","status":"in_progress"}]}'
const LIST_B = '{"todos":[{"content":"b","status":"completed"},{"content":"c","status":"pending"}]}'
const NOTHING = '{"todos":[]}'

async function endSession(context: Context, session: string): Promise<CheckFailure> {
  const response = await asking(() => context.port.request({ cmd: 'end', session }))
  if (response instanceof PortFault) return fail(`the port ${response.message} (request: end ${shown(session)})`, ...faultLines(response))
  const error = errorOf(response)
  return error === null ? null : fail(`answered "end" ${shown(session)} with an error: ${error}`)
}

/** The smallest request line every port MUST read (TW-PROTO-FRAME-1). */
const MIN_REQUEST_LINE_BYTES = 16 * 1024 * 1024

/** Where the padding of a request line goes: inside an extra top-level key of its args, which the outcome never shows. */
const PAD = '\\"x\\":\\"'

/** A request line with whitespace between every two tokens, as a pretty printer on one line writes it. */
const spacedLine = (line: string): string => {
  let out = ''
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (c === '"') {
      const start = i
      for (i++; line[i] !== '"'; i++) if (line[i] === '\\') i++
      out += line.slice(start, i + 1)
    } else out += '{}[]:,'.includes(c) ? ` \t${c} ` : c
  }
  return ` ${out}\t`
}

/** One call framed otherwise than the kit frames it, in a session of its own. */
const framed =
  (session: string, args: string, framing: Framing): Run =>
  (context) =>
    agreeingCall(context, new Reference(), session, args, true, {}, { framing })

/** Arguments nested past 1,000 levels (TW-JSON-3): answered as the reference answers them, or refused; then the port serves on. */
function depthCheck(name: string, args: string, options: Record<string, unknown>): Run {
  return async (context) => {
    const session = `protocol/depth/${name}`
    const reference = new Reference()
    const before = await agreeingCalls(context, [[session, LIST_A, true]], reference)
    if (before) return before
    const deep = await agreeingCall(context, reference, session, args, true, options, { refusable: true })
    if (deep) return fail(`the deep call: ${deep.summary}`, ...deep.lines)
    const after = await agreeingCalls(context, [[session, NOTHING, false]], reference)
    return after && fail(`after the deep call: ${after.summary}`, ...after.lines)
  }
}

const DEPTHS: [name: string, description: string, args: string, options: Record<string, unknown>][] = [10_000, 100_000].flatMap((depth) => {
  const levels = thousands(depth)
  return [
    [
      `arrays-${depth}`,
      `${levels} levels of arrays in an extra top-level key`,
      `{"todos":[{"content":"deep","status":"pending"}],"x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`,
      {},
    ],
    [
      `objects-${depth}`,
      `${levels} levels of objects in an item's extra key, under "reject"`,
      `{"todos":[{"content":"deep","status":"pending","x":${'{"a":'.repeat(depth - 3)}null${'}'.repeat(depth - 3)}}]}`,
      { unknownItemKeys: 'reject' },
    ],
  ] as [string, string, string, Record<string, unknown>][]
})

/**
 * Requests whose ignored key nests deep (TW-PROTO-FRAME-1, TW-JSON-3), each a later "start",
 * which changes nothing when served: 1,000 levels in all are served; 100,000 are served, or
 * refused with the id or, unread, null. The port and its sessions go on.
 */
const envelopeDepth: Run = async (context) => {
  const reference = new Reference()
  const session = 'protocol/depth/envelope'
  const before = await agreeingCalls(context, [[session, LIST_A, true]], reference)
  if (before) return before
  const served = await asking(() =>
    context.port.requestLine((id) => `{"x":${'['.repeat(999)}${']'.repeat(999)},"id":${id},"cmd":"start","protocol":1}`, 'id', '"start"'),
  )
  const thousand = 'sent:     "start" with an extra key of 999 levels of arrays (1,000 in all), before its id'
  if (served instanceof PortFault) return fail(`the port ${served.message}`, thousand, ...faultLines(served))
  const started = startProblem(served)
  if (typeof started === 'string') return fail(`it ${started}`, thousand)
  const deep = (id: number) => `{"x":${'['.repeat(100_000)}${']'.repeat(100_000)},"id":${id},"cmd":"start","protocol":1}`
  const response = await asking(() => context.port.requestLine(deep, 'id or null', '"start"'))
  if (response instanceof PortFault)
    return fail(`the port ${response.message}`, 'sent:     "start" with an extra key of 100,000 levels of arrays, before its id', ...faultLines(response))
  const after = await agreeingCalls(context, [[session, NOTHING, false]], reference)
  return after && fail(`after the deep request: ${after.summary}`, ...after.lines)
}

/** Whether a request on a process of the check's own must be served or answered with an error response. */
type Expect = 'served' | 'refused'
/**
 * A request with the id the check writes in it (not the kit's count; null: the answer must
 * carry null), what it must get, how long it may take (default --timeout), and the command a
 * written line is judged as (default a call).
 */
type RawStep = [id: number | null, request: Record<string, unknown> | ((id: number) => string), expect: Expect, timeoutMs?: number, cmd?: string]

const START = { cmd: 'start', protocol: PROTOCOL_VERSION }

/** Why a response is not what `expect` asks of `request`; null when it is. A served call must agree with `reference`, which mirrors the port's sessions. */
function stepProblem(reference: Reference, request: Record<string, unknown>, expect: Expect, response: Record<string, unknown>): CheckFailure {
  if (expect === 'refused') return errorOf(response) === null ? fail(`answered ${shown(response, 300)}, not an error response`) : null
  if (request.cmd === 'start') {
    const started = startProblem(response)
    return typeof started === 'string' ? fail(`it ${started}`) : null
  }
  if (request.cmd !== 'call') return errorOf(response) === null ? null : fail(`answered ${JSON.stringify(request.cmd)} with an error: ${errorOf(response)}`)
  const session = request.session as string
  const input = { args: request.args as string, agent: request.agent as boolean, options: {} }
  const expected = reference.call(session, input)
  const actual = callOutcome(response)
  if (typeof actual === 'string') return fail(`the port ${actual}`)
  const differs = differingFields(expected, actual)
  return differs.length === 0 ? null : fail(`the answer differs in ${differs.join(', ')}`, `expected: ${shown(expected)}`, `actual:   ${shown(actual)}`)
}

/**
 * How a check's own process ends: killed (`kill`); or it must exit with status 0 by itself,
 * after answering `stop` (`exit`), at the end of its stdin (`eof`), or at the end of its
 * stdin right after a last request without its line feed (`unterminated`).
 */
type Ending = 'kill' | 'exit' | 'eof' | 'unterminated'

/**
 * Requests on a process of the check's own, started here without the kit's handshake, so
 * that the check writes every id and the end of input itself. A step's request is an object,
 * or a function that writes the line of a call with its id (a long line built once). The
 * process is killed when the check ends.
 */
function ownProcess(steps: RawStep[], end: Ending = 'kill'): Run {
  return async (context) => {
    const port = new Process(context.port.options)
    const reference = new Reference()
    const unterminated = end === 'unterminated'
    try {
      for (const [index, [id, request, expect, timeoutMs = context.timeoutMs, cmd = 'call']] of steps.entries()) {
        const last = index === steps.length - 1
        // A line whose answer carries null is written without an id of its own.
        const [line, asked] = typeof request === 'function' ? [request(id ?? 0), { cmd }] : [JSON.stringify({ id, ...request }), request]
        const sent = `sent:     ${shownLine(line)}${unterminated && last ? ' (no line feed, then the end of input)' : ''}`
        const answer = port.send(unterminated && last ? line : `${line}\n`, id, JSON.stringify(asked.cmd), timeoutMs)
        if (unterminated && last) port.endInput()
        const response = await asking(() => answer)
        const step = `request ${index + 1} of ${steps.length}`
        if (response instanceof PortFault) return fail(`${step}: the port ${response.message}`, sent, ...faultLines(response))
        const problem = stepProblem(reference, asked, expect, response)
        if (problem) return fail(`${step}: ${problem.summary}`, sent, ...problem.lines)
      }
      if (end === 'kill') return null
      if (end === 'eof') port.endInput()
      const exit = await port.exit(context.timeoutMs)
      const after = end === 'exit' ? 'after answering stop' : 'at the end of its stdin'
      const stderr = faultLines(new PortFault('', port.stderrTail))
      if (exit === null) return fail(`still running ${context.timeoutMs} ms ${after} (--timeout): a port exits by itself`)
      if (exit.signal !== null) return fail(`was killed by ${exit.signal} ${after}`, ...stderr)
      if (exit.code !== 0) return fail(`exited with status ${exit.code} ${after}; the status must be 0`, ...stderr)
      return null
    } finally {
      port.kill()
    }
  }
}

/**
 * What trims more than JSON whitespace (Go's `strings.TrimSpace`, Python's `str.strip()`,
 * .NET's `Trim()`) or skips it: each makes a request that is not JSON look like one.
 */
const NOT_JSON_SPACE: [unit: number, name: string][] = [
  [0x00a0, 'no-break space'],
  [0x2028, 'line separator'],
  [0x2029, 'paragraph separator'],
  [0xfeff, 'byte-order mark'],
  [0x0b, 'vertical tab'],
  [0x0c, 'form feed'],
  [0x85, 'next line'],
]

/** A request padded with `c` before, after or inside it is not JSON: each gets an error response with "id": null; then a call is served. */
function notJsonSpaceCheck(name: string, c: string): Run {
  return async (context) => {
    const placements: [string, (line: string) => string][] = [
      ['before', (line) => c + line],
      ['after', (line) => line + c],
      ['inside', (line) => line.replace(',', `,${c}`)],
    ]
    for (const [where, place] of placements) {
      let sent = ''
      const response = await asking(() => context.port.requestLine((id) => (sent = place(callLine(id, {}))), null, 'a request that is not JSON'))
      const shownSent = `sent:     ${shownLine(sent)} (${where})`
      if (response instanceof PortFault) return fail(`the port ${response.message}`, shownSent, ...faultLines(response))
      if (errorOf(response) === null) return fail(`served a request with ${name} ${where} it: it is not JSON`, shownSent, `got:      ${shown(response, 300)}`)
    }
    const after = await agreeingCall(context, new Reference(), `protocol/after-error/${name}`, ARGS_OK, true)
    return after && fail(`answered the errors, then did not serve the next call: ${after.summary}`, ...after.lines)
  }
}

/** How long the deepest call may take: parsing millions of levels takes seconds. */
const DEEPEST_TIMEOUT_MS = 60_000

/**
 * Arguments that open as many levels as a well-formed 16 MiB request line nests (arrays 2
 * bytes a level, objects `{\"\":` and `}` 7), never closed: not a JSON text, so an error
 * response, and the session goes on (TW-JSON-3). A reader that recurses once per level without
 * a guard dies here however large its stack (a goroutine's 1 GB lasts to about 4,000,000
 * levels). Closed, the reference would take a minute to answer; open, a port may parse all
 * of it before it refuses, which may take longer than --timeout: on a process of its own,
 * this call waits DEEPEST_TIMEOUT_MS at least.
 */
function deepestCheck(shape: string, open: string, perLevel: number): Run {
  const session = `protocol/depth/${shape}-deepest`
  const shell = (levels: number) => `{"todos":[],"x":${open.repeat(levels)}`
  const levels = Math.floor((MIN_REQUEST_LINE_BYTES - callLine(999_999, { session, args: shell(0) }).length) / perLevel)
  // Escaped once for every port of a run: the request differs in its id only.
  let escaped: [head: string, args: string, tail: string] | null = null
  const deep = (id: number) => {
    if (!escaped) {
      const [head, tail] = callLine(0, { session, args: '@' }).split('"@"') as [string, string]
      escaped = [head, JSON.stringify(shell(levels)), tail]
    }
    const [head, args, tail] = escaped
    return head.replace('{"id":0,', `{"id":${id},`) + args + tail
  }
  return (context) =>
    ownProcess([
      [0, START, 'served'],
      [1, callIn(session, LIST_A, true), 'served'],
      [2, deep, 'refused', Math.max(context.timeoutMs, DEEPEST_TIMEOUT_MS)],
      [3, callIn(session, NOTHING, false), 'served'],
    ])(context)
}

const callIn = (session: string, args: string, agent: boolean) => ({ cmd: 'call', session, args, agent, options: {} })

/** Names that one decoding of the envelope's strings can merge (lone surrogates to U+FFFD, escapes), or Unicode normalization. */
const NAMES = {
  high: 'protocol/session-names/\ud800',
  low: 'protocol/session-names/\udc00',
  composed: 'protocol/session-names/\u00e9',
  decomposed: 'protocol/session-names/e\u0301',
  plain: 'protocol/session-names/s',
  upper: 'protocol/session-names/S',
  empty: '',
  padded: ' protocol/session-names/s ',
  long: `protocol/session-names/${'x'.repeat(300)}a`,
  longer: `protocol/session-names/${'x'.repeat(300)}b`,
}

/** Session names compare code unit for code unit, as their JSON strings decode (TW-PROTO-CALL-1): calls in pairs of names, the second sees the first's list only when the names are one. */
const sessionNames: Run = async (context) => {
  const reference = new Reference()
  const escaped: Framing = (line) => line.replace(JSON.stringify(NAMES.plain), '"protocol/session-names/\\u0073"')
  const steps: [string, string, boolean, Framing?][] = [
    [NAMES.high, LIST_A, true],
    [NAMES.low, NOTHING, false],
    [NAMES.composed, LIST_A, true],
    [NAMES.decomposed, NOTHING, false],
    [NAMES.plain, LIST_B, true],
    [NAMES.plain, NOTHING, false, escaped],
    [NAMES.upper, NOTHING, false],
    [NAMES.padded, NOTHING, false],
    [NAMES.long, LIST_A, true],
    [NAMES.longer, NOTHING, false],
    [NAMES.empty, LIST_B, true],
    [NAMES.empty, NOTHING, false],
  ]
  for (const [index, [session, args, agent, framing]] of steps.entries()) {
    const failure = await agreeingCall(context, reference, session, args, agent, {}, framing ? { framing } : {})
    const spelled = framing ? ` (its name spelled "…\\u0073")` : ''
    if (failure) return fail(`call ${index + 1} of ${steps.length}${spelled}: ${failure.summary}`, ...failure.lines)
  }
  return null
}

const CHECKS: (ProtocolCheck & { run: Run })[] = [
  ...[...MALFORMED, ...KEY_CASE].map(([name, description, rules, line, answersWith]) => ({
    id: `protocol/error/${name}`,
    rules,
    description: `${description}: an error response${answersWith === null ? ' with "id": null' : ' with its id'}, then the next call is served`,
    run: errorCheck(line, answersWith),
  })),
  {
    id: 'protocol/framing/crlf',
    rules: ['TW-PROTO-FRAME-1'],
    description: 'requests on lines ended by CR LF are served as if they ended in LF: calls, and "end"',
    run: async (context) => {
      const crlf: Framing = (line) => `${line}\r`
      const reference = new Reference()
      const session = 'protocol/framing/crlf'
      const first = await agreeingCall(context, reference, session, LIST_A, true, {}, { framing: crlf })
      if (first) return fail(`call 1 of 2: ${first.summary}`, ...first.lines)
      const ended = await asking(() => context.port.requestLine((id) => `${JSON.stringify({ id, cmd: 'end', session })}\r`, 'id', '"end"'))
      if (ended instanceof PortFault) return fail(`the port ${ended.message} (request: end, CR LF)`, ...faultLines(ended))
      if (errorOf(ended) !== null) return fail(`answered "end" on a CR LF line with an error: ${errorOf(ended)}`)
      reference.end(session)
      const second = await agreeingCall(context, reference, session, LIST_B, false, {}, { framing: crlf })
      return second && fail(`call 2 of 2 (after "end"): ${second.summary}`, ...second.lines)
    },
  },
  {
    id: 'protocol/framing/whitespace',
    rules: ['TW-PROTO-FRAME-1'],
    description: 'a request with spaces and tabs between its tokens, on a CR LF line, is served',
    run: framed('protocol/framing/whitespace', LIST_B, (line) => `${spacedLine(line)}\r`),
  },
  {
    id: 'protocol/framing/cr-between-tokens',
    rules: ['TW-PROTO-FRAME-1'],
    description: 'a request with a lone CR between its tokens is one line, served',
    run: framed('protocol/framing/cr-between-tokens', LIST_A, (line) => line.replaceAll(',"', ',\r"')),
  },
  {
    id: 'protocol/framing/ignored-keys',
    rules: ['TW-PROTO-FRAME-1'],
    description: 'a request with keys no command reads, one an integer of 5,001 digits, is served',
    run: framed('protocol/framing/ignored-keys', LIST_B, (line) => line.replace('{', `{"note":[1,{"a":"b"}],"n":1${'0'.repeat(5000)},`)),
  },
  {
    id: 'protocol/id/fraction',
    rules: ['TW-PROTO-FRAME-1'],
    description: 'an id written with a fraction (7.0) is the integer it equals: answered with that id',
    run: framed('protocol/id/fraction', LIST_A, (line, id) => line.replace(`{"id":${id},`, `{"id":${id}.0,`)),
  },
  {
    id: 'protocol/id/exponent',
    rules: ['TW-PROTO-FRAME-1'],
    description: 'an id written with an exponent (70e-1) is the integer it equals: answered with that id',
    run: framed('protocol/id/exponent', LIST_A, (line, id) => line.replace(`{"id":${id},`, `{"id":${id}0e-1,`)),
  },
  {
    id: 'protocol/size/16-mib',
    rules: ['TW-PROTO-FRAME-1'],
    description: 'a request line of 16 MiB, the least a port MUST read, is served',
    run: (context) =>
      agreeingCall(
        context,
        new Reference(),
        'protocol/size',
        '{"todos":[{"content":"a","status":"pending"}],"x":""}',
        true,
        {},
        {
          framing: (line) => line.replace(PAD, `${PAD}${'x'.repeat(MIN_REQUEST_LINE_BYTES - line.length)}`),
        },
      ),
  },
  {
    id: 'protocol/size/over-16-mib',
    rules: ['TW-PROTO-FRAME-1'],
    description: 'a request line of 16 MiB and one byte is served, or gets an error response with its id or null; the port goes on',
    run: async (context) => {
      const line = (id: number) => {
        const head = `{"id":${id},"cmd":"start","protocol":1,"x":"`
        return `${head}${'x'.repeat(MIN_REQUEST_LINE_BYTES + 1 - head.length - 2)}"}`
      }
      const response = await asking(() => context.port.requestLine(line, 'id or null', '"start"'))
      if (response instanceof PortFault)
        return fail(`the port ${response.message}`, 'sent:     "start" on a line of 16 MiB and one byte', ...faultLines(response))
      const after = await agreeingCalls(context, [['protocol/size/over', LIST_A, true]])
      return after && fail(`after the long line: ${after.summary}`, ...after.lines)
    },
  },
  {
    id: 'protocol/size/large-lists',
    rules: ['TW-SUCCESS-1', 'TW-ARGS-11', 'TW-TRIM-1', 'TW-DUP-1', 'TW-DUP-2', 'TW-ACTIVE-1'],
    description:
      "calls past the vectors' sizes: 5,000 items (counts written plainly), one repeated after 5,000, 300 in_progress, 65,636 that are not objects (65,536 more not listed), contents of 9,000 and, repeated, 20,000 characters",
    run: (context) => {
      const items = (n: number, status = 'pending') => Array.from({ length: n }, (_, i) => ({ content: `t${i}`, status }))
      const list = (todos: unknown[]) => JSON.stringify({ todos })
      return agreeingCalls(context, [
        ['protocol/size/large', list(items(5000)), true],
        ['protocol/size/large', list([...items(5000), { content: 't1001', status: 'pending' }]), true],
        ['protocol/size/large', list(items(300, 'in_progress')), true],
        ['protocol/size/large', list(Array(65_636).fill(0)), true],
        ['protocol/size/large', list([{ content: ` ${'x'.repeat(9000)} `, status: 'in_progress' }]), true],
        [
          'protocol/size/large',
          list([
            { content: 'y'.repeat(20_000), status: 'pending' },
            { content: 'y'.repeat(20_000), status: 'pending' },
          ]),
          true,
        ],
      ])
    },
  },
  ...DEPTHS.map(([name, description, args, options]) => ({
    id: `protocol/depth/${name}`,
    rules: ['TW-JSON-3', 'TW-PROTO-ERROR-1'],
    description: `${description}: answered as the reference answers, or with an error response; either way the session and the port go on`,
    run: depthCheck(name, args, options),
  })),
  {
    id: 'protocol/depth/envelope',
    rules: ['TW-PROTO-FRAME-1', 'TW-JSON-3'],
    description:
      'a request whose ignored key nests 1,000 levels in all is served; one of 100,000 levels is served, or gets an error response with its id or null; the sessions and the port go on',
    run: envelopeDepth,
  },
  ...(['arrays', 'objects'] as const).map((shape) => ({
    id: `protocol/depth/${shape}-deepest`,
    rules: ['TW-JSON-3', 'TW-PROTO-ERROR-1'],
    description: `${shape} opened as deep as a 16 MiB request line nests them, never closed: an error response with its id; the session and the port go on`,
    run: shape === 'arrays' ? deepestCheck(shape, '[', 2) : deepestCheck(shape, '{"":', 7),
  })),
  ...NOT_JSON_SPACE.map(([unit, name]) => {
    const code = `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`
    return {
      id: `protocol/framing/not-json-space/${code}`,
      rules: ['TW-PROTO-FRAME-1', 'TW-PROTO-ERROR-1'],
      description: `a request with ${code} (${name}) before it, after it, or between its tokens is not JSON: each an error response with "id": null, then the next call is served`,
      run: notJsonSpaceCheck(`${code} (${name})`, String.fromCharCode(unit)),
    }
  }),
  {
    id: 'protocol/options-absent',
    rules: ['TW-PROTO-CALL-1'],
    description: 'a call without "options" is a call under the seed profile',
    run: (context) =>
      agreeingCalls(context, [
        ['protocol/options-absent', '{"todos":[{"content":"a","status":"in_progress","id":1},{"content":"b","status":"in_progress"}]}', true, undefined],
        ['protocol/options-absent', '{"todos":[{"content":"a","status":"in_progress","id":1}]}', true, undefined],
      ]),
  },
  {
    id: 'protocol/sessions',
    rules: ['TW-PROTO-CALL-1'],
    description: 'two sessions used in turn keep apart logs',
    run: (context) =>
      agreeingCalls(context, [
        ['protocol/sessions/a', LIST_A, true],
        ['protocol/sessions/b', LIST_B, true],
        ['protocol/sessions/a', NOTHING, false],
        ['protocol/sessions/b', NOTHING, false],
        ['protocol/sessions/c', NOTHING, false],
      ]),
  },
  {
    id: 'protocol/sessions/many',
    rules: ['TW-PROTO-CALL-1', 'TW-EVENT-1', 'TW-REPLAY-1'],
    description: 'one session of 40 accepted calls, then 40 sessions of one: each keeps its log',
    run: (context) =>
      agreeingCalls(context, [
        ...Array.from({ length: 40 }, (_, i): Step => ['protocol/sessions/long', i % 2 ? LIST_A : LIST_B, true]),
        ...Array.from({ length: 40 }, (_, i): Step => [`protocol/sessions/many/${i}`, i % 2 ? LIST_A : LIST_B, true]),
        ...Array.from({ length: 40 }, (_, i): Step => [`protocol/sessions/many/${i}`, NOTHING, false]),
        ['protocol/sessions/long', NOTHING, false],
      ]),
  },
  {
    id: 'protocol/end',
    rules: ['TW-PROTO-END-1'],
    description:
      '"end" forgets a session, "" too, and only it (not one named in other case): the same name then starts from an empty log; ending an unknown session is not an error',
    run: async (context) => {
      const reference = new Reference()
      const before = await agreeingCalls(
        context,
        [
          ['protocol/end', LIST_A, true],
          ['protocol/end/kept', LIST_B, true],
          ['', LIST_A, true],
        ],
        reference,
      )
      if (before) return before
      let ended: CheckFailure = null
      for (const session of ['protocol/end', 'protocol/end/never-used', 'PROTOCOL/END/KEPT', '']) ended ??= await endSession(context, session)
      if (ended) return ended
      reference.end('protocol/end')
      reference.end('')
      const steps: Step[] = [
        ['protocol/end', NOTHING, false],
        ['protocol/end', LIST_B, true],
        ['protocol/end', NOTHING, false],
        ['protocol/end/kept', NOTHING, false],
        ['', NOTHING, false],
      ]
      const after = await agreeingCalls(context, steps, reference)
      return after && fail(`after "end": ${after.summary}`, ...after.lines)
    },
  },
  {
    id: 'protocol/start/first',
    rules: ['TW-PROTO-START-1', 'TW-PROTO-STOP-1'],
    description:
      'a "start" on a line that begins with a byte-order mark, or with no protocol, protocol true or 2, gets an error response and leaves the port unstarted: "stop", "end" and a call each get one; then "start" (protocol 1.0) and a call are served',
    run: ownProcess([
      [null, () => `\ufeff${JSON.stringify({ id: 0, ...START })}`, 'refused'],
      [0, { cmd: 'start' }, 'refused'],
      [1, { cmd: 'start', protocol: true }, 'refused'],
      [2, { cmd: 'start', protocol: 2 }, 'refused'],
      [3, { cmd: 'stop' }, 'refused'],
      [4, { cmd: 'end', session: 'protocol/start/first' }, 'refused'],
      [5, callIn('protocol/start/first', LIST_A, true), 'refused'],
      [6, (id) => `{"id":${id},"cmd":"start","protocol":1.0}`, 'served', undefined, 'start'],
      [7, callIn('protocol/start/first', NOTHING, false), 'served'],
      [8, callIn('protocol/start/first', LIST_B, true), 'served'],
    ]),
  },
  {
    id: 'protocol/start/again',
    rules: ['TW-PROTO-START-1'],
    description: 'a second "start" is answered as the first and keeps the sessions; one naming protocol 2 or "1" gets an error response',
    // On a process of its own: a port that a refused start leaves unstarted fails this check alone.
    run: ownProcess([
      [0, START, 'served'],
      [1, callIn('protocol/start/again', LIST_A, true), 'served'],
      [2, START, 'served'],
      [3, { cmd: 'start', protocol: 2 }, 'refused'],
      [4, { cmd: 'start', protocol: '1' }, 'refused'],
      [5, callIn('protocol/start/again', NOTHING, false), 'served'],
    ]),
  },
  {
    id: 'protocol/id/any-order',
    rules: ['TW-PROTO-FRAME-1'],
    description:
      'ids skipped, repeated, going down and up to 2^53 - 1, or written -0, 1e-400 and 9007199254740991.4, are each served and answered with the id they are',
    run: ownProcess([
      [0, () => `{"id":-0,"cmd":"start","protocol":1}`, 'served', undefined, 'start'],
      [0, () => `{"id":1e-400,"cmd":"end","session":"protocol/id/any-order/x"}`, 'served', undefined, 'end'],
      [Number.MAX_SAFE_INTEGER, () => `{"id":9007199254740991.4,"cmd":"end","session":"protocol/id/any-order/x"}`, 'served', undefined, 'end'],
      [7, callIn('protocol/id/any-order', LIST_A, true), 'served'],
      [7, callIn('protocol/id/any-order', LIST_B, true), 'served'],
      [3, callIn('protocol/id/any-order', NOTHING, false), 'served'],
      [Number.MAX_SAFE_INTEGER, callIn('protocol/id/any-order', NOTHING, false), 'served'],
    ]),
  },
  {
    id: 'protocol/sessions/names',
    rules: ['TW-PROTO-CALL-1'],
    description:
      'session names compare code unit for code unit: "\\ud800" and "\\udc00", "\\u00e9" and "e\\u0301", "s" and "S", "s" and " s ", two of 323 characters that differ in the last are two names, "s" and "\\u0073" one, "" is a name',
    run: sessionNames,
  },
  {
    id: 'protocol/eof/unterminated',
    rules: ['TW-PROTO-FRAME-1', 'TW-PROTO-STOP-1'],
    description: 'a last request without a line feed before the end of input is served; then the port exits with status 0',
    run: ownProcess(
      [
        [0, START, 'served'],
        [1, callIn('protocol/eof/unterminated', LIST_A, true), 'served'],
      ],
      'unterminated',
    ),
  },
  {
    id: 'protocol/eof/unstarted',
    rules: ['TW-PROTO-STOP-1'],
    description: 'at the end of a stdin that held nothing the port exits with status 0',
    run: ownProcess([], 'eof'),
  },
  {
    id: 'protocol/eof',
    rules: ['TW-PROTO-STOP-1'],
    description: 'at the end of its stdin the port exits with status 0',
    run: ownProcess([[0, START, 'served']], 'eof'),
  },
  {
    id: 'protocol/stop',
    rules: ['TW-PROTO-STOP-1'],
    description: '"stop" is answered, then the port exits with status 0',
    run: ownProcess(
      [
        [0, START, 'served'],
        [1, { cmd: 'stop' }, 'served'],
      ],
      'exit',
    ),
  },
]

/** The checks, in the order they run. */
export const PROTOCOL_CHECKS: readonly ProtocolCheck[] = CHECKS.map(({ id, rules, description }) => ({ id, rules, description }))

/** Run one check by id against a port. */
export async function runProtocolCheck(id: string, port: Port, timeoutMs: number): Promise<CheckFailure> {
  const check = CHECKS.find((c) => c.id === id)!
  try {
    return await check.run({ port, timeoutMs })
  } catch (error) {
    if (error instanceof RequestError) return fail(`the kit could not build the expected outcome: ${error.message}`)
    throw error
  }
}
