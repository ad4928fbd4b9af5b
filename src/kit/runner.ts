// One port through the kit: every selected vector, then the fuzzer, then the
// expected-failures list applied (TW-KIT-*). Failures are described as they happen.
import type { ProfileName } from '../core/options.js'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describeFailure, visibleText, type CallFailure } from './compare.js'
import { fuzz, regressionCase, type FuzzResult } from './fuzzer.js'
import { Port } from './port.js'
import { shown, type Implementation } from './protocol.js'
import { runCalls } from './run-case.js'
import { asciiJson, callInput, selected, type Selection, type VectorCase } from './vectors.js'
import { quoteCommand } from './shell.js'

/** The id of the fuzzing phase, for `--run`, `--skip` and expected-failures files. */
export const FUZZ_ID = 'fuzz'

export interface ConformConfig {
  command: string[]
  env?: NodeJS.ProcessEnv
  cwd?: string
  cases: VectorCase[]
  selection: Selection
  /** Case ids that must fail (TW-KIT-XFAIL-1); null when no file was given. */
  expectedFailures: string[] | null
  seed: number
  runs: number
  profiles: readonly ProfileName[]
  timeoutMs: number
  startTimeoutMs: number
  maxRestarts: number
  /** Where regression case files go; null writes none. */
  regressionsDir: string | null
  /** argv that runs `todo-write conform`, for the replay line. */
  conformCommand: string[]
  /** Lines for the terminal, written as they come. */
  print: (line: string) => void
  progress: (text: string) => void
}

export interface CaseResult {
  id: string
  passed: boolean
  /** What happened, one line; absent for a plain pass. */
  message?: string
  expectedFailure?: boolean
}

export interface PortRun {
  command: string[]
  implementation: Implementation | null
  cases: CaseResult[]
  fuzz?: FuzzResult & { regressionFile?: string; replay?: string }
  restarts: number
  givenUp: string | null
  passed: number
  failed: number
}

async function runVectors(port: Port, config: ConformConfig, cases: VectorCase[], results: CaseResult[]): Promise<void> {
  for (const [index, c] of cases.entries()) {
    config.progress(`vectors ${index + 1}/${cases.length} ${c.id}`)
    if (port.givenUp !== null) {
      results.push({ id: c.id, passed: false, message: `not run: the port was given up on (it ${port.givenUp})` })
      continue
    }
    const failure = await runCalls(port, c.id, c.calls.map((call) => ({ input: callInput(call), expected: call.expect })))
    if (!failure) {
      results.push({ id: c.id, passed: true })
      continue
    }
    results.push({ id: c.id, passed: false, message: failureSummary(failure) })
    config.print(`FAIL ${c.id}: ${c.description}`)
    describeFailure(failure, c.calls.length).forEach((line) => config.print('  ' + line))
  }
  const agreed = results.filter((r) => r.passed).length
  if (cases.length > 0) config.print(`${agreed === cases.length ? 'ok' : 'FAIL'} vectors: ${agreed} of ${cases.length} cases agree with the expected outcomes`)
}

const failureSummary = (failure: CallFailure): string =>
  failure.problem !== undefined ? `call ${failure.call + 1}: the port ${failure.problem}` : `call ${failure.call + 1}: differs in ${failure.differs!.join(', ')}`

async function runFuzz(port: Port, config: ConformConfig, results: CaseResult[]): Promise<PortRun['fuzz']> {
  const result: PortRun['fuzz'] = await fuzz(port, {
    seed: config.seed,
    runs: config.runs,
    profiles: config.profiles,
    onRun: (done) => done % 25 === 0 && config.progress(`fuzz ${done}/${config.runs} (seed ${config.seed})`),
  })
  const found = result.counterexample
  if (!found && result.unreproduced !== undefined) {
    config.print(`FAIL fuzz: seed ${config.seed}: ${result.unreproduced}`)
    results.push({ id: FUZZ_ID, passed: false, message: result.unreproduced })
    return result
  }
  if (!found && result.interrupted !== undefined) {
    const message = `interrupted after ${result.agreed} of ${config.runs} sequences agreed: the port was given up on (it ${result.interrupted})`
    config.print(`FAIL fuzz: seed ${config.seed}: ${message}`)
    results.push({ id: FUZZ_ID, passed: false, message })
    return result
  }
  if (!found) {
    config.print(`ok fuzz: all ${config.runs} sequences from seed ${config.seed} agree with the reference`)
    results.push({ id: FUZZ_ID, passed: true })
    return result
  }
  const id = `regression/seed-${config.seed}-run-${result.ran}`
  const calls = found.calls.length
  config.print(`FAIL fuzz: sequence ${result.ran} of ${config.runs} from seed ${config.seed} disagrees; shrunk ${found.shrinks} times to the smallest input, ${calls} call${calls === 1 ? '' : 's'}:`)
  if (result.interrupted !== undefined) config.print(`  (shrinking stopped early: the port was given up on; it ${result.interrupted})`)
  for (const [index, input] of found.calls.entries()) {
    if (index !== found.failure.call) config.print(`  call ${index + 1} of ${calls} (agrees): agent ${input.agent ? 'yes' : 'no'}, options ${shown(input.options)}, args ${visibleText(input.args)}`)
    else describeFailure(found.failure, calls).forEach((line) => config.print('  ' + line))
  }
  if (config.regressionsDir !== null) {
    try {
      mkdirSync(config.regressionsDir, { recursive: true })
      result.regressionFile = join(config.regressionsDir, `seed-${config.seed}-run-${result.ran}.json`)
      writeFileSync(result.regressionFile, asciiJson(regressionCase(result, id, quoteCommand(config.command))))
      result.replay = quoteCommand([...config.conformCommand, '--cases', result.regressionFile, '--run', id, '--timeout', String(config.timeoutMs), '--', ...config.command])
      config.print(`  regression case: ${result.regressionFile}`)
      config.print(`  replay: ${result.replay}`)
    } catch (error) {
      config.print(`  (could not write the regression case: ${(error as Error).message})`)
    }
  }
  results.push({ id: FUZZ_ID, passed: false, message: `seed ${config.seed}, sequence ${result.ran}: ${failureSummary(found.failure)}` })
  return result
}

/** Listed cases that fail count as passes; listed cases that pass are failures (TW-KIT-XFAIL-1). */
function applyExpectedFailures(results: CaseResult[], listed: string[], known: Set<string>, print: (line: string) => void): CaseResult[] {
  const xfail = new Set(listed)
  const out = results.map((r) => {
    if (!xfail.has(r.id)) return r
    if (!r.passed) return { ...r, passed: true, expectedFailure: true }
    print(`FAIL ${r.id}: passed, but the expected-failures file lists it; remove it from the list`)
    return { id: r.id, passed: false, expectedFailure: true, message: 'passed, but the expected-failures file lists it' }
  })
  for (const id of listed.filter((id) => !known.has(id))) {
    print(`FAIL ${id}: the expected-failures file lists a case that does not exist`)
    out.push({ id, passed: false, message: 'listed in the expected-failures file, but no such case exists' })
  }
  return out
}

export async function conformPort(config: ConformConfig): Promise<PortRun> {
  const { command, timeoutMs, startTimeoutMs, maxRestarts } = config
  const port = new Port({ command, timeoutMs, startTimeoutMs, maxRestarts, ...(config.env ? { env: config.env } : {}), ...(config.cwd ? { cwd: config.cwd } : {}) })
  let results: CaseResult[] = []
  let fuzzResult: PortRun['fuzz']
  try {
    await runVectors(port, config, config.cases.filter((c) => selected(c.id, config.selection)), results)
    if (config.runs > 0 && selected(FUZZ_ID, config.selection)) fuzzResult = await runFuzz(port, config, results)
  } finally {
    config.progress('')
    await port.close()
  }
  const notRun = results.filter((r) => r.message?.startsWith('not run:')).length
  if (notRun > 0) config.print(`FAIL ${notRun} case${notRun === 1 ? '' : 's'} not run: the port was given up on (it ${port.givenUp})`)
  if (port.givenUp !== null && port.givenUpStderr) {
    config.print('  stderr (tail):')
    port.givenUpStderr.split('\n').forEach((line) => config.print(`    | ${line}`))
  }
  if (config.expectedFailures) results = applyExpectedFailures(results, config.expectedFailures, new Set([FUZZ_ID, ...config.cases.map((c) => c.id)]), config.print)
  const passed = results.filter((r) => r.passed).length
  return {
    command: config.command,
    implementation: port.implementation,
    cases: results,
    ...(fuzzResult ? { fuzz: fuzzResult } : {}),
    restarts: port.restartCount,
    givenUp: port.givenUp,
    passed,
    failed: results.length - passed,
  }
}
