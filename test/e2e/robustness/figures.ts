// test/e2e/robustness/results.json, the record of the last full `npm run fuzz`, and the
// figures docs/benchmarks.md shows from it (between its fuzz-figures markers).
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'

export interface FuzzResults {
  /** Where and when it ran. */
  node: string
  cores: number
  date: string
  /** The 1-minute load average as the run ended: how busy the machine was. */
  load?: number
  seed: number
  calls: number
  seconds: number
  failures: number
  byOutcome: Record<string, number>
  byMode: Record<string, number>
  bySource: Record<string, number>
  giants: number
}

export const FUZZ_RESULTS_FILE = 'test/e2e/robustness/results.json'
export const FUZZ_DOC_FILE = 'docs/benchmarks.md'
export const FUZZ_START = '<!-- fuzz-figures:start (written by `npm run fuzz` from test/e2e/robustness/results.json) -->'
export const FUZZ_END = '<!-- fuzz-figures:end -->'

/** This machine, now. */
export const runContext = () => ({ node: process.versions.node, cores: cpus().length, date: new Date().toISOString() })

const count = (n: number | undefined): string => (n ?? 0).toLocaleString('en-US')

/** The markdown block of a fuzz run: what ran and what it found. */
export function renderFuzz(results: FuzzResults): string {
  const o = results.byOutcome
  const m = results.byMode
  return [
    `Node ${results.node}, ${results.cores} cores, ${results.date}${results.load === undefined ? '' : `, load average ${results.load.toFixed(1)} as it ended`}.`,
    '',
    `Seed ${results.seed}: ${count(results.calls)} calls in ${results.seconds.toFixed(0)} s (${count(Math.round(results.calls / results.seconds))} a second, the checks included), ` +
      `**${count(results.failures)} failures**. Through \`callTodoWrite\` ${count(m.call)}, the tool body ${count(m.execute)}, the protocol server ${count(m.protocol)}; ` +
      `${count(results.giants)} giants and ${count(results.bySource['hostile request'])} hostile protocol requests among them. ` +
      `Outcomes: ${count(o.accepted)} accepted, ${count(o.arguments)} schema refusals, ${count(o.empty)} empty, ${count(o.duplicate)} duplicate, ${count(o.in_progress)} too many in progress, ${count(o.owner)} without an owner.`,
  ].join('\n')
}

/** The block docs/benchmarks.md must hold for these results, markers included. */
export const fuzzBlock = (results: FuzzResults): string => `${FUZZ_START}\n${renderFuzz(results)}\n${FUZZ_END}`

export const readFuzzResults = (root: string): FuzzResults => JSON.parse(readFileSync(join(root, FUZZ_RESULTS_FILE), 'utf8')) as FuzzResults

/** Record a full run and show it in the docs. */
export function writeFuzzResults(root: string, results: FuzzResults): void {
  writeFileSync(join(root, FUZZ_RESULTS_FILE), JSON.stringify(results, null, 2) + '\n')
  const page = join(root, FUZZ_DOC_FILE)
  const text = readFileSync(page, 'utf8')
  const [from, to] = [text.indexOf(FUZZ_START), text.indexOf(FUZZ_END)]
  if (from < 0 || to < from) throw new Error(`${FUZZ_DOC_FILE} has no fuzz-figures markers`)
  writeFileSync(page, text.slice(0, from) + fuzzBlock(results) + text.slice(to + FUZZ_END.length))
}
