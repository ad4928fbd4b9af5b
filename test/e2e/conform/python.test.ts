// The kit against the Python example port (TW-KIT-FUZZ-1): the clean port passes every
// vector, the protocol suite and a few hundred generated sequences; seven of the zoo's bugs
// (zoo/python-bugs.py) are caught by the fuzzer alone, each with a counterexample shrunk to
// one call that shows that very bug.
import { resolveOptions } from '../../../src/core/options.js'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { PROTOCOL_CHECKS } from '../../../src/kit/protocol-suite.js'
import { loadSuite } from '../../../src/kit/vectors.js'
import { conform, fuzzed, PYTHON_PORT, tempDir } from '../../support/conform.js'
import { FC_SEED } from '../../support/seed.js'
import { protocolExamples } from '../../support/spec.js'
import { VECTORS_DIR } from '../../support/vectors.js'
import { hasPython, PYTHON } from '../../support/python.js'
import { bugPort } from './zoo/zoo.js'

if (!hasPython) console.warn('SKIPPED: python3 is not on PATH, so the Python port tests (test/e2e/conform/python.test.ts) do not run')

const CASES = (JSON.parse(readFileSync(`${VECTORS_DIR}suite.json`, 'utf8')) as { cases: number }).cases + PROTOCOL_CHECKS.length
const PORT = [PYTHON!, PYTHON_PORT]
const RUNS = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 400
const validCaseFile = new Ajv2020({ strict: true }).compile(JSON.parse(readFileSync(`${VECTORS_DIR}case-file.schema.json`, 'utf8')) as object)

/** Every string of a parsed JSON text, keys included. */
function strings(text: string): string[] {
  const out: string[] = []
  JSON.parse(text, (key, value: unknown) => {
    out.push(key)
    if (typeof value === 'string') out.push(value)
    return value
  })
  return out
}

function items(text: string): Record<string, unknown>[] {
  const args = JSON.parse(text) as { todos?: unknown }
  return Array.isArray(args?.todos) ? args.todos.filter((t): t is Record<string, unknown> => typeof t === 'object' && t !== null && !Array.isArray(t)) : []
}

interface Counterexample {
  calls: { args: string; agent: boolean; options: Record<string, unknown> }[]
  failure: { call: number; expected: { text: string; isError: boolean } }
}
type Shows = (failing: Counterexample['calls'][number], found: Counterexample) => boolean

/** Each bug, and what its smallest counterexample must show for the kit to have found THAT bug. */
const BUGS: Record<string, Shows> = {
  // Python's str.strip() also strips U+001C–U+001F and U+0085, and does not strip U+FEFF.
  strip: (call) => strings(call.args).some((s) => /[\u001c-\u001f\u0085\ufeff]/.test(s)),
  // json.dumps escapes every non-ASCII character; JSON.stringify writes it raw.
  'json-dumps': (call, found) =>
    found.failure.expected.text.startsWith('Error: invalid todos: duplicate content ') && strings(call.args).some((s) => /[^\u0000-\u007f]/.test(s)),
  // The owner check must come last: the failing call has no owning session.
  'owner-first': (call, found) => !call.agent && found.failure.expected.text !== 'Error: todo_write requires an owning agent session',
  // The count is checked after the walk: the list holds two or more in_progress items.
  'count-before-duplicate': (call) => items(call.args).filter((t) => t.status === 'in_progress').length >= 2,
  // Extra item keys must be dropped: an accepted item carried one.
  'keep-extra-keys': (call, found) =>
    !found.failure.expected.isError && items(call.args).some((t) => Object.keys(t).some((k) => k !== 'content' && k !== 'status')),
  // ECMAScript lists array-index keys first: an undeclared one, under unknownItemKeys "reject".
  'key-order': (call) =>
    resolveOptions(call.options).unknownItemKeys === 'reject' && items(call.args).some((t) => Object.keys(t).some((k) => /^(0|[1-9][0-9]*)$/.test(k))),
  // A universal-newline split breaks the request at a raw U+2028, U+2029 or U+0085.
  splitlines: (call) => strings(call.args).some((s) => /[\u2028\u2029\u0085]/.test(s)),
}

/** The example port with one word of one message changed, as the zoo plants bugs: examples/ untouched. */
function plantedPort(): string {
  const planted = join(tempDir(), 'planted.py')
  writeFileSync(
    planted,
    [
      'import sys',
      'port = sys.argv[1]',
      'source = open(port, encoding="utf-8").read()',
      `assert source.count('"invalid todos: duplicate content "') == 1`,
      `source = source.replace('"invalid todos: duplicate content "', '"invalid todos: repeated content "')`,
      'sys.argv = [port]',
      'exec(compile(source, port, "exec"), {"__name__": "__main__", "__file__": port})',
      '',
    ].join('\n'),
  )
  return planted
}

describe.skipIf(!hasPython)(`the Python port${hasPython ? '' : ' (SKIPPED: python3 is not on PATH)'}`, () => {
  it(`passes every vector and ${RUNS} generated sequences (seed ${FC_SEED})`, async () => {
    const run = await conform(['--seed', String(FC_SEED), '--runs', String(RUNS), '--regressions', tempDir(), '--', ...PORT])
    expect(run.stdout).not.toContain('FAIL')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(`todo-write-python (python 1.4.0): ${CASES + 1} passed, 0 failed\n`)
    expect(run.last).toBe(`${CASES + 1} passed, 0 failed`)
  })

  it("answers spec/protocol.md's examples as the reference does (names and error texts aside)", () => {
    for (const example of protocolExamples()) {
      const input = example.exchanges.map((e) => e.request + '\n').join('')
      const run = spawnSync(PYTHON!, [PYTHON_PORT], { input, encoding: 'utf8', timeout: 60_000 })
      expect(run.status).toBe(0)
      const lines = run.stdout.split('\n').filter(Boolean)
      const actual = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(actual).toHaveLength(example.exchanges.length)
      example.exchanges.forEach(({ response }, i) => {
        const expected = JSON.parse(response) as Record<string, unknown>
        if ('error' in expected) expect(actual[i]).toEqual({ id: expected.id, error: expect.any(String) })
        else if ('implementation' in expected)
          expect(actual[i]).toMatchObject({ id: expected.id, protocol: 1, implementation: { name: 'todo-write-python', language: 'python' } })
        else expect(JSON.stringify(actual[i])).toBe(response)
      })
    }
  })

  it.each(Object.keys(BUGS))('the bug %s is caught, shrunk to one call that shows the bug', async (bug) => {
    const { run, fuzz } = await fuzzed(7, 300, bugPort(bug))
    expect(run.status).toBe(1)
    expect(run.stdout).toMatch(/FAIL fuzz: sequence \d+ of 300 from seed 7 disagrees; shrunk \d+ times to the smallest input, 1 call:/)
    const found = fuzz.counterexample as Counterexample
    expect(found.calls).toHaveLength(1)
    expect(BUGS[bug]!(found.calls[found.failure.call]!, found), JSON.stringify(found.calls)).toBe(true)
    expect(validCaseFile(JSON.parse(readFileSync(fuzz.regressionFile!, 'utf8')))).toBe(true)
    expect(run.last).toBe('0 passed, 1 failed')
  })
  it('one wrong error string is one grouped failure block: every affected case named, the two texts aligned where they first differ', async () => {
    const planted = plantedPort()
    // The vectors alone: the protocol suite's long duplicate (protocol/size/large-lists) holds the message too.
    const run = await conform(['--runs', '0', '--skip', 'protocol/*', '--', PYTHON!, planted, PYTHON_PORT])
    expect(run.status).toBe(1)
    // Every case whose expected text holds that message, straight from the vectors.
    const affected = loadSuite().cases.filter((c) => c.calls.some((call) => 'text' in call.expect && call.expect.text.includes('duplicate content')))
    expect(affected.length).toBeGreaterThan(30)
    const [first, ...rest] = affected.map((c) => c.id)
    expect(run.lines.filter((line) => line.startsWith('FAIL ') && !line.startsWith('FAIL vectors:'))).toEqual([expect.stringMatching(`^FAIL ${first}: `)])
    const block = run.stdout.slice(run.stdout.indexOf(`FAIL ${first}: `), run.stdout.indexOf('FAIL vectors:'))
    expect(block).toContain(
      [
        '      text, from character 24:',
        '        expected: "Error: invalid todos: duplicate content \\"a\\""',
        '        actual:   "Error: invalid todos: repeated content \\"a\\""',
        '                                         ^',
      ].join('\n'),
    )
    expect(block).toContain(`  the same difference in ${rest.length} more cases:\n`)
    const [, ...listing] = block.slice(block.indexOf('the same difference')).split('\n')
    const listed = listing.flatMap((line) => line.trim().split(', ')).filter(Boolean)
    expect(listed).toEqual(rest)
    expect(run.last).toBe(`${CASES - PROTOCOL_CHECKS.length - affected.length} passed, ${affected.length} failed`)
  })

  it.each([1, 3, 6, 8])('shrinking drops what the failure does not need: seed %i gives two plain duplicates and nothing else', async (seed) => {
    const { fuzz } = await fuzzed(seed, 100, [PYTHON!, plantedPort(), PYTHON_PORT])
    expect(fuzz.counterexample!.calls.map((call) => call.args)).toEqual(['{"todos":[{"content":"a","status":"pending"},{"content":"a","status":"pending"}]}'])
  })
})
