import { asyncProperty, property } from '../../support/property.js'
import fc from '../../support/fc.js'
import { expect } from 'vitest'
import type { LogEvent } from '../../../src/log/events.js'
import { currentTodos, standingPlan } from '../../../src/log/plan.js'
import { readLog } from '../../../src/log/reader.js'
import { PlanReplay } from '../../../src/log/plan.js'
import { Verifier } from '../../../src/log/verify.js'
import { harnessLog } from '../../support/harness-log.js'
import { source } from '../../support/replay.js'
import { segments } from './arbitraries-log.js'

async function replay(chunks: Buffer[]) {
  const plan = new PlanReplay()
  const problems: string[] = []
  const events: LogEvent[] = []
  for await (const record of readLog(source(...chunks))) {
    if (record.kind === 'problem') problems.push(`${record.line}: ${record.message}`)
    if (record.kind !== 'event') continue
    events.push(record.event)
    const step = plan.apply(record.event)
    if (step.kind === 'broken') problems.push(`${record.line}: ${step.message}`)
  }
  return { plan, problems, events }
}

/** Cut bytes at these (sorted, deduplicated) offsets. */
const cut = (bytes: Buffer, offsets: number[]): Buffer[] => {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b)
  return [...points, bytes.length].map((end, i) => bytes.subarray(i === 0 ? 0 : points[i - 1]!, end))
}

asyncProperty(
  'TW-PROP-LOG-REPLAY: a harness log streamed in any chunks replays to the model list and standing plan',
  [segments, fc.array(fc.nat(), { maxLength: 6 })],
  async (segs, offsets) => {
    const log = harnessLog(segs)
    const { plan, problems, events } = await replay(cut(Buffer.from(log.text), offsets))
    expect(problems).toEqual([])
    expect(plan.current).toEqual(log.current)
    expect(plan.standing).toEqual(log.standing)
    expect(plan.current).toEqual(currentTodos(events))
    expect(plan.standing).toEqual(standingPlan(events))
    expect(events).toEqual(log.events)
  },
)

/** Unreadable lines (TW-LOG-3) and the message each gets, written out by hand. */
const GARBAGE: [string, string][] = [
  ['', 'blank line'],
  ['  \t', 'blank line'],
  ['{"type":"todo/write","seq":', 'not JSON'],
  ['todo/write', 'not JSON'],
  ['[{"type":"todo/write","seq":0}]', 'not a JSON object (an array)'],
  ['null', 'not a JSON object (null)'],
  ['"{}"', 'not a JSON object (a string)'],
  ['12', 'not a JSON object (a number)'],
  ['true', 'not a JSON object (a boolean)'],
  ['{"seq":3,"data":{"todos":[]}}', 'not an event: "type" is not a string'],
  ['{"type":"todo/write","data":{"todos":[]}}', 'not an event: "seq" is not a non-negative integer'],
  ['{"type":"todo/write","seq":-2,"data":{"todos":[]}}', 'not an event: "seq" is not a non-negative integer'],
]

asyncProperty(
  'TW-PROP-LOG-DAMAGE: unreadable lines leave the list unchanged and are each reported at their line',
  [segments, fc.array(fc.tuple(fc.nat(), fc.nat({ max: GARBAGE.length - 1 })), { maxLength: 5 })],
  async (segs, inserts) => {
    const log = harnessLog(segs)
    const lines = log.text.split('\n').slice(0, -1)
    const expected: string[] = []
    for (const [at, which] of inserts) lines.splice(1 + (at % lines.length), 0, `\u0000${which}`)
    const text = lines
      .map((line, i) => {
        if (!line.startsWith('\u0000')) return line
        const [garbage, message] = GARBAGE[Number(line.slice(1))]!
        expected.push(`${i + 1}: ${message}`)
        return garbage
      })
      .join('\n')
    const { plan, problems } = await replay([Buffer.from(text + '\n')])
    expect(problems).toEqual(expected)
    expect(plan.current).toEqual(log.current)
    expect(plan.standing).toEqual(log.standing)
  },
)

function verify(events: LogEvent[]): string[] {
  const verifier = new Verifier()
  return [...events.flatMap((event) => verifier.push(event)), ...verifier.end()].map(({ seq, message }) => `seq ${seq}: ${message}`)
}

const data = (event: LogEvent) => event.data as Record<string, unknown>
/** A result of one of the log's todo_write calls (noise events of that type have other data). */
const isCallResult = (event: LogEvent) => event.type === 'tool/result' && /^call_\d+$/.test(String((event.data as { callId?: unknown } | null)?.callId))

property(
  'TW-PROP-VERIFY: a harness log verifies clean; one tampering is reported at the tampered seq',
  [segments, fc.nat(), fc.constantFrom('text', 'isError', 'snapshot', 'drop')],
  (segs, pick, tamper) => {
    const { events } = harnessLog(segs)
    expect(verify(events)).toEqual([])
    const targets = events.filter((event) => (tamper === 'text' || tamper === 'isError' ? isCallResult(event) : event.type === 'todo/write'))
    if (targets.length === 0) return
    const target = targets[pick % targets.length]!
    const callId = tamper === 'text' || tamper === 'isError' ? (data(target).callId as string) : (data(events[target.seq! - 1]!).callId as string)
    const id = `call ${JSON.stringify(callId)}`
    const tampered = events.map((event) => ({ ...event }))
    const index = target.seq!
    if (tamper === 'text') {
      const text = (data(target).content as { text: string }[])[0]!.text
      tampered[index] = { ...target, data: { ...data(target), content: [{ type: 'text', text: text + '!' }] } }
      expect(verify(tampered)).toEqual([`seq ${index}: ${id}: text ${JSON.stringify(text + '!')}, the reference says ${JSON.stringify(text)}`])
    } else if (tamper === 'isError') {
      const isError = data(target).isError as boolean
      tampered[index] = { ...target, data: { ...data(target), isError: !isError } }
      expect(verify(tampered)).toEqual([`seq ${index}: ${id}: isError ${!isError}, the reference says ${isError}`])
    } else if (tamper === 'snapshot') {
      const todos = data(target).todos as { content: string; status: string }[]
      const changed = { todos: [...todos, { content: 'tampered', status: 'pending' }] }
      tampered[index] = { ...target, data: changed }
      expect(verify(tampered)).toEqual([
        `seq ${index}: ${id}: todo/write data ${JSON.stringify(changed)}, the reference appends ${JSON.stringify(target.data)}`,
      ])
    } else {
      tampered.splice(index, 1)
      expect(verify(tampered)).toEqual([`seq ${index - 1}: ${id}: no todo/write logged, the reference appends ${JSON.stringify(target.data)}`])
    }
  },
)
