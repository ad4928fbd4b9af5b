// `npm run bench` records its last run (bench/results.json) and rewrites the table of
// docs/benchmarks.md from it: the page must show exactly the recorded figures, and each
// recorded verdict must follow from its ratio and target. Nothing is timed here.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DOC_FILE, TABLE_END, TABLE_START, blockOf, readResults, renderTable, replaceBlock } from './report.js'
import { ROWS } from './rows/index.js'
import { median, medianRatio } from './timing.js'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const page = readFileSync(`${ROOT}${DOC_FILE}`, 'utf8')

/** "≤ 0.5" → is 0.4 within it. */
const within = (target: string, ratio: number): boolean => {
  const [op, value] = target.split(' ') as [string, string]
  if (op === '≤') return ratio <= Number(value)
  if (op === '≥') return ratio >= Number(value)
  throw new Error(`a target of an unknown form: ${target}`)
}

describe('bench/results.json and the table of docs/benchmarks.md', () => {
  const results = readResults(ROOT)

  it('the page shows the table of the last recorded run, byte for byte', () => {
    expect(blockOf(page, TABLE_START, TABLE_END)).toBe(renderTable(results))
  })

  it('records rows (a) to (f) in order, (d) measured at 10³, 10⁴ and 10⁵ events', () => {
    expect(results.rows.map((row) => row.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    const replay = results.rows.find((row) => row.id === 'd')!
    expect(replay.cases.map((c) => c.label).slice(0, 3)).toEqual(['1,000 events', '10,000 events', '100,000 events'])
    expect(replay.cases[3]!.label).toMatch(/^1 GB \([\d,]+ events\) \/ 1 MB, ours$/)
    expect(replay.note).toMatch(/from the end/)
  })

  it('every verdict follows from its ratio and its target; a row is met when all its judged cases are', () => {
    for (const row of results.rows) {
      for (const c of row.cases) {
        expect(Number.isFinite(c.ratio), `${row.id} ${c.label}`).toBe(true)
        expect(c.spread[0] <= c.ratio && c.ratio <= c.spread[1], `${row.id} ${c.label}: the median lies in the middle half`).toBe(true)
        expect(c.met, `${row.id} ${c.label}`).toBe(c.target === null ? null : within(c.target, c.ratio))
      }
      const judged = row.cases.filter((c) => c.met !== null)
      expect(row.met, row.id).toBe(judged.length === 0 ? null : judged.every((c) => c.met))
    }
  })

  it('the machine it ran on is named', () => {
    expect(results.machine.cores).toBeGreaterThan(0)
    expect(results.machine.cpu).not.toBe('')
    expect(results.machine.node).toMatch(/^\d+\.\d+\.\d+$/)
    expect(Number.isNaN(Date.parse(results.machine.date))).toBe(false)
  })

  it('the runner lists one module per row, (a) to (f)', () => {
    expect(ROWS.map((row) => row.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
  })
})

describe('the helpers the figures come from', () => {
  it('median: the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([7])).toBe(7)
  })

  it('medianRatio: the median of the per-repetition ratios (not the ratio of medians), with the middle half', () => {
    const times = [
      [1, 2],
      [2, 8],
      [10, 10],
      [1, 3],
      [4, 2],
    ]
    // Ratios b/a: 2, 4, 1, 3, 0.5 → sorted 0.5, 1, 2, 3, 4.
    expect(medianRatio(times, ([a, b]) => b! / a!)).toEqual({ ratio: 2, spread: [1, 3] })
  })

  it('replaceBlock swaps what lies between the markers and keeps the rest; blockOf reads it back', () => {
    const text = 'intro\n<!-- s -->\nold\n<!-- e -->\noutro\n'
    const replaced = replaceBlock(text, '<!-- s -->', '<!-- e -->', 'new\ntable')
    expect(replaced).toBe('intro\n<!-- s -->\nnew\ntable\n<!-- e -->\noutro\n')
    expect(blockOf(replaced, '<!-- s -->', '<!-- e -->')).toBe('new\ntable')
    expect(() => replaceBlock('no markers', '<!-- s -->', '<!-- e -->', 'x')).toThrow(/markers/)
  })
})
