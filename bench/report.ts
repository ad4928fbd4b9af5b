// bench/results.json and the README table rendered from it. `npm run bench` rewrites the
// README block between the markers; test/bench-report.test.ts checks that they agree.
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, platform, arch } from 'node:os'
import { join } from 'node:path'
import type { RowResult } from './row.js'

export interface Machine {
  cpu: string
  cores: number
  node: string
  platform: string
  /** The 1-minute load average when the run started: how busy the shared machine was. */
  loadAverage: number
  date: string
}

/** The machine this process runs on, now. */
export function machine(): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    node: process.versions.node,
    platform: `${platform()} ${arch()}`,
    loadAverage: loadavg()[0]!,
    date: new Date().toISOString(),
  }
}

const machineLine = (m: Machine): string =>
  `${m.cpu}, ${m.cores} cores, Node ${m.node} (${m.platform}), load average ${m.loadAverage.toFixed(2)} at the start; ${m.date}`

export interface BenchResults {
  machine: Machine
  timing: { reps: number; batchMs: number; warmupBatches: number }
  seconds: number
  rows: RowResult[]
}

export const RESULTS_FILE = 'bench/results.json'
export const TABLE_START = '<!-- bench-table:start (written by `npm run bench` from bench/results.json) -->'
export const TABLE_END = '<!-- bench-table:end -->'

const ratioText = (ratio: number): string => (ratio >= 100 ? ratio.toFixed(0) : ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2))

const metText = (met: boolean | null): string => (met === null ? '—' : met ? 'yes' : '**no**')

const cell = (text: string): string => text.replace(/\|/g, '\\|')

/** The markdown block: the machine line, then one table line per case (one per row when it has none). */
export function renderTable(results: BenchResults): string {
  const { machine } = results
  const lines = [
    `Machine: ${machineLine(machine)} — ${results.timing.reps} repetitions per figure, batches of ${results.timing.batchMs} ms, ${Math.round(results.seconds)} s in all.`,
    '',
    '| row | what | case | ratio (median) | middle half | target | met |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ]
  for (const row of results.rows) {
    if (row.cases.length === 0) {
      lines.push(`| (${row.id}) | ${cell(row.what)} | ${cell(row.note ?? 'not measured')} | — | — | ${row.target ?? '—'} | — |`)
      continue
    }
    for (const c of row.cases) {
      lines.push(
        `| (${row.id}) | ${cell(row.what)} | ${cell(c.label)} | ${ratioText(c.ratio)} | ${ratioText(c.spread[0])}–${ratioText(c.spread[1])} | ${c.target ?? '(context)'} | ${metText(c.met)} |`,
      )
    }
  }
  return lines.join('\n')
}

/** `text` with the block between `start` and `end` replaced by `block`; throws when the markers are missing. */
export function replaceBlock(text: string, start: string, end: string, block: string): string {
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`the markers ${start} … ${end} are missing`)
  return text.slice(0, from + start.length) + '\n' + block + '\n' + text.slice(to)
}

/** The block between `start` and `end`, without the newlines around it. */
export function blockOf(text: string, start: string, end: string): string | null {
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) return null
  return text.slice(from + start.length, to).replace(/^\n/, '').replace(/\n$/, '')
}

export const readResults = (root: string): BenchResults => JSON.parse(readFileSync(join(root, RESULTS_FILE), 'utf8')) as BenchResults

export function writeResults(root: string, results: BenchResults): void {
  writeFileSync(join(root, RESULTS_FILE), JSON.stringify(results, null, 2) + '\n')
  const readme = join(root, 'README.md')
  writeFileSync(readme, replaceBlock(readFileSync(readme, 'utf8'), TABLE_START, TABLE_END, renderTable(results)))
}

export interface LinearityResult {
  what: string
  small: string
  big: string
  /** Median over 5 repetitions of T(one call on the 10× input) / T(one call on the 1× input). */
  ratio: number
  spread: [number, number]
  met: boolean
}

export interface FuzzResults {
  machine: Machine
  seed: number
  calls: number
  seconds: number
  failures: number
  byOutcome: Record<string, number>
  byMode: Record<string, number>
  bySource: Record<string, number>
  giants: number
  linearity: LinearityResult[]
}

export const FUZZ_RESULTS_FILE = 'bench/fuzz-results.json'
export const FUZZ_START = '<!-- fuzz-figures:start (written by `npm run fuzz` from bench/fuzz-results.json) -->'
export const FUZZ_END = '<!-- fuzz-figures:end -->'

const count = (n: number | undefined): string => (n ?? 0).toLocaleString('en-US')

/** The markdown block of a fuzz run: what ran, what it found, the linearity table. */
export function renderFuzz(results: FuzzResults): string {
  const o = results.byOutcome
  const m = results.byMode
  return [
    `Machine: ${machineLine(results.machine)}.`,
    '',
    `Seed ${results.seed}: ${count(results.calls)} calls in ${results.seconds.toFixed(0)} s (${count(Math.round(results.calls / results.seconds))} a second, the checks included), ` +
      `**${count(results.failures)} failures**. Through \`callTodoWrite\` ${count(m.call)}, \`executeTodoWrite\` ${count(m.execute)}, the protocol server ${count(m.protocol)}; ` +
      `${count(results.giants)} giants and ${count(results.bySource['hostile request'])} hostile protocol requests among them. ` +
      `Outcomes: ${count(o.accepted)} accepted, ${count(o.arguments)} schema refusals, ${count(o.empty)} empty, ${count(o.duplicate)} duplicate, ${count(o.in_progress)} too many in progress, ${count(o.owner)} without an owner.`,
    '',
    '| kind of input | 1× | 10× | time ratio (median) | middle half | target | met |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.linearity.map(
      (l) => `| ${cell(l.what)} | ${l.small} | ${l.big} | ${ratioText(l.ratio)} | ${ratioText(l.spread[0])}–${ratioText(l.spread[1])} | ≤ 15 | ${metText(l.met)} |`,
    ),
  ].join('\n')
}

export function writeFuzzResults(root: string, results: FuzzResults): void {
  writeFileSync(join(root, FUZZ_RESULTS_FILE), JSON.stringify(results, null, 2) + '\n')
  const readme = join(root, 'README.md')
  writeFileSync(readme, replaceBlock(readFileSync(readme, 'utf8'), FUZZ_START, FUZZ_END, renderFuzz(results)))
}

export const readFuzzResults = (root: string): FuzzResults => JSON.parse(readFileSync(join(root, FUZZ_RESULTS_FILE), 'utf8')) as FuzzResults
