// The language-neutral vectors (TW-KIT-VECTORS-1): valid against their own JSON Schemas
// (ajv, draft 2020-12), equal to what spec/todo.md and the golden files define (a drift
// fails here; `npm run vectors` rewrites them and bumps the suite's semver), and every
// case passes against the library itself.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { currentTodos } from '../../src/log/plan.js'
import type { TodoWriteOptions } from '../../src/core/options.js'
import { isArgsRefused, type CallOutcome } from '../../src/kit/protocol.js'
import { ArgsNotJson, Reference } from '../../src/kit/reference.js'
import { modelIsJsonText } from '../support/model.js'
import { asciiJson, callInput, loadSuite, type VectorCase } from '../../src/kit/vectors.js'
import { examples, SPEC_PATH } from '../support/spec.js'
import { goldenCalls } from '../support/golden.js'
import { allCases, buildVectors, committedVectors, nextVersion, VECTORS_DIR, writeVectors } from '../support/vectors.js'
import { hasPython, PYTHON } from '../support/python.js'

if (process.env.UPDATE_VECTORS === '1') {
  writeVectors(buildVectors(committedVectors()))
  console.log(`UPDATE_VECTORS=1: rewrote ${VECTORS_DIR}`)
}
const committed = committedVectors()!
const cases = allCases(committed)
const schema = (name: string) => JSON.parse(readFileSync(`${VECTORS_DIR}${name}`, 'utf8')) as object
const ajv = new Ajv2020({ strict: true, allErrors: true })
const validateCaseFile = ajv.compile(schema('case-file.schema.json'))
const validateSuite = ajv.compile(schema('suite.schema.json'))

describe('vector files (TW-KIT-VECTORS-1)', () => {
  it('suite.json is valid against suite.schema.json', () => {
    expect(validateSuite(committed.suite), ajv.errorsText(validateSuite.errors)).toBe(true)
  })

  it.each(committed.suite.files)('%s is valid against case-file.schema.json', (name) => {
    expect(validateCaseFile(committed.files[name]), ajv.errorsText(validateCaseFile.errors)).toBe(true)
  })

  it('the schema refuses what it should: both args forms, a success without a value, an unknown key', () => {
    const call = { args: {}, agent: true, options: {}, expect: { isError: true, text: 'Error: x', value: null, event: null, current: null } }
    const valid = (c: unknown) => validateCaseFile({ description: 'd', cases: [{ id: 'a/b', rules: [], description: 'd', calls: [c] }] })
    expect(valid(call)).toBe(true)
    expect(valid({ ...call, argsText: '{}' })).toBe(false)
    expect(valid({ ...call, expect: { ...call.expect, isError: false, text: 'Updated todo list: 0 pending, 0 in progress, 0 completed.' } })).toBe(false)
    expect(valid({ ...call, extra: 1 })).toBe(false)
    expect(valid({ ...call, argsText: '{', args: undefined, expect: { error: true } })).toBe(true)
    expect(valid({ ...call, expect: { error: false } })).toBe(false)
    expect(valid({ ...call, expect: { error: true, text: 'Error: x' } })).toBe(false)
  })

  it('the suite names the sha256 of spec/todo.md as it is now', () => {
    const sha = createHash('sha256').update(readFileSync(SPEC_PATH)).digest('hex')
    expect(committed.suite.spec.sha256, 'spec/todo.md changed: run `npm run vectors`').toBe(sha)
  })

  it('the committed files are exactly what the spec and the golden files define (run `npm run vectors` after changing them)', () => {
    const built = buildVectors(committed)
    expect(built).toEqual(committed)
    for (const name of ['suite.json', ...committed.suite.files]) {
      const value = name === 'suite.json' ? built.suite : built.files[name]
      expect(readFileSync(`${VECTORS_DIR}${name}`, 'utf8'), name).toBe(asciiJson(value))
    }
  })

  it('holds one case per spec example and per golden file, with unique ids', () => {
    expect(cases.filter((c) => c.id.startsWith('spec/'))).toHaveLength(examples().length)
    expect(cases.filter((c) => c.id.startsWith('golden/'))).toHaveLength(goldenCalls().length)
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length)
    expect(committed.suite.cases).toBe(cases.length)
  })

  it('keeps raw text where the bytes matter: repeated keys, __proto__, escapes, lone surrogates', () => {
    const texts = cases.flatMap((c) => c.calls.map((call) => call.argsText ?? ''))
    expect(texts.some((t) => t.includes('"status":"pending","status":"completed"'))).toBe(true)
    expect(texts.some((t) => t.includes('"__proto__"'))).toBe(true)
    expect(texts.some((t) => t.includes('\\ud800'))).toBe(true)
  })

  it.skipIf(!hasPython)("every file loads with Python's json.load at its default recursion limit (deep arguments travel as raw text)", () => {
    const files = ['suite.json', 'case-file.schema.json', 'suite.schema.json', ...committed.suite.files]
    const script =
      'import json, sys\nfor path in sys.argv[1:]:\n    with open(path, encoding="utf-8") as f:\n        json.load(f)\nprint(sys.getrecursionlimit())'
    const run = spawnSync(PYTHON!, ['-c', script, ...files.map((name) => `${VECTORS_DIR}${name}`)], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe('1000')
  })

  it('the runtime loader reads the same cases', () => {
    const loaded = loadSuite()
    expect(loaded.suite.version).toBe(committed.suite.version)
    expect(loaded.cases).toEqual(cases)
  })
})

describe('suite semver', () => {
  /** The next version after `mutate` changes the cases of the first file. */
  const versionAfter = (mutate: (fileCases: VectorCase[]) => unknown): string => {
    const copy = structuredClone(committed)
    mutate(copy.files[copy.suite.files[0]!]!.cases)
    return nextVersion(committed, copy)
  }
  const [major, minor, patch] = committed.suite.version.split('.').map(Number) as [number, number, number]

  it('unchanged keeps the version; a changed or removed case is major; an added case is minor; the rest is patch', () => {
    expect(versionAfter(() => {})).toBe(committed.suite.version)
    expect(versionAfter((fileCases) => ((fileCases[0]!.calls[0]!.expect as CallOutcome).text += '!'))).toBe(`${major + 1}.0.0`)
    expect(versionAfter((fileCases) => fileCases.pop())).toBe(`${major + 1}.0.0`)
    expect(versionAfter((fileCases) => fileCases.push({ ...fileCases[0]!, id: 'spec/NEW/1' }))).toBe(`${major}.${minor + 1}.0`)
    expect(versionAfter((fileCases) => (fileCases[0]!.description += '.'))).toBe(`${major}.${minor}.${patch + 1}`)
  })
})

describe('every vector against the library (TW-KIT-VECTORS-1)', () => {
  it.each(cases.map((c) => [c.id, c] as const))('%s', (_, c) => {
    const session = new MemorySession()
    for (const call of c.calls) {
      const before = session.events.length
      const text = callInput(call).args
      expect(modelIsJsonText(text), 'the model grammar and JSON.parse agree').toBe(!isArgsRefused(call.expect))
      if (isArgsRefused(call.expect)) {
        // TW-JSON-4: not a JSON text, so it never reaches the tool; the serve answers an error.
        expect(() => JSON.parse(text)).toThrow(SyntaxError)
        expect(() => new Reference().call('s', callInput(call))).toThrow(ArgsNotJson)
        continue
      }
      const result = callTodoWrite(JSON.parse(text), call.agent ? { agent: { session } } : {}, call.options as TodoWriteOptions)
      expect(result.isError).toBe(call.expect.isError)
      expect(result.text).toBe(call.expect.text)
      expect(JSON.stringify(result.value ?? null)).toBe(JSON.stringify(call.expect.value))
      const appended = session.events.slice(before).map(({ type, data }) => ({ type, data }))
      expect(JSON.stringify(appended)).toBe(JSON.stringify(call.expect.event === null ? [] : [call.expect.event]))
      expect(JSON.stringify(currentTodos(session.events))).toBe(JSON.stringify(call.expect.current))
    }
  })
})
