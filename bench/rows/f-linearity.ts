// Row (f): a call's time is linear in its input, for each kind of input the robustness
// fuzz throws at it (long lists, lists under one duplicate-check key, huge contents, huge
// duplicates to quote, many violations, many undeclared keys, deep nesting where nothing
// walks it). Each kind: ten 1× inputs against one 10× input, freshly parsed, timed side by
// side; the ratio is per unit of input, so 1.0 is exactly linear.
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/core/event.js'
import type { TodoWriteOptions } from '../../src/core/options.js'
import { sharedKeyContent, validList } from '../../src/kit/generators.js'
import type { MeasuredCase, Row } from '../row.js'
import { medianRatio, sideBySide, type Side } from '../timing.js'

interface Kind {
  what: string
  sizes: [number, number]
  text(size: number): string
  options?: TodoWriteOptions
}

const list = (todos: unknown[]) => JSON.stringify({ todos })
const KB = 1024

export const KINDS: Kind[] = [
  { what: 'valid list, 10^4 → 10^5 items', sizes: [10_000, 100_000], text: (n) => validList(n) },
  { what: 'valid list under one duplicate-check key, 10^4 → 10^5 items', sizes: [10_000, 100_000], text: (n) => validList(n, sharedKeyContent) },
  { what: 'one content accepted, 100 KB → 1 MB', sizes: [100 * KB, 1000 * KB], text: (n) => list([{ content: ` ${'x'.repeat(n)} `, status: 'pending' }]) },
  {
    what: 'a content twice, quoted in the duplicate error, 100 KB → 1 MB',
    sizes: [100 * KB, 1000 * KB],
    text: (n) => {
      const content = '\ud800\u0000"\\é'.concat('y'.repeat(59)).repeat(n / 64)
      return list([{ content, status: 'pending' }, { content, status: 'pending' }])
    },
  },
  { what: 'schema violations, 10^4 → 10^5', sizes: [10_000, 100_000], text: (n) => list(Array.from({ length: n }, (_, i) => ({ content: `t${i}`, status: 'done' }))) },
  {
    what: 'undeclared item keys (reject), 10^4 → 10^5',
    sizes: [10_000, 100_000],
    options: { unknownItemKeys: 'reject' },
    text: (n) => `{"todos":[{"content":"a","status":"pending",${Array.from({ length: n }, (_, i) => `"${i % 3 ? 'k' : ''}${i}":0`).join(',')}}]}`,
  },
  { what: 'nesting in an extra item key, 10^4 → 10^5 levels', sizes: [10_000, 100_000], text: (n) => `{"todos":[{"content":"a","status":"pending","x":${'['.repeat(n)}${']'.repeat(n)}}]}` },
]

/** Ten small inputs against one big one: each side calls every one of its inputs once per iteration. */
function sides(kind: Kind): Side[] {
  const [small, big] = kind.sizes.map((size) => kind.text(size)) as [string, string]
  const session = new MemorySession()
  const exec = { agent: { session } }
  const side = (label: string, text: string, copies: number): Side => {
    const inputs = Array.from({ length: copies }, () => JSON.parse(text) as unknown)
    return {
      label,
      batch(n) {
        let last: unknown
        for (let k = 0; k < n; k++) for (const args of inputs) last = callTodoWrite(args, exec, kind.options)
        session.events.length = 0
        return last
      },
    }
  }
  return [side('ten 1× inputs', small, 10), side('one 10× input', big, 1)]
}

export const linearity: Row = {
  id: 'f',
  what: 'a call on a 10× input against ten calls on 1× inputs, per kind of hostile input',
  ratio: 'time of one call on the 10× input / time of ten calls on 1× inputs, per repetition (1.0 is exactly linear)',
  target: { op: '<=', value: 1.5 },
  async run({ timing, log }) {
    const cases: MeasuredCase[] = []
    for (const kind of KINDS) {
      log(`(f) ${kind.what}`)
      const times = sideBySide(sides(kind), { ...timing, reps: Math.min(timing.reps, 7) })
      cases.push({ label: kind.what, ...medianRatio(times, ([ten, one]) => one! / ten!) })
    }
    return { cases }
  },
}
