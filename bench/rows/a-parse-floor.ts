// Row (a): what a valid call costs on top of the floor, parsing its arguments text.
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { todoList, validArgumentsText } from '../data.js'
import type { Row } from '../row.js'
import { eachInTurn, medianRatio, median, sideBySide } from '../timing.js'

export const SIZES = [10, 100, 1000]

export const parseFloor: Row = {
  id: 'a',
  what: '`callTodoWrite` on valid arguments vs `JSON.parse` of their text',
  ratio:
    'execute / parse: (T(parse + call) − T(parse)) / T(parse), per repetition, where T(parse) times `JSON.parse(text)` and T(parse + call) times `callTodoWrite(JSON.parse(text), exec)` — every call gets freshly parsed strings, as in the harness',
  // Context only: its target (execute <= 0.5x parse) was retired with the fast path. Through
  // the real registry the call is measured whole (`npm run bench:registry`).
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
    const cases = await eachInTurn(inputs, async ({ label, text, informational }) => {
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
    return { cases }
  },
}
