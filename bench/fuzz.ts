// `npm run fuzz`: the robustness suite of issue 7. 10^6 fuzzed calls and every giant
// (test/robustness/fuzz.ts), then the linearity check: for each kind of input, one call on
// 10× the input against the mean of ten calls on 1× (same kind, freshly parsed, CPU time,
// interleaved, median of 5) must take at most 15× the time. Prints its figures, writes
// bench/fuzz-results.json and the README block on a full run, exits 1 on any failure.
//   --calls N   fewer (or more) calls; a run of other than 10^6 writes nothing
//   FC_SEED     the seed (default pinned, `random` for a fresh one); always printed
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { callTodoWrite } from '../src/core/call.js'
import { MemorySession } from '../src/core/event.js'
import type { TodoWriteOptions } from '../src/core/options.js'
import { runFuzz } from '../test/e2e/robustness/fuzz.js'
import { sharedKeyContent, validList } from '../test/e2e/robustness/hostile.js'
import { FC_SEED } from '../test/support/seed.js'
import { machine, writeFuzzResults, renderFuzz, type FuzzResults, type LinearityResult } from './report.js'
import { cpuNow, medianRatio } from './timing.js'

const FULL = 1_000_000
const LIMIT = 15

interface Family {
  what: string
  small: string
  big: string
  /** Builds the arguments text of `size` units. */
  text(size: number): string
  sizes: [number, number]
  options?: TodoWriteOptions
}

const list = (todos: unknown[]) => JSON.stringify({ todos })
const KB = 1024

const FAMILIES: Family[] = [
  { what: 'valid list', small: '10^4 items', big: '10^5 items', sizes: [10_000, 100_000], text: (n) => validList(n) },
  { what: 'valid list, every content under one duplicate-check key', small: '10^4 items', big: '10^5 items', sizes: [10_000, 100_000], text: (n) => validList(n, sharedKeyContent) },
  { what: 'one content, accepted', small: '100 KB', big: '1 MB', sizes: [100 * KB, 1000 * KB], text: (n) => list([{ content: ` ${'x'.repeat(n)} `, status: 'pending' }]) },
  {
    what: 'a content twice, quoted in the duplicate error (lone surrogates, NUL, quotes)',
    small: '100 KB',
    big: '1 MB',
    sizes: [100 * KB, 1000 * KB],
    text: (n) => {
      const content = '\ud800\u0000"\\é'.concat('y'.repeat(59)).repeat(n / 64)
      return list([{ content, status: 'pending' }, { content, status: 'pending' }])
    },
  },
  { what: 'schema violations', small: '10^4', big: '10^5', sizes: [10_000, 100_000], text: (n) => list(Array.from({ length: n }, (_, i) => ({ content: `t${i}`, status: 'done' }))) },
  {
    what: 'undeclared item keys (unknownItemKeys: reject)',
    small: '10^4 keys',
    big: '10^5 keys',
    sizes: [10_000, 100_000],
    options: { unknownItemKeys: 'reject' },
    text: (n) => `{"todos":[{"content":"a","status":"pending",${Array.from({ length: n }, (_, i) => `"${i % 3 ? 'k' : ''}${i}":0`).join(',')}}]}`,
  },
  { what: 'nesting in an extra item key (never walked)', small: '10^4 levels', big: '10^5 levels', sizes: [10_000, 100_000], text: (n) => `{"todos":[{"content":"a","status":"pending","x":${'['.repeat(n)}${']'.repeat(n)}}]}` },
]

/**
 * One kind of input: T(a call on the 10× input) / T(a call on the 1× input). Ten 1× inputs
 * and one 10× input are parsed first (untimed); each is then called `r` times, `r` chosen
 * so the 10× side runs for at least 50 ms (a call that ignores its input's size would
 * otherwise be timed at the clock's resolution), so both sides make the same share of
 * first calls on fresh strings. CPU time, the two sides alternating, median of 5.
 */
function linearity(family: Family): LinearityResult {
  const [small, big] = family.sizes.map((size) => family.text(size)) as [string, string]
  const session = new MemorySession()
  const exec = { agent: { session } }
  const run = (inputs: unknown[], r: number): number => {
    const start = cpuNow()
    for (let k = 0; k < r; k++) {
      for (const args of inputs) callTodoWrite(args, exec, family.options)
      session.events.length = 0
    }
    return (cpuNow() - start) / (r * inputs.length)
  }
  const parsed = (text: string, copies: number) => Array.from({ length: copies }, () => JSON.parse(text) as unknown)
  run(parsed(small, 3), 1) // warm-up
  const calibration = parsed(big, 1)
  let r = 1
  while (run(calibration, r) * r < 50e6 && r < 1 << 20) r *= 4
  const reps: number[][] = []
  for (let rep = 0; rep < 5; rep++) {
    const [smallInputs, bigInputs] = [parsed(small, 10), parsed(big, 1)]
    if (rep % 2 === 0) {
      const x = run(smallInputs, r)
      reps.push([x, run(bigInputs, r)])
    } else {
      const y = run(bigInputs, r)
      reps.push([run(smallInputs, r), y])
    }
  }
  const { ratio, spread } = medianRatio(reps, ([x, y]) => y! / x!)
  return { what: family.what, small: family.small, big: family.big, ratio, spread, met: ratio <= LIMIT }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { calls: { type: 'string' } } })
  const calls = values.calls === undefined ? FULL : Number(values.calls)
  if (!Number.isSafeInteger(calls) || calls < 0) throw new Error(`--calls must be a whole number, got ${JSON.stringify(values.calls)}`)
  const started = machine()
  process.stdout.write(`todo-write fuzz: seed ${FC_SEED} (FC_SEED=${FC_SEED} reproduces it), ${calls.toLocaleString('en-US')} calls and every giant\n`)
  const report = runFuzz({ calls, seed: FC_SEED, giants: true, progress: (done) => process.stderr.write(`fuzz: ${done.toLocaleString('en-US')} calls\n`) })
  for (const failure of report.failures) {
    process.stdout.write(`FAIL call ${failure.call} (${failure.source}, ${failure.mode}, agent ${failure.agent}, options ${JSON.stringify(failure.options)}): ${failure.problem}\n  input ${failure.input}\n`)
  }
  process.stderr.write('fuzz: linearity\n')
  const linear = FAMILIES.map(linearity)
  const results: FuzzResults = {
    machine: started,
    seed: report.seed,
    calls: report.calls,
    seconds: report.seconds,
    failures: report.failureCount,
    byOutcome: report.byOutcome,
    byMode: report.byMode,
    bySource: report.bySource,
    giants: report.giants.length,
    linearity: linear,
  }
  process.stdout.write(renderFuzz(results) + '\n')
  const ok = report.failureCount === 0 && linear.every((l) => l.met)
  if (calls === FULL) writeFuzzResults(fileURLToPath(new URL('../../', import.meta.url)), results)
  else process.stderr.write(`fuzz: ${calls} calls, not ${FULL}: bench/fuzz-results.json and README.md left as they were\n`)
  process.stdout.write(ok ? 'ok: no failure, time linear in every kind of input\n' : `FAIL: ${report.failureCount} failure(s), ${linear.filter((l) => !l.met).length} kind(s) of input not linear\n`)
  return ok ? 0 : 1
}

try {
  process.exitCode = await main()
} catch (error) {
  // A bad flag is a usage error (exit 2, its message only); anything else is a bug to see whole.
  const usage = error instanceof Error && ((error as NodeJS.ErrnoException).code ?? '').startsWith('ERR_PARSE_ARGS')
  process.stderr.write(`fuzz: ${usage ? (error as Error).message + '\nusage: npm run fuzz [-- --calls N]' : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = usage ? 2 : 1
}
