// `todo-write replay <file|->`: streams a session log and prints its plan, as JSON, as the
// terminal shows it, as ACP plan updates, or checks and verifies it (spec/replay.md).
import { planFromEndWith, syncFiles, type TailPlan } from '../log/tail.js'
import { planUpdate } from '../log/acp.js'
import { BLANK_LINE, KEPT_PROBLEMS, LOG_EMPTY, ProblemList, readLogBatches } from '../log/reader.js'
import { renderPlan, systemMessage, terminalSafe } from '../log/render.js'
import { PlanReplay } from '../log/plan.js'
import type { Io } from './cli.js'
import { parseFlags } from './flags.js'
import { entryJson, entryLine, History, summaryJson, summaryLine, type HistoryEntry } from '../log/history.js'
import { fs, OPTION_FLAGS, OPTION_FLAGS_HELP, output, refuseDirectory, toolOptions, UsageError, type Output } from './io.js'
import { writeJson } from '../log/json.js'

export const REPLAY_HELP = `todo-write replay [--standing] [--render | --check | --acp | --verify [option flags] | --history [--json]] <file|->

Streams a session log (JSON Lines; - reads stdin) and prints the current list as JSON
(last todo/write wins; null when there is none).
  --standing    the standing plan instead: cleared by a later turn/start
  --render      the plan as the terminal shows it: Plan, then ✓/●/○ and each content
  --check       check the log (the durable-log invariant on every todo/write); print a summary
  --acp         one ACP plan update per todo/write: {"sessionUpdate":"plan","entries":[…]}
  --verify      re-run every todo_write call through the reference; list mismatches by seq
  --history     one line per todo_write call: accepted or refused, the change, flags, the
                text the model read; then a summary (--json: as JSON lines)
  option flags  the deployment's options, for --verify (without any: those the log's
                request/header states, else --profile seed):
${OPTION_FLAGS_HELP}
Damaged lines are named on stderr (todo-write: line N: …) and the rest is still read.
Exit 0: all good; 1: log problems or mismatches; 2: usage, or the log cannot be read.`

const FLAGS = {
  standing: { type: 'boolean' },
  render: { type: 'boolean' },
  check: { type: 'boolean' },
  acp: { type: 'boolean' },
  verify: { type: 'boolean' },
  history: { type: 'boolean' },
  json: { type: 'boolean' },
  ...OPTION_FLAGS,
} as const

type Mode = 'json' | 'render' | 'check' | 'acp' | 'verify' | 'history'
const MODES = ['render', 'check', 'acp', 'verify', 'history'] as const

/** What stderr says when `--verify` found the options nowhere (TW-VERIFY-5). */
export const ASSUMED_POLICY =
  'todo-write: note: the log states no todo_write policy (no request/header lists todo_write before its first call): verified under --profile seed\n'

/** `1 event`, `2 events`: a count and its noun. */
export const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

async function parseReplayArgs(argv: string[]) {
  const { values, operands } = parseFlags('replay', argv, FLAGS, true)
  const chosen = MODES.filter((mode) => values[mode])
  if (chosen.length > 1) throw new UsageError(`--${chosen[0]} and --${chosen[1]} cannot be combined`)
  const mode: Mode = chosen[0] ?? 'json'
  if (values.standing && mode !== 'json' && mode !== 'render') throw new UsageError(`--standing cannot be combined with --${mode}`)
  const optionFlag = Object.keys(OPTION_FLAGS).find((flag) => flag in values)
  if (optionFlag !== undefined && mode !== 'verify') throw new UsageError(`--${optionFlag} applies only to --verify`)
  if (values.json && mode !== 'history') throw new UsageError('--json applies only to --history')
  // No option flag: the log's own request/header says the options (TW-VERIFY-5). Checked
  // before the operands: `--profile` with its value forgotten takes the log's name as it.
  const options = optionFlag === undefined ? undefined : await toolOptions(values)
  if (operands.length !== 1) throw new UsageError('replay takes exactly one log: a file, or - for stdin')
  return { mode, standing: values.standing === true, json: values.json === true, options, path: operands[0]! }
}

/**
 * Whether `path` names a regular file, which can be read from its end (TW-REPLAY-TAIL-1);
 * undefined when it cannot be looked at: opening it then says why. A directory is refused,
 * and so is a device: /dev/zero would be read for ever, a line too long after another.
 */
function isRegularFile(path: string): boolean | undefined {
  let stats: import('node:fs').Stats
  try {
    stats = fs().statSync(path)
  } catch {
    return undefined
  }
  if (stats.isDirectory()) throw new UsageError(`cannot read ${JSON.stringify(path)}: it is a directory`)
  if (stats.isCharacterDevice() || stats.isBlockDevice()) throw new UsageError(`cannot read ${JSON.stringify(path)}: it is a device`)
  return stats.isFile()
}

/** Where the log is: stdin for `-` (even beside a file named `-`), else a file, and whether that file is regular. */
interface Source {
  stdin: boolean
  regular: boolean | undefined
}

function sourceOf(path: string): Source {
  if (path === '-') return { stdin: true, regular: false }
  return { stdin: false, regular: isRegularFile(path) }
}

async function openLog(path: string, source: Source, io: Pick<Io, 'stdin'>): Promise<NodeJS.ReadableStream> {
  if (source.stdin) {
    refuseDirectory(io.stdin)
    return io.stdin
  }
  try {
    return (await fs().promises.open(path, 'r')).createReadStream()
  } catch (error) {
    throw new UsageError(`cannot open ${JSON.stringify(path)}: ${systemMessage(error)}`)
  }
}

/**
 * Input none of whose lines is a header, an event or a packed row is no session log
 * (TW-REPLAY-CLI-4); an empty one is an empty log (TW-LOG-4). `first`: line 1's last problem, why it was not read.
 */
function checkIsLog(what: string, recognized: boolean, first: string | undefined): void {
  // Line 1 always gives a record: when it is no header, event or packed row, a problem.
  if (!recognized && first !== LOG_EMPTY) throw new UsageError(`${what} is not a session log: no line is a session header or an event (line 1: ${first!})`)
}

/** The plan and its problems as the output says them, for a plan read from the end. */
async function replayTail(path: string, mode: 'json' | 'render', standing: boolean, stdout: Output, stderr: Output): Promise<number> {
  let tail: TailPlan
  try {
    tail = await planFromEndWith(syncFiles(), path, standing ? 'standing' : 'current')
  } catch (error) {
    throw new UsageError(`cannot read ${JSON.stringify(path)}: ${systemMessage(error)}`)
  }
  checkIsLog(JSON.stringify(path), tail.recognized, tail.problems.filter((problem) => problem.line === 1 && !problem.fromEnd).at(-1)?.message)
  for (const { line, fromEnd, message } of tail.problems)
    await stderr.write(`todo-write: line ${line}${fromEnd ? ' from the end' : ''}: ${terminalSafe(message)}\n`)
  if (mode === 'json') await stdout.write(writeJson(tail.plan) + '\n')
  if (mode === 'render' && tail.plan !== null) await stdout.write(renderPlan(tail.plan))
  const problems = tail.problemCount
  const hidden = problems > KEPT_PROBLEMS ? ` (the first ${KEPT_PROBLEMS} shown)` : ''
  if (problems > 0)
    await stderr.write(
      `todo-write: warning: ${counted(problems, 'problem', 'problems')} in the lines read${hidden}; the output holds what the readable lines say\n`,
    )
  return problems > 0 ? 1 : 0
}

/** `io.stdin` is read only for `-`. */
export async function runReplay(argv: string[], io: Omit<Io, 'env'>): Promise<number> {
  const { mode, standing, json, options, path } = await parseReplayArgs(argv)
  const stdoutStream = output(io.stdout)
  const out = (text: string) => stdoutStream.write(text)
  const warn = output(io.stderr)
  // The plan alone depends only on the end of the log: a file is read from there. A pipe
  // cannot be read backwards, so it is streamed, with the same answer.
  const source = sourceOf(path)
  if ((mode === 'json' || mode === 'render') && source.regular) return replayTail(path, mode, standing, stdoutStream, warn)
  const plan = new PlanReplay()
  // Loaded for --verify only: it runs the reference, TypeBox and all.
  const verifier = mode === 'verify' ? new (await import('../log/verify.js')).Verifier(options) : undefined
  const history = mode === 'history' ? new History() : undefined
  // Colour only for a terminal, and not under NO_COLOR (TW-HISTORY-4).
  const colour = io.stdout.isTTY === true && !process.env.NO_COLOR
  const told = (entries: HistoryEntry[]) => entries.map((entry) => (json ? entryJson(entry) : entryLine(entry, colour))).join('')
  const problems = new ProblemList<{ line: number; message: string }>()
  let mismatches = 0
  // Until a line is a header, an event or a packed row, the input may be no session log at
  // all (TW-REPLAY-CLI-4): what would be said of its lines waits, then is said, or not.
  let recognized = false
  let firstLine: string | undefined
  // `count` lines from `line` with the same problem (a run of blank lines), or one.
  const problem = (line: number, message: string, count = 1) => {
    if (line === 1) firstLine = message
    // Written as said, when said: the problems past those kept are only counted.
    problems.addRun(count, (i) => ({ line: line + i, message }))
  }
  // What the problems kept so far say and have not said yet: nothing until the input is known to be a log.
  let said = 0
  const unsaid = (): string => {
    if (!recognized) return ''
    const text = problems.kept
      .slice(said)
      .map(({ line, message }) => `todo-write: line ${line}: ${terminalSafe(message)}\n`)
      .join('')
    said = problems.kept.length
    return text
  }
  const mismatch = (found: { seq: number | undefined; message: string }[]): string => {
    mismatches += found.length
    return found.map(({ seq, message }) => `seq ${seq}: ${terminalSafe(message)}\n`).join('')
  }
  const name = source.stdin ? 'stdin' : JSON.stringify(path)
  const log = await openLog(path, source, io)
  try {
    for await (const records of readLogBatches(log)) {
      let shown = ''
      for (const record of records) {
        if (record.kind === 'blank') problem(record.line, BLANK_LINE, record.count)
        else if (record.kind === 'problem') problem(record.line, record.message)
        else recognized = true
        if (record.kind === 'packed') plan.skip(record.row.members)
        if (record.kind !== 'event') continue
        const step = plan.apply(record.event)
        if (step.kind === 'broken') problem(record.line, step.message)
        if (step.kind === 'write' && mode === 'acp') shown += JSON.stringify(planUpdate(step.todos)) + '\n'
        if (verifier) shown += mismatch(verifier.push(record.event))
        if (history) shown += told(history.push(record.event, step))
      }
      await out(shown)
      // The reader of stdout went away (… | head): nothing more anyone reads.
      if (stdoutStream.closed) return 0
      await warn.write(unsaid())
    }
  } catch (error) {
    throw new UsageError(`cannot read ${name}: ${systemMessage(error)}`)
  }
  checkIsLog(name, recognized, firstLine)
  // A log after all, if an empty one: what was held back is said.
  recognized = true
  await warn.write(unsaid())
  const list = standing ? plan.standing : plan.current
  if (mode === 'json') await out(writeJson(list) + '\n')
  if (mode === 'render' && list !== null) await out(renderPlan(list))
  if (mode === 'check')
    await out(`check: ${counted(plan.events, 'event', 'events')}, ${plan.writes} todo/write, ${counted(problems.count, 'problem', 'problems')}\n`)
  if (verifier) {
    await out(mismatch(verifier.end()))
    if (verifier.policy?.source === 'assumed') await warn.write(ASSUMED_POLICY)
    await out(`verify: ${counted(verifier.calls, 'todo_write call', 'todo_write calls')}, ${counted(mismatches, 'mismatch', 'mismatches')}\n`)
  }
  if (history) await out(told(history.end()) + (json ? summaryJson : summaryLine)(history.summary))
  const hidden = problems.count > KEPT_PROBLEMS ? ` (the first ${KEPT_PROBLEMS} shown)` : ''
  if (problems.count > 0)
    await warn.write(
      `todo-write: warning: ${counted(problems.count, 'problem', 'problems')} in the log${hidden}; the output holds what the readable lines say\n`,
    )
  return problems.count + mismatches > 0 ? 1 : 0
}
