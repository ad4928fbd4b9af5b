// TW-PROP-HISTORY-SUMMARY (spec/replay.md section 6): whatever the log (events lost, callIds
// used again, the calls given up under a small bound), the summary counts the entries: the
// calls, the accepted and the refused, each flag, the argument bytes; and each call is one entry, in call order.
import { expect } from 'vitest'
import type { LogEvent } from '../../src/log/events.js'
import { FLAGS, History } from '../../src/log/history.js'
import fc from '../support/fc.js'
import { harnessLog } from '../support/harness-log.js'
import { property } from '../support/property.js'
import { segments } from '../../fixtures/generators.js'

/** The log with the events at these positions lost, and every callId one of three. */
const damaged = (events: LogEvent[], lost: number[], ids: number[]) =>
  events
    .filter((_, i) => !lost.includes(i))
    .map((event, i) => {
      const data = event.data as { callId?: unknown } | null
      return typeof data?.callId === 'string' ? { ...event, seq: i, data: { ...data, callId: `c${ids[i % ids.length]! % 3}` } } : { ...event, seq: i }
    })

property(
  'TW-PROP-HISTORY-SUMMARY: the summary counts the entries, one per call',
  [segments, fc.array(fc.nat(60), { maxLength: 8 }), fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 8_000 })],
  (segs, lost, ids, bound) => {
    const events = damaged(harnessLog(segs).events, lost, ids)
    const history = new History({ maxHeldBytes: bound })
    const entries = [...events.flatMap((event) => history.push(event)), ...history.end()]
    const count = (keep: (entry: (typeof entries)[number]) => boolean) => entries.filter(keep).length
    expect(history.summary).toEqual({
      calls: entries.length,
      accepted: count((entry) => entry.accepted),
      refused: count((entry) => !entry.accepted),
      flags: Object.fromEntries(FLAGS.map((flag) => [flag, count((entry) => entry.flags.includes(flag))])),
      argumentBytes: entries.reduce((sum, entry) => sum + entry.argumentBytes, 0),
    })
    const calls = events.filter((event) => event.type === 'tool/call' && (event.data as { name?: unknown } | null)?.name === 'todo_write')
    expect(entries.map((entry) => entry.seq)).toEqual(calls.map((event) => event.seq))
    expect(history.heldBytes).toBe(0)
  },
)
