// Row (f): a call's time is linear in its input, for each kind of input the robustness
// fuzz throws at it (long lists, lists under one duplicate-check key, huge contents, huge
// duplicates to quote, many violations, many undeclared keys, deep nesting). Each kind: ten
// 1× inputs against one 10× input, timed side by side, for the call and for a control that
// is linear by construction (a walk that counts every value and every character of the same
// parsed input). The figure is the call's 10×/1× ratio over the control's: what a loaded
// machine does to large inputs (cache misses, garbage collection) it does to both, so 1.0
// means exactly as linear as the control, on a busy machine too.
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import type { TodoWriteOptions } from '../../src/core/options.js'
import { sharedKeyContent, validList } from '../../fixtures/generators.js'
import type { MeasuredCase, Row } from '../row.js'
import { medianRatio, sideBySide, type Side } from '../timing.js'

interface Kind {
  what: string
  sizes: [number, number]
  text(size: number): string
  options?: TodoWriteOptions
}

const list = (todos: unknown[]) => JSON.stringify({ todos })
// The long contents run 200 KB → 2 MB, so that every string a call makes (the quoted one
// of the duplicate error is 1.2× its content) is a large object at both sizes yet small
// next to the cache. At 100 KB → 1 MB the 1× message fits in V8's regular pages (128 KiB)
// and the 10× does not: JSON.stringify alone then reads 2.3, a step in what allocation
// costs, not a growth (128 KB → 1.28 MB: 0.9). Past a megabyte, writing fresh memory costs
// more per byte on this machine whoever writes it (Buffer.allocUnsafeSlow + fill, 1.2 MB →
// 12 MB: 1.5), and the control writes nothing.
const KB = 1024

export const KINDS: Kind[] = [
  { what: 'valid list, 10^4 → 10^5 items', sizes: [10_000, 100_000], text: (n) => validList(n) },
  { what: 'valid list under one duplicate-check key, 10^4 → 10^5 items', sizes: [10_000, 100_000], text: (n) => validList(n, sharedKeyContent) },
  { what: 'one content accepted, 200 KB → 2 MB', sizes: [200 * KB, 2000 * KB], text: (n) => list([{ content: ` ${'x'.repeat(n)} `, status: 'pending' }]) },
  {
    what: 'a content twice, quoted in the duplicate error, 200 KB → 2 MB',
    sizes: [200 * KB, 2000 * KB],
    text: (n) => {
      const content = '\ud800\u0000"\\é'.concat('y'.repeat(59)).repeat(n / 64)
      return list([
        { content, status: 'pending' },
        { content, status: 'pending' },
      ])
    },
  },
  {
    what: 'schema violations, 10^4 → 10^5',
    sizes: [10_000, 100_000],
    text: (n) => list(Array.from({ length: n }, (_, i) => ({ content: `t${i}`, status: 'done' }))),
  },
  {
    what: 'undeclared item keys (reject), 10^4 → 10^5',
    sizes: [10_000, 100_000],
    options: { unknownItemKeys: 'reject' },
    text: (n) => `{"todos":[{"content":"a","status":"pending",${Array.from({ length: n }, (_, i) => `"${i % 3 ? 'k' : ''}${i}":0`).join(',')}}]}`,
  },
  {
    what: 'nesting in an extra item key, 10^4 → 10^5 levels',
    sizes: [10_000, 100_000],
    text: (n) => `{"todos":[{"content":"a","status":"pending","x":${'['.repeat(n)}${']'.repeat(n)}}]}`,
  },
]

/**
 * The control: an iterative walk of `value` that reads every character of every string,
 * files every string in a set (as a duplicate check must), keeps a set of the containers
 * it has seen and makes an empty container for each, kept to the end, as the registry's
 * copy (TW-JSON-2) must: linear in the input by construction, with the same kind of memory
 * traffic, large hash tables and the objects a copy allocates included.
 */
function countAll(value: unknown): number {
  let n = 0
  const seen = new Set<object>()
  const strings = new Set<string>()
  const copies: object[] = []
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    n++
    if (typeof v === 'string') {
      for (let i = 0; i < v.length; i++) n = (n + v.charCodeAt(i)) | 0
      strings.add(v)
    } else if (typeof v === 'object' && v !== null && !seen.has(v)) {
      seen.add(v)
      copies.push(Array.isArray(v) ? [] : {})
      for (const key of Object.keys(v)) stack.push((v as Record<string, unknown>)[key])
    }
  }
  return n + strings.size + copies.length
}

/** Ten small inputs against one big one, for the call and the control: each side does its work on every one of its inputs per iteration. */
function sides(kind: Kind): Side[] {
  const [small, big] = kind.sizes.map((size) => kind.text(size)) as [string, string]
  const session = new MemorySession()
  const exec = { agent: { session } }
  const side = (label: string, text: string, copies: number, work: (args: unknown) => unknown): Side => {
    const inputs = Array.from({ length: copies }, () => JSON.parse(text) as unknown)
    return {
      label,
      batch(n) {
        let last: unknown
        for (let k = 0; k < n; k++) for (const args of inputs) last = work(args)
        session.events.length = 0
        return last
      },
    }
  }
  const call = (args: unknown) => callTodoWrite(args, exec, kind.options)
  return [
    side('ten 1× calls', small, 10, call),
    side('one 10× call', big, 1, call),
    side('ten 1× walks', small, 10, countAll),
    side('one 10× walk', big, 1, countAll),
  ]
}

export const linearity: Row = {
  id: 'f',
  what: 'a call on a 10× input against ten calls on 1× inputs, per kind of hostile input',
  ratio:
    '(one call on the 10× input / ten calls on 1× inputs) / (the same for the linear control), per repetition, the four timed side by side (1.0 is as linear as the control)',
  target: { op: '<=', value: 1.5 },
  async run({ timing, log }) {
    const cases: MeasuredCase[] = []
    for (const kind of KINDS) {
      log(`(f) ${kind.what}`)
      const times = await sideBySide(sides(kind), timing)
      cases.push({ label: kind.what, ...medianRatio(times, ([ten, one, tenWalks, oneWalk]) => one! / ten! / (oneWalk! / tenWalks!)) })
    }
    return { cases }
  },
}
