// A benchmark run: the machine it ran on, and the table `npm run bench` prints.
import { cpus, loadavg, platform, arch } from 'node:os'
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
