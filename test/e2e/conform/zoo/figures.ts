// test/e2e/conform/zoo/results.json, the record of the last full `npm run zoo`, and the
// table docs/zoo.md shows from it (between its zoo markers).
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import type { BugResult } from './zoo.js'

export interface ZooResults {
  node: string
  cores: number
  date: string
  /** The seeds of the fuzzer-alone runs, and the sequences each may generate. */
  seeds: number[]
  runs: number
  seconds: number
  /** The clean port: what it failed (must be 0). */
  clean: { failed: number; fuzzFailed: number }
  bugs: BugResult[]
}

export const ZOO_RESULTS_FILE = 'test/e2e/conform/zoo/results.json'
export const ZOO_DOC_FILE = 'docs/zoo.md'
export const ZOO_START = '<!-- zoo:start (written by `npm run zoo` from test/e2e/conform/zoo/results.json) -->'
export const ZOO_END = '<!-- zoo:end -->'
/** The fuzzer alone must catch a bug no deterministic check pins with at least this share of seeds. */
export const FUZZ_TARGET = 0.95

export const runContext = () => ({ node: process.versions.node, cores: cpus().length, date: new Date().toISOString() })

/** Whether a deterministic suite pins the bug: a vector, a protocol check, or the start handshake fails. */
export const pinned = (bug: BugResult): boolean => bug.start || bug.vectors.failed > 0 || bug.protocol.failed > 0
export const caughtSeeds = (bug: BugResult): number => bug.fuzz.filter((f) => f.at !== null).length

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** What the targets of TW-KIT-ZOO-1 say of a run: each line is a target and whether it is met. */
export function targets(results: ZooResults): { met: boolean; text: string }[] {
  const all = results.bugs.length
  const failsKit = results.bugs.filter((b) => pinned(b) || caughtSeeds(b) > 0)
  const everySeed = results.bugs.filter((b) => pinned(b) || caughtSeeds(b) === b.fuzz.length)
  const unpinned = results.bugs.filter((b) => !pinned(b))
  const weak = results.bugs.filter((b) => !pinned(b) && caughtSeeds(b) < FUZZ_TARGET * b.fuzz.length)
  const weakAll = results.bugs.filter((b) => b.fuzz.length > 0 && caughtSeeds(b) < FUZZ_TARGET * b.fuzz.length)
  const names = (bugs: BugResult[]) => bugs.map((b) => `\`${b.name}\` (${caughtSeeds(b)}/${b.fuzz.length})`).join(', ')
  return [
    {
      met: results.clean.failed === 0 && results.clean.fuzzFailed === 0,
      text: `The clean port passes the vectors, the protocol suite and the fuzzer (${results.clean.failed + results.clean.fuzzFailed} failures).`,
    },
    { met: failsKit.length === all, text: `Every bug fails the kit: ${failsKit.length} of ${all}.` },
    {
      met: everySeed.length === all,
      text: `Every bug is caught by the vectors, the protocol suite or the fuzzer, under every seed: ${everySeed.length} of ${all}.`,
    },
    {
      met: weak.length === 0,
      text: `The fuzzer alone catches every bug no deterministic check pins (${unpinned.length}) with ≥ ${FUZZ_TARGET * 100}% of seeds within ${results.runs} sequences${weak.length ? `: missed by ${names(weak)}` : ''}.`,
    },
    {
      met: weakAll.every((b) => pinned(b)),
      text:
        `The fuzzer alone catches ${all - weakAll.length} of the ${all} bugs with ≥ ${FUZZ_TARGET * 100}% of seeds (${results.bugs.filter((b) => caughtSeeds(b) === b.fuzz.length).length} with every seed). ` +
        `The others, each pinned by the protocol suite, leave no trace in a call's outcome, so the fuzzer (well-formed requests, compact LF lines, at most 1,000 levels) cannot see them: ${weakAll.length ? names(weakAll) : 'none'}.`,
    },
  ]
}

const cell = (text: string) => text.replace(/\|/g, '\\|')

/** The markdown block of a zoo run. */
export function renderZoo(results: ZooResults): string {
  const vectorsOf = results.bugs.find((b) => !b.start)?.vectors.of ?? 0
  const protocolOf = results.bugs.find((b) => !b.start)?.protocol.of ?? 0
  const rows = results.bugs.map((bug, index) => {
    const caught = caughtSeeds(bug)
    const at = median(bug.fuzz.flatMap((f) => (f.at === null ? [] : [f.at])))
    const vectors = bug.start ? 'start fails' : bug.vectors.failed > 0 ? `**yes** (${bug.vectors.failed})` : 'no'
    const protocol = bug.start ? 'start fails' : bug.protocol.failed > 0 ? `**yes** (${bug.protocol.failed})` : 'no'
    const fuzz = `${caught}/${bug.fuzz.length}${bug.start ? ' (at start)' : ''}`
    return `| ${index + 1} | \`${bug.name}\` | ${bug.source === 'python' ? 'Python switch' : 'serve wrapper'} | ${cell(bug.imitates)} | ${vectors} | ${protocol} | ${fuzz} | ${bug.start ? '—' : (at ?? '—')} |`
  })
  return [
    `Node ${results.node}, ${results.cores} cores, ${results.date}; ${results.bugs.length} bugs, ${results.seconds.toFixed(0)} s. ` +
      `Vectors: the ${vectorsOf} cases of vectors/ (failed cases in parentheses); protocol: the ${protocolOf} checks of the protocol suite; ` +
      `fuzzer alone: \`--run fuzz\`, the vectors skipped, seeds ${results.seeds[0]}–${results.seeds.at(-1)}, at most ${results.runs} sequences each, no shrinking; ` +
      'median: the sequence at which the first disagreement came, over the seeds that caught it.',
    '',
    '| # | bug | how | what it imitates | vectors | protocol | fuzzer alone: seeds | median sequence |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...targets(results).map((t) => `- ${t.met ? 'Met' : '**Not met**'}: ${t.text}`),
  ].join('\n')
}

export const zooBlock = (results: ZooResults): string => `${ZOO_START}\n${renderZoo(results)}\n${ZOO_END}`

export const readZooResults = (root: string): ZooResults => JSON.parse(readFileSync(join(root, ZOO_RESULTS_FILE), 'utf8')) as ZooResults

/** Record a full run and show it in docs/zoo.md. */
export function writeZooResults(root: string, results: ZooResults): void {
  writeFileSync(join(root, ZOO_RESULTS_FILE), JSON.stringify(results, null, 2) + '\n')
  const page = join(root, ZOO_DOC_FILE)
  const text = readFileSync(page, 'utf8')
  const [from, to] = [text.indexOf(ZOO_START), text.indexOf(ZOO_END)]
  if (from < 0 || to < from) throw new Error(`${ZOO_DOC_FILE} has no zoo markers`)
  writeFileSync(page, text.slice(0, from) + zooBlock(results) + text.slice(to + ZOO_END.length))
}
