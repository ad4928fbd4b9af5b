// Row (d): the plan of a 10³ / 10⁴ / 10⁵-event log file, our replay (read from the end,
// TW-REPLAY-TAIL-1) vs reading the file and parsing every line, the last todo/write near
// the end; and the plan of a 1 GB log against a 1 MB one: time independent of the length.
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { planFromEnd } from '../../src/log/tail.js'
import { TODO_WRITE } from '../../src/core/event.js'
import { writeAppLog } from '../../fixtures/app-log.js'
import type { MeasuredCase, Row } from '../row.js'
import { eachInTurn, medianRatio, median, sideBySide } from '../timing.js'

export const SIZES = [1_000, 10_000, 100_000]

/** A harness-shaped log: a header, streaming chunks, and a todo/write every 500 events and 5 before the end. */
export function harnessLines(events: number): string[] {
  const lines = ['{"type":"session","version":0,"id":"bench","createdAt":0,"cwd":"/","delegationDepth":0}']
  const plan = (n: number) =>
    JSON.stringify({
      todos: [
        { content: `step ${n}`, status: 'in_progress' },
        { content: 'run the tests', status: 'pending' },
      ],
    })
  for (let seq = 0; seq < events; seq++) {
    const write = seq === events - 5 || seq % 500 === 250
    lines.push(
      write
        ? `{"type":"todo/write","seq":${seq},"time":${seq},"data":${plan(seq)}}`
        : `{"type":"assistant/chunk","seq":${seq},"time":${seq},"data":{"turn":1,"step":1,"chunk":{"type":"reasoning-delta","index":0,"text":" token ${seq}"}}}`,
    )
  }
  return lines
}

/** A log file of about `bytes`, written in pieces (a 1 GB string would not fit), its plan near the end. */
function writeLogOfSize(path: string, bytes: number): number {
  const fd = openSync(path, 'w')
  let written = 0
  let events = 0
  try {
    const header = harnessLines(0)[0]! + '\n'
    writeSync(fd, header)
    written += header.length
    const chunk = harnessLines(1_000).slice(1).join('\n') + '\n'
    while (written + chunk.length < bytes) {
      writeSync(fd, chunk)
      written += chunk.length
      events += 1_000
    }
  } finally {
    closeSync(fd)
  }
  return events
}

const BIN = fileURLToPath(new URL('../../src/cli/bin.js', import.meta.url))
const SAMPLE = fileURLToPath(new URL('../../../examples/logs/release-sample.jsonl', import.meta.url))
/** A session the release app wrote (beside the repository, when it is there): its lines are the app's own. */
const APP_SESSION = fileURLToPath(new URL('../../../../shared/fixtures/dsh-0.1.1-rc.2-sessions/refusals-then-update-todo-write/session.jsonl', import.meta.url))

/** Wall-clock nanoseconds of a command run to its end (a subprocess: its CPU time is not this process's). */
function wall(command: string, args: string[]): number {
  const start = process.hrtime.bigint()
  const run = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] })
  if (run.status !== 0 && run.status !== 1) throw new Error(`${command} ${args.join(' ')} ended with ${run.status ?? run.signal}`)
  return Number(process.hrtime.bigint() - start)
}

/** The floor a compressed log is read against: `zstd -dc` piped into node, which parses every line. */
const FLOOR = `let rest = ''; process.stdin.setEncoding('utf8').on('data', (text) => { const lines = (rest + text).split('\\n'); rest = lines.pop(); for (const line of lines) if (line) JSON.parse(line) })`

/** The plan of the log at `path`, read from its end `n` times over. */
async function lastPlan(path: string, n: number): Promise<unknown> {
  let plan: unknown = null
  for (let r = 0; r < n; r++) plan = (await planFromEnd(path)).plan
  return plan
}

export const replay: Row = {
  id: 'd',
  what: 'the plan of a log file: `todo-write replay` reading from the end vs parsing every line',
  ratio:
    'T(read the file and parse every line, keep the last todo/write) / T(our replay of the same file: the header from the start, the lines from the end back to the last good todo/write), per repetition; and, for a 1 GB and a 1 MB log, T(1 GB) / T(1 MB) of ours',
  target: { op: '>=', value: 20 },
  targetText: '≥ 20 at 10⁵ events (1 GB / 1 MB: ≤ 2)',
  async run({ timing, log }) {
    const dir = mkdtempSync(join(tmpdir(), 'todo-write-bench-d-'))
    try {
      const cases: MeasuredCase[] = await eachInTurn(SIZES, async (size) => {
        log(`(d) ${size} events`)
        const path = join(dir, `${size}.jsonl`)
        writeFileSync(path, harnessLines(size).join('\n') + '\n')
        const times = await sideBySide(
          [
            {
              label: 'parse every line',
              batch(n) {
                let last: unknown = null
                for (let r = 0; r < n; r++) {
                  for (const line of readFileSync(path, 'utf8').split('\n')) {
                    if (line === '') continue
                    const event = JSON.parse(line) as { type: string; data: { todos: unknown } }
                    if (event.type === TODO_WRITE) last = event.data.todos
                  }
                }
                return last
              },
            },
            {
              label: 'our replay',
              batch: (n) => lastPlan(path, n),
            },
          ],
          { ...timing, reps: Math.min(timing.reps, size >= 100_000 ? 7 : timing.reps) },
        )
        const { ratio, spread } = medianRatio(times, ([parse, ours]) => parse! / ours!)
        return {
          label: `${size.toLocaleString('en-US')} events`,
          ratio,
          spread,
          // The target is set at 10⁵ events; the smaller logs show the trend.
          informational: size < 100_000,
          context: { 'parse every line ns': median(times.map((t) => t[0]!)), 'our replay ns': median(times.map((t) => t[1]!)) },
        }
      })
      log('(d) a 1 GB and a 1 MB log')
      const [big, small] = [join(dir, 'big.jsonl'), join(dir, 'small.jsonl')]
      const events = writeLogOfSize(big, 1e9)
      writeLogOfSize(small, 1e6)
      const sizes = await sideBySide(
        [
          { label: '1 MB', batch: (n) => lastPlan(small, n) },
          { label: '1 GB', batch: (n) => lastPlan(big, n) },
        ],
        timing,
      )
      cases.push({
        label: `1 GB (${events.toLocaleString('en-US')} events) / 1 MB, ours`,
        ...medianRatio(sizes, ([oneMb, oneGb]) => oneGb! / oneMb!),
        target: { op: '<=', value: 2 },
        context: { '1 MB ns': median(sizes.map((t) => t[0]!)), '1 GB ns': median(sizes.map((t) => t[1]!)) },
      })
      const zstdFound = spawnSync('zstd', ['--version']).status === 0
      // The app's own session when it is beside the repository; else our sample, whose lines are shorter (more frames to the byte).
      const template = existsSync(APP_SESSION) ? APP_SESSION : SAMPLE
      if (zstdFound) {
        log('(d) a 100 MB app-shaped zstd log')
        const app = join(dir, 'app.jsonl.zstd')
        await writeAppLog(app, 100e6, template)
        const sides = [
          () => wall('sh', ['-c', `zstd -dcq "$0" | "${process.execPath}" -e "$1"`, app, FLOOR]),
          () => wall(process.execPath, [BIN, 'replay', app]),
        ]
        const times: number[][] = []
        // Interleaved, the order reversed every other repetition, so load hits both alike.
        for (let rep = 0; rep < Math.min(timing.reps, 5); rep++)
          times.push(
            rep % 2 === 0
              ? sides.map((side) => side())
              : [...sides]
                  .reverse()
                  .map((side) => side())
                  .reverse(),
          )
        cases.push({
          label: `100 MB app-shaped zstd log (a frame every 4 lines, the lines of ${template === APP_SESSION ? "the release app's session" : 'examples/logs/release-sample.jsonl'}), ours / zstd -dc | node JSON.parse`,
          ...medianRatio(times, ([floor, ours]) => ours! / floor!),
          target: { op: '<=', value: 2 },
          context: { 'zstd -dc | JSON.parse ns': median(times.map((t) => t[0]!)), 'our replay ns': median(times.map((t) => t[1]!)) },
        })
      }
      return {
        cases,
        note: `Our replay reads the header from the start and the lines from the end back to the last good todo/write (TW-REPLAY-TAIL-1); \`--check\` still reads every line. A compressed log is read from its start, against \`zstd -dc\` piped into node in wall-clock time${zstdFound ? '' : ' (not measured: no zstd command here)'}.`,
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
}
