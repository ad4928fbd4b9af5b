// Runs EVERY worked example of spec/todo.md against the library (spec section 0).
import { describe, expect, it } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { currentTodos } from '../../src/log/plan.js'
import type { TodoWriteOptions } from '../../src/core/options.js'
import { examples } from '../support/spec.js'
import { callLine } from '../../src/cli/call.js'

const all = examples()

describe('spec/todo.md examples', () => {
  it('the spec holds examples', () => {
    expect(all.length).toBeGreaterThan(30)
  })

  it.each(all.map((example) => [`line ${example.line} (${example.rules.join(' ')})`, example] as const))('%s', (_, example) => {
    const session = new MemorySession()
    for (const call of example.calls) {
      const before = session.events.length
      const result = callTodoWrite(JSON.parse(call.args), call.agent ? { agent: { session } } : {}, call.options as TodoWriteOptions)
      expect(result.text).toBe(call.text)
      expect(result.isError).toBe(call.value === undefined)
      if (call.value !== undefined) expect(JSON.stringify(result.value)).toBe(call.value)
      const appended = session.events.slice(before).map(({ type, data }) => JSON.stringify({ type, data }))
      expect(appended).toEqual(call.event === 'none' ? [] : [call.event])
      // The line `todo-write call` prints for the same call (TW-CLI-1), keys in the spec's order.
      const expectedLine =
        call.value === undefined
          ? `{"isError":true,"text":${JSON.stringify(call.text)}}`
          : `{"isError":false,"text":${JSON.stringify(call.text)},"value":${call.value},"event":${call.event}}`
      expect(JSON.stringify(callLine(JSON.parse(call.args), call.agent, call.options as TodoWriteOptions))).toBe(expectedLine)
      if (call.current !== undefined) expect(JSON.stringify(currentTodos(session.events))).toBe(call.current)
    }
  })
})
