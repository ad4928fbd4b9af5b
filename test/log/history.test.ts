// The history of a log's todo_write calls (TW-HISTORY-1 … TW-HISTORY-4), in-process: each
// flag on a log built for it, the pairing in both log shapes, the bound on what is held, the
// two output formats, and the command's flags. Expected values are written out.
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { main } from '../../src/cli/cli.js'
import type { LogEvent } from '../../src/log/events.js'
import { entryJson, entryLine, History, type HistoryEntry, summaryJson, summaryLine } from '../../src/log/history.js'
import { run, source } from '../support/replay.js'

type Status = 'pending' | 'in_progress' | 'completed'
const item = (content: string, status: Status) => ({ content, status })
const textPart = (text: string) => ({ type: 'text', text })

/** A log built call by call, seqs from 0, in the seed's shape unless told. */
class Log {
  readonly events: LogEvent[] = []
  add(type: string, data: unknown): this {
    this.events.push({ type, seq: this.events.length, data })
    return this
  }
  call(callId: unknown, args: unknown = '{}'): this {
    return this.add('tool/call', { callId, name: 'todo_write', arguments: args })
  }
  write(todos: unknown[]): this {
    return this.add('todo/write', { todos })
  }
  result(callId: unknown, text: string, isError = false): this {
    return this.add('tool/result', { callId, content: [{ type: 'text', text }], isError })
  }
  /** The release's shape: the result nested in a message. */
  releaseResult(callId: string, text: string, isError = false): this {
    const part = { type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text }], isError }
    return this.add('tool/result', { message: { source: { kind: 'tool', callId }, content: [part], role: 'user' } })
  }
  accepted(callId: string, todos: unknown[], text = 'ok'): this {
    return this.call(callId).write(todos).result(callId, text)
  }
  refused(callId: string, text: string): this {
    return this.call(callId).result(callId, `Error: ${text}`, true)
  }
}

/** Every entry of a log, and the summary. */
function historyOf(events: readonly LogEvent[], history = new History()) {
  const entries = [...events.flatMap((event) => history.push(event)), ...history.end()]
  return { entries, summary: history.summary }
}

const flagsOf = (events: readonly LogEvent[]) => historyOf(events).entries.map((entry) => entry.flags)
/** The entry of a call that set no list. */
function unset(seq: number, callId: string | null, text: string | null, flags: string[] = []) {
  return { seq, callId, accepted: false, text, flags, argumentBytes: 2 }
}

const NO_FLAGS = { 'dropped-unfinished': 0, reopened: 0, unchanged: 0, 'repeated-refusal': 0, cleared: 0, unanswered: 0 }

describe('TW-HISTORY-1: an entry per call, in call order', () => {
  it('an accepted call lists the list it set and its change; a refused one its text alone', () => {
    // A new array each time: the log's list and the expected one are not the same object.
    const todos = () => [item('é', 'pending'), item('b', 'completed')]
    const log = new Log().call('c1', '{"todos":[{"content":"é","status":"pending"}]}').write(todos()).result('c1', 'Updated.').refused('c2', 'no')
    expect(historyOf(log.events)).toEqual({
      entries: [
        { seq: 0, callId: 'c1', accepted: true, text: 'Updated.', todos: todos(), added: ['é', 'b'], removed: [], changed: [], flags: [], argumentBytes: 47 },
        unset(3, 'c2', 'Error: no'),
      ],
      summary: { calls: 2, accepted: 1, refused: 1, flags: NO_FLAGS, argumentBytes: 49 },
    })
  })

  it('the change is from the standing plan: added and changed in the new order, removed in the old; extra keys left out', () => {
    const before = [item('a', 'pending'), item('b', 'in_progress'), item('c', 'completed'), item('d', 'pending')]
    const after = [{ ...item('e', 'pending'), id: 1 }, item('d', 'completed'), item('x', 'pending'), item('b', 'completed'), item('a', 'pending')]
    const [, entry] = historyOf(new Log().accepted('c1', before).accepted('c2', after).events).entries
    expect(entry).toMatchObject({
      todos: [item('e', 'pending'), item('d', 'completed'), item('x', 'pending'), item('b', 'completed'), item('a', 'pending')],
      added: ['e', 'x'],
      removed: [item('c', 'completed')],
      changed: [
        { content: 'd', from: 'pending', to: 'completed' },
        { content: 'b', from: 'in_progress', to: 'completed' },
      ],
      flags: [],
    })
  })

  it('a turn/start clears the standing plan: the same list again is all added', () => {
    const log = new Log()
      .accepted('c1', [item('a', 'pending')])
      .add('turn/end', {})
      .add('turn/start', { turn: 2 })
      .accepted('c2', [item('a', 'pending')])
    expect(historyOf(log.events).entries[1]).toMatchObject({ added: ['a'], flags: [] })
  })

  it('a todo/write no call accounts for makes no entry, but the next change is from it', () => {
    const log = new Log().write([item('a', 'pending')]).accepted('c1', [item('a', 'completed')])
    expect(historyOf(log.events).entries).toEqual([
      expect.objectContaining({ seq: 1, added: [], changed: [{ content: 'a', from: 'pending', to: 'completed' }] }),
    ])
  })

  it('a broken todo/write (TW-LOG-1) is paired but sets nothing: the call is not accepted, the plan stands', () => {
    const log = new Log()
      .accepted('c1', [item('a', 'pending')])
      .call('c2')
      .write([item(' a', 'pending')])
      .result('c2', 'ok')
      .call('c3')
      .result('c3', 'later')
    const { entries } = historyOf(log.events)
    expect(entries[1]).toEqual(unset(3, 'c2', 'ok'))
    // c3 has no todo/write: c2 took the broken one.
    expect(entries[2]).toMatchObject({ callId: 'c3', accepted: false })
  })

  it('other tools, their results and results of no open call leave the history alone', () => {
    const log = new Log()
      .add('tool/call', { callId: 'x', name: 'read_file', arguments: '{}' })
      .add('tool/result', { callId: 'x', content: [{ type: 'text', text: 'file' }], isError: false })
      .result('nobody', 'stray')
      .add('tool/result', { callId: 7, content: [] })
      .add('assistant/message', { callId: 'y', name: 'todo_write' })
      .add('tool/result', null)
    expect(historyOf(log.events)).toEqual({ entries: [], summary: { calls: 0, accepted: 0, refused: 0, flags: NO_FLAGS, argumentBytes: 0 } })
  })

  it('the text is the result content’s one text part, else null', () => {
    const log = new Log()
      .call('c1')
      .add('tool/result', { callId: 'c1', content: [textPart('a'), textPart('b')] })
      .call('c2')
      .add('tool/result', { callId: 'c2', content: [{ type: 'image', text: 'a' }] })
    const none = { text: null, flags: [] }
    expect(historyOf(log.events).entries.map(({ text, flags }) => ({ text, flags }))).toEqual([none, none])
  })

  it('argumentBytes counts UTF-8 bytes of a string only', () => {
    const log = new Log().call('c1', '€é').result('c1', 'x').call('c2', { todos: [] }).result('c2', 'x').call('c3', null).result('c3', 'x')
    expect(historyOf(log.events).entries.map((entry) => entry.argumentBytes)).toEqual([5, 0, 0])
  })
})

describe('TW-HISTORY-1: pairing, as --verify pairs (src/log/calls.ts)', () => {
  it("the release's shape, every call `mock-call-1`: paired by order as well as id", () => {
    const log = new Log()
      .call('mock-call-1')
      .write([item('a', 'in_progress')])
      .releaseResult('mock-call-1', 'Updated todo list: 0 pending, 1 in progress, 0 completed.')
      .call('mock-call-1')
      .releaseResult('mock-call-1', 'Error: nope', true)
      .call('mock-call-1')
      .add('tool/result', { message: { source: { kind: 'tool', callId: 'mock-call-1' }, content: [] } })
    expect(historyOf(log.events).entries.map(({ seq, callId, accepted, text }) => ({ seq, callId, accepted, text }))).toEqual([
      { seq: 0, callId: 'mock-call-1', accepted: true, text: 'Updated todo list: 0 pending, 1 in progress, 0 completed.' },
      { seq: 3, callId: 'mock-call-1', accepted: false, text: 'Error: nope' },
      // Answered, by a message that is not one tool-result part: no text.
      { seq: 5, callId: 'mock-call-1', accepted: false, text: null },
    ])
  })

  it('a call with no string callId is paired with nothing: a todo/write after it goes to the next', () => {
    const log = new Log()
      .call(42)
      .call('b')
      .write([item('x', 'pending')])
      .result('b', 'ok')
    expect(historyOf(log.events).entries.map(({ callId, accepted, flags }) => ({ callId, accepted, flags }))).toEqual([
      { callId: null, accepted: false, flags: ['unanswered'] },
      { callId: 'b', accepted: true, flags: [] },
    ])
  })

  it('entries come out in call order: a call answered behind an open one waits for it', () => {
    const history = new History()
    const log = new Log()
      .call('a')
      .call('b')
      .write([item('x', 'pending')])
      .write([item('y', 'pending')])
      .result('b', 'B')
      .result('a', 'A')
    const out = log.events.map((event) => history.push(event).map((entry) => [entry.callId, entry.text, entry.todos]))
    expect(out).toEqual([
      [],
      [],
      [],
      [],
      [],
      [
        ['a', 'A', [item('x', 'pending')]],
        ['b', 'B', [item('y', 'pending')]],
      ],
    ])
    expect(history.end()).toEqual([])
  })
})

describe('TW-HISTORY-3: each flag, on a log built for it', () => {
  it('dropped-unfinished: a pending or in_progress item removed; a completed one is not', () => {
    const log = new Log()
      .accepted('c1', [item('a', 'pending'), item('b', 'completed')])
      .accepted('c2', [item('a', 'pending')])
      .accepted('c3', [item('b', 'in_progress')])
      .accepted('c4', [item('c', 'pending')])
    expect(flagsOf(log.events)).toEqual([[], [], ['dropped-unfinished'], ['dropped-unfinished']])
  })

  it('reopened: completed back to pending or in_progress; other changes are not', () => {
    const log = new Log()
      .accepted('c1', [item('a', 'completed'), item('b', 'completed')])
      .accepted('c2', [item('a', 'pending'), item('b', 'completed')])
      .accepted('c3', [item('a', 'in_progress'), item('b', 'in_progress')])
      .accepted('c4', [item('a', 'completed'), item('b', 'pending')])
    expect(flagsOf(log.events)).toEqual([[], ['reopened'], ['reopened'], []])
  })

  it('unchanged: the same items in the same order; a new order, status or content is a change', () => {
    const list = [item('a', 'pending'), item('b', 'completed')]
    const log = new Log()
      .accepted('c1', [])
      .accepted('c2', list)
      .accepted('c3', list)
      .accepted('c4', [item('b', 'completed'), item('a', 'pending')])
      .accepted('c5', [item('b', 'completed'), item('a', 'in_progress')])
      .accepted('c6', [item('b', 'completed')])
      .accepted('c7', [item('b', 'completed'), item('c', 'pending')])
      .accepted('c8', [item('b', 'completed'), item('d', 'pending')])
    expect(flagsOf(log.events)).toEqual([['unchanged'], [], ['unchanged'], [], [], ['dropped-unfinished'], [], ['dropped-unfinished']])
  })

  it('repeated-refusal: refused with the text of the call just before, also refused', () => {
    const log = new Log()
      .refused('c1', 'x')
      .refused('c2', 'x')
      .refused('c3', 'x')
      .refused('c4', 'y')
      .accepted('c5', [])
      .refused('c6', 'y')
      .call('c7')
      .refused('c8', 'y')
    expect(flagsOf(log.events)).toEqual([[], ['repeated-refusal'], ['repeated-refusal'], [], ['unchanged'], [], ['unanswered'], []])
  })

  it('a call answered with no text is no refusal to repeat', () => {
    const log = new Log()
      .call('c1')
      .result('c1', 'x')
      .call('c2')
      .add('tool/result', { callId: 'c2', content: [] })
      .call('c3')
      .add('tool/result', { callId: 'c3' })
    expect(flagsOf(log.events)).toEqual([[], [], []])
  })

  it('cleared: an empty list in place of a non-empty one', () => {
    const log = new Log()
      .accepted('c1', [item('a', 'completed')])
      .accepted('c2', [])
      .accepted('c3', [])
    expect(flagsOf(log.events)).toEqual([[], ['cleared'], ['unchanged']])
  })

  it('unanswered: at the end, at its callId’s reuse, or with no string callId', () => {
    const todos = () => [item('a', 'pending')]
    const log = new Log().call('c1').write(todos()).call('c1').result('c1', 'second').call(42).result(42, 'x').call('c3')
    const { entries, summary } = historyOf(log.events)
    expect(entries).toEqual([
      { seq: 0, callId: 'c1', accepted: true, text: null, todos: todos(), added: ['a'], removed: [], changed: [], flags: ['unanswered'], argumentBytes: 2 },
      unset(2, 'c1', 'second'),
      unset(4, null, null, ['unanswered']),
      unset(6, 'c3', null, ['unanswered']),
    ])
    expect(summary).toEqual({ calls: 4, accepted: 1, refused: 3, flags: { ...NO_FLAGS, unanswered: 3 }, argumentBytes: 8 })
  })

  it('flags in their order, several on one call, each counted in the summary', () => {
    const log = new Log()
      .accepted('c1', [item('a', 'in_progress'), item('b', 'completed')])
      .call('c2')
      .write([])
    const { entries, summary } = historyOf(log.events)
    expect(entries[1]!.flags).toEqual(['dropped-unfinished', 'cleared', 'unanswered'])
    expect(summary.flags).toEqual({ ...NO_FLAGS, 'dropped-unfinished': 1, cleared: 1, unanswered: 1 })
  })
})

describe('TW-HISTORY-2: the calls not yet written out hold bounded bytes', () => {
  it('1,024 bytes a call, 2 a character of its callId, contents and text, 64 an item of its change; none once written out', () => {
    const history = new History()
    const held: number[] = []
    const log = new Log()
      .call('c1')
      .call('c22')
      .write([item('ab', 'pending'), item('q', 'pending')])
      .write([item('ab', 'completed'), item('xyz', 'pending')])
      .result('c22', 'hello')
      .result('c1', 'z')
    for (const event of log.events) {
      history.push(event)
      held.push(history.heldBytes)
    }
    const c1 = 1024 + 4
    const c22 = 1024 + 6
    // c1's change: its list's two items and the two added (64 each), "ab" and "q" (6 bytes);
    // c22's: two items, xyz added, q removed, ab changed (5 x 64), "ab", "xyz" and "q" (12 bytes).
    expect(held).toEqual([c1, c1 + c22, c1 + c22 + 4 * 64 + 6, c1 + c22 + 262 + 5 * 64 + 12, c1 + c22 + 262 + 332 + 10, 0])
  })

  it('past the bound the oldest open call is given up, unanswered, and what waited behind it comes out', () => {
    const log = new Log().call('a').call('b').result('b', 'x'.repeat(400)).result('b', 'y'.repeat(500))
    const out = (history: History) => log.events.map((event) => history.push(event).map(({ callId, flags }) => `${callId} ${flags.join(' ')}`))
    // a and b hold 2,052 bytes, then b's text 800 more: 2,852; the second result of b is not b's.
    expect(out(new History({ maxHeldBytes: 2_852 }))).toEqual([[], [], [], []])
    const again = new History({ maxHeldBytes: 2_851 })
    expect(out(again)).toEqual([[], [], ['a unanswered', 'b '], []])
    expect(again.heldBytes).toBe(0)
    // A later result of the given-up call is no one's.
    expect(again.push({ type: 'tool/result', seq: 9, data: { callId: 'a', content: [] } })).toEqual([])
  })

  it('a call alone past the bound is kept, after others too', () => {
    const history = new History({ maxHeldBytes: 1 })
    for (const callId of ['a', 'b']) {
      expect(history.push({ type: 'tool/call', seq: 0, data: { callId, name: 'todo_write' } })).toEqual([])
      expect(history.heldBytes).toBe(1026)
      expect(history.push({ type: 'tool/result', seq: 1, data: { callId, content: [{ type: 'text', text: callId }] } })).toMatchObject([{ callId, flags: [] }])
    }
  })

  it.each([
    [0, '0'],
    [-1, '-1'],
    [1.5, '1.5'],
    [Number.NaN, 'null'],
  ])('maxHeldBytes %s is refused', (bound, shown) => {
    expect(() => new History({ maxHeldBytes: bound })).toThrow(new RangeError(`maxHeldBytes must be a positive integer, got ${shown}`))
  })
})

describe('TW-HISTORY-1, TW-HISTORY-4: the two formats', () => {
  const accepted: HistoryEntry = {
    seq: 3,
    callId: 'c',
    accepted: true,
    text: 'a\u001b[2J\nb',
    todos: [],
    added: ['x'],
    removed: [item('y', 'pending'), item('z', 'pending')],
    changed: [{ content: 'w', from: 'completed', to: 'pending' }],
    flags: ['dropped-unfinished', 'reopened'],
    argumentBytes: 9,
  }
  const same: HistoryEntry = { ...accepted, added: [], removed: [], changed: [], flags: ['unchanged'], text: 'ok' }
  const refused: HistoryEntry = { seq: 5, callId: null, accepted: false, text: 'Error: no', flags: [], argumentBytes: 0 }
  const unanswered: HistoryEntry = { ...refused, text: null, flags: ['unanswered'] }

  it('a text line: seq, the mark, the counts that are not 0 (else =), the flags, the text terminal-safe', () => {
    expect(entryLine(accepted, false)).toBe('seq 3 ✓ +1 -2 ~1 [dropped-unfinished reopened]: a\\u001b[2J\\u000ab\n')
    expect(entryLine({ ...accepted, added: [], changed: [], flags: [] }, false)).toBe('seq 3 ✓ -2: a\\u001b[2J\\u000ab\n')
    expect(entryLine({ ...same, added: ['p'], flags: [] }, false)).toBe('seq 3 ✓ +1: ok\n')
    expect(entryLine({ ...same, changed: accepted.changed, flags: [] }, false)).toBe('seq 3 ✓ ~1: ok\n')
    expect(entryLine(same, false)).toBe('seq 3 ✓ = [unchanged]: ok\n')
    expect(entryLine(refused, false)).toBe('seq 5 ✗: Error: no\n')
    expect(entryLine(unanswered, false)).toBe('seq 5 ✗ [unanswered]\n')
  })

  it('in colour: the mark green or red, the flags yellow', () => {
    expect(entryLine(same, true)).toBe('seq 3 \u001b[32m✓\u001b[0m = \u001b[33m[unchanged]\u001b[0m: ok\n')
    expect(entryLine(refused, true)).toBe('seq 5 \u001b[31m✗\u001b[0m: Error: no\n')
  })

  it('the summary line names the flags raised, in their order', () => {
    const summary = { calls: 3, accepted: 1, refused: 2, flags: { ...NO_FLAGS, unanswered: 2, reopened: 1 }, argumentBytes: 12 }
    expect(summaryLine(summary)).toBe('history: calls 3, accepted 1, refused 2, argument bytes 12; flags: reopened 1, unanswered 2\n')
    expect(summaryLine({ ...summary, flags: NO_FLAGS })).toBe('history: calls 3, accepted 1, refused 2, argument bytes 12; flags: none\n')
  })

  it('JSON lines, keys in the order of the spec', () => {
    expect(entryJson(refused)).toBe('{"seq":5,"callId":null,"accepted":false,"text":"Error: no","flags":[],"argumentBytes":0}\n')
    expect(summaryJson({ calls: 0, accepted: 0, refused: 0, flags: NO_FLAGS, argumentBytes: 0 })).toBe(
      '{"summary":{"calls":0,"accepted":0,"refused":0,"flags":{"dropped-unfinished":0,"reopened":0,"unchanged":0,"repeated-refusal":0,"cleared":0,"unanswered":0},"argumentBytes":0}}\n',
    )
    const log = new Log().accepted('c1', [item('a', 'pending')])
    expect(historyOf(log.events).entries.map(entryJson)).toEqual([
      '{"seq":0,"callId":"c1","accepted":true,"text":"ok","todos":[{"content":"a","status":"pending"}],"added":["a"],"removed":[],"changed":[],"flags":[],"argumentBytes":2}\n',
    ])
  })
})

describe('replay --history, --json (TW-REPLAY-CLI-1)', () => {
  const text = (log: Log) => `{"type":"session","version":0}\n${log.events.map((event) => JSON.stringify(event)).join('\n')}\n`
  const log = new Log().refused('c1', 'x').refused('c2', 'x')

  it('prints the lines, then the summary; --json the JSON lines', async () => {
    expect(await run(['replay', '--history', '-'], text(log))).toEqual({
      status: 0,
      stdout: 'seq 0 ✗: Error: x\nseq 2 ✗ [repeated-refusal]: Error: x\nhistory: calls 2, accepted 0, refused 2, argument bytes 4; flags: repeated-refusal 1\n',
      stderr: '',
    })
    expect((await run(['replay', '--history', '--json', '-'], text(log))).stdout).toBe(
      '{"seq":0,"callId":"c1","accepted":false,"text":"Error: x","flags":[],"argumentBytes":2}\n' +
        '{"seq":2,"callId":"c2","accepted":false,"text":"Error: x","flags":["repeated-refusal"],"argumentBytes":2}\n' +
        '{"summary":{"calls":2,"accepted":0,"refused":2,"flags":{"dropped-unfinished":0,"reopened":0,"unchanged":0,"repeated-refusal":1,"cleared":0,"unanswered":0},"argumentBytes":4}}\n',
    )
  })

  it('a damaged log: the history of what can be read, the problems, exit 1', async () => {
    expect(await run(['replay', '--history', '-'], `${text(new Log().call('c1').call('c2'))}not json\n`)).toEqual({
      status: 1,
      stdout: 'seq 0 ✗ [unanswered]\nseq 1 ✗ [unanswered]\nhistory: calls 2, accepted 0, refused 2, argument bytes 4; flags: unanswered 2\n',
      stderr: 'todo-write: line 4: not JSON\ntodo-write: warning: 1 problem in the log; the output holds what the readable lines say\n',
    })
  })

  it.each([
    [['--json'], '--json applies only to --history'],
    [['--json', '--check'], '--json applies only to --history'],
    [['--history', '--verify'], '--verify and --history cannot be combined'],
    [['--history', '--standing'], '--standing cannot be combined with --history'],
    [['--history', '--profile', 'seed'], '--profile applies only to --verify'],
  ])('%j is a usage error', async (flags, message) => {
    const stderr = `todo-write: ${message}\nRun \`todo-write --help\` for usage.\n`
    expect(await run(['replay', ...flags, '-'], text(log))).toEqual({ status: 2, stdout: '', stderr })
  })

  describe('colour: on a terminal, unless NO_COLOR is set', () => {
    afterEach(() => vi.unstubAllEnvs())
    const onTerminal = async (): Promise<string> => {
      let written = ''
      const stdout = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          written += chunk.toString()
          callback()
        },
      }) as Writable & { isTTY?: boolean }
      stdout.isTTY = true
      await main(['replay', '--history', '-'], {
        stdin: source(text(new Log().refused('c1', 'x'))),
        stdout,
        stderr: new Writable({ write: (_c, _e, cb) => cb() }),
      })
      return written.split('\n')[0]!
    }

    it.each([
      [undefined, 'seq 0 \u001b[31m✗\u001b[0m: Error: x'],
      ['', 'seq 0 \u001b[31m✗\u001b[0m: Error: x'],
      ['1', 'seq 0 ✗: Error: x'],
    ])('NO_COLOR=%j', async (value, line) => {
      vi.stubEnv('NO_COLOR', value)
      expect(await onTerminal()).toBe(line)
    })
  })
})
