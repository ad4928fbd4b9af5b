// `npm run fuzz`: the robustness fuzz at full size. 10^6 fuzzed calls and every giant
// (fuzz.ts), each checked against the model of the spec; prints its figures, and on a full
// run records them (figures.ts). Exit 1 on any failure. (The time side, a call's time being
// linear in its input for each of these kinds of input, is row (f) of `npm run bench`,
// which `npm run fuzz` runs next.)
//   --calls N   fewer (or more) calls; a run of other than 10^6 records nothing
//   FC_SEED     the seed (default pinned, `random` for a fresh one); always printed
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { FC_SEED } from '../../support/seed.js'
import { renderFuzz, runContext, writeFuzzResults, type FuzzResults } from './figures.js'
import { runFuzz } from './fuzz.js'

const FULL = 1_000_000

function main(): number {
  const { values } = parseArgs({ options: { calls: { type: 'string' } } })
  const calls = values.calls === undefined ? FULL : Number(values.calls)
  if (!Number.isSafeInteger(calls) || calls < 0) throw new Error(`--calls must be a whole number, got ${JSON.stringify(values.calls)}`)
  const context = runContext()
  process.stdout.write(`todo-write fuzz: seed ${FC_SEED} (FC_SEED=${FC_SEED} reproduces it), ${calls.toLocaleString('en-US')} calls and every giant\n`)
  const report = runFuzz({ calls, seed: FC_SEED, giants: true, progress: (done) => process.stderr.write(`fuzz: ${done.toLocaleString('en-US')} calls\n`) })
  for (const failure of report.failures) {
    process.stdout.write(
      `FAIL call ${failure.call} (${failure.source}, ${failure.mode}, agent ${failure.agent}, options ${JSON.stringify(failure.options)}): ${failure.problem}\n  input ${failure.input}\n`,
    )
  }
  const results: FuzzResults = {
    ...context,
    load: loadavg()[0],
    seed: report.seed,
    calls: report.calls,
    seconds: report.seconds,
    failures: report.failureCount,
    byOutcome: report.byOutcome,
    byMode: report.byMode,
    bySource: report.bySource,
    giants: report.giants.length,
  }
  process.stdout.write(renderFuzz(results) + '\n')
  if (calls === FULL) writeFuzzResults(fileURLToPath(new URL('../../../../', import.meta.url)), results)
  else process.stderr.write(`fuzz: ${calls} calls, not ${FULL}: the recorded figures are left as they were\n`)
  process.stdout.write(report.failureCount === 0 ? 'ok: no failure\n' : `FAIL: ${report.failureCount} failure(s)\n`)
  return report.failureCount === 0 ? 0 : 1
}

try {
  process.exitCode = main()
} catch (error) {
  // A bad flag is a usage error (exit 2, its message only); anything else is a bug to see whole.
  const usage = error instanceof Error && ((error as NodeJS.ErrnoException).code ?? '').startsWith('ERR_PARSE_ARGS')
  process.stderr.write(
    `fuzz: ${usage ? (error as Error).message + '\nusage: npm run fuzz [-- --calls N]' : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exitCode = usage ? 2 : 1
}
