// Row (d): replay of 10³ / 10⁴ / 10⁵-event logs — our streaming replay vs parsing every
// line, time and peak memory; target ≥ 20× at 10⁵ when the last `todo/write` is near the
// end (issue 7). RESERVED: the replay module lands from another branch, and this row is
// written with it. Until then it is reported as not measured, never as met.
import type { Row } from '../row.js'

export const replay: Row = {
  id: 'd',
  what: 'replay of 10³ / 10⁴ / 10⁵-event logs: streaming replay vs parsing every line',
  ratio: 'T(parse every line) / T(streaming replay), and peak memory, per repetition',
  target: { op: '>=', value: 20 },
  async run() {
    return { cases: [], note: 'not measured here yet: the replay module has not landed on this branch' }
  },
}
