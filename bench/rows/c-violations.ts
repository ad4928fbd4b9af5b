// Row (c): a refused call's cost grows linearly with its violations: the walk words each
// one once, and nothing in the joining or the envelope is quadratic.
import { callTodoWrite } from '../../src/core/call.js'
import { invalidArgumentsText } from '../data.js'
import type { Row } from '../row.js'
import { median, medianRatio, sideBySide, type Side } from '../timing.js'

const COUNTS = [1, 100, 10_000]

export const violations: Row = {
  id: 'c',
  what: 'a refused call with 1 / 100 / 10,000 schema violations (one bad status per item)',
  ratio:
    'time per violation at the larger count / time per violation at the smaller, per repetition, the three counts timed side by side (`callTodoWrite` on parsed arguments; 1.0 is exactly linear)',
  target: { op: '<=', value: 1.5 },
  async run({ timing, log }) {
    log('(c) 1 / 100 / 10,000 violations')
    const inputs = COUNTS.map((count) => JSON.parse(invalidArgumentsText(count)) as unknown)
    const sides: Side[] = inputs.map((args, i) => ({
      label: `${COUNTS[i]} violations`,
      batch(n) {
        let last: unknown
        for (let k = 0; k < n; k++) last = callTodoWrite(args, {})
        return last
      },
    }))
    const times = await sideBySide(sides, timing)
    const perViolation = (t: readonly number[], i: number) => t[i]! / COUNTS[i]!
    const context = Object.fromEntries(COUNTS.map((count, i) => [`${count.toLocaleString('en-US')} violations ns`, median(times.map((t) => t[i]!))]))
    return {
      cases: [
        {
          label: 'per violation, 100 vs 1 (the fixed cost of a call spread over fewer violations)',
          ...medianRatio(times, (t) => perViolation(t, 1) / perViolation(t, 0)),
          informational: true,
          context,
        },
        { label: 'per violation, 10,000 vs 100', ...medianRatio(times, (t) => perViolation(t, 2) / perViolation(t, 1)), context },
      ],
    }
  },
}
