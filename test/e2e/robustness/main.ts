// `npm run fuzz`: the robustness fuzz at full size. 10^6 fuzzed calls and every giant
// (fuzz.ts), each checked against the model of the spec; prints its figures. Exit 1 on any
// failure. (The time side, a call's time being linear in its input for each of these kinds
// of input, is row (f) of `npm run bench`, which `npm run fuzz` runs next.)
//   --calls N        fewer (or more) calls
//   --record FILE    the figures as JSON, for comparing runs
//   FC_SEED          the seed (default pinned, `random` for a fresh one); always printed
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { FC_SEED } from '../../support/seed.js'
import { runFuzz } from './fuzz.js'

const count = (n: number | undefined): string => (n ?? 0).toLocaleString('en-US')

function main(): number {
  const { values } = parseArgs({ options: { calls: { type: 'string' }, record: { type: 'string' } } })
  const calls = values.calls === undefined ? 1_000_000 : Number(values.calls)
  if (!Number.isSafeInteger(calls) || calls < 0) throw new Error(`--calls must be a whole number, got ${JSON.stringify(values.calls)}`)
  process.stdout.write(`todo-write fuzz: seed ${FC_SEED} (FC_SEED=${FC_SEED} reproduces it), ${count(calls)} calls and every giant\n`)
  const report = runFuzz({ calls, seed: FC_SEED, giants: true, progress: (done) => process.stderr.write(`fuzz: ${count(done)} calls\n`) })
  for (const failure of report.failures) {
    process.stdout.write(
      `FAIL call ${failure.call} (${failure.source}, ${failure.mode}, agent ${failure.agent}, options ${JSON.stringify(failure.options)}): ${failure.problem}\n  input ${failure.input}\n`,
    )
  }
  const { byOutcome: o, byMode: m, bySource } = report
  process.stdout.write(
    `Node ${process.versions.node}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} as it ended. ` +
      `${count(report.calls)} calls in ${report.seconds.toFixed(0)} s, ${count(report.failureCount)} failures. Through \`callTodoWrite\` ${count(m.call)}, ` +
      `the tool body ${count(m.execute)}, the protocol server ${count(m.protocol)}, hostile values ${count(m.value)}; ${count(report.giants.length)} giants and ` +
      `${count(bySource['hostile request'])} hostile protocol requests among them. Outcomes: ${count(o.accepted)} accepted, ${count(o.lossless)} not lossless, ` +
      `${count(o.arguments)} schema refusals, ${count(o.empty)} empty, ${count(o.duplicate)} duplicate, ${count(o.in_progress)} too many in progress, ${count(o.owner)} without an owner.\n`,
  )
  if (values.record !== undefined) {
    const { failures: _, ...figures } = report
    writeFileSync(values.record, JSON.stringify({ node: process.versions.node, cores: cpus().length, ...figures }, null, 2) + '\n')
  }
  process.stdout.write(report.failureCount === 0 ? 'ok: no failure\n' : `FAIL: ${report.failureCount} failure(s)\n`)
  return report.failureCount === 0 ? 0 : 1
}

try {
  process.exitCode = main()
} catch (error) {
  // A bad flag is a usage error (exit 2, its message only); anything else is a bug to see whole.
  const usage = error instanceof Error && ((error as NodeJS.ErrnoException).code ?? '').startsWith('ERR_PARSE_ARGS')
  process.stderr.write(
    `fuzz: ${usage ? (error as Error).message + '\nusage: npm run fuzz [-- --calls N --record FILE]' : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exitCode = usage ? 2 : 1
}
