// `npm run zoo`: every bug of the zoo (zoo.ts) through the kit — the vectors and the protocol
// suite once, the fuzzer alone under 20 seeds of at most 500 sequences — then the table and
// the targets. Exit 1 when the clean port fails or a bug passes the kit.
//   --only NAME   just this bug (repeatable)
//   --seeds N     the first N seeds of the 20        --runs N   sequences per seed
//   --jobs N      bugs measured at once (default 2)  --timeout MS  per request (default 10000)
//   --record FILE the results as JSON, for comparing runs
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { parseArgs } from 'node:util'
import { measureBug, measureClean, ZOO, ZOO_RUNS, ZOO_SEEDS, type BugResult, type ZooSettings } from './zoo.js'

interface ZooResults {
  node: string
  cores: number
  seeds: number[]
  runs: number
  seconds: number
  /** The clean port: what it failed (must be 0). */
  clean: { failed: number; fuzzFailed: number }
  bugs: BugResult[]
}

/** The fuzzer alone must catch a bug no deterministic check pins with at least this share of seeds. */
const FUZZ_TARGET = 0.95

/** Whether a deterministic suite pins the bug: a vector, a protocol check, or the start handshake fails. */
const pinned = (bug: BugResult): boolean => bug.start || bug.vectors.failed > 0 || bug.protocol.failed > 0
const caughtSeeds = (bug: BugResult): number => bug.fuzz.filter((f) => f.at !== null).length

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The targets of TW-KIT-ZOO-1, each with whether this run meets it. */
function targets(results: ZooResults): { met: boolean; text: string }[] {
  const all = results.bugs.length
  const failsKit = results.bugs.filter((b) => pinned(b) || caughtSeeds(b) > 0)
  const everySeed = results.bugs.filter((b) => pinned(b) || caughtSeeds(b) === b.fuzz.length)
  const unpinned = results.bugs.filter((b) => !pinned(b))
  const weak = unpinned.filter((b) => caughtSeeds(b) < FUZZ_TARGET * b.fuzz.length)
  const names = (bugs: BugResult[]) => bugs.map((b) => `${b.name} (${caughtSeeds(b)}/${b.fuzz.length})`).join(', ')
  const cleanFailed = results.clean.failed + results.clean.fuzzFailed
  return [
    { met: cleanFailed === 0, text: `The clean port passes the vectors, the protocol suite and the fuzzer (${cleanFailed} failures).` },
    { met: failsKit.length === all, text: `Every bug fails the kit: ${failsKit.length} of ${all}.` },
    {
      met: everySeed.length === all,
      text: `Every bug is caught by the vectors, the protocol suite or the fuzzer, under every seed: ${everySeed.length} of ${all}.`,
    },
    {
      met: weak.length === 0,
      text: `The fuzzer alone catches every bug no deterministic check pins (${unpinned.length}) with ≥ ${FUZZ_TARGET * 100}% of seeds within ${results.runs} sequences${weak.length ? `: missed by ${names(weak)}` : ''}.`,
    },
  ]
}

/** The table of a zoo run, then its targets. */
function renderZoo(results: ZooResults): string {
  const row = (cells: (string | number)[]) => cells.join('  ')
  const width = Math.max(...results.bugs.map((b) => b.name.length))
  const rows = results.bugs.map((bug, index) => {
    const at = median(bug.fuzz.flatMap((f) => (f.at === null ? [] : [f.at])))
    const caught = (failed: number) => (bug.start ? 'start fails' : failed > 0 ? `yes (${failed})` : 'no').padEnd(11)
    const fuzz = `${caughtSeeds(bug)}/${bug.fuzz.length}`.padEnd(6)
    return row([
      String(index + 1).padStart(2),
      bug.name.padEnd(width),
      bug.source.padEnd(6),
      caught(bug.vectors.failed),
      caught(bug.protocol.failed),
      fuzz,
      bug.start ? '—' : (at ?? '—'),
    ])
  })
  const started = results.bugs.find((b) => !b.start)
  const vectorsOf = started?.vectors.of ?? 0
  const protocolOf = started?.protocol.of ?? 0
  return [
    `Node ${results.node}, ${results.cores} cores; ${results.bugs.length} bugs, ${results.seconds.toFixed(0)} s. Failed vectors of ${vectorsOf} and protocol checks of ${protocolOf} in parentheses; ` +
      `fuzzer alone: the seeds (${results.seeds[0]}–${results.seeds.at(-1)}) that found a disagreement within ${results.runs} sequences, and the median sequence where it came.`,
    '',
    row([' #', 'bug'.padEnd(width), 'port'.padEnd(6), 'vectors'.padEnd(11), 'protocol'.padEnd(11), 'fuzzer', 'median']),
    ...rows,
    '',
    ...targets(results).map((t) => `${t.met ? 'met' : 'NOT MET'}: ${t.text}`),
  ].join('\n')
}

async function main(): Promise<number> {
  const text = { type: 'string' } as const
  const { values } = parseArgs({ options: { only: { type: 'string', multiple: true }, seeds: text, runs: text, jobs: text, timeout: text, record: text } })
  const whole = (flag: 'seeds' | 'runs' | 'jobs' | 'timeout', fallback: number): number => {
    const raw = values[flag]
    if (raw === undefined) return fallback
    const n = Number(raw)
    if (!/^\d+$/.test(raw) || n < 1) throw new Error(`--${flag} must be a whole number ≥ 1, got ${JSON.stringify(raw)}`)
    return n
  }
  const unknown = (values.only ?? []).filter((name) => !ZOO.some((bug) => bug.name === name))
  if (unknown.length > 0) throw new Error(`no such bug: ${unknown.join(', ')}; the zoo has ${ZOO.map((b) => b.name).join(', ')}`)
  const bugs = values.only ? ZOO.filter((bug) => values.only!.includes(bug.name)) : ZOO
  const settings: ZooSettings = {
    seeds: ZOO_SEEDS.slice(0, whole('seeds', ZOO_SEEDS.length)),
    runs: whole('runs', ZOO_RUNS),
    timeoutMs: whole('timeout', 10_000),
    onRun: (what) => process.stderr.write(`zoo: ${what}\n`),
  }
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
      const { vectors, protocol } = result
      process.stderr.write(
        `zoo: ${result.name}: vectors ${vectors.failed}/${vectors.of} failed, protocol ${protocol.failed}/${protocol.of} failed${result.start ? ', start fails' : ''}, fuzzer alone ${caughtSeeds(result)}/${result.fuzz.length}\n`,
      )
    }
  }
  await Promise.all(Array.from({ length: whole('jobs', 2) }, worker))
  const record: ZooResults = {
    node: process.versions.node,
    cores: cpus().length,
    seeds: [...settings.seeds],
    runs: settings.runs,
    seconds: (Date.now() - started) / 1000,
    clean,
    bugs: results,
  }
  process.stdout.write(renderZoo(record) + '\n')
  if (values.record !== undefined) writeFileSync(values.record, JSON.stringify(record, null, 2) + '\n')
  const [cleanPasses, everyBugFails] = targets(record)
  return cleanPasses!.met && everyBugFails!.met ? 0 : 1
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`zoo: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(2)
  },
)
