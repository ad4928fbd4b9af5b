// The protocol suite (TW-KIT-PROTO-1): what spec/protocol.md asks of a port besides its
// answers to calls. Every malformed request it names gets an error response and the port
// keeps serving (TW-PROTO-ERROR-1, TW-PROTO-OPTIONS-1); sessions are kept apart and `end`
// forgets one (TW-PROTO-END-1); absent options are the seed's (TW-PROTO-CALL-1); the end of
// stdin and `stop` are answered and end the port with status 0 (TW-PROTO-STOP-1).
import { differingFields, visibleText } from './compare.js'
import { PortFault, type Port, type Process } from './port.js'
import { callOutcome, errorOf, shown } from './protocol.js'
import { Reference, RequestError } from './reference.js'

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

/** A request line as the kit would send it, with some fields replaced or removed (`undefined`). */
function callLine(id: number, fields: Record<string, unknown>): string {
  const request: Record<string, unknown> = { id, cmd: 'call', session: 'protocol/malformed', args: ARGS_OK, agent: true, options: {}, ...fields }
  for (const key of Object.keys(request)) if (request[key] === undefined) delete request[key]
  return JSON.stringify(request)
}

async function asking<T>(what: () => Promise<T>): Promise<T | PortFault> {
  try {
    return await what()
  } catch (error) {
    if (error instanceof PortFault) return error
    throw error
  }
}

const faultLines = (fault: PortFault): string[] => (fault.stderrTail ? ['stderr (tail):', ...fault.stderrTail.split('\n').map((line) => `  | ${line}`)] : [])

/**
 * One call, sent well-formed, whose outcome must be the reference's for the same session
 * history (`reference` mirrors the port's sessions). Null when it agrees.
 */
async function agreeingCall(
  context: Context,
  reference: Reference,
  session: string,
  args: string,
  agent: boolean,
  options?: Record<string, unknown>,
): Promise<CheckFailure> {
  const body = { cmd: 'call' as const, session, args, agent, options: options ?? {} }
  const expected = reference.call(session, { args, agent, options: options ?? {} })
  const response = await asking(() =>
    options === undefined
      ? context.port.requestLine((id) => JSON.stringify({ id, cmd: 'call', session, args, agent }), 'id', '"call"')
      : context.port.request(body),
  )
  const sent = `sent:     call ${shown(session)}, agent ${agent ? 'yes' : 'no'}, options ${options === undefined ? '(absent)' : shown(options)}, args ${shown(args)}`
  if (response instanceof PortFault) return fail(`the port ${response.message}`, sent, ...faultLines(response))
  const actual = callOutcome(response)
  if (typeof actual === 'string') return fail(`the port ${actual}`, sent)
  const differs = differingFields(expected, actual)
  if (differs.length === 0) return null
  return fail(`the answer differs in ${differs.join(', ')}`, sent, `expected: ${shown(expected)}`, `actual:   ${shown(actual)}`)
}

/** A malformed request must get `{"id":…,"error":…}`; then the port must still serve a call. */
function errorCheck(name: string, line: (id: number) => string, answersWith: 'id' | null): Run {
  return async (context) => {
    let sent = ''
    const response = await asking(() =>
      context.port.requestLine(
        (id) => {
          sent = line(id)
          return sent
        },
        answersWith,
        'a malformed request',
      ),
    )
    const shownSent = `sent:     ${visibleText(sent.slice(0, 300))}${sent.length > 300 ? '…' : ''}`
    if (response instanceof PortFault) return fail(`the port ${response.message}`, shownSent, ...faultLines(response))
    if (errorOf(response) === null) {
      const kind = 'isError' in response ? 'a call outcome' : 'a response without a string "error"'
      return fail(`answered with ${kind}, not an error response`, shownSent, `got:      ${shown(response, 300)}`)
    }
    const after = await agreeingCall(context, new Reference(), `protocol/after-error/${name}`, ARGS_OK, true)
    return after && fail(`answered the error, then did not serve the next call: ${after.summary}`, shownSent, ...after.lines)
  }
}

/** Requests TW-PROTO-ERROR-1 and TW-PROTO-OPTIONS-1 say are answered with an error. */
const MALFORMED: { name: string; description: string; rules: string[]; line: (id: number) => string; answersWith: 'id' | null }[] = [
  { name: 'not-json', description: 'a line that is not JSON', rules: ['TW-PROTO-ERROR-1'], line: () => 'not json', answersWith: null },
  { name: 'not-object', description: 'a JSON line that is not an object', rules: ['TW-PROTO-ERROR-1'], line: (id) => `[${id},"stop"]`, answersWith: null },
  { name: 'no-id', description: 'a request without an id', rules: ['TW-PROTO-ERROR-1'], line: () => '{"cmd":"end","session":"x"}', answersWith: null },
  {
    name: 'string-id',
    description: 'a request whose id is a string',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => `{"id":"${id}","cmd":"end","session":"x"}`,
    answersWith: null,
  },
  { name: 'unknown-cmd', description: 'an unknown command', rules: ['TW-PROTO-ERROR-1'], line: (id) => `{"id":${id},"cmd":"explain"}`, answersWith: 'id' },
  { name: 'no-cmd', description: 'a request without a command', rules: ['TW-PROTO-ERROR-1'], line: (id) => `{"id":${id}}`, answersWith: 'id' },
  {
    name: 'start-protocol-2',
    description: 'start with a protocol version the port does not speak',
    rules: ['TW-PROTO-START-1', 'TW-PROTO-ERROR-1'],
    line: (id) => `{"id":${id},"cmd":"start","protocol":2}`,
    answersWith: 'id',
  },
  {
    name: 'end-no-session',
    description: 'end without a session',
    rules: ['TW-PROTO-END-1', 'TW-PROTO-ERROR-1'],
    line: (id) => `{"id":${id},"cmd":"end"}`,
    answersWith: 'id',
  },
  {
    name: 'call-no-session',
    description: 'a call without a session',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { session: undefined }),
    answersWith: 'id',
  },
  {
    name: 'call-session-number',
    description: 'a call whose session is a number',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { session: 5 }),
    answersWith: 'id',
  },
  { name: 'call-no-args', description: 'a call without args', rules: ['TW-PROTO-ERROR-1'], line: (id) => callLine(id, { args: undefined }), answersWith: 'id' },
  {
    name: 'call-args-object',
    description: 'a call whose args are an object, not a JSON text',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { args: { todos: [] } }),
    answersWith: 'id',
  },
  {
    name: 'call-args-truncated',
    description: 'args that are not a JSON text: cut short',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { args: '{"todos":' }),
    answersWith: 'id',
  },
  {
    name: 'call-args-trailing',
    description: 'args that are not a JSON text: a second value after the first',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { args: '{"todos":[]} {}' }),
    answersWith: 'id',
  },
  {
    name: 'call-args-nan',
    description: 'args that are not a JSON text: NaN (a lenient parser takes it)',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { args: '{"todos":[],"n":NaN}' }),
    answersWith: 'id',
  },
  {
    name: 'call-args-infinity',
    description: 'args that are not a JSON text: -Infinity',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { args: '{"todos":[],"n":-Infinity}' }),
    answersWith: 'id',
  },
  {
    name: 'call-args-single-quotes',
    description: 'args that are not a JSON text: single quotes',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { args: "{'todos':[]}" }),
    answersWith: 'id',
  },
  {
    name: 'call-no-agent',
    description: 'a call without agent',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { agent: undefined }),
    answersWith: 'id',
  },
  {
    name: 'call-agent-string',
    description: 'a call whose agent is "yes"',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { agent: 'yes' }),
    answersWith: 'id',
  },
  {
    name: 'call-agent-one',
    description: 'a call whose agent is 1 (not a boolean)',
    rules: ['TW-PROTO-ERROR-1'],
    line: (id) => callLine(id, { agent: 1 }),
    answersWith: 'id',
  },
  { name: 'options-null', description: '"options": null', rules: ['TW-PROTO-OPTIONS-1'], line: (id) => callLine(id, { options: null }), answersWith: 'id' },
  { name: 'options-array', description: '"options": []', rules: ['TW-PROTO-OPTIONS-1'], line: (id) => callLine(id, { options: [] }), answersWith: 'id' },
  {
    name: 'options-string',
    description: '"options": "seed"',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: 'seed' }),
    answersWith: 'id',
  },
  {
    name: 'option-unknown',
    description: 'an unknown option',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: { strict: true } }),
    answersWith: 'id',
  },
  {
    name: 'option-proto',
    description: 'an option named __proto__',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => `{"id":${id},"cmd":"call","session":"s","args":"{}","agent":true,"options":{"__proto__":{"allowParallelInProgress":true}}}`,
    answersWith: 'id',
  },
  {
    name: 'option-profile-unknown',
    description: 'a profile that does not exist',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: { profile: 'latest' } }),
    answersWith: 'id',
  },
  {
    name: 'option-profile-null',
    description: 'profile null',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: { profile: null } }),
    answersWith: 'id',
  },
  {
    name: 'option-parallel-one',
    description: 'allowParallelInProgress 1 (not a boolean)',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: { allowParallelInProgress: 1 } }),
    answersWith: 'id',
  },
  {
    name: 'option-parallel-string',
    description: 'allowParallelInProgress "true" (not a boolean)',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: { allowParallelInProgress: 'true' } }),
    answersWith: 'id',
  },
  {
    name: 'option-parallel-null',
    description: 'allowParallelInProgress null',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: { allowParallelInProgress: null } }),
    answersWith: 'id',
  },
  {
    name: 'option-keys-unknown',
    description: 'unknownItemKeys "allow"',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: { unknownItemKeys: 'allow' } }),
    answersWith: 'id',
  },
  {
    name: 'option-keys-case',
    description: 'unknownItemKeys "Reject" (the case matters)',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: { unknownItemKeys: 'Reject' } }),
    answersWith: 'id',
  },
  {
    name: 'option-wording-unknown',
    description: 'activeLimitWording "colon"',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: { activeLimitWording: 'colon' } }),
    answersWith: 'id',
  },
  {
    name: 'option-wording-boolean',
    description: 'activeLimitWording true',
    rules: ['TW-PROTO-OPTIONS-1'],
    line: (id) => callLine(id, { options: { activeLimitWording: true } }),
    answersWith: 'id',
  },
]

const LIST_A = '{"todos":[{"content":"a","status":"in_progress"}]}'
const LIST_B = '{"todos":[{"content":"b","status":"completed"},{"content":"c","status":"pending"}]}'
const NOTHING = '{"todos":[]}'

/** Calls in order, each agreeing with the reference; the first disagreement fails the check. */
async function agreeingCalls(
  context: Context,
  steps: [session: string, args: string, agent: boolean, options?: Record<string, unknown>][],
  reference = new Reference(),
): Promise<CheckFailure> {
  for (const [index, [session, args, agent, options]] of steps.entries()) {
    const failure = await agreeingCall(context, reference, session, args, agent, options)
    if (failure) return fail(`call ${index + 1} of ${steps.length}: ${failure.summary}`, ...failure.lines)
  }
  return null
}

async function endSession(context: Context, session: string): Promise<CheckFailure> {
  const response = await asking(() => context.port.request({ cmd: 'end', session }))
  if (response instanceof PortFault) return fail(`the port ${response.message} (request: end ${shown(session)})`, ...faultLines(response))
  const error = errorOf(response)
  if (error !== null) return fail(`answered "end" ${shown(session)} with an error: ${error}`)
  return null
}

/** How a detached process ends after `finish` (send stop, or close stdin): answered, status 0. */
async function ending(context: Context, how: 'stop' | 'eof'): Promise<CheckFailure> {
  let handed: { process: Process; nextId: () => number }
  try {
    handed = await context.port.detach()
  } catch (error) {
    if (error instanceof PortFault) return fail(`the port ${error.message}`, ...faultLines(error))
    throw error
  }
  const { process, nextId } = handed
  try {
    if (how === 'stop') {
      const id = nextId()
      const response = await asking(() => process.request({ id, cmd: 'stop' }, context.timeoutMs))
      if (response instanceof PortFault) return fail(`did not answer stop: it ${response.message}`, ...faultLines(response))
      if (errorOf(response) !== null) return fail(`answered stop with an error: ${errorOf(response)}`)
    } else {
      process.endInput()
    }
    const exit = await process.exit(context.timeoutMs)
    const after = how === 'stop' ? 'after answering stop' : 'at the end of its stdin'
    if (exit === null) return fail(`still running ${context.timeoutMs} ms ${after} (--timeout): a port exits by itself`)
    if (exit.signal !== null) return fail(`was killed by ${exit.signal} ${after}`, ...faultLines(new PortFault('', process.stderrTail)))
    if (exit.code !== 0) return fail(`exited with status ${exit.code} ${after}; the status must be 0`, ...faultLines(new PortFault('', process.stderrTail)))
    return null
  } finally {
    process.kill()
  }
}

const CHECKS: (ProtocolCheck & { run: Run })[] = [
  ...MALFORMED.map(({ name, description, rules, line, answersWith }) => ({
    id: `protocol/error/${name}`,
    rules,
    description: `${description}: an error response${answersWith === null ? ' with "id": null' : ' with its id'}, then the next call is served`,
    run: errorCheck(name, line, answersWith),
  })),
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
    id: 'protocol/end',
    rules: ['TW-PROTO-END-1'],
    description: '"end" forgets a session: the same name then starts from an empty log; ending an unknown session is not an error',
    run: async (context) => {
      const reference = new Reference()
      const before = await agreeingCalls(context, [['protocol/end', LIST_A, true]], reference)
      if (before) return before
      const ended = (await endSession(context, 'protocol/end')) ?? (await endSession(context, 'protocol/end/never-used'))
      if (ended) return ended
      reference.end('protocol/end')
      const after = await agreeingCalls(
        context,
        [
          ['protocol/end', NOTHING, false],
          ['protocol/end', LIST_B, true],
          ['protocol/end', NOTHING, false],
        ],
        reference,
      )
      return after && fail(`after "end": ${after.summary}`, ...after.lines)
    },
  },
  {
    id: 'protocol/eof',
    rules: ['TW-PROTO-STOP-1'],
    description: 'at the end of its stdin the port exits with status 0',
    run: (context) => ending(context, 'eof'),
  },
  {
    id: 'protocol/stop',
    rules: ['TW-PROTO-STOP-1'],
    description: '"stop" is answered, then the port exits with status 0',
    run: (context) => ending(context, 'stop'),
  },
]

/** The checks, in the order they run. */
export const PROTOCOL_CHECKS: readonly ProtocolCheck[] = CHECKS.map(({ id, rules, description }) => ({ id, rules, description }))

/** Run one check by id against a port. */
export async function runProtocolCheck(id: string, port: Port, timeoutMs: number): Promise<CheckFailure> {
  const check = CHECKS.find((c) => c.id === id)
  if (!check) throw new Error(`no protocol check ${id}`)
  try {
    return await check.run({ port, timeoutMs })
  } catch (error) {
    if (error instanceof RequestError) return fail(`the kit could not build the expected outcome: ${error.message}`)
    throw error
  }
}
