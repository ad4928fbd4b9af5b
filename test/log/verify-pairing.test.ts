// The verifier's pairing (TW-VERIFY-1, TW-VERIFY-3) against a literal reading of the spec:
// calls, snapshots and results interleaved in any order, callIds reused, under small limits
// of the bytes open calls hold. The reading below keeps every open call in one array and searches it, as
// the spec words it; src/log/verify.ts keeps lists so that nothing is searched. The
// reference's outcomes of the four arguments are written out here, not computed by src.
import fc from '../support/fc.js'
import { expect, it } from 'vitest'
import type { LogEvent } from '../../src/log/events.js'
import { Verifier } from '../../src/log/verify.js'

interface Kind {
  args: string
  isError: boolean
  /** null: not checked (arguments that are not JSON). */
  text: string | null
  /** The snapshot the reference appends, or null for none. */
  data: string | null
}

const KINDS: Kind[] = [
  {
    args: '{"todos":[{"content":" a ","status":"pending","id":7}]}',
    isError: false,
    text: 'Updated todo list: 1 pending, 0 in progress, 0 completed.',
    data: '{"todos":[{"content":"a","status":"pending"}]}',
  },
  { args: '{"todos":[]}', isError: false, text: 'Updated todo list: 0 pending, 0 in progress, 0 completed.', data: '{"todos":[]}' },
  { args: '{"todos":[{"content":"","status":"pending"}]}', isError: true, text: 'Error: invalid todo: `content` must be a non-empty string', data: null },
  { args: '{"todos":', isError: true, text: null, data: null },
]
const SNAPSHOTS = [[{ content: 'a', status: 'pending' }], []]
const TEXTS = [...KINDS.flatMap((kind) => (kind.text === null ? [] : [kind.text])), 'Error: something else']

type Step = { type: 'call'; id: number; kind: number } | { type: 'write'; snapshot: number } | { type: 'result'; id: number; text: number; isError: boolean }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ type: fc.constant('call' as const), id: fc.nat(3), kind: fc.nat(KINDS.length - 1) }),
  fc.record({ type: fc.constant('write' as const), snapshot: fc.nat(SNAPSHOTS.length - 1) }),
  fc.record({ type: fc.constant('result' as const), id: fc.nat(3), text: fc.nat(TEXTS.length - 1), isError: fc.boolean() }),
)

const events = (steps: Step[]): LogEvent[] =>
  steps.map((s, seq) => {
    if (s.type === 'call') return { type: 'tool/call', seq, data: { callId: `c${s.id}`, name: 'todo_write', arguments: KINDS[s.kind]!.args } }
    if (s.type === 'write') return { type: 'todo/write', seq, data: { todos: SNAPSHOTS[s.snapshot] } }
    return { type: 'tool/result', seq, data: { callId: `c${s.id}`, content: [{ type: 'text', text: TEXTS[s.text] }], isError: s.isError } }
  })

/**
 * What an open call of this kind is counted as holding (TW-VERIFY-3): 1,024 bytes, and 2 a
 * character of its callId `call "cN"`, the reference's text as JSON and its snapshot (each
 * shorter than 200 characters, so kept whole).
 */
const bytesOf = (kind: Kind): number => 1024 + 2 * ('call "c0"'.length + (kind.text === null ? 0 : JSON.stringify(kind.text).length) + (kind.data ?? '').length)

/** TW-VERIFY-1 … -3 read literally: the open calls in one array, in call order. */
function literal(steps: Step[], limit: number): string[] {
  type Open = { seq: number; id: string; kind: Kind; write: { seq: number; data: string } | null }
  const open: Open[] = []
  const out: string[] = []
  const say = (seq: number, message: string) => out.push(`seq ${seq}: ${message}`)
  const drop = (call: Open) => open.splice(open.indexOf(call), 1)
  const bytes = limit.toLocaleString('en-US')
  steps.forEach((s, seq) => {
    if (s.type === 'call') {
      const id = `call "c${s.id}"`
      const reused = open.find((call) => call.id === id)
      if (reused !== undefined) {
        say(reused.seq, `${id}: no tool/result logged`)
        drop(reused)
      }
      const held = () => open.reduce((sum, call) => sum + bytesOf(call.kind), 0)
      while (open.length > 0 && held() + bytesOf(KINDS[s.kind]!) > limit) {
        const oldest = open[0]!
        say(oldest.seq, `${oldest.id}: no tool/result logged before the open calls held more than ${bytes} bytes: given up, not checked`)
        drop(oldest)
      }
      open.push({ seq, id, kind: KINDS[s.kind]!, write: null })
    } else if (s.type === 'write') {
      const without = open.filter((call) => call.write === null)
      const owner = without.find((call) => call.kind.data !== null) ?? without[0]
      if (owner === undefined) say(seq, 'todo/write that no todo_write call accounts for')
      else owner.write = { seq, data: JSON.stringify({ todos: SNAPSHOTS[s.snapshot] }) }
    } else {
      const call = open.find((c) => c.id === `call "c${s.id}"`)
      if (call === undefined) return
      drop(call)
      const { id, kind, write } = call
      const text = TEXTS[s.text]!
      if (s.isError !== kind.isError) say(seq, `${id}: isError ${s.isError}, the reference says ${kind.isError}`)
      if (kind.text !== null && text !== kind.text) say(seq, `${id}: text ${JSON.stringify(text)}, the reference says ${JSON.stringify(kind.text)}`)
      if (write === null && kind.data !== null) say(call.seq, `${id}: no todo/write logged, the reference appends ${kind.data}`)
      if (write !== null && kind.data === null) say(write.seq, `${id}: todo/write logged, the reference appends none`)
      if (write !== null && kind.data !== null && write.data !== kind.data)
        say(write.seq, `${id}: todo/write data ${write.data}, the reference appends ${kind.data}`)
    }
  })
  for (const call of open) say(call.seq, `${call.id}: no tool/result logged`)
  return out
}

it('TW-VERIFY-1, TW-VERIFY-3: calls, snapshots and results in any order, under any limit, reported as the spec reads', () => {
  fc.assert(
    // Up to 6,000 bytes: room for no call at all, up to 5 calls.
    fc.property(fc.array(step, { maxLength: 40 }), fc.integer({ min: 1, max: 6_000 }), (steps, limit) => {
      const verifier = new Verifier({}, { maxOpenBytes: limit })
      const found = [...events(steps).flatMap((event) => verifier.push(event)), ...verifier.end()]
      expect(found.map(({ seq, message }) => `seq ${seq}: ${message}`)).toEqual(literal(steps, limit))
    }),
  )
})
