// What the benchmark's figures and verdicts come from. Nothing is timed here.
import { describe, expect, it } from 'vitest'
import { rowResult, type Row } from './row.js'
import { ROWS } from './rows/index.js'
import { median, medianRatio } from './timing.js'

describe('the rows and their verdicts', () => {
  it('the runner lists one module per row, (a) to (g)', () => {
    expect(ROWS.map((row) => row.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'])
  })

  it("a case is judged by its own target, else the row's, unless informational; a row is met when all its judged cases are", async () => {
    const row: Row = { id: 'x', what: 'w', ratio: 'r', target: { op: '<=', value: 1.5 }, run: async () => ({ cases: [] }) }
    const measured = (ratio: number, more = {}) => ({ label: String(ratio), ratio, spread: [ratio, ratio] as [number, number], ...more })
    const result = rowResult(row, {
      cases: [measured(1.2), measured(0.5, { target: { op: '>=', value: 1 } }), measured(9, { informational: true })],
    })
    expect(result.cases.map((c) => [c.target, c.met])).toEqual([
      ['≤ 1.5', true],
      ['≥ 1', false],
      [null, null],
    ])
    expect(result.met).toBe(false)
    expect(rowResult(row, { cases: [measured(1.5)] }).met).toBe(true)
    expect(rowResult(row, { cases: [], note: 'not measured' })).toMatchObject({ met: null, note: 'not measured' })
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
})
