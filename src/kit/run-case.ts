// One case through a port: its calls against one fresh session, each answer compared with
// the expected outcome (TW-KIT-COMPARE-1), then the session ended (TW-PROTO-END-1).
import { differingFields, type CallFailure } from './compare.js'
import { PortFault, type Port } from './port.js'
import { callOutcome, errorOf, isArgsRefused, type CallInput, type Expected } from './protocol.js'

export interface ExpectedCall {
  input: CallInput
  expected: Expected
}

const faulted = (failure: CallFailure, fault: PortFault): CallFailure => ({
  ...failure,
  problem: fault.message,
  fault: true,
  ...(fault.stderrTail ? { stderrTail: fault.stderrTail } : {}),
})

async function compareCalls(port: Port, session: string, calls: readonly ExpectedCall[]): Promise<CallFailure | null> {
  for (const [index, { input, expected }] of calls.entries()) {
    const failure: CallFailure = { call: index, input, expected }
    let response: Record<string, unknown>
    try {
      response = await port.request({ cmd: 'call', session, args: input.args, agent: input.agent, options: input.options })
    } catch (error) {
      if (error instanceof PortFault) return faulted(failure, error)
      throw error
    }
    if (isArgsRefused(expected)) {
      if (errorOf(response) !== null) continue
      const actual = callOutcome(response)
      const problem = 'answered with a call outcome where arguments that are not a JSON text get an error response (TW-PROTO-ERROR-1)'
      return typeof actual === 'string' ? { ...failure, problem: actual } : { ...failure, actual, problem }
    }
    const actual = callOutcome(response)
    if (typeof actual === 'string') return { ...failure, problem: actual }
    const differs = differingFields(expected, actual)
    if (differs.length > 0) return { ...failure, actual, differs }
  }
  return null
}

/** The first failing call of the case, or null when every answer agrees. */
export async function runCalls(port: Port, session: string, calls: readonly ExpectedCall[]): Promise<CallFailure | null> {
  const failure = await compareCalls(port, session, calls)
  if (failure?.fault || port.givenUp !== null) return failure
  const last: CallFailure = { call: calls.length - 1, input: calls.at(-1)!.input, expected: calls.at(-1)!.expected }
  try {
    const response = await port.request({ cmd: 'end', session })
    const error = errorOf(response)
    if (error !== null && !failure) return { ...last, problem: `answered "end" with an error: ${error}` }
  } catch (error) {
    if (!(error instanceof PortFault)) throw error
    if (!failure) return faulted({ ...last, problem: '' }, new PortFault(`failed to end the session: it ${error.message}`, error.stderrTail))
  }
  return failure
}
