// TW-PROP-VERIFY (spec/replay.md section 6).
import { property } from '../support/property.js'
import fc from '../support/fc.js'
import { expect } from 'vitest'
import type { LogEvent } from '../../src/log/events.js'
import { Verifier } from '../../src/log/verify.js'
import { harnessLog } from '../support/harness-log.js'
import { segments } from '../../fixtures/generators.js'

function verify(events: LogEvent[]): string[] {
  const verifier = new Verifier()
  return [...events.flatMap((event) => verifier.push(event)), ...verifier.end()].map(({ seq, message }) => `seq ${seq}: ${message}`)
}

/** A kept text as the messages show it (TW-VERIFY-3): whole up to 200 characters, else its first 200 and its length. */
const shown = (text: string) => (text.length <= 200 ? text : `${text.slice(0, 200)}… (${text.length.toLocaleString('en-US')} characters)`)

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
    const id = `call ${shown(JSON.stringify(callId))}`
    const tampered = events.map((event) => ({ ...event }))
    const index = target.seq!
    if (tamper === 'text') {
      const text = (data(target).content as { text: string }[])[0]!.text
      tampered[index] = { ...target, data: { ...data(target), content: [{ type: 'text', text: text + '!' }] } }
      expect(verify(tampered)).toEqual([`seq ${index}: ${id}: text ${JSON.stringify(text + '!')}, the reference says ${shown(JSON.stringify(text))}`])
    } else if (tamper === 'isError') {
      const isError = data(target).isError as boolean
      tampered[index] = { ...target, data: { ...data(target), isError: !isError } }
      expect(verify(tampered)).toEqual([`seq ${index}: ${id}: isError ${!isError}, the reference says ${isError}`])
    } else if (tamper === 'snapshot') {
      const todos = data(target).todos as { content: string; status: string }[]
      const changed = { todos: [...todos, { content: 'tampered', status: 'pending' }] }
      tampered[index] = { ...target, data: changed }
      expect(verify(tampered)).toEqual([
        `seq ${index}: ${id}: todo/write data ${shown(JSON.stringify(changed))}, the reference appends ${shown(JSON.stringify(target.data))}`,
      ])
    } else {
      tampered.splice(index, 1)
      expect(verify(tampered)).toEqual([`seq ${index - 1}: ${id}: no todo/write logged, the reference appends ${shown(JSON.stringify(target.data))}`])
    }
  },
)

/** Units JSON writes as they are and units it escapes, each class's bounds, and a pair: a callId of any of them (TW-VERIFY-3). */
const callIds = fc
  .array(fc.constantFrom('a', 'é', '"', '\\', '\u0000', '\n', '\u001f', ' ', '\ud7ff', '\ud800', '\udbff', '\udc00', '\udfff', '\ue000', '\ud83d\ude00'), {
    maxLength: 300,
  })
  .map((units) => units.join(''))

property("TW-VERIFY-3: an open call is named by its callId's JSON text, its first 200 characters and its length when longer", [callIds], (callId) => {
  const verifier = new Verifier()
  verifier.push({ type: 'tool/call', seq: 0, time: 0, data: { callId, name: 'todo_write', arguments: '{' } })
  expect(verifier.end()).toEqual([{ seq: 0, message: `call ${shown(JSON.stringify(callId))}: no tool/result logged` }])
})
