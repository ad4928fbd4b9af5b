// Log events for the verifier's tests, each numbered by the order it is made in.
import type { LogEvent } from '../../src/log/events.js'

/**
 * Builders of `tool/call`, `tool/result` and `todo/write` events; `next` is the seq of the
 * next event (for one built by hand), and `restart` numbers from 0 again.
 */
export function numberedEvents() {
  let seq = 0
  const next = (): number => seq++
  return {
    next,
    restart: (): void => {
      seq = 0
    },
    call: (callId: unknown, args: unknown, name = 'todo_write'): LogEvent => ({
      type: 'tool/call',
      seq: next(),
      data: { turn: 1, step: 1, callId, name, arguments: args },
    }),
    result: (callId: unknown, text: string, isError: unknown, content: unknown = [{ type: 'text', text }]): LogEvent => ({
      type: 'tool/result',
      seq: next(),
      data: { turn: 1, step: 1, callId, content, isError },
    }),
    write: (todos: unknown): LogEvent => ({ type: 'todo/write', seq: next(), data: { todos } }),
  }
}
