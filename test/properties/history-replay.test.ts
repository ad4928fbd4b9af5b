// TW-PROP-HISTORY-REPLAY (spec/replay.md section 6): on a harness-written log, the history
// holds one entry per call, in order, with the text its result holds; its accepted lists,
// replayed in order, give the model's list (TW-PROP-REPLAY-IDEMPOTENT's plan); and each
// change and flag is what a model of TW-HISTORY-3, written here, says of the standing plan.
import { expect } from 'vitest'
import { History, type HistoryEntry } from '../../src/log/history.js'
import { currentTodos } from '../../src/log/plan.js'
import fc from '../support/fc.js'
import { harnessLog } from '../support/harness-log.js'
import { modelSnapshot, type ModelItem } from '../support/model.js'
import { property } from '../support/property.js'
import { segment, type Segment } from '../../fixtures/generators.js'

/** Calls on a few contents, so that lists repeat, drop, reopen and refusals recur. */
const small: fc.Arbitrary<Segment> = fc.record({
  kind: fc.constant('call' as const),
  args: fc
    .array(fc.record({ content: fc.constantFrom('a', 'b', ' b', 'c'), status: fc.constantFrom('pending', 'in_progress', 'completed') }), { maxLength: 3 })
    .map((todos) => ({ todos })),
})
const segments = fc.array(fc.oneof(segment, small, small), { maxLength: 16 })

/** What TW-HISTORY-3 says of a list set in place of `before`, item by item. */
function modelChange(before: ModelItem[], todos: ModelItem[]) {
  const was = (content: string) => before.find((item) => item.content === content)
  const removed = before.filter((item) => !todos.some((now) => now.content === item.content))
  const changed = todos.flatMap((item) => {
    const old = was(item.content)
    return old !== undefined && old.status !== item.status ? [{ content: item.content, from: old.status, to: item.status }] : []
  })
  const flags = [
    removed.some((item) => item.status !== 'completed') && 'dropped-unfinished',
    changed.some((change) => change.from === 'completed') && 'reopened',
    JSON.stringify(before) === JSON.stringify(todos) && 'unchanged',
    todos.length === 0 && before.length > 0 && 'cleared',
  ].filter((flag) => flag !== false)
  return { todos, added: todos.filter((item) => was(item.content) === undefined).map((item) => item.content), removed, changed, flags }
}

property('TW-PROP-HISTORY-REPLAY: the history of a harness log is its calls; its accepted lists replay to the model list', [segments], (segs) => {
  const log = harnessLog(segs)
  const history = new History()
  const entries: HistoryEntry[] = [...log.events.flatMap((event) => history.push(event)), ...history.end()]
  /** The events of each call, by callId: its tool/call and its tool/result. */
  const of = (type: string) =>
    new Map(log.events.filter((event) => event.type === type).map((event) => [(event.data as { callId?: unknown } | null)?.callId, event]))
  const [calls, results] = [of('tool/call'), of('tool/result')]
  let standing: ModelItem[] | null = null
  let previous: { accepted: boolean; text: string } | null = null
  let next = 0
  segs.forEach((seg, index) => {
    if (seg.kind === 'turn/start') standing = null
    if (seg.kind !== 'call') return
    const entry = entries[next++]!
    const callId = `call_${index}`
    const { content, isError } = results.get(callId)!.data as { content: { text: string }[]; isError: boolean }
    const text = content[0]!.text
    expect(entry).toMatchObject({ seq: calls.get(callId)!.seq, callId, text, accepted: !isError })
    const repeated = isError && previous !== null && !previous.accepted && previous.text === text
    if (isError) expect(entry.flags).toEqual(repeated ? ['repeated-refusal'] : [])
    else {
      const todos = modelSnapshot((seg.args as { todos: ModelItem[] }).todos)
      const { flags, ...change } = modelChange(standing ?? [], todos)
      expect(entry).toMatchObject({ ...change, flags })
      standing = todos
    }
    previous = { accepted: !isError, text }
  })
  expect(entries).toHaveLength(next)
  const accepted = entries.filter((entry) => entry.accepted).map((entry, seq) => ({ type: 'todo/write', seq, data: { todos: entry.todos } }))
  expect(currentTodos(accepted)).toEqual(log.current)
})
