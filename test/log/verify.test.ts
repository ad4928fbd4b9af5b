// The verifier (TW-VERIFY-1, TW-VERIFY-2): every todo_write call re-run through the
// reference with an owning agent session, paired with its result by callId and with its
// snapshot by order. Expected texts are written out here, not computed by src.
import { describe, expect, it } from 'vitest'
import type { LogEvent } from '../../src/log/events.js'
import { expectedOutcome, headerPolicy, MAX_OPEN_BYTES, OPEN_CALL_RESERVE, PREVIEW_CHARACTERS, Verifier, type Mismatch } from '../../src/log/verify.js'
import type { TodoWriteOptions } from '../../src/core/options.js'
import { numberedEvents } from '../support/verify-events.js'

const OK1 = 'Updated todo list: 1 pending, 0 in progress, 0 completed.'
const { next, restart, call, result, write } = numberedEvents()
const A = '{"todos":[{"content":" a ","status":"pending","id":7}]}'
const A_TODOS = [{ content: 'a', status: 'pending' }]
const TWO = '{"todos":[{"content":"a","status":"in_progress"},{"content":"b","status":"in_progress"}]}'
const TWO_TODOS = [
  { content: 'a', status: 'in_progress' },
  { content: 'b', status: 'in_progress' },
]
const OK_TWO = 'Updated todo list: 0 pending, 2 in progress, 0 completed.'
const EMPTY = '{"todos":[{"content":"","status":"pending"}]}'
const EMPTY_REFUSED = 'Error: invalid todo: `content` must be a non-empty string'
const UNDECLARED = 'Error: invalid arguments: "todos[0].id" is not a declared property (additionalProperties: false)'
const textPart = (text: unknown) => ({ type: 'text', text })

function verify(events: LogEvent[], options?: TodoWriteOptions): { mismatches: string[]; calls: number } {
  const verifier = new Verifier(options)
  const found: Mismatch[] = [...events.flatMap((event) => verifier.push(event)), ...verifier.end()]
  return { mismatches: found.map(({ seq, message }) => `seq ${seq}: ${message}`), calls: verifier.calls }
}

/** The events, numbered from 0 in order. */
const log = (...events: LogEvent[]): LogEvent[] => events.map((event, seq) => ({ ...event, seq }))
const mismatches = (...events: LogEvent[]) => verify(log(...events)).mismatches

/** A verifier for events numbered from 0 again. */
function fresh(...args: ConstructorParameters<typeof Verifier>): Verifier {
  restart()
  return new Verifier(...args)
}

describe('expectedOutcome (TW-VERIFY-1)', () => {
  it('runs the call with an owning agent session', () => {
    expect(expectedOutcome(A)).toEqual({ isError: false, text: OK1, data: '{"todos":[{"content":"a","status":"pending"}]}' })
    expect(expectedOutcome('{"todos":[]}')).toEqual({ isError: false, text: 'Updated todo list: 0 pending, 0 in progress, 0 completed.', data: '{"todos":[]}' })
  })

  it('a refused call appends nothing', () => {
    expect(expectedOutcome(EMPTY)).toEqual({ isError: true, text: EMPTY_REFUSED, data: null })
  })

  it('takes the deployment options', () => {
    expect(expectedOutcome(TWO).text).toBe('Error: invalid todos: at most one task may be in_progress, got 2')
    expect(expectedOutcome(TWO, { allowParallelInProgress: true }).text).toBe(OK_TWO)
  })

  it('arguments that are not a JSON text: some error, no snapshot, text unchecked', () => {
    for (const text of ['{"todos":[', '', 3, null, { todos: [] }]) expect(expectedOutcome(text)).toEqual({ isError: true, text: null, data: null })
  })
})

describe('Verifier (TW-VERIFY-1, TW-VERIFY-2)', () => {
  it('a call, its snapshot and its result as the harness logs them: no mismatch', () => {
    const events = log(
      call('c1', A),
      write(A_TODOS),
      result('c1', OK1, false),
      call('c2', '{"todos":{}}'),
      result('c2', 'Error: invalid arguments: "todos" must be an array', true),
    )
    expect(verify(events)).toEqual({ mismatches: [], calls: 2 })
  })

  it('the caller owns a session: a logged owner error is a mismatch', () => {
    const events = log(call('c1', A), result('c1', 'Error: todo_write requires an owning agent session', true))
    expect(verify(events).mismatches).toEqual([
      'seq 1: call "c1": isError true, the reference says false',
      `seq 1: call "c1": text "Error: todo_write requires an owning agent session", the reference says "${OK1}"`,
      'seq 0: call "c1": no todo/write logged, the reference appends {"todos":[{"content":"a","status":"pending"}]}',
    ])
  })

  it('a snapshot for a refused call, and a snapshot that differs (byte for byte, key order included)', () => {
    const refused = log(
      call('c1', '{"todos":[{"content":"a","status":"on"}]}'),
      write([{ content: 'a', status: 'on' }]),
      result('c1', 'Error: invalid arguments: "todos[0].status" must be one of ["pending","in_progress","completed"]', true),
    )
    expect(verify(refused).mismatches).toEqual(['seq 1: call "c1": todo/write logged, the reference appends none'])
    const reordered = log(call('c1', A), write([{ status: 'pending', content: 'a' }]), result('c1', OK1, false))
    expect(verify(reordered).mismatches).toEqual([
      'seq 1: call "c1": todo/write data {"todos":[{"status":"pending","content":"a"}]}, the reference appends {"todos":[{"content":"a","status":"pending"}]}',
    ])
    const untrimmed = log(call('c1', A), write([{ content: ' a ', status: 'pending' }]), result('c1', OK1, false))
    expect(verify(untrimmed).mismatches).toEqual([
      'seq 1: call "c1": todo/write data {"todos":[{"content":" a ","status":"pending"}]}, the reference appends {"todos":[{"content":"a","status":"pending"}]}',
    ])
  })

  it.each([
    ['not an array', textPart(OK1)],
    ['two parts', [textPart(OK1), textPart('')]],
    ['no part', []],
    ['a part that is not an object', [OK1]],
    ['a part that is not text', [{ type: 'image', text: OK1 }]],
    ['a text that is not a string', [textPart(1)]],
  ])('content that is %s is not one text part', (_, content) => {
    const events = log(call('c1', A), write(A_TODOS), result('c1', OK1, false, content))
    expect(verify(events).mismatches).toEqual(['seq 2: call "c1": content is not one text part'])
  })

  it('isError missing or not a boolean', () => {
    expect(mismatches(call('c1', A), write(A_TODOS), result('c1', OK1, undefined))).toEqual(['seq 2: call "c1": isError undefined, the reference says false'])
    expect(mismatches(call('c1', A), write(A_TODOS), result('c1', OK1, 'false'))).toEqual(['seq 2: call "c1": isError "false", the reference says false'])
  })

  it('arguments that are not JSON: isError true and no snapshot pass, whatever the text', () => {
    expect(mismatches(call('c1', '{"todos":'), result('c1', 'Error: bad JSON', true))).toEqual([])
    expect(mismatches(call('c1', '{"todos":'), write([]), result('c1', 'x', false))).toEqual([
      'seq 2: call "c1": isError false, the reference says true',
      'seq 1: call "c1": todo/write logged, the reference appends none',
    ])
  })

  it('arguments that are not a string are a mismatch, then checked like unparseable ones', () => {
    expect(verify(log(call('c1', { todos: [] }), result('c1', 'Error', true)))).toEqual({
      mismatches: ['seq 0: call "c1": data.arguments is not a JSON text'],
      calls: 1,
    })
  })

  it('a call without a string callId', () => {
    expect(verify(log(call(undefined, A)))).toEqual({ mismatches: ['seq 0: todo_write tool/call has no callId'], calls: 1 })
    expect(mismatches(call(7, A), write(A_TODOS))).toEqual([
      'seq 0: todo_write tool/call has no callId',
      'seq 1: todo/write that no todo_write call accounts for',
    ])
  })

  it('a call with no result before the log ends; end() reports it once', () => {
    const verifier = new Verifier()
    const events = log(call('c1', A), write(A_TODOS))
    expect(events.flatMap((event) => verifier.push(event))).toEqual([])
    expect(verifier.end()).toEqual([{ seq: 0, message: 'call "c1": no tool/result logged' }])
    expect(verifier.end()).toEqual([])
  })

  it('a snapshot outside any call, or a second one for the same call', () => {
    expect(mismatches(write(A_TODOS))).toEqual(['seq 0: todo/write that no todo_write call accounts for'])
    expect(mismatches(call('c1', A), write(A_TODOS), write(A_TODOS), result('c1', OK1, false))).toEqual([
      'seq 2: todo/write that no todo_write call accounts for',
    ])
    expect(mismatches(call('c1', A), result('c1', OK1, false), write(A_TODOS))).toEqual([
      'seq 0: call "c1": no todo/write logged, the reference appends {"todos":[{"content":"a","status":"pending"}]}',
      'seq 2: todo/write that no todo_write call accounts for',
    ])
  })

  it('pairs results by callId, in any order', () => {
    const B = '{"todos":[{"content":"b","status":"completed"}]}'
    const events = log(
      call('c1', A),
      call('c2', B),
      write(A_TODOS),
      write([{ content: 'b', status: 'completed' }]),
      result('c2', 'Updated todo list: 0 pending, 0 in progress, 1 completed.', false),
      result('c1', OK1, false),
    )
    expect(verify(events)).toEqual({ mismatches: [], calls: 2 })
  })

  it('a snapshot goes to the earliest open call the reference lets write', () => {
    expect(mismatches(call('c1', EMPTY), call('c2', A), write(A_TODOS), result('c1', EMPTY_REFUSED, true), result('c2', OK1, false))).toEqual([])
  })

  it('else to the earliest open call without one', () => {
    const events = log(call('c1', EMPTY), call('c2', EMPTY), write(A_TODOS), result('c2', EMPTY_REFUSED, true), result('c1', EMPTY_REFUSED, true))
    expect(verify(events).mismatches).toEqual(['seq 2: call "c1": todo/write logged, the reference appends none'])
  })

  it('a callId reused while open: the earlier call has no result, and the new one is the later call', () => {
    const B = '{"todos":[{"content":"b","status":"pending"}]}'
    const events = log(
      call('x', A),
      call('y', B),
      call('x', A),
      write([{ content: 'b', status: 'pending' }]),
      write(A_TODOS),
      result('y', OK1, false),
      result('x', OK1, false),
    )
    expect(verify(events)).toEqual({ mismatches: ['seq 0: call "x": no tool/result logged'], calls: 3 })
  })

  it('ignores other tools, unpaired results, results without a string callId, and events without data', () => {
    const events = log(
      call('b1', '{}', 'bash'),
      result('b1', 'ok', false),
      result(undefined, 'ok', false),
      { type: 'tool/call', seq: next(), data: null },
      { type: 'tool/call', seq: next(), data: [{ name: 'todo_write' }] },
      { type: 'tool/result', seq: next() },
      { type: 'user/message', seq: next(), data: { name: 'todo_write' } },
    )
    expect(verify(events)).toEqual({ mismatches: [], calls: 0 })
    const pending = log(
      call('c1', A),
      result(undefined, 'x', true),
      result('c9', 'x', true),
      { type: 'tool/progress', seq: next(), data: { callId: 'c1', content: [], isError: true } },
      write(A_TODOS),
      result('c1', OK1, false),
    )
    expect(verify(pending).mismatches).toEqual([])
  })

  it('verifies under the deployment options', () => {
    const events = log(call('c1', TWO), write(TWO_TODOS), result('c1', OK_TWO, false))
    expect(verify(events, { allowParallelInProgress: true }).mismatches).toEqual([])
    expect(verify(events).mismatches).toHaveLength(3)
  })
})

describe('TW-VERIFY-4: results in the release shape (the answer in the message)', () => {
  const REFUSAL = 'Error: invalid arguments: "todos[0].status" must be one of ["pending","in_progress","completed"]'
  const BAD = '{"todos":[{"content":"a","status":"done"}]}'

  it("paired by the message source callId, checked by its one tool-result part; data.error is not the tool's", () => {
    const events = log(
      call('mock-call-1', A),
      write(A_TODOS),
      nested('mock-call-1', OK1, false),
      call('mock-call-1', BAD),
      nested('mock-call-1', REFUSAL, true, {}, { error: { name: 'ToolArgsError', code: 'INVALID_ARGS' } }),
      call('mock-call-1', BAD),
      nested('mock-call-1', REFUSAL, true),
    )
    expect(verify(events)).toEqual({ mismatches: [], calls: 3 })
  })

  it('a wrong isError, a wrong text, a missing snapshot: the same mismatches as in the seed shape', () => {
    const events = log(call('c1', A), nested('c1', 'Updated todo list: 0 pending, 0 in progress, 0 completed.', true))
    expect(verify(events).mismatches).toEqual([
      'seq 1: call "c1": isError true, the reference says false',
      `seq 1: call "c1": text "Updated todo list: 0 pending, 0 in progress, 0 completed.", the reference says "${OK1}"`,
      'seq 0: call "c1": no todo/write logged, the reference appends {"todos":[{"content":"a","status":"pending"}]}',
    ])
  })

  it('a message that is not one tool-result part for the call is a mismatch, and the call is answered', () => {
    const message = (content: unknown, callId: unknown = 'c1'): LogEvent => ({
      type: 'tool/result',
      seq: next(),
      data: { message: { source: { kind: 'tool', callId }, content } },
    })
    const part = (over: Record<string, unknown>) => ({ type: 'tool-result', toolCallId: 'c1', content: [textPart(REFUSAL)], isError: true, ...over })
    for (const content of [[], [part({}), part({})], [part({ type: 'text' })], [part({ toolCallId: 'c2' })], ['tool-result'], 'nope', undefined]) {
      const events = log(call('c1', BAD), message(content))
      expect(verify(events).mismatches).toEqual(['seq 1: call "c1": message.content is not one tool-result part for this call'])
    }
  })

  it('a content part that is not one text part, inside the message', () => {
    const events = log(call('c1', BAD), nested('c1', REFUSAL, true, { content: [{ type: 'image' }] }))
    expect(verify(events).mismatches).toEqual(['seq 1: call "c1": content is not one text part'])
  })

  it('a message without a source callId answers no call (the call stays open), nor does a source that is not an object', () => {
    for (const source of [{ kind: 'tool' }, 'c1', null]) {
      const events = log(call('c1', BAD), {
        type: 'tool/result',
        seq: next(),
        data: { message: { source, content: [{ type: 'tool-result', toolCallId: 'c1', content: [], isError: true }] } },
      })
      expect(verify(events).mismatches).toEqual(['seq 0: call "c1": no tool/result logged'])
    }
  })

  it('the seed shape still pairs by data.callId when a message is absent', () => {
    const events = log(call('c1', BAD), result('c1', REFUSAL, true))
    expect(verify(events).mismatches).toEqual([])
  })
})

describe('TW-VERIFY-3: the bytes open calls hold are bounded', () => {
  // call("cN", A) holds 1,024 bytes and 2 a character of `call "cN"` (9), the reference's
  // text as JSON (57 + 2 quotes) and its snapshot (46): 1,024 + 2 x 114 = 1,252; and while it
  // keeps its arguments (55 characters), 110 more.
  const HELD_A = 1_252
  const KEEPING_A = 1_362

  it('the bound is a positive integer; the defaults', () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => new Verifier({}, { maxOpenBytes: bad })).toThrow(`maxOpenBytes must be a positive integer, got ${JSON.stringify(bad)}`)
    expect(MAX_OPEN_BYTES).toBe(16_777_216)
    expect(OPEN_CALL_RESERVE).toBe(1_024)
    expect(PREVIEW_CHARACTERS).toBe(200)
  })

  it('an open call is counted while it is open, whatever closes it', () => {
    const verifier = fresh()
    expect(verifier.openBytes).toBe(0)
    verifier.push(call('c1', A))
    expect(verifier.openBytes).toBe(KEEPING_A)
    // Arguments that are not JSON: no text, no snapshot kept; the arguments, 1 character.
    verifier.push(call('c2', '{'))
    expect(verifier.openBytes).toBe(KEEPING_A + 1_044)
    verifier.push(write(A_TODOS))
    expect(verifier.openBytes).toBe(KEEPING_A + 1_044)
    verifier.push(result('c1', OK1, false))
    expect(verifier.openBytes).toBe(1_044)
    // Reused: the earlier call leaves, the new one is counted.
    verifier.push(call('c2', A))
    expect(verifier.openBytes).toBe(KEEPING_A)
    verifier.push(result('c2', OK1, false))
    expect(verifier.openBytes).toBe(0)
  })

  it('a call that would take the open calls past the bound gives up the oldest, reported once; its result is not checked', () => {
    const run = (maxOpenBytes: number) => {
      const verifier = fresh({}, { maxOpenBytes })
      const events = [call('c0', A), call('c1', A), call('c2', A), result('c0', 'anything', 'no')]
      return { found: events.map((event) => verifier.push(event)), held: verifier.openBytes }
    }
    const givenUp = (seq: number, id: string, bound: string) => ({
      seq,
      message: `call "${id}": no tool/result logged before the open calls held more than ${bound} bytes: given up, not checked`,
    })
    // Room for exactly three calls: none is given up.
    expect(run(3 * HELD_A)).toEqual({
      found: [
        [],
        [],
        [],
        [
          { seq: 3, message: 'call "c0": isError "no", the reference says false' },
          { seq: 3, message: 'call "c0": text "anything", the reference says "Updated todo list: 1 pending, 0 in progress, 0 completed."' },
          { seq: 0, message: 'call "c0": no todo/write logged, the reference appends {"todos":[{"content":"a","status":"pending"}]}' },
        ],
      ],
      held: 2 * HELD_A,
    })
    // A byte short: the third gives up the first, whose result then answers nothing.
    expect(run(3 * HELD_A - 1)).toEqual({ found: [[], [], [givenUp(0, 'c0', '3,755')], []], held: 2 * HELD_A })
    // Room for one: each call gives up the one before.
    expect(run(HELD_A)).toEqual({ found: [[], [givenUp(0, 'c0', '1,252')], [givenUp(1, 'c1', '1,252')], []], held: HELD_A })
    // Room for none: a call is still kept, alone.
    expect(run(1)).toEqual({ found: [[], [givenUp(0, 'c0', '1')], [givenUp(1, 'c1', '1')], []], held: HELD_A })
  })

  it('arguments that are no string keep nothing of them, and no other answers', () => {
    const verifier = fresh()
    expect(verifier.push(call('c1', { todos: [] }))).toEqual([{ seq: 0, message: 'call "c1": data.arguments is not a JSON text' }])
    expect(verifier.openBytes).toBe(1_042)
    expect(verifier.push(result('c1', OK1, false))).toEqual([{ seq: 1, message: 'call "c1": isError false, the reference says true' }])
  })

  it('the oldest arguments are let go first, each call then keeping what explains it; a call answered is not among them', () => {
    // Room for three calls keeping their arguments, less a byte: the oldest lets its go.
    const verifier = fresh({}, { maxOpenBytes: 3 * KEEPING_A - 1 })
    expect([call('c1', A), call('c2', A), call('c3', A)].flatMap((event) => verifier.push(event))).toEqual([])
    expect(verifier.openBytes).toBe(HELD_A + 2 * KEEPING_A)
    // Either way, the note: c1 worked it out when its arguments went, c2 now.
    const reject = "(the log's deployment may reject unknown item keys: --unknown-item-keys reject)"
    expect(verifier.push(result('c1', UNDECLARED, true))).toEqual([
      { seq: 3, message: `call "c1": isError true, the reference says false ${reject}` },
      { seq: 3, message: `call "c1": text ${JSON.stringify(UNDECLARED)}, the reference says ${JSON.stringify(OK1)}` },
      { seq: 0, message: 'call "c1": no todo/write logged, the reference appends {"todos":[{"content":"a","status":"pending"}]}' },
    ])
    expect(verifier.push(result('c2', UNDECLARED, true))[0]).toEqual({ seq: 4, message: `call "c2": isError true, the reference says false ${reject}` })
    expect(verifier.openBytes).toBe(KEEPING_A)
    // c3, answered while keeping its arguments, is no longer among those that keep them: c4's go first, then c5's, then c6's.
    verifier.push(result('c3', OK1, false))
    const bounded = fresh({}, { maxOpenBytes: 2 * KEEPING_A })
    const found = [call('c3', A), result('c3', OK1, false), call('c4', A), call('c5', A), call('c6', A)].flatMap((event) => bounded.push(event))
    expect(found).toEqual([
      { seq: 0, message: 'call "c3": no todo/write logged, the reference appends {"todos":[{"content":"a","status":"pending"}]}' },
      { seq: 2, message: 'call "c4": no tool/result logged before the open calls held more than 2,724 bytes: given up, not checked' },
    ])
    expect(bounded.openBytes).toBe(2 * HELD_A)
  })

  it('a long callId is named by its first 200 characters as JSON and its length, and counted so', () => {
    const verifier = fresh()
    const long = 'i'.repeat(100_000)
    verifier.push(call(long, '{'))
    // 1,024 + 2 x (5 + 200 + `… (100,002 characters)`, 22, and the arguments, 1).
    expect(verifier.openBytes).toBe(1_480)
    expect(verifier.end()).toEqual([{ seq: 0, message: `call "${'i'.repeat(199)}… (100,002 characters): no tool/result logged` }])
  })

  it('200 characters are kept whole, 201 are not', () => {
    const verifier = fresh()
    // As JSON: 200 characters, then 201.
    verifier.push(call('j'.repeat(198), '{'))
    expect(verifier.openBytes).toBe(1_024 + 2 * 206)
    verifier.push(call('k'.repeat(199), '{'))
    expect(verifier.end()).toEqual([
      { seq: 0, message: `call "${'j'.repeat(198)}": no tool/result logged` },
      { seq: 1, message: `call "${'k'.repeat(199)}… (201 characters): no tool/result logged` },
    ])
  })

  it('a snapshot of 200 characters is shown whole, one of 201 is not', () => {
    // {"todos":[{"content":"…","status":"pending"}]}: 45 characters and the content's.
    const snapshot = (content: string) => `{"todos":[{"content":"${content}","status":"pending"}]}`
    const [whole, cut] = [snapshot('w'.repeat(155)), snapshot('c'.repeat(156))]
    const events = log(call('c1', whole), result('c1', OK1, false), call('c2', cut), result('c2', OK1, false))
    expect(verify(events).mismatches).toEqual([
      `seq 0: call "c1": no todo/write logged, the reference appends ${whole}`,
      `seq 2: call "c2": no todo/write logged, the reference appends ${cut.slice(0, 200)}… (201 characters)`,
    ])
  })

  it('long texts and snapshots are compared whole, and shown by their first 200 characters and their length', () => {
    const content = 'y'.repeat(300)
    // {"todos":[{"content":"yyy…","status":"pending"}]}: 45 characters and the content's 300.
    const snapshot = `{"todos":[{"content":"${content}","status":"pending"}]}`
    const shown = (text: string) => `${text.slice(0, 200)}… (${text.length} characters)`
    const item = { content, status: 'pending' }
    const twice = JSON.stringify({ todos: [item, item] })
    const duplicate = `Error: invalid todos: duplicate content "${content}"`
    const events = log(
      call('c1', JSON.stringify({ todos: [item] })),
      result('c1', OK1, false),
      call('c2', JSON.stringify({ todos: [item] })),
      write([{ content: `${content}z`, status: 'pending' }]),
      result('c2', OK1, false),
      call('c3', twice),
      result('c3', duplicate, true),
      call('c4', twice),
      result('c4', `${duplicate}!`, true),
    )
    expect(verify(events).mismatches).toEqual([
      `seq 0: call "c1": no todo/write logged, the reference appends ${shown(snapshot)}`,
      `seq 3: call "c2": todo/write data ${shown(`{"todos":[{"content":"${content}z","status":"pending"}]}`)}, the reference appends ${shown(snapshot)}`,
      `seq 8: call "c4": text ${JSON.stringify(`${duplicate}!`)}, the reference says ${shown(JSON.stringify(duplicate))}`,
    ])
    expect(snapshot).toHaveLength(345)
  })
})

/** A result as the release dsh 0.1.1-rc.2 logs it: the call's answer in one tool-result part of a message. */
const nested = (callId: unknown, text: string, isError: unknown, part: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): LogEvent => ({
  type: 'tool/result',
  seq: next(),
  data: {
    turn: 1,
    step: 1,
    message: {
      source: { kind: 'tool', callId },
      content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text }], isError, ...part }],
      role: 'user',
      id: 'u',
    },
    ...extra,
  },
})

describe('TW-VERIFY-5: the options a request/header states', () => {
  const RELEASE = { allowParallelInProgress: false, unknownItemKeys: 'reject', activeLimitWording: 'parentheses' }
  const SEED = { allowParallelInProgress: false, unknownItemKeys: 'drop', activeLimitWording: 'comma' }
  const RELEASE_PARALLEL = { ...RELEASE, allowParallelInProgress: true }
  const CLOSED = { type: 'object', properties: { todos: { type: 'array', items: { type: 'object', additionalProperties: false } } } }
  const OPEN = { type: 'object', properties: { todos: { type: 'array', items: { type: 'object' } } } }
  /** A request/header's data whose tools are these. */
  const headerData = (tools: unknown) => ({ header: { config: {}, system: 'You are an agent.', tools }, reason: 'initial' })
  const definition = (description: unknown, parameters: unknown = CLOSED) => ({ name: 'todo_write', description, parameters })
  const OTHER_TOOL = { name: 'bash', description: 'Run commands in parallel; at most one at a time.', parameters: OPEN }
  const header = (tools: unknown): LogEvent => ({ type: 'request/header', seq: next(), data: headerData(tools) })
  /** What a header whose tools are these states. */
  const policy = (...tools: unknown[]) => headerPolicy(headerData(tools))
  const ONE_AT_MOST = 'Error: invalid todos: at most one task may be in_progress'
  const KEYED = '{"todos":[{"content":"a","status":"pending","id":1}]}'

  it('the description says whether parallel in_progress is allowed; the item schema, what extra item keys do', () => {
    expect(policy(OTHER_TOOL, definition('Several tasks may be in_progress when you work on them in parallel.'))).toEqual(RELEASE_PARALLEL)
    expect(policy(definition('At most one task may be in_progress at a time.'))).toEqual(RELEASE)
    expect(policy(definition('Keep AT MOST ONE todo `in_progress`.'))).toEqual(RELEASE)
    // Work IN PARALLEL: any case.
    expect(policy(definition('Work IN PARALLEL.', OPEN))).toEqual({ ...RELEASE_PARALLEL, unknownItemKeys: 'drop' })
    // Both, or neither, or no text: not stated, the release's profile says.
    expect(policy(definition('In parallel, but at most one in_progress.'))).toEqual(RELEASE)
    expect(policy(definition('Keep a list.'))).toEqual(RELEASE)
    expect(policy(definition(undefined))).toEqual(RELEASE)
  })

  it('items with additionalProperties false reject extra keys; other items drop them; no items schema: the release profile', () => {
    const items = (schema: unknown) => ({ type: 'object', properties: { todos: { type: 'array', items: schema } } })
    const parallel = 'in parallel'
    expect(policy(definition(parallel, items({ additionalProperties: true })))?.unknownItemKeys).toBe('drop')
    expect(policy(definition(parallel, items({ additionalProperties: 'false' })))?.unknownItemKeys).toBe('drop')
    expect(policy(definition(parallel, items({})))?.unknownItemKeys).toBe('drop')
    expect(policy(definition(parallel, items([{ additionalProperties: false }])))?.unknownItemKeys).toBe('reject')
    expect(policy(definition(parallel, items(undefined)))?.unknownItemKeys).toBe('reject')
    expect(policy(definition(parallel, { type: 'object' }))?.unknownItemKeys).toBe('reject')
    expect(policy(definition(parallel, undefined))?.unknownItemKeys).toBe('reject')
    expect(policy({ name: 'todo_write', description: parallel, parameters: { properties: { todos: 'x' } } })?.unknownItemKeys).toBe('reject')
  })

  it('the definition may be under `function`, as a chat API lists tools', () => {
    expect(policy({ type: 'function', function: definition('in parallel', OPEN) })).toEqual({ ...RELEASE_PARALLEL, unknownItemKeys: 'drop' })
  })

  it('a header that lists no todo_write definition states nothing', () => {
    for (const data of [
      headerData('{{tools}}'),
      headerData([OTHER_TOOL]),
      headerData([]),
      headerData([null, 'todo_write']),
      headerData(undefined),
      { header: 'x' },
      {},
      null,
      'x',
    ])
      expect(headerPolicy(data)).toBeNull()
    // The name must be exactly todo_write.
    expect(policy({ ...definition('in parallel'), name: 'todo_write2' })).toBeNull()
  })

  it('only a request/header event is read for them', () => {
    const verifier = fresh()
    verifier.push({ type: 'request/headers', seq: next(), data: headerData([definition('in parallel')]) })
    verifier.push(call('c1', A))
    expect(verifier.policy).toEqual({ source: 'assumed', options: SEED })
  })

  it('new Verifier() checks the calls under what the log states before its first call', () => {
    const verifier = fresh()
    expect(verifier.policy).toBeNull()
    const found = [
      header([OTHER_TOOL, definition('in parallel')]),
      call('c1', TWO),
      write(TWO_TODOS),
      result('c1', OK_TWO, false),
      call('c2', KEYED),
      result('c2', UNDECLARED, true),
    ].flatMap((event) => verifier.push(event))
    expect(found).toEqual([])
    expect(verifier.policy).toEqual({ source: 'log', seq: 0, options: RELEASE_PARALLEL })
  })

  it('the last header that states them before the first call counts; later ones, and ones that state nothing, do not', () => {
    const verifier = fresh()
    const events = [
      header([definition('in parallel')]),
      header([definition('at most one', OPEN)]),
      header('{{tools}}'),
      call('c1', TWO),
      header([definition('in parallel')]),
      result('c1', `${ONE_AT_MOST} (got 2)`, true),
    ]
    expect(events.flatMap((event) => verifier.push(event))).toEqual([])
    expect(verifier.policy).toEqual({ source: 'log', seq: 1, options: { ...RELEASE, unknownItemKeys: 'drop' } })
  })

  it('without a header before the first call: the seed profile, assumed', () => {
    const verifier = fresh()
    expect(verifier.push(call('c1', A))).toEqual([])
    expect(verifier.policy).toEqual({ source: 'assumed', options: SEED })
    verifier.push(header([definition('in parallel')]))
    expect(verifier.push(call('c2', TWO))).toEqual([])
    expect(verifier.push(result('c2', `${ONE_AT_MOST}, got 2`, true))).toEqual([])
    expect(verifier.policy).toEqual({ source: 'assumed', options: SEED })
  })

  it('options given decide alone, even {}: a header is not read', () => {
    const given = fresh({})
    expect(given.policy).toEqual({ source: 'options', options: SEED })
    given.push(header([definition('in parallel', OPEN)]))
    expect(given.push(call('c1', TWO))).toEqual([])
    expect(given.push(result('c1', `${ONE_AT_MOST}, got 2`, true))).toEqual([])
    const parallel = new Verifier({ allowParallelInProgress: true })
    parallel.push(header([definition('at most one')]))
    expect(parallel.policy).toEqual({ source: 'options', options: { ...SEED, allowParallelInProgress: true } })
  })

  it('a mismatch that another setting of one option explains names the flag, on the first line about the answer', () => {
    const lines = (options: TodoWriteOptions | undefined, events: LogEvent[]) => verify(events, options).mismatches
    const two = (text: string, isError: boolean) => log(call('c1', TWO), result('c1', text, isError))
    expect(lines({}, two(OK_TWO, false))).toEqual([
      `seq 1: call "c1": isError false, the reference says true (the log's deployment may allow parallel in_progress: --allow-parallel-in-progress)`,
      `seq 1: call "c1": text ${JSON.stringify(OK_TWO)}, the reference says "${ONE_AT_MOST}, got 2"`,
    ])
    expect(lines({ allowParallelInProgress: true }, two(`${ONE_AT_MOST}, got 2`, true))).toEqual([
      `seq 1: call "c1": isError true, the reference says false (the log's deployment may allow one in_progress at most: leave out --allow-parallel-in-progress)`,
      `seq 1: call "c1": text "${ONE_AT_MOST}, got 2", the reference says ${JSON.stringify(OK_TWO)}`,
      `seq 0: call "c1": no todo/write logged, the reference appends ${JSON.stringify({ todos: TWO_TODOS })}`,
    ])
    expect(lines({}, two(`${ONE_AT_MOST} (got 2)`, true))).toEqual([
      `seq 1: call "c1": text "${ONE_AT_MOST} (got 2)", the reference says "${ONE_AT_MOST}, got 2" (the log's deployment may word the in_progress limit with parentheses: --active-limit-wording parentheses)`,
    ])
    expect(lines({ profile: 'dsh-0.1.1-rc.2' }, two(`${ONE_AT_MOST}, got 2`, true))).toEqual([
      `seq 1: call "c1": text "${ONE_AT_MOST}, got 2", the reference says "${ONE_AT_MOST} (got 2)" (the log's deployment may word the in_progress limit with a comma: --active-limit-wording comma)`,
    ])
    const keyed = (text: string, isError: boolean, snapshot: boolean) =>
      log(call('c1', KEYED), ...(snapshot ? [write(A_TODOS)] : []), result('c1', text, isError))
    expect(lines({}, keyed(UNDECLARED, true, false))).toEqual([
      `seq 1: call "c1": isError true, the reference says false (the log's deployment may reject unknown item keys: --unknown-item-keys reject)`,
      `seq 1: call "c1": text ${JSON.stringify(UNDECLARED)}, the reference says ${JSON.stringify(OK1)}`,
      `seq 0: call "c1": no todo/write logged, the reference appends {"todos":[{"content":"a","status":"pending"}]}`,
    ])
    expect(lines({ profile: 'dsh-0.1.1-rc.2' }, keyed(OK1, false, true))).toEqual([
      `seq 2: call "c1": isError false, the reference says true (the log's deployment may drop unknown item keys: --unknown-item-keys drop)`,
      `seq 2: call "c1": text ${JSON.stringify(OK1)}, the reference says ${JSON.stringify(UNDECLARED)}`,
      'seq 1: call "c1": todo/write logged, the reference appends none',
    ])
    // Under the log's own header, the same: a flag is named, which the command line then takes.
    restart()
    expect(lines(undefined, [header([definition('at most one')]), call('c1', TWO), result('c1', OK_TWO, false)])).toEqual([
      `seq 2: call "c1": isError false, the reference says true (the log's deployment may allow parallel in_progress: --allow-parallel-in-progress)`,
      `seq 2: call "c1": text ${JSON.stringify(OK_TWO)}, the reference says "${ONE_AT_MOST} (got 2)"`,
    ])
  })

  it('no note when no other setting answers as logged: its isError alone, its text alone, or no text part', () => {
    const two = (content: unknown, isError: boolean) => {
      restart()
      return [call('c1', TWO), { type: 'tool/result', seq: next(), data: { callId: 'c1', content, isError } }]
    }
    // The text of another setting, with the wrong isError; another error with the right isError.
    expect(verify(two([textPart(OK_TWO)], true), {}).mismatches).toEqual([
      `seq 1: call "c1": text ${JSON.stringify(OK_TWO)}, the reference says "${ONE_AT_MOST}, got 2"`,
    ])
    expect(verify(two([{ type: 'text', text: 'Error: something else' }], false), {}).mismatches).toEqual([
      'seq 1: call "c1": isError false, the reference says true',
      `seq 1: call "c1": text "Error: something else", the reference says "${ONE_AT_MOST}, got 2"`,
    ])
    expect(verify(two([], false), {}).mismatches).toEqual([
      'seq 1: call "c1": isError false, the reference says true',
      'seq 1: call "c1": content is not one text part',
    ])
  })
})
