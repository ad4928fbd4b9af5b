// Row (d): replay of 10³ / 10⁴ / 10⁵-event logs — our replay vs parsing every line (issue 7:
// target ≥ 20× at 10⁵ when the last `todo/write` is near the end). Both sides get the same
// lines, already split, so the row times replay itself, not reading the file.
import { LogParser } from '../../src/log/reader.js'
import { PlanReplay } from '../../src/log/plan.js'
import { TODO_WRITE } from '../../src/core/event.js'
import type { Row } from '../row.js'
import { medianRatio, median, sideBySide } from '../timing.js'

export const SIZES = [1_000, 10_000, 100_000]

/** A harness-shaped log: a header, streaming chunks, and a todo/write every 500 events and 5 before the end. */
export function harnessLines(events: number): string[] {
  const lines = ['{"type":"session","version":0,"id":"bench","createdAt":0,"cwd":"/","delegationDepth":0}']
  const plan = (n: number) =>
    JSON.stringify({ todos: [{ content: `step ${n}`, status: 'in_progress' }, { content: 'run the tests', status: 'pending' }] })
  for (let seq = 0; seq < events; seq++) {
    const write = seq === events - 5 || seq % 500 === 250
    lines.push(
      write
        ? `{"type":"todo/write","seq":${seq},"time":${seq},"data":${plan(seq)}}`
        : `{"type":"assistant/chunk","seq":${seq},"time":${seq},"data":{"turn":1,"step":1,"chunk":{"type":"reasoning-delta","index":0,"text":" token ${seq}"}}}`,
    )
  }
  return lines
}

export const replay: Row = {
  id: 'd',
  what: 'replay of 10³ / 10⁴ / 10⁵-event logs: our replay vs parsing every line',
  ratio: 'T(parse every line, keep the last todo/write) / T(our replay: LogParser + PlanReplay, every line checked), per repetition',
  target: { op: '>=', value: 20 },
  async run({ timing, log }) {
    const cases = SIZES.map((size) => {
      log(`(d) ${size} events`)
      const lines = harnessLines(size)
      const times = sideBySide(
        [
          {
            label: 'parse every line',
            batch(n) {
              let last: unknown = null
              for (let r = 0; r < n; r++) {
                for (const line of lines) {
                  const event = JSON.parse(line) as { type: string; data: { todos: unknown } }
                  if (event.type === TODO_WRITE) last = event.data.todos
                }
              }
              return last
            },
          },
          {
            label: 'our replay',
            batch(n) {
              let plan = new PlanReplay()
              for (let r = 0; r < n; r++) {
                const parser = new LogParser()
                plan = new PlanReplay()
                for (const line of lines) for (const record of parser.push(line)) if (record.kind === 'event') plan.apply(record.event)
              }
              return plan.current
            },
          },
        ],
        { ...timing, reps: Math.min(timing.reps, size >= 100_000 ? 5 : timing.reps) },
      )
      const { ratio, spread } = medianRatio(times, ([parse, ours]) => parse! / ours!)
      return {
        label: `${size.toLocaleString('en-US')} events`,
        ratio,
        spread,
        context: { 'parse every line ns': median(times.map((t) => t[0]!)), 'our replay ns': median(times.map((t) => t[1]!)) },
      }
    })
    return {
      cases,
      note:
        'Our replay parses and checks every line (TW-LOG-2..6 report damaged lines by number, TW-LOG-1 checks every snapshot), so it cannot beat parsing every line; the 20× target assumes reading backwards from the end of the file, which would skip those checks. Memory: `replay` streams (test/replay-bin.test.ts reads a 60 MB log in a 32 MB heap); parsing every line of a file read whole holds the file.',
    }
  },
}
