// One port through the kit: the start handshake, every selected vector, the cases of
// --cases files, the protocol suite, then the fuzzer, then the expected-failures list
// applied (TW-KIT-*). Each section's failures are described when it ends, those that differ
// alike as one block.
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { digest } from '../core/distinct.js'
import { terminalSafe } from '../log/render.js'
import { ARGS_NOTATION, callLines, describeFailure, failureKey, failureSummary, runCalls, tailLines } from './compare.js'
import { fuzz, regressionCase, type FuzzResult } from './fuzzer.js'
import { Port } from './port.js'
import { PROTOCOL_CHECKS, runProtocolCheck } from './protocol-suite.js'
import type { Implementation } from './protocol.js'
import { quoteCommand } from './shell.js'
import { count, type RunSettings } from './report.js'
import { asciiJson, callInput, selected, type Selection, type VectorCase } from './vectors.js'

/** The id of the fuzzing phase, for `--run`, `--skip` and expected-failures files. */
export const FUZZ_ID = 'fuzz'

export interface ConformConfig extends RunSettings {
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

/** A check of a section: its id, the heading of its failure, and how it runs. */
interface Check {
  id: string
  description: string
  run(): Promise<{ summary: string; lines: string[]; key: string } | null>
}

/** How each section is shown: its progress label, and its closing line from what agreed. */
const SECTIONS = {
  vectors: ['vectors', (agreed: number, all: number) => `vectors: ${agreed} of ${all} cases agree with the expected outcomes`],
  cases: [
    'regression cases',
    (agreed: number, all: number) => `regression cases: ${agreed} of ${all} cases of the --cases files agree with their expected outcomes`,
  ],
  protocol: [
    'protocol',
    (agreed: number, all: number) =>
      `protocol: ${agreed} of ${all} checks pass (malformed requests, options, framing, depth, sessions, end, end of input, stop)`,
  ],
} as const

/** One run of a port: its results so far, and how it prints. */
class Run {
  results: CaseResult[] = []
  private explained = false

  constructor(
    readonly port: Port,
    readonly config: ConformConfig,
  ) {}

  /** A failure's lines, the args notation once before the first that shows args (TW-KIT-OUTPUT-1). */
  async details(lines: string[]): Promise<void> {
    if (!this.explained && lines.some((line) => line.trimStart().startsWith('args:'))) {
      this.explained = true
      await this.config.print(`  (${ARGS_NOTATION})`)
    }
    for (const line of lines) await this.config.print('  ' + line)
  }

  async section(section: keyof typeof SECTIONS, checks: Check[]): Promise<void> {
    const [label, closing] = SECTIONS[section]
    // Failures that share one difference are one block, printed when the section ends.
    const groups = new Map<string, { check: Check; lines: string[]; more: string[] }>()
    for (const [index, check] of checks.entries()) {
      await this.config.progress(`${label} ${index + 1}/${checks.length} ${check.id}`)
      if (this.port.givenUp !== null) {
        this.results.push({ id: check.id, section, passed: false, message: `not run: the port was given up on (it ${this.port.givenUp})` })
        continue
      }
      this.port.caseId = check.id
      const failure = await check.run()
      if (!failure) this.results.push({ id: check.id, section, passed: true })
      else {
        this.results.push({ id: check.id, section, passed: false, message: failure.summary })
        const group = groups.get(failure.key)
        if (group) group.more.push(check.id)
        else groups.set(failure.key, { check, lines: failure.lines, more: [] })
      }
      await this.failLate()
    }
    for (const { check, lines, more } of groups.values()) {
      await this.config.print(`FAIL ${check.id}: ${check.description}`)
      await this.details(lines)
      if (more.length > 0) {
        await this.config.print(`  the same difference in ${count(more.length, 'more case')}:`)
        for (const line of wrapIds(more)) await this.config.print(`    ${line}`)
      }
    }
    const agreed = this.results.filter((r) => r.section === section && r.passed).length
    if (checks.length > 0) await this.config.print(`${agreed === checks.length ? 'ok' : 'FAIL'} ${closing(agreed, checks.length)}`)
  }

  /** Fail, by name, each case the port faulted after answering (a second answer, an exit between requests), which a restart would hide (TW-KIT-FAULT-1). */
  async failLate(): Promise<void> {
    for (const { caseId, message } of this.port.takeLateFaults()) {
      const index = this.results.findIndex((r) => r.id === caseId)
      if (index === -1 || !this.results[index]!.passed) continue
      const problem = `after its last answer, the port ${message}`
      this.results[index] = { ...this.results[index]!, passed: false, message: problem }
      await this.config.print(`FAIL ${caseId}: ${problem}`)
    }
  }

  async fuzz(): Promise<PortRun['fuzz']> {
    const { config, port } = this
    const fail = async (message: string, printed = message) => {
      await config.print(`FAIL fuzz: ${printed}`)
      this.results.push({ id: FUZZ_ID, section: 'fuzz', passed: false, message })
    }
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
    if (!found && result.unreproduced !== undefined) await fail(result.unreproduced, `seed ${config.seed}: ${result.unreproduced}`)
    else if (!found && result.interrupted !== undefined) {
      const message = `interrupted after ${result.agreed} of ${config.runs} sequences agreed: the port was given up on (it ${result.interrupted})`
      await fail(message, `seed ${config.seed}: ${message}`)
    } else if (!found) {
      await config.print(`ok fuzz: all ${config.runs} sequences from seed ${config.seed} agree with the reference`)
      this.results.push({ id: FUZZ_ID, section: 'fuzz', passed: true })
    }
    if (!found) return result
    const name = `${portSlug(config.command)}-seed-${config.seed}-run-${result.ran}`
    const id = `regression/${name}`
    const calls = found.calls.length
    const shrunk = config.shrink === false ? 'not shrunk' : `shrunk ${found.shrinks} times to the smallest input`
    await config.print(`FAIL fuzz: sequence ${result.ran} of ${config.runs} from seed ${config.seed} disagrees; ${shrunk}, ${count(calls, 'call')}:`)
    if (result.interrupted !== undefined) await config.print(`  (shrinking stopped early: the port was given up on; it ${result.interrupted})`)
    for (const [index, input] of found.calls.entries())
      await this.details(index === found.failure.call ? describeFailure(found.failure, calls) : callLines(input, `call ${index + 1} of ${calls} (agrees)`))
    if (config.regressionsDir !== null) {
      try {
        mkdirSync(config.regressionsDir, { recursive: true })
        result.regressionFile = join(config.regressionsDir, `${name}.json`)
        writeFileSync(result.regressionFile, asciiJson(regressionCase(result, id, quoteCommand(config.command))))
        const timeout = String(config.timeoutMs)
        result.replay = quoteCommand([...config.conformCommand, '--cases', result.regressionFile, '--run', id, '--timeout', timeout, '--', ...config.command])
        await config.print(`  regression case: ${result.regressionFile}`)
        await config.print(`  replay: ${result.replay}`)
      } catch (error) {
        await config.print(`  (could not write the regression case: ${(error as Error).message})`)
      }
    }
    this.results.push({ id: FUZZ_ID, section: 'fuzz', passed: false, message: `seed ${config.seed}, sequence ${result.ran}: ${failureSummary(found.failure)}` })
    return result
  }

  /** Listed cases that fail count as passes; listed cases that pass are failures (TW-KIT-XFAIL-1). */
  async applyExpectedFailures(listed: string[], known: ReadonlySet<string>): Promise<void> {
    // Ids by their digests, as every set of strings read from outside (src/core/distinct.ts).
    const xfail = new Set(listed.map(digest))
    const out: CaseResult[] = []
    for (const r of this.results) {
      if (!xfail.has(digest(r.id))) out.push(r)
      else if (!r.passed) out.push({ ...r, passed: true, expectedFailure: true })
      else {
        await this.config.print(`FAIL ${r.id}: passed, but the expected-failures file lists it; remove it from the list`)
        out.push({ id: r.id, section: r.section, passed: false, expectedFailure: true, message: 'passed, but the expected-failures file lists it' })
      }
    }
    for (const id of listed.filter((id) => !known.has(digest(id)))) {
      await this.config.print(`FAIL ${id}: the expected-failures file lists a case that does not exist`)
      out.push({ id, section: 'vectors', passed: false, message: 'listed in the expected-failures file, but no such case exists' })
    }
    this.results = out
  }

  async printStderr(tail: string): Promise<void> {
    if (tail) for (const line of tailLines(tail, '  ')) await this.config.print(line)
  }

  finish(fuzzResult?: PortRun['fuzz']): PortRun {
    const sections: PortRun['sections'] = {}
    for (const r of this.results) {
      const tally = sections[r.section] ?? { passed: 0, failed: 0 }
      sections[r.section] = tally
      if (r.passed) tally.passed++
      else tally.failed++
    }
    const passed = this.results.filter((r) => r.passed).length
    return {
      command: this.config.command,
      implementation: this.port.implementation,
      cases: this.results,
      ...(fuzzResult ? { fuzz: fuzzResult } : {}),
      restarts: this.port.restarts,
      givenUp: this.port.givenUp,
      sections,
      passed,
      failed: this.results.length - passed,
    }
  }
}

/**
 * A port's name in a regression file's name and case id: its command's last parts, only
 * characters safe in a file name, and a digest of the whole command, so two ports' files never
 * collide (in one run or in two).
 */
export function portSlug(command: readonly string[]): string {
  const words = command.map((arg) => arg.slice(arg.lastIndexOf('/') + 1)).join('-')
  const safe = words
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .slice(0, 40)
    .replace(/^[-.]+|-+$/g, '')
  const hash = createHash('sha256').update(JSON.stringify(command)).digest('hex').slice(0, 8)
  return safe === '' ? hash : `${safe}-${hash}`
}

/** Case ids joined by commas, a line at most about 100 characters. */
function wrapIds(ids: readonly string[]): string[] {
  const lines: string[] = []
  for (const id of ids) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + id.length + 2 <= 100) lines[lines.length - 1] = `${last}, ${id}`
    else lines.push(id)
  }
  return lines
}

const vectorChecks = (port: Port, cases: VectorCase[]): Check[] =>
  cases.map((c) => ({
    id: c.id,
    description: c.description,
    run: async () => {
      const failure = await runCalls(port, c.id, c.calls.map(callInput), (index) => c.calls[index]!.expect)
      return failure && { summary: failureSummary(failure), lines: describeFailure(failure, c.calls.length), key: failureKey(failure) }
    },
  }))

export async function conformPort(config: ConformConfig): Promise<PortRun> {
  // Everything a port supplies is shown escaped: it cannot move the cursor or forge a line (TW-KIT-OUTPUT-1).
  const print = config.print
  config = { ...config, print: (line) => print(terminalSafe(line)) }
  const { command, timeoutMs, startTimeoutMs, maxRestarts, env, cwd } = config
  const port = new Port({ command, timeoutMs, startTimeoutMs, maxRestarts, ...(env ? { env } : {}), ...(cwd ? { cwd } : {}) })
  const run = new Run(port, config)
  const extra = config.extraCases ?? []
  const chosen = <T extends { id: string }>(items: readonly T[]) => items.filter((item) => selected(item.id, config.selection))
  let fuzzResult: PortRun['fuzz']
  try {
    await config.progress('start')
    if (!(await port.begin())) {
      // A port that cannot be started is ONE failure, not one per case (TW-KIT-START-1).
      const message = `the port could not be started: it ${port.givenUp}`
      await config.print(`FAIL start: ${message}`)
      await run.printStderr(port.givenUpStderr)
      run.results.push({ id: 'start', section: 'start', passed: false, message })
      return run.finish()
    }
    await run.section('vectors', vectorChecks(port, chosen(config.cases)))
    await run.section('cases', vectorChecks(port, chosen(extra)))
    await run.section(
      'protocol',
      chosen(PROTOCOL_CHECKS).map((check) => ({
        ...check,
        run: async () => {
          const failure = await runProtocolCheck(check.id, port, timeoutMs)
          return failure && { summary: failure.summary, lines: [`problem:  ${failure.summary}`, ...failure.lines], key: failure.summary }
        },
      })),
    )
    if (config.runs > 0 && selected(FUZZ_ID, config.selection)) {
      port.caseId = FUZZ_ID
      fuzzResult = await run.fuzz()
      await run.failLate()
    }
  } finally {
    await config.progress('')
    await port.close()
  }
  // A fault the last case's answers showed only while the port was being stopped.
  await run.failLate()
  const notRun = run.results.filter((r) => r.message?.startsWith('not run:')).length
  if (notRun > 0) await config.print(`FAIL ${count(notRun, 'case')} not run: the port was given up on (it ${port.givenUp})`)
  if (port.givenUp !== null) await run.printStderr(port.givenUpStderr)
  if (config.expectedFailures) {
    const known = new Set([FUZZ_ID, ...config.cases.map((c) => c.id), ...extra.map((c) => c.id), ...PROTOCOL_CHECKS.map((c) => c.id)].map(digest))
    await run.applyExpectedFailures(config.expectedFailures, known)
  }
  return run.finish(fuzzResult)
}
