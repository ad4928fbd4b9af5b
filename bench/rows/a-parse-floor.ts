// Row (a): what a valid call costs on top of the floor, parsing its arguments text.
import { callTodoWrite } from '../../src/call.js'
import { MemorySession } from '../../src/log.js'
import { validArgumentsText } from '../data.js'
import type { Row } from '../row.js'
import { medianRatio, median, sideBySide } from '../timing.js'

export const SIZES = [10, 100, 1000]

export const parseFloor: Row = {
  id: 'a',
  what: '`callTodoWrite` on valid arguments vs `JSON.parse` of their text',
  ratio:
    'execute / parse: (T(parse + call) − T(parse)) / T(parse), per repetition, where T(parse) times `JSON.parse(text)` and T(parse + call) times `callTodoWrite(JSON.parse(text), exec)` — every call gets freshly parsed strings, as in the harness',
  target: { op: '<=', value: 0.5 },
  async run({ timing, log }) {
    const cases = SIZES.map((size) => {
      log(`(a) ${size} items`)
      const text = validArgumentsText(size)
      const session = new MemorySession()
      const exec = { agent: { session } }
      const times = sideBySide(
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
        label: `${size.toLocaleString('en-US')} items (${text.length.toLocaleString('en-US')} bytes)`,
        ratio,
        spread,
        context: { 'parse ns': parse, 'call ns': median(times.map((t) => t[1]!)) - parse },
      }
    })
    return { cases }
  },
}
