// One port through the kit: the start handshake, every selected vector, the cases of
// --cases files, the protocol suite, then the fuzzer, then the expected-failures list
// applied (TW-KIT-*). Failures are described as they happen, each section under its heading.
import { digest } from '../core/distinct.js'
import type { ProfileName } from '../core/options.js'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ARGS_NOTATION, describeFailure, visibleText, type CallFailure } from './compare.js'
import { fuzz, regressionCase, type FuzzResult } from './fuzzer.js'
import { Port } from './port.js'
import { PROTOCOL_CHECKS, runProtocolCheck } from './protocol-suite.js'
import { terminalSafe } from '../log/render.js'
import { shown, type Implementation } from './protocol.js'
import { runCalls } from './run-case.js'
import { asciiJson, callInput, selected, type Selection, type VectorCase } from './vectors.js'
import { quoteCommand } from './shell.js'

/** The id of the fuzzing phase, for `--run`, `--skip` and expected-failures files. */
export const FUZZ_ID = 'fuzz'
/** The id of the one failure of a port that cannot be started (TW-KIT-START-1). */
export const START_ID = 'start'

export interface ConformConfig {
  command: string[]
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** The suite's cases (TW-KIT-VECTORS-1). */
  cases: VectorCase[]
  /** Cases of `--cases` files, such as regression cases: their own section (TW-KIT-REPORT-1). */
  extraCases?: VectorCase[]
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
  /** Shrink a disagreement (default true); the zoo only needs the first one. */
  shrink?: boolean
  /** argv that runs `todo-write conform`, for the replay line. */
  conformCommand: string[]
  /** Lines for the terminal, written as they come; each resolves when the output can take more. */
  print: (line: string) => Promise<void>
  progress: (text: string) => Promise<void>
}

/** The parts of a run, each reported under its own heading (TW-KIT-REPORT-1). */
export type Section = 'start' | 'vectors' | 'cases' | 'protocol' | 'fuzz'

export interface CaseResult {
  id: string
  section: Section
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
  /** Passed and failed per section that ran. */
  sections: Partial<Record<Section, { passed: number; failed: number }>>
  passed: number
  failed: number
}

/** Prints a failure's lines, with the notation once before the first (TW-KIT-OUTPUT-1). */
function failurePrinter(config: ConformConfig): (lines: string[]) => Promise<void> {
  let explained = false
  return async (lines) => {
    if (!explained && lines.some((line) => line.trimStart().startsWith('args:'))) {
      explained = true
      await config.print(`  (${ARGS_NOTATION})`)
    }
    for (const line of lines) await config.print('  ' + line)
  }
}

async function runVectors(
  port: Port,
  config: ConformConfig,
  cases: VectorCase[],
  section: 'vectors' | 'cases',
  results: CaseResult[],
  details: (lines: string[]) => Promise<void>,
): Promise<void> {
  const label = section === 'vectors' ? 'vectors' : 'regression cases'
  for (const [index, c] of cases.entries()) {
    await config.progress(`${label} ${index + 1}/${cases.length} ${c.id}`)
    if (port.givenUp !== null) {
      results.push({ id: c.id, section, passed: false, message: `not run: the port was given up on (it ${port.givenUp})` })
      continue
    }
    port.caseId = c.id
    const failure = await runCalls(
      port,
      c.id,
      c.calls.map((call) => ({ input: callInput(call), expected: call.expect })),
    )
    if (!failure) results.push({ id: c.id, section, passed: true })
    else {
      results.push({ id: c.id, section, passed: false, message: failureSummary(failure) })
      await config.print(`FAIL ${c.id}: ${c.description}`)
      await details(describeFailure(failure, c.calls.length))
    }
    await failLate(port, results, config.print)
  }
  const agreed = results.filter((r) => r.section === section && r.passed).length
  if (cases.length === 0) return
  if (section === 'vectors')
    await config.print(`${agreed === cases.length ? 'ok' : 'FAIL'} vectors: ${agreed} of ${cases.length} cases agree with the expected outcomes`)
  else
    await config.print(
      `${agreed === cases.length ? 'ok' : 'FAIL'} regression cases: ${agreed} of ${cases.length} cases of the --cases files agree with their expected outcomes`,
    )
}

async function runProtocol(port: Port, config: ConformConfig, results: CaseResult[]): Promise<void> {
  const checks = PROTOCOL_CHECKS.filter((c) => selected(c.id, config.selection))
  for (const [index, check] of checks.entries()) {
    await config.progress(`protocol ${index + 1}/${checks.length} ${check.id}`)
    if (port.givenUp !== null) {
      results.push({ id: check.id, section: 'protocol', passed: false, message: `not run: the port was given up on (it ${port.givenUp})` })
      continue
    }
    port.caseId = check.id
    const failure = await runProtocolCheck(check.id, port, config.timeoutMs)
    if (!failure) results.push({ id: check.id, section: 'protocol', passed: true })
    else {
      results.push({ id: check.id, section: 'protocol', passed: false, message: failure.summary })
      await config.print(`FAIL ${check.id}: ${check.description}`)
      await config.print(`  problem:  ${failure.summary}`)
      for (const line of failure.lines) await config.print(`  ${line}`)
    }
    await failLate(port, results, config.print)
  }
  const passed = results.filter((r) => r.section === 'protocol' && r.passed).length
  if (checks.length > 0)
    await config.print(
      `${passed === checks.length ? 'ok' : 'FAIL'} protocol: ${passed} of ${checks.length} checks pass (malformed requests, options, framing, depth, sessions, end, end of input, stop)`,
    )
}

/**
 * Fail, by name, each case the port faulted after answering — a second answer, an exit
 * between requests — which a restart would otherwise hide (TW-KIT-FAULT-1).
 */
async function failLate(port: Port, results: CaseResult[], print: ConformConfig['print']): Promise<void> {
  for (const { caseId, message } of port.takeLateFaults()) {
    const index = results.findIndex((r) => r.id === caseId)
    if (index === -1 || !results[index]!.passed) continue
    const problem = `after its last answer, the port ${message}`
    results[index] = { ...results[index]!, passed: false, message: problem }
    await print(`FAIL ${caseId}: ${problem}`)
  }
}

const failureSummary = (failure: CallFailure): string =>
  failure.problem !== undefined
    ? `call ${failure.call + 1}: the port ${failure.problem}`
    : `call ${failure.call + 1}: differs in ${failure.differs!.join(', ')}`

async function runFuzz(port: Port, config: ConformConfig, results: CaseResult[], details: (lines: string[]) => Promise<void>): Promise<PortRun['fuzz']> {
  const result: PortRun['fuzz'] = await fuzz(port, {
    seed: config.seed,
    runs: config.runs,
    profiles: config.profiles,
    shrink: config.shrink ?? true,
    onRun: async (done) => {
      if (done % 25 === 0) await config.progress(`fuzz ${done}/${config.runs} (seed ${config.seed})`)
    },
  })
  const found = result.counterexample
  if (!found && result.unreproduced !== undefined) {
    await config.print(`FAIL fuzz: seed ${config.seed}: ${result.unreproduced}`)
    results.push({ id: FUZZ_ID, section: 'fuzz', passed: false, message: result.unreproduced })
    return result
  }
  if (!found && result.interrupted !== undefined) {
    const message = `interrupted after ${result.agreed} of ${config.runs} sequences agreed: the port was given up on (it ${result.interrupted})`
    await config.print(`FAIL fuzz: seed ${config.seed}: ${message}`)
    results.push({ id: FUZZ_ID, section: 'fuzz', passed: false, message })
    return result
  }
  if (!found) {
    await config.print(`ok fuzz: all ${config.runs} sequences from seed ${config.seed} agree with the reference`)
    results.push({ id: FUZZ_ID, section: 'fuzz', passed: true })
    return result
  }
  const id = `regression/seed-${config.seed}-run-${result.ran}`
  const calls = found.calls.length
  const shrunk = config.shrink === false ? 'not shrunk' : `shrunk ${found.shrinks} times to the smallest input`
  await config.print(
    `FAIL fuzz: sequence ${result.ran} of ${config.runs} from seed ${config.seed} disagrees; ${shrunk}, ${calls} call${calls === 1 ? '' : 's'}:`,
  )
  if (result.interrupted !== undefined) await config.print(`  (shrinking stopped early: the port was given up on; it ${result.interrupted})`)
  for (const [index, input] of found.calls.entries()) {
    if (index !== found.failure.call)
      await details([
        `call ${index + 1} of ${calls} (agrees): agent ${input.agent ? 'yes' : 'no'}, options ${shown(input.options)}`,
        `  args:     ${visibleText(input.args)}`,
      ])
    else await details(describeFailure(found.failure, calls))
  }
  if (config.regressionsDir !== null) {
    try {
      mkdirSync(config.regressionsDir, { recursive: true })
      result.regressionFile = join(config.regressionsDir, `seed-${config.seed}-run-${result.ran}.json`)
      writeFileSync(result.regressionFile, asciiJson(regressionCase(result, id, quoteCommand(config.command))))
      result.replay = quoteCommand([
        ...config.conformCommand,
        '--cases',
        result.regressionFile,
        '--run',
        id,
        '--timeout',
        String(config.timeoutMs),
        '--',
        ...config.command,
      ])
      await config.print(`  regression case: ${result.regressionFile}`)
      await config.print(`  replay: ${result.replay}`)
    } catch (error) {
      await config.print(`  (could not write the regression case: ${(error as Error).message})`)
    }
  }
  results.push({ id: FUZZ_ID, section: 'fuzz', passed: false, message: `seed ${config.seed}, sequence ${result.ran}: ${failureSummary(found.failure)}` })
  return result
}

/** Listed cases that fail count as passes; listed cases that pass are failures (TW-KIT-XFAIL-1). */
async function applyExpectedFailures(
  results: CaseResult[],
  listed: string[],
  known: ReadonlySet<string>,
  print: ConformConfig['print'],
): Promise<CaseResult[]> {
  // Ids by their digests, as every set of strings read from outside (src/core/distinct.ts).
  const xfail = new Set(listed.map(digest))
  const out: CaseResult[] = []
  for (const r of results) {
    if (!xfail.has(digest(r.id))) out.push(r)
    else if (!r.passed) out.push({ ...r, passed: true, expectedFailure: true })
    else {
      await print(`FAIL ${r.id}: passed, but the expected-failures file lists it; remove it from the list`)
      out.push({ id: r.id, section: r.section, passed: false, expectedFailure: true, message: 'passed, but the expected-failures file lists it' })
    }
  }
  for (const id of listed.filter((id) => !known.has(digest(id)))) {
    await print(`FAIL ${id}: the expected-failures file lists a case that does not exist`)
    out.push({ id, section: 'vectors', passed: false, message: 'listed in the expected-failures file, but no such case exists' })
  }
  return out
}

/** Passed and failed per section. */
function bySection(results: readonly CaseResult[]): PortRun['sections'] {
  const sections: PortRun['sections'] = {}
  for (const r of results) {
    const tally = sections[r.section] ?? { passed: 0, failed: 0 }
    sections[r.section] = tally
    if (r.passed) tally.passed++
    else tally.failed++
  }
  return sections
}

export async function conformPort(config: ConformConfig): Promise<PortRun> {
  // Everything a port supplies is shown escaped: it cannot move the cursor or forge a line (TW-KIT-OUTPUT-1).
  const print = config.print
  config = { ...config, print: (line) => print(terminalSafe(line)) }
  const { command, timeoutMs, startTimeoutMs, maxRestarts } = config
  const port = new Port({
    command,
    timeoutMs,
    startTimeoutMs,
    maxRestarts,
    ...(config.env ? { env: config.env } : {}),
    ...(config.cwd ? { cwd: config.cwd } : {}),
  })
  const details = failurePrinter(config)
  let results: CaseResult[] = []
  let fuzzResult: PortRun['fuzz']
  const extra = config.extraCases ?? []
  try {
    await config.progress('start')
    if (!(await port.begin())) {
      // A port that cannot be started is ONE failure, not one per case (TW-KIT-START-1).
      const message = `the port could not be started: it ${port.givenUp}`
      await config.print(`FAIL start: ${message}`)
      if (port.givenUpStderr) {
        await config.print('  stderr (tail):')
        for (const line of port.givenUpStderr.split('\n')) await config.print(`    | ${line}`)
      }
      results.push({ id: START_ID, section: 'start', passed: false, message })
      return finish(config, port, results, undefined)
    }
    await runVectors(
      port,
      config,
      config.cases.filter((c) => selected(c.id, config.selection)),
      'vectors',
      results,
      details,
    )
    await runVectors(
      port,
      config,
      extra.filter((c) => selected(c.id, config.selection)),
      'cases',
      results,
      details,
    )
    await runProtocol(port, config, results)
    if (config.runs > 0 && selected(FUZZ_ID, config.selection)) {
      port.caseId = FUZZ_ID
      fuzzResult = await runFuzz(port, config, results, details)
      await failLate(port, results, config.print)
    }
  } finally {
    await config.progress('')
    await port.close()
  }
  // A fault the last case's answers showed only while the port was being stopped.
  await failLate(port, results, config.print)
  const notRun = results.filter((r) => r.message?.startsWith('not run:')).length
  if (notRun > 0) await config.print(`FAIL ${notRun} case${notRun === 1 ? '' : 's'} not run: the port was given up on (it ${port.givenUp})`)
  if (port.givenUp !== null && port.givenUpStderr) {
    await config.print('  stderr (tail):')
    for (const line of port.givenUpStderr.split('\n')) await config.print(`    | ${line}`)
  }
  if (config.expectedFailures) {
    const known = new Set([FUZZ_ID, ...config.cases.map((c) => c.id), ...extra.map((c) => c.id), ...PROTOCOL_CHECKS.map((c) => c.id)].map(digest))
    results = await applyExpectedFailures(results, config.expectedFailures, known, config.print)
  }
  return finish(config, port, results, fuzzResult)
}

function finish(config: ConformConfig, port: Port, results: CaseResult[], fuzzResult: PortRun['fuzz']): PortRun {
  const passed = results.filter((r) => r.passed).length
  return {
    command: config.command,
    implementation: port.implementation,
    cases: results,
    ...(fuzzResult ? { fuzz: fuzzResult } : {}),
    restarts: port.restartCount,
    givenUp: port.givenUp,
    sections: bySection(results),
    passed,
    failed: results.length - passed,
  }
}
