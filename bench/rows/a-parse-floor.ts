// Row (a): what a valid call costs on top of the floor, parsing its arguments text.
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { todoList, validArgumentsText } from '../data.js'
import type { MeasuredCase, Row } from '../row.js'
import { eachInTurn, medianRatio, median, sideBySide } from '../timing.js'

export const SIZES = [10, 100, 1000]

export const parseFloor: Row = {
  id: 'a',
  what: '`callTodoWrite` on valid arguments vs `JSON.parse` of their text',
  ratio:
    'execute / parse: (T(parse + call) − T(parse)) / T(parse), per repetition, where T(parse) times `JSON.parse(text)` and T(parse + call) times `callTodoWrite(JSON.parse(text), exec)` — every call gets freshly parsed strings, as in the harness',
  // Context only, but for the case against the floor of any implementation (<= 3). Through
  // the real registry the call is measured whole (row (g)).
  target: null,
  async run({ timing, log }) {
    const inputs: { label: string; text: string; informational: boolean }[] = [
      ...SIZES.map((size) => ({ label: `${size.toLocaleString('en-US')} items`, text: validArgumentsText(size), informational: false })),
      // Context, not the row: what a refusal costs against the same floor.
      { label: '10 items, refused: a duplicate', text: JSON.stringify({ todos: [...todoList(9), todoList(1)[0]] }), informational: true },
      {
        label: '10 items, refused: one bad status',
        text: JSON.stringify({ todos: todoList(10).map((t, i) => (i === 9 ? { ...t, status: 'done' } : t)) }),
        informational: true,
      },
    ]
    const cases: MeasuredCase[] = await eachInTurn(inputs, async ({ label, text, informational }) => {
      log(`(a) ${label}`)
      const session = new MemorySession()
      const exec = { agent: { session } }
      const times = await sideBySide(
        [
          {
            label: 'parse',
            batch(n) {
              let last: unknown
              for (let i = 0; i < n; i++) last = JSON.parse(text)
              return last
            },
          },
          {
            label: 'parse + call',
            batch(n) {
              let last: unknown
              for (let i = 0; i < n; i++) {
                last = callTodoWrite(JSON.parse(text), exec)
                session.events.length = 0
              }
              return last
            },
          },
        ],
        timing,
      )
      const { ratio, spread } = medianRatio(times, ([parse, both]) => (both! - parse!) / parse!)
      const parse = median(times.map((t) => t[0]!))
      return {
        label: `${label} (${text.length.toLocaleString('en-US')} bytes)`,
        ratio,
        spread,
        informational,
        context: { 'parse ns': parse, 'call ns': median(times.map((t) => t[1]!)) - parse },
      }
    })
    log('(a) 100 items, against the floor of any implementation')
    const text = validArgumentsText(100)
    const session = new MemorySession()
    const times = await sideBySide(
      [
        { label: 'parse + checks', batch: (n) => repeat(n, () => leastCheck(JSON.parse(text))) },
        {
          label: 'parse + call',
          batch: (n) =>
            repeat(n, () => {
              session.events.length = 0
              return callTodoWrite(JSON.parse(text), { agent: { session } })
            }),
        },
      ],
      timing,
    )
    cases.push({
      label: `100 items: parse + callTodoWrite / parse + one loop of the checks (${text.length.toLocaleString('en-US')} bytes)`,
      ...medianRatio(times, ([floor, call]) => call! / floor!),
      target: { op: '<=', value: 3 },
      context: { 'parse + checks ns': median(times.map((t) => t[0]!)), 'parse + call ns': median(times.map((t) => t[1]!)) },
    })
    return { cases }
  },
}

/** `work` run `n` times; the last answer (kept, so the work is not optimized away). */
function repeat(n: number, work: () => unknown): unknown {
  let last: unknown
  for (let i = 0; i < n; i++) last = work()
  return last
}

const STATUSES = new Set(['pending', 'in_progress', 'completed'])

/** The least any implementation of the rules does to an accepted list: one loop over the items, each check once (no wording, no copy, no schema). */
function leastCheck(args: { todos: { content: unknown; status: unknown }[] }): number {
  const seen = new Set<string>()
  let active = 0
  for (const { content, status } of args.todos) {
    if (typeof content !== 'string' || !STATUSES.has(status as string)) throw new TypeError('not a todo')
    const trimmed = content.trim()
    if (trimmed === '' || seen.has(trimmed)) throw new TypeError('empty or repeated')
    seen.add(trimmed)
    if (status === 'in_progress' && ++active > 1) throw new TypeError('two in progress')
  }
  return active
}
