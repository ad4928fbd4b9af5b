// What the log properties share: a log streamed through the reader and the fold, and a cut of bytes.
import type { LogEvent } from '../../src/log/events.js'
import { PlanReplay } from '../../src/log/plan.js'
import { readLog } from '../../src/log/reader.js'
import { source } from '../support/replay.js'

export async function replay(chunks: Buffer[]) {
  const plan = new PlanReplay()
  const problems: string[] = []
  const events: LogEvent[] = []
  for await (const record of readLog(source(...chunks))) {
    if (record.kind === 'problem') problems.push(`${record.line}: ${record.message}`)
    if (record.kind !== 'event') continue
    events.push(record.event)
    const step = plan.apply(record.event)
    if (step.kind === 'broken') problems.push(`${record.line}: ${step.message}`)
  }
  return { plan, problems, events }
}

/** Cut bytes at these (sorted, deduplicated) offsets. */
export const cut = (bytes: Buffer, offsets: number[]): Buffer[] => {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b)
  return [...points, bytes.length].map((end, i) => bytes.subarray(i === 0 ? 0 : points[i - 1]!, end))
}
