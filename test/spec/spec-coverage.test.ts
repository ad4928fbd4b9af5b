// Every rule and property ID of the spec (spec/todo.md, spec/replay.md and spec/protocol.md) is
// named by an example or a test, and every ID named anywhere is one the spec defines. Each
// file's examples are of the kind its reader runs, so none is silently skipped.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { definedIds, examples, fenceKinds, protocolExamples, protocolText, replaySpecText, specText } from '../support/spec.js'
import { replayExamples } from '../support/replay-spec.js'

const TEST_DIR = fileURLToPath(new URL('../', import.meta.url))

function testSources(dir = TEST_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'support' ? [] : testSources(path)
    return entry.name.endsWith('.test.ts') ? [readFileSync(path, 'utf8')] : []
  })
}

const tool = definedIds()
const replay = definedIds(replaySpecText())
const protocol = definedIds(protocolText())
const rules = [...tool.rules, ...replay.rules, ...protocol.rules]
const properties = [...tool.properties, ...replay.properties, ...protocol.properties]
const exampleIds = new Set([...examples(), ...replayExamples(), ...protocolExamples()].flatMap((example) => example.rules))
// `TW-ARGS-*` names a family of rules, not an ID.
const testText = testSources()
  .join('\n')
  .replace(/TW-[A-Z0-9-]*-\*/g, '')
const namedInTests = new Set([...testText.matchAll(/TW-[A-Z0-9]+(?:-[A-Z0-9]+)*/g)].map((m) => m[0]))

describe('spec coverage', () => {
  it('defines rules and properties, each once', () => {
    expect(tool.rules.length).toBeGreaterThan(20)
    expect(replay.rules.length).toBeGreaterThanOrEqual(16)
    expect(replay.properties.length).toBeGreaterThanOrEqual(4)
    expect(protocol.rules.length).toBeGreaterThanOrEqual(10)
    expect(properties.length).toBeGreaterThanOrEqual(10)
    expect(new Set(rules).size).toBe(rules.length)
    expect(new Set(properties).size).toBe(properties.length)
  })

  it('every rule ID is named by an example or a test', () => {
    expect(rules.filter((id) => !exampleIds.has(id) && !namedInTests.has(id))).toEqual([])
  })

  it('every property ID is named by a test', () => {
    expect(properties.filter((id) => !namedInTests.has(id))).toEqual([])
  })

  it('examples and tests name only defined IDs', () => {
    const defined = new Set([...rules, ...properties])
    expect([...exampleIds, ...namedInTests].filter((id) => !defined.has(id))).toEqual([])
  })

  it('each spec file holds only the examples its reader runs', () => {
    const counts = (kinds: string[]) => Object.fromEntries([...new Set(kinds)].map((kind) => [kind, kinds.filter((k) => k === kind).length]))
    expect(counts(fenceKinds(specText()).filter((kind) => kind.endsWith('-example')))).toEqual({ 'todo-example': examples().length })
    expect(counts(fenceKinds(replaySpecText()).filter((kind) => kind.endsWith('-example')))).toEqual({ 'replay-example': replayExamples().length })
    expect(counts(fenceKinds(protocolText()).filter((kind) => kind.endsWith('-example')))).toEqual({ 'protocol-example': protocolExamples().length })
  })

  it('spec/todo.md and spec/replay.md cite nothing outside the repository', () => {
    for (const text of [specText(), replaySpecText()]) {
      expect(text).not.toMatch(/shared\/|harness-contract|\.\.\//)
    }
  })
})
