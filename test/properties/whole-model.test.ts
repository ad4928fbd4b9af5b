// TW-PROP-WHOLE-MODEL: for generated argument TEXTS — schema-valid, near misses, hostile
// (repeated and `__proto__` keys, -0, overflowing numbers, deep nesting, traps), in every
// layout and spelling a caller writes (whitespace, escapes, number forms) — under
// every profile and option, with an owner and without, the whole result of a call equals
// what the independent model says: isError, the text, the canonical value and the events
// appended. Texts the harness could not parse never reach the tool and are not drawn.
import { expect } from 'vitest'
import fc from '../support/fc.js'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { modelCall, type ModelItem, type ModelOptions } from '../support/model.js'
import { property } from '../support/property.js'
import { argsNode, layout, optionsFor, writeJsonNode } from '../../src/kit/generators.js'
import { hostileArguments, seededRandom } from '../../fixtures/generators.js'
import { PROFILE_NAMES } from '../../src/core/options.js'

const argumentText = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(argsNode, layout).map(([node, form]) => writeJsonNode(node, form)) },
  { weight: 1, arbitrary: fc.integer().map((seed) => hostileArguments(seededRandom(seed))) },
)

const parses = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** The whole result the model gives: what the model's text and snapshot imply of every field. */
function modelResult(args: unknown, agent: boolean, options: ModelOptions) {
  const { text, snapshot } = modelCall(args, agent, options)
  const count = (todos: ModelItem[], status: string) => todos.filter((todo) => todo.status === status).length
  return {
    isError: snapshot === null,
    text,
    value:
      snapshot === null
        ? null
        : {
            todos: snapshot,
            counts: { pending: count(snapshot, 'pending'), inProgress: count(snapshot, 'in_progress'), completed: count(snapshot, 'completed') },
          },
    event: snapshot === null ? null : { type: 'todo/write', data: { todos: snapshot } },
    appended: snapshot === null ? [] : [{ type: 'todo/write', seq: 0, data: { todos: snapshot } }],
  }
}

property(
  "TW-PROP-WHOLE-MODEL: every field of the result, and the log, are the model's",
  [argumentText.filter(parses), optionsFor(PROFILE_NAMES), fc.boolean()],
  (text, options, agent) => {
    const session = new MemorySession()
    const result = callTodoWrite(JSON.parse(text), agent ? { agent: { session } } : {}, options)
    expect({ ...result, appended: session.events }).toEqual(modelResult(JSON.parse(text), agent, options as ModelOptions))
  },
  { numRuns: 300 },
)
