// Writes session logs the way the harness does (harness-contract §3): a header, then events
// numbered from seq 0, each todo_write call logged as tool/call, todo/write (on success),
// tool/result. The tool is the reference (callTodoWrite); the list a log should replay to
// comes from the independent model in model.ts.
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession, type LogEvent } from '../../src/log/events.js'
import type { Segment } from '../../fixtures/generators.js'
import { modelSnapshot, type ModelItem } from './model.js'

export const HEADER = { type: 'session', version: 0, id: '00000000-0000-4000-8000-00000000000f', createdAt: 1767225600000, cwd: '/work', delegationDepth: 0 }

export interface HarnessLog {
  /** The events, in order, with seq from 0. */
  events: LogEvent[]
  /** The whole log as JSON Lines, header first, every line ending in \n. */
  text: string
  /** What the model says the log holds: the last accepted list, and the standing plan. */
  current: ModelItem[] | null
  standing: ModelItem[] | null
}

export function harnessLog(segments: readonly Segment[]): HarnessLog {
  const events: LogEvent[] = []
  const add = (type: string, data: unknown) => events.push({ type, seq: events.length, time: 1767225600000 + events.length, data })
  let current: ModelItem[] | null = null
  let standing: ModelItem[] | null = null
  let turn = 0
  segments.forEach((segment, index) => {
    if (segment.kind === 'turn/start') {
      add('turn/start', { turn: ++turn, trigger: { kind: 'message', source: { kind: 'user' } } })
      standing = null
    } else if (segment.kind === 'turn/end') add('turn/end', { turn, reason: { kind: 'completed' } })
    else if (segment.kind === 'noise') add(segment.type, segment.data)
    else {
      const callId = `call_${index}`
      add('tool/call', { turn, step: 1, callId, name: 'todo_write', arguments: JSON.stringify(segment.args) })
      const session = new MemorySession()
      const result = callTodoWrite(segment.args, { agent: { session } })
      for (const event of session.events) add(event.type, event.data)
      add('tool/result', { turn, step: 1, callId, content: [{ type: 'text', text: result.text }], isError: result.isError })
      if (!result.isError) current = standing = modelSnapshot((segment.args as { todos: ModelItem[] }).todos)
    }
  })
  const text = [HEADER, ...events].map((line) => JSON.stringify(line) + '\n').join('')
  return { events, text, current, standing }
}
