// Model-facing bytes against the golden files: every text, and the emitted JSON Schema.
import { describe, expect, it } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { parametersSchema } from '../../src/core/schema.js'
import { emitJsonSchema } from '../support/golden.js'
import { DEFAULT_OPTIONS } from '../../src/core/options.js'
import { goldenCalls, schemaFile } from '../support/golden.js'

const cases = goldenCalls()

describe('golden texts (TW-ENVELOPE-1, TW-SUCCESS-1, TW-ARGS-*)', () => {
  it('covers the four stable errors of the seed, successes and schema violations', () => {
    expect(cases.filter((c) => c.name.startsWith('seed-'))).toHaveLength(4)
    expect(cases.filter((c) => c.text.startsWith('Updated todo list: ')).length).toBeGreaterThanOrEqual(3)
    expect(cases.filter((c) => c.text.startsWith('Error: invalid arguments: ')).length).toBeGreaterThanOrEqual(10)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, golden) => {
    const session = new MemorySession()
    const result = callTodoWrite(JSON.parse(golden.args), golden.agent ? { agent: { session } } : {})
    expect(Buffer.from(result.text, 'utf8').equals(Buffer.from(golden.text, 'utf8'))).toBe(true)
    expect(result.text).toBe(golden.text)
    expect(result.isError).toBe(golden.text.startsWith('Error: '))
    expect(session.events).toHaveLength(result.isError ? 0 : 1)
  })
})

describe('golden parameter schema (TW-ARGS-1)', () => {
  it('the emitted JSON Schema equals schemas/parameters.schema.json byte for byte', () => {
    expect(emitJsonSchema(parametersSchema(DEFAULT_OPTIONS))).toBe(schemaFile('parameters.schema.json').toString('utf8'))
  })
})
