// `todo-write conform [options] [-- <command …>]`: the porting kit. Runs the vectors and
// the differential fuzzer against a port speaking the protocol; with no command, against
// the embedded default (the reference's own `serve`, and the Python port when python3 exists).
import { PROFILE_NAMES, type ProfileName } from '../core/options.js'
import { spawnSync } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { killAll } from '../kit/port.js'
import { buildReport, commandLabel, header, lastLine, OrderedReports, portSummary, Progress, ReportFile, type RunSettings } from '../kit/report.js'
import { systemMessage, terminalSafe } from '../log/render.js'
import { PROTOCOL_CHECKS } from '../kit/protocol-suite.js'
import { conformPort, FUZZ_ID, type PortRun } from '../kit/runner.js'
import { quoteCommand } from '../kit/shell.js'
import { BUNDLED_SUITE, checkUniqueIds, loadCaseFile, loadSuite, matches, parseExpectedFailures, readTextFile, selected, VectorError } from '../kit/vectors.js'
import type { Io } from './cli.js'
import { parseFlags } from './flags.js'
import { output, UsageError } from './io.js'

export const CONFORM_HELP = `todo-write conform [options] [-- <command> [args…]]

Starts <command> as a port speaking the protocol of spec/protocol.md, runs every vector
of the suite (the spec's examples, the golden calls, every trap class), the protocol suite
(malformed requests, options, framing, depth, sessions, end, stop), then generated call
sequences through the port and the reference, and compares every answer. Without a command: the reference's
own \`todo-write serve\`, and the Python example port when python3 is on PATH. Exit 0 when
every case passes, 1 otherwise, 2 for a usage error.
  --seed N                   fast-check seed (default: a random one, printed)
  --runs N                   generated sequences; 0 skips fuzzing (default 3000)
  --profile NAME             fuzz deployments of this profile only (repeatable; default:
                             every profile: seed, dsh-0.1.1-rc.2)
  --timeout MS               per-request timeout (default 5000)
  --start-timeout MS         timeout of the start handshake of a fresh process (default 10000)
  --max-restarts N           restarts after a fault before the port is given up on (default 10)
  --run ID, --skip ID        only / not these cases (repeatable; ID* is a prefix: traps/*,
                             protocol/*; "fuzz" is the fuzzer, so --run fuzz runs it alone)
  --expected-failures FILE   case ids that must fail, one per line (# comments)
  --cases FILE               also run this case file (repeatable), e.g. a regression case
  --vectors FILE             the suite file (default: the bundled vectors/suite.json)
  --regressions DIR          where shrunk counterexamples go (default: conform-regressions)
  --report FILE              write a JSON report (checked before the run)
  --progress, --no-progress  progress on stderr (default: when stderr is a terminal)`

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const BIN = `${ROOT}dist/cli/bin.js`
export const PYTHON_PORT = `${ROOT}examples/ports/python/todo_write.py`

const local = (path: string): string => {
  const rel = relative(process.cwd(), path)
  return rel.startsWith('..') ? path : rel
}

/** A `todo-write` subcommand as this kit runs it: by the node running it, as a `node` on PATH may be one the CLI refuses. */
const ownCommand = (subcommand: string): string[] => [process.execPath, local(BIN), subcommand]

/**
 * The interpreter `python3` on PATH runs, asked once; undefined where there is none. A
 * version manager's `python3` (pyenv's shim) is a shell script that costs five times the
 * interpreter's own start-up, and a port is started many times.
 */
export function pythonInterpreter(): string | undefined {
  const run = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  const path = run.status === 0 ? run.stdout.trim() : ''
  return path === '' ? undefined : path
}

/** The embedded default: the reference's `serve`, and the Python port where python3 runs. */
export async function defaultPorts(print: (line: string) => Promise<void>): Promise<string[][]> {
  const ports = [ownCommand('serve')]
  const python = pythonInterpreter()
  if (python !== undefined) ports.push([python, local(PYTHON_PORT)])
  else await print('python3 is not on PATH: the Python example port is skipped')
  return ports
}

function integer(raw: string | undefined, flag: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`
    throw new UsageError(`${flag} must be ${range}, got ${JSON.stringify(raw)}`)
  }
  return value
}

/** The longest wait, in ms, a Node.js timer holds: setTimeout fires a longer one after 1 ms. */
const TIMER_MAX = 2 ** 31 - 1

/** The profiles named by `--profile` (repeatable); all of them by default. */
function profiles(named: string[] | undefined): ProfileName[] {
  if (named === undefined) return PROFILE_NAMES
  for (const name of named) {
    if (!(PROFILE_NAMES as string[]).includes(name)) throw new UsageError(`--profile must be one of ${PROFILE_NAMES.join(', ')}, got ${JSON.stringify(name)}`)
  }
  return [...new Set(named)] as ProfileName[]
}

const FLAGS = {
  seed: { type: 'string' },
  runs: { type: 'string' },
  profile: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  'start-timeout': { type: 'string' },
  'max-restarts': { type: 'string' },
  run: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  'expected-failures': { type: 'string' },
  cases: { type: 'string', multiple: true },
  vectors: { type: 'string' },
  regressions: { type: 'string' },
  report: { type: 'string' },
  progress: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
} as const

/** What `read` reads from the files the flags name; a file it refuses is a usage error. */
function vectorFile<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof VectorError) throw new UsageError(error.message)
    throw error
  }
}

/** The cases a run uses, and the files they were read from. */
const loadCases = (values: { vectors?: string; cases?: string[] }) =>
  vectorFile(() => {
    const suitePath = values.vectors ?? BUNDLED_SUITE
    const { suite, cases } = loadSuite(suitePath)
    const extraCases = (values.cases ?? []).flatMap((file) => loadCaseFile(file))
    checkUniqueIds([...cases, ...extraCases])
    const read = [suitePath, ...suite.files.map((file) => join(dirname(suitePath), file)), ...(values.cases ?? [])]
    return { suite, cases, extraCases, read }
  })

export async function runConform(argv: string[], io: Omit<Io, 'stdin'>): Promise<number> {
  const split = argv.indexOf('--')
  const { values, operands } = parseFlags('conform', split < 0 ? argv : argv.slice(0, split), FLAGS, 'rest')
  if (operands.length > 0) {
    // A forgotten --: the command line with it where the port's command seems to begin.
    const at = (split < 0 ? argv.length : split) - operands.length
    const fixed = quoteCommand(['todo-write', 'conform', ...argv.slice(0, at), '--', ...argv.slice(at)])
    throw new UsageError(`conform takes the port's command after --: ${fixed}`)
  }
  const command = split < 0 ? null : argv.slice(split + 1)
  if (command !== null && command.length === 0) throw new UsageError('no command after --')
  if (command !== null && command[0] === '') throw new UsageError('the command after -- is empty')
  const settings: RunSettings = {
    // fast-check's seeds are 32-bit integers.
    seed: integer(values.seed, '--seed', randomInt(2 ** 31), -(2 ** 31), 2 ** 31 - 1),
    runs: integer(values.runs, '--runs', 3000, 0),
    profiles: profiles(values.profile),
    timeoutMs: integer(values.timeout, '--timeout', 5000, 1, TIMER_MAX),
    startTimeoutMs: integer(values['start-timeout'], '--start-timeout', 10000, 1, TIMER_MAX),
    maxRestarts: integer(values['max-restarts'], '--max-restarts', 10, 0),
  }
  const { suite, cases, extraCases, read } = loadCases(values)
  const known = [FUZZ_ID, ...cases.map((c) => c.id), ...extraCases.map((c) => c.id), ...PROTOCOL_CHECKS.map((c) => c.id)]
  for (const pattern of values.run ?? []) {
    if (!known.some((id) => matches(id, pattern)))
      throw new UsageError(`--run ${pattern} matches no case (ids look like spec/TW-DUP-2/1, golden/args-null, traps/quote/U+001F, protocol/stop, fuzz)`)
  }
  let expectedFailures: string[] | null = null
  if (values['expected-failures'] !== undefined) expectedFailures = parseExpectedFailures(vectorFile(() => readTextFile(values['expected-failures']!)))
  // Checked before the run: a report that cannot be written must not cost a long run (TW-KIT-REPORT-1).
  let report: ReportFile | null = null
  if (values.report !== undefined) {
    try {
      report = ReportFile.open(values.report, [...read, ...(values['expected-failures'] === undefined ? [] : [values['expected-failures']])])
    } catch (error) {
      throw new UsageError(`cannot write the report file ${JSON.stringify(values.report)}: ${systemMessage(error)}`)
    }
  }
  const progress = new Progress(io.stderr, output(io.stderr), values['no-progress'] ? false : (values.progress ?? io.stderr.isTTY === true))
  const out = output(io.stdout)
  // The progress line is wiped before every line printed, so none lands behind it.
  const print = async (line: string) => {
    await progress.clear()
    await out.write(terminalSafe(line) + '\n')
  }
  const selection = { run: values.run ?? [], skip: values.skip ?? [] }
  await print(header(suite, settings, settings.runs > 0 && selected(FUZZ_ID, selection)))
  const ports = command ? [command] : await defaultPorts(print)
  // Ports are independent: they run at once, each report printed whole and in order.
  const reports = new OrderedReports(print, ports.length)
  const runs: PortRun[] = await Promise.all(
    ports.map(async (port, index) => {
      const print = reports.printer(index)
      await print(`== ${quoteCommand(port)}`)
      const run = await conformPort({
        ...settings,
        command: port,
        ...(io.env ? { env: io.env } : {}),
        cases,
        extraCases,
        selection,
        expectedFailures,
        regressionsDir: values.regressions ?? 'conform-regressions',
        conformCommand: ownCommand('conform'),
        print,
        progress: progress.line(commandLabel(port)),
      })
      await print(portSummary(run))
      await reports.finish(index)
      return run
    }),
  )
  if (report) {
    try {
      report.write(buildReport(suite, settings, runs))
    } catch (error) {
      await print(`could not write the report file ${report.path}: ${(error as Error).message}`)
    }
  }
  await print(lastLine(runs))
  return runs.some((run) => run.failed > 0) ? 1 : 0
}

const SIGNAL_STATUS = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const

/** Ctrl-C, a kill or a hang-up (the terminal closed): no port, nor its process group, outlives the kit. */
export function killPortsOnSignals(): void {
  for (const signal of Object.keys(SIGNAL_STATUS) as (keyof typeof SIGNAL_STATUS)[]) {
    process.once(signal, () => {
      killAll()
      process.exit(SIGNAL_STATUS[signal])
    })
  }
}
