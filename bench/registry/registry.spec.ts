// One todo_write call through the real registry of the release dsh 0.1.1-rc.2 (its
// ToolRuntime and a real Session), for two builds of our release entry in one run: BEFORE
// and AFTER (absolute paths to a dist/release.js). Batches of calls alternate between the
// two, so both see the same machine; what is printed is the time per call of each and their
// ratio, AFTER over BEFORE, with the spread of the per-pair ratios. Run by
// row (g) of `npm run bench` (`--registry`), through ../shared/harness/run-tests.
import { writeFileSync } from 'node:fs'
import { it } from 'vitest'
import { Context } from '@deepseek-ai/cordis'
import { CallId } from '@deepseek-ai/dsh-llm'
import { Session, SessionId } from '@deepseek-ai/dsh-session'
import SystemPrompt from '@deepseek-ai/dsh-system-prompt'
import ToolRuntime from '@deepseek-ai/dsh-tools'

const BATCHES = Number(process.env.BENCH_BATCHES ?? 40)
const CALLS = Number(process.env.BENCH_CALLS ?? 20)

async function runtimeWith(entry: string): Promise<Context> {
  const ctx = new Context()
  await ctx.plugin(SystemPrompt)
  await ctx.plugin(ToolRuntime)
  await ctx.plugin(await import(entry), { allowParallelInProgress: false })
  return ctx
}

const list = (n: number, status = 'pending') => ({
  todos: Array.from({ length: n }, (_, i) => ({ content: ` task number ${i} `, status: i === 0 ? 'in_progress' : status })),
})

let ids = 0
/** Milliseconds per call of one batch: CALLS calls on a fresh session. */
async function batch(ctx: Context, args: unknown): Promise<number> {
  const session = Session.create(SessionId(`s${++ids}`))
  const agent = { id: session.id, session } as never
  const start = process.hrtime.bigint()
  for (let i = 0; i < CALLS; i++)
    await ctx.tools.execute({ signal: new AbortController().signal, callId: CallId(`c${++ids}`), name: 'todo_write', arguments: args, agent } as never)
  return Number(process.hrtime.bigint() - start) / 1e6 / CALLS
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

it('one call through the real registry: AFTER / BEFORE', { timeout: 600_000 }, async () => {
  const before = await runtimeWith(process.env.BEFORE!)
  const after = await runtimeWith(process.env.AFTER!)
  const rows = []
  for (const [label, args] of [
    ['10 valid items', list(10)],
    ['100 valid items', list(100)],
    ['1,000 valid items', list(1000)],
    ['100 items, a bad status', list(100, 'done')],
  ] as const) {
    for (let i = 0; i < 3; i++) await Promise.all([batch(before, args), batch(after, args)])
    const times = { before: [] as number[], after: [] as number[] }
    for (let i = 0; i < BATCHES; i++) {
      // Alternate which goes first, so neither always runs on a warmer machine.
      if (i % 2 === 0) {
        times.before.push(await batch(before, args))
        times.after.push(await batch(after, args))
      } else {
        times.after.push(await batch(after, args))
        times.before.push(await batch(before, args))
      }
    }
    const ratios = times.after.map((t, i) => t / times.before[i]!).sort((a, b) => a - b)
    rows.push({
      label,
      beforeMs: median(times.before),
      afterMs: median(times.after),
      ratio: median(times.after) / median(times.before),
      spread: [ratios[Math.floor(ratios.length * 0.1)]!, ratios[Math.floor(ratios.length * 0.9)]!],
    })
  }
  console.log(JSON.stringify(rows, null, 2))
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify(rows, null, 2) + '\n')
})
