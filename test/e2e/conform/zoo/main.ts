// `npm run zoo`: every bug of the zoo (zoo.ts) through the kit — the vectors and the protocol
// suite once, the fuzzer alone under 20 seeds of at most 500 sequences — then the table and
// the targets (figures.ts). A full run records its results and writes docs/zoo.md.
//   --only NAME   just this bug (repeatable); a partial run records nothing
//   --seeds N     the first N seeds of the 20        --runs N   sequences per seed
//   --jobs N      bugs measured at once (default 2)  --timeout MS  per request (default 10000)
//   --render      run nothing: write docs/zoo.md again from the recorded results
import { parseArgs } from 'node:util'
import { readZooResults, renderZoo, runContext, targets, writeZooResults, type ZooResults } from './figures.js'
import { measureBug, measureClean, ROOT, ZOO, ZOO_RUNS, ZOO_SEEDS, type BugResult, type ZooSettings } from './zoo.js'

function whole(raw: string | undefined, flag: string, fallback: number): number {
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!/^\d+$/.test(raw) || n < 1) throw new Error(`${flag} must be a whole number ≥ 1, got ${JSON.stringify(raw)}`)
  return n
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      seeds: { type: 'string' },
      runs: { type: 'string' },
      jobs: { type: 'string' },
      timeout: { type: 'string' },
      render: { type: 'boolean' },
    },
  })
  if (values.render) {
    const recorded = readZooResults(ROOT)
    writeZooResults(ROOT, recorded)
    process.stdout.write(renderZoo(recorded) + '\n')
    return 0
  }
  const unknown = (values.only ?? []).filter((name) => !ZOO.some((bug) => bug.name === name))
  if (unknown.length > 0) throw new Error(`no such bug: ${unknown.join(', ')}; the zoo has ${ZOO.map((b) => b.name).join(', ')}`)
  const bugs = values.only ? ZOO.filter((bug) => values.only!.includes(bug.name)) : ZOO
  const settings: ZooSettings = {
    seeds: ZOO_SEEDS.slice(0, whole(values.seeds, '--seeds', ZOO_SEEDS.length)),
    runs: whole(values.runs, '--runs', ZOO_RUNS),
    timeoutMs: whole(values.timeout, '--timeout', 10_000),
    onRun: (what) => process.stderr.write(`zoo: ${what}\n`),
  }
  const full = bugs.length === ZOO.length && settings.seeds.length === ZOO_SEEDS.length && settings.runs === ZOO_RUNS
  const context = runContext()
  const started = Date.now()
  process.stdout.write(`todo-write zoo: ${bugs.length} bugs, seeds ${settings.seeds[0]}–${settings.seeds.at(-1)}, at most ${settings.runs} sequences each\n`)
  const clean = await measureClean(settings)
  process.stdout.write(`clean port: ${clean.failed} deterministic failures, ${clean.fuzzFailed} fuzzer failures\n`)
  const results: BugResult[] = new Array(bugs.length)
  let next = 0
  const worker = async () => {
    while (next < bugs.length) {
      const index = next++
      const result = await measureBug(bugs[index]!, settings)
      results[index] = result
      const caught = result.fuzz.filter((f) => f.at !== null).length
      process.stdout.write(
        `${result.name}: vectors ${result.vectors.failed}/${result.vectors.of} failed, protocol ${result.protocol.failed}/${result.protocol.of} failed${result.start ? ', start fails' : ''}, fuzzer alone ${caught}/${result.fuzz.length}\n`,
      )
    }
  }
  await Promise.all(Array.from({ length: whole(values.jobs, '--jobs', 2) }, worker))
  const record: ZooResults = { ...context, seeds: [...settings.seeds], runs: settings.runs, seconds: (Date.now() - started) / 1000, clean, bugs: results }
  process.stdout.write(renderZoo(record) + '\n')
  if (full) writeZooResults(ROOT, record)
  else process.stderr.write('zoo: a partial run (--only, --seeds or --runs): the recorded results are left as they were\n')
  const failing = targets(record)
    .slice(0, 2)
    .filter((t) => !t.met)
  return failing.length === 0 ? 0 : 1
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`zoo: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(2)
  },
)
