// Side-by-side timing: every figure of the benchmark is a ratio of timings taken in the
// same run, interleaved, so machine noise (other jobs on a shared machine, CPU frequency,
// GC) hits every side alike. Absolute times are recorded only as context.
//
// The clock is this process's CPU time (user + system, `process.cpuUsage()`), not the wall
// clock: on a shared machine a batch that waits for a core would otherwise count the wait.
// It includes V8's GC helper threads, which are part of the cost.

/** One thing to time: `batch(n)` does the work `n` times and returns anything (kept, so it is not optimized away), or a promise of it. */
export interface Side {
  label: string
  batch(iterations: number): unknown
}

export interface SideBySideOptions {
  /** Repetitions; the figures are medians over them. */
  reps: number
  /** The wall-clock length each side's batch is calibrated to. */
  batchMs: number
  /** Batches of every side run and thrown away first, so the JIT has warmed up. */
  warmupBatches: number
}

export const DEFAULT_TIMING: SideBySideOptions = { reps: 15, batchMs: 40, warmupBatches: 3 }

let sink: unknown
/** Whatever the last batch returned: read by nobody, written so no work is optimized away. */
export const lastSink = (): unknown => sink

/** CPU time of this process so far, in nanoseconds. */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) * 1000
}

/**
 * Nanoseconds per iteration of one batch. No forced GC between batches: a full collection
 * shrinks the young generation, and the next batch then pays for regrowing it (measured:
 * it tripled the ratio of row (a)). Each batch pays for the garbage it makes, in steady state.
 */
async function timeBatch(side: Side, iterations: number): Promise<number> {
  const start = cpuNow()
  sink = await side.batch(iterations)
  return (cpuNow() - start) / iterations
}

/** Iterations that make one batch last about `batchMs`. */
async function calibrate(side: Side, batchMs: number): Promise<number> {
  let iterations = 1
  for (;;) {
    const perOp = await timeBatch(side, iterations)
    const wanted = Math.ceil((batchMs * 1e6) / Math.max(perOp, 1))
    if (perOp * iterations >= (batchMs * 1e6) / 4 || wanted <= iterations) return Math.max(1, Math.min(wanted, iterations * 64))
    iterations = Math.min(wanted, iterations * 8)
  }
}

/**
 * `times[rep][side]`: nanoseconds per iteration. Each repetition runs every side once, the
 * order rotated (and reversed every other repetition) so no side always goes first.
 */
export async function sideBySide(sides: readonly Side[], options: SideBySideOptions = DEFAULT_TIMING): Promise<number[][]> {
  const iterations: number[] = []
  for (const side of sides) iterations.push(await calibrate(side, options.batchMs))
  for (let w = 0; w < options.warmupBatches; w++) for (const [i, side] of sides.entries()) await timeBatch(side, iterations[i]!)
  const times: number[][] = []
  for (let rep = 0; rep < options.reps; rep++) {
    const order = sides.map((_, i) => (i + rep) % sides.length)
    if (rep % 2 === 1) order.reverse()
    const row = new Array<number>(sides.length)
    for (const i of order) row[i] = await timeBatch(sides[i]!, iterations[i]!)
    times.push(row)
  }
  return times
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The median of a per-repetition ratio, with its spread (the middle half: 25th and 75th percentile). */
export function medianRatio(times: readonly number[][], ratio: (row: readonly number[]) => number): { ratio: number; spread: [number, number] } {
  const ratios = times.map(ratio).sort((a, b) => a - b)
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.max(0, Math.round(q * (ratios.length - 1))))]!
  return { ratio: median(ratios), spread: [at(0.25), at(0.75)] }
}

/** `measure` of each item, one after another (timings never overlap), in order. */
export async function eachInTurn<T, R>(items: readonly T[], measure: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (const item of items) results.push(await measure(item))
  return results
}
