// `npm run bench`: every row in order, a table on stdout, bench/results.json and the docs
// table rewritten. `--only a,c` runs some rows and writes nothing; `--reps N` overrides the
// repetitions (for a quick look; a recorded run uses the defaults).
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ROWS } from './rows/index.js'
import { machine, writeResults, renderTable, type BenchResults } from './report.js'
import { rowResult, type BenchContext } from './row.js'
import { DEFAULT_TIMING } from './timing.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, reps: { type: 'string' } } })
  const only = values.only?.split(',')
  const timing = { ...DEFAULT_TIMING, ...(values.reps ? { reps: Number(values.reps) } : {}) }
  const partial = only !== undefined || values.reps !== undefined
  const context: BenchContext = { timing, root: ROOT, log: (line) => process.stderr.write(`bench: ${line}\n`) }
  const startedAt = Date.now()
  const started = machine()
  const rows = []
  for (const row of ROWS) {
    if (only && !only.includes(row.id)) continue
    rows.push(rowResult(row, await row.run(context)))
  }
  const results: BenchResults = { machine: started, timing, seconds: (Date.now() - startedAt) / 1000, rows }
  process.stdout.write(renderTable(results) + '\n')
  if (partial) process.stderr.write('bench: a partial run (--only/--reps): bench/results.json and docs/benchmarks.md left as they were\n')
  else writeResults(ROOT, results)
  const missed = rows.filter((row) => row.met === false).map((row) => `(${row.id})`)
  process.stdout.write(missed.length ? `targets missed: ${missed.join(' ')}\n` : 'every measured target met\n')
  return 0
}

try {
  process.exitCode = await main()
} catch (error) {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\nbench: nothing written\n`)
  process.exitCode = 1
}
