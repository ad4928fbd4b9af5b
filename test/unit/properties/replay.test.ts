import { property } from '../../support/property.js'
import { expect } from 'vitest'
import { callTodoWrite } from '../../../src/core/call.js'
import { MemorySession } from '../../../src/log/events.js'
import { currentTodos } from '../../../src/log/plan.js'
import { modelSnapshot, type ModelItem } from '../../support/model.js'
import { calls } from '../../../src/kit/generators.js'

function play(sequence: { args: unknown; agent: boolean }[]) {
  const session = new MemorySession()
  let lastAccepted: { args: unknown; snapshot: ModelItem[] } | null = null
  for (const { args, agent } of sequence) {
    const result = callTodoWrite(args, agent ? { agent: { session } } : {})
    if (!result.isError) lastAccepted = { args, snapshot: modelSnapshot((args as { todos: ModelItem[] }).todos) }
  }
  return { session, lastAccepted }
}

property('TW-PROP-REPLAY-IDEMPOTENT: replaying the same log twice gives the same list', [calls], (sequence) => {
  const { session } = play(sequence)
  const persisted = session.events.map((event) => JSON.stringify(event))
  const first = currentTodos(persisted.map((line) => JSON.parse(line)))
  const second = currentTodos(persisted.map((line) => JSON.parse(line)))
  expect(second).toEqual(first)
  expect(currentTodos(session.events)).toEqual(first)
})

property('TW-PROP-LAST-ACCEPTED: the current list is the last accepted normalized list', [calls], (sequence) => {
  const { session, lastAccepted } = play(sequence)
  expect(currentTodos(session.events)).toEqual(lastAccepted ? lastAccepted.snapshot : null)
})

property('TW-PROP-RESEND: re-sending the last accepted arguments leaves the list unchanged', [calls], (sequence) => {
  const { session, lastAccepted } = play(sequence)
  if (!lastAccepted) return
  const before = currentTodos(session.events)
  const result = callTodoWrite(lastAccepted.args, { agent: { session } })
  expect(result.isError).toBe(false)
  expect(currentTodos(session.events)).toEqual(before)
})
