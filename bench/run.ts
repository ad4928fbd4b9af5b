// `npm run bench`: every row in order, the table on stdout; exit 1 when a target is missed.
//   --only a,c       some rows only
//   --reps N         repetitions per figure (default 15; rows (d) and (f) take fewer)
//   --record FILE    the results as JSON, for comparing runs
//   --registry FILE  row (g): this build's dist/release.js against FILE, another build's
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { machine, renderTable, type BenchResults } from './report.js'
import { rowResult, type BenchContext } from './row.js'
import { ROWS } from './rows/index.js'
import { DEFAULT_TIMING } from './timing.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, reps: { type: 'string' }, record: { type: 'string' }, registry: { type: 'string' } } })
  const only = values.only?.split(',')
  const unknown = (only ?? []).filter((id) => !ROWS.some((row) => row.id === id))
  if (unknown.length > 0) throw new Error(`--only: no row ${unknown.join(', ')}; the rows are ${ROWS.map((row) => row.id).join(', ')}`)
  const timing = { ...DEFAULT_TIMING, ...(values.reps ? { reps: Number(values.reps) } : {}) }
  const context: BenchContext = {
    timing,
    root: ROOT,
    ...(values.registry ? { registry: values.registry } : {}),
    log: (line) => process.stderr.write(`bench: ${line}\n`),
  }
  const startedAt = Date.now()
  const started = machine()
  const rows = []
  for (const row of ROWS) {
    if (only && !only.includes(row.id)) continue
    rows.push(rowResult(row, await row.run(context)))
  }
  const results: BenchResults = { machine: started, timing, seconds: (Date.now() - startedAt) / 1000, rows }
  process.stdout.write(renderTable(results) + '\n')
  if (values.record !== undefined) writeFileSync(values.record, JSON.stringify(results, null, 2) + '\n')
  const missed = rows.filter((row) => row.met === false).map((row) => `(${row.id})`)
  process.stdout.write(missed.length ? `targets missed: ${missed.join(' ')}\n` : 'every measured target met\n')
  return missed.length ? 1 : 0
}

try {
  process.exitCode = await main()
} catch (error) {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 2
}
