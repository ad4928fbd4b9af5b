// `node bench/startup.mjs [runs]`, after `npm run build`: how long the built `todo-write`
// takes to start, as a ratio to `node -e 0`. The commands run in turn, the order rotated
// every run, so load hits each alike; each figure is the median wall time of `runs` (21).
// Targets: `--version` and `replay` of a plain log (its plan, read from the end) within
// 1.15x; `call` and `serve` are shown for comparison. Exit 1 when a target is missed.
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const BIN = `${ROOT}dist/cli/bin.js`
const runs = Number(process.argv[2] ?? 21)
if (!Number.isSafeInteger(runs) || runs < 1) {
  process.stderr.write('usage: node bench/startup.mjs [runs]\n')
  process.exit(2)
}

const SERVE = '{"id":0,"cmd":"start","protocol":1}\n{"id":1,"cmd":"stop"}\n'
const COMMANDS = [
  { label: 'node -e 0', argv: ['-e', '0'] },
  { label: 'todo-write --version', argv: [BIN, '--version'], target: 1.15 },
  { label: 'todo-write replay <plain log>', argv: [BIN, 'replay', 'examples/logs/sample.jsonl'], target: 1.15 },
  { label: 'todo-write call', argv: [BIN, 'call'], input: '{"todos":[{"content":"a","status":"pending"}]}' },
  { label: 'todo-write serve (start, stop)', argv: [BIN, 'serve'], input: SERVE },
]

const times = COMMANDS.map(() => [])
for (let run = 0; run < runs; run++) {
  const order = COMMANDS.map((_, i) => (i + run) % COMMANDS.length)
  if (run % 2 === 1) order.reverse()
  for (const i of order) {
    const { argv, input = '' } = COMMANDS[i]
    const start = process.hrtime.bigint()
    const result = spawnSync(process.execPath, argv, { cwd: ROOT, input, encoding: 'utf8' })
    times[i].push(Number(process.hrtime.bigint() - start) / 1e6)
    if (result.status !== 0) {
      process.stderr.write(`startup: ${argv.join(' ')} exited ${result.status}: ${result.stderr}`)
      process.exit(2)
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const node = median(times[0])
let missed = 0
process.stdout.write(`${runs} runs each, load average ${loadavg()[0].toFixed(2)} at the end\n`)
for (const [i, { label, target }] of COMMANDS.entries()) {
  const ratio = median(times[i]) / node
  const judged = target === undefined ? '' : ratio <= target ? `  target ≤ ${target}: met` : `  target ≤ ${target}: MISSED`
  if (target !== undefined && ratio > target) missed++
  process.stdout.write(`${label.padEnd(32)} ${median(times[i]).toFixed(1).padStart(7)} ms  ${ratio.toFixed(2)}x${judged}\n`)
}
process.exitCode = missed > 0 ? 1 : 0
