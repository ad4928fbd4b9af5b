// What a benchmark row is. Each row is one module under bench/rows/ exporting a `Row`; the
// runner (run.ts) lists them in order. Adding a row = adding one module and one line there.
import type { SideBySideOptions } from './timing.js'

/** A target on a ratio: `ratio <= value` or `ratio >= value`. */
export interface Target {
  op: '<=' | '>='
  value: number
}

/** One measured case of a row (one size, one peer, …). */
export interface CaseResult {
  /** What was measured, e.g. "100 items" or "zod / ours, 1,000 items". */
  label: string
  /** The median over repetitions of the per-repetition ratio the row defines. */
  ratio: number
  /** The 25th and 75th percentile of that ratio over the repetitions. */
  spread: [number, number]
  /** The target this case is judged against (the row's, unless the case has its own); null for context only. */
  target: string | null
  /** Whether the ratio meets it; null when there is none. */
  met: boolean | null
  /** Median absolute times, for context only (never compared): name → nanoseconds per operation. */
  context?: Record<string, number>
}

export interface RowResult {
  id: string
  what: string
  /** The ratio's definition, in words. */
  ratio: string
  /** The target as written in the issue, e.g. "≤ 0.5" (cases may carry their own); null for a row with no target. */
  target: string | null
  /** All cases with a target met; null when nothing was measured. */
  met: boolean | null
  cases: CaseResult[]
  /** Why a row was not measured, or a remark on how it was. */
  note?: string
}

export interface BenchContext {
  timing: SideBySideOptions
  /** The repository root. */
  root: string
  /** The release entry row (g) compares this build with (`--registry`). */
  registry?: string
  /** Progress lines on stderr. */
  log(line: string): void
}

/** A case as a row measures it: judged against its own target, else the row's, unless `informational`. */
export type MeasuredCase = Omit<CaseResult, 'met' | 'target'> & { informational?: boolean; target?: Target }

export interface Measured {
  cases: MeasuredCase[]
  note?: string
}

export interface Row {
  id: string
  what: string
  ratio: string
  /** The row's target; `targetText` overrides how it is shown when cases carry their own. */
  target: Target | null
  targetText?: string
  run(context: BenchContext): Promise<Measured>
}

export const targetText = (target: Target | null): string | null => (target === null ? null : `${target.op === '<=' ? '≤' : '≥'} ${target.value}`)

export const meets = (target: Target | null, ratio: number): boolean | null =>
  target === null ? null : target.op === '<=' ? ratio <= target.value : ratio >= target.value

/** A row's result: its cases judged against its target. */
export function rowResult(row: Row, measured: Measured): RowResult {
  const cases: CaseResult[] = measured.cases.map(({ informational, target, ...c }) => {
    const judgedBy = informational ? null : (target ?? row.target)
    return { ...c, target: targetText(judgedBy), met: meets(judgedBy, c.ratio) }
  })
  const judged = cases.filter((c) => c.met !== null)
  return {
    id: row.id,
    what: row.what,
    ratio: row.ratio,
    target: row.targetText ?? targetText(row.target),
    met: judged.length === 0 ? null : judged.every((c) => c.met),
    cases,
    ...(measured.note === undefined ? {} : { note: measured.note }),
  }
}
