// Builds the language-neutral vectors of vectors/ from the TEXT of
// spec/todo.md and test/golden/calls/ — never from the code under test — and bumps the
// suite's semver when the cases change. test/vectors.test.ts fails when the committed
// files drift from what this builds; `npm run vectors` rewrites them.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { goldenCalls } from './golden.js'
import { examples, SPEC_PATH, specText } from './spec.js'
import type { CaseFile, Suite, VectorCall, VectorCase } from '../../src/kit/vectors.js'

export const VECTORS_DIR = fileURLToPath(new URL('../../vectors/', import.meta.url))
export const SPEC_FILE = 'spec-examples.json'
export const GOLDEN_FILE = 'golden-calls.json'
const FIRST_VERSION = '1.0.0'

export interface Vectors {
  suite: Suite & { $schema: string; cases: number }
  files: Record<string, CaseFile & { $schema: string }>
}

/** Whether the arguments must travel as raw text: re-serializing the value would lose bytes. */
function bytesMatter(text: string): boolean {
  const value: unknown = JSON.parse(text)
  if (JSON.stringify(value) !== text) return true // repeated keys, escapes, spacing
  let special = false
  JSON.parse(text, (key, v: unknown) => {
    if (key === '__proto__' || (typeof v === 'string' && /\p{Surrogate}/u.test(v)) || /\p{Surrogate}/u.test(key)) special = true
    return v
  })
  return special
}

const argsOf = (text: string): Pick<VectorCall, 'args' | 'argsText'> => (bytesMatter(text) ? { argsText: text } : { args: JSON.parse(text) })

/** The rule heading each line of the spec sits under. */
function headings(text: string): { line: number; id: string; title: string }[] {
  return text.split('\n').flatMap((line, index) => {
    const m = /^#{3,4} (TW-[A-Z0-9-]+) — (.*)$/.exec(line)
    return m ? [{ line: index + 1, id: m[1]!, title: m[2]! }] : []
  })
}

function specCases(text: string): VectorCase[] {
  const heads = headings(text)
  const seen = new Map<string, number>()
  return examples(text).map((example) => {
    const head = heads.filter((h) => h.line < example.line).at(-1)
    if (!head) throw new Error(`spec/todo.md:${example.line}: an example outside every rule heading`)
    const n = (seen.get(head.id) ?? 0) + 1
    seen.set(head.id, n)
    let current: unknown = null // TW-REPLAY-1: the last snapshot of this example's one session
    const calls = example.calls.map((call): VectorCall => {
      if (call.event !== 'none') current = (JSON.parse(call.event) as { data: { todos: unknown } }).data.todos
      if (call.current !== undefined && JSON.stringify(current) !== call.current) {
        throw new Error(`spec/todo.md:${example.line}: current: ${call.current} contradicts the events (${JSON.stringify(current)})`)
      }
      const success = call.value !== undefined
      return {
        ...argsOf(call.args),
        agent: call.agent,
        options: call.options,
        expect: { isError: !success, text: call.text, value: success ? JSON.parse(call.value!) : null, event: success ? JSON.parse(call.event) : null, current },
      }
    })
    return { id: `spec/${head.id}/${n}`, rules: example.rules, description: `spec/todo.md ${head.id} (${head.title}), example ${n}`, calls }
  })
}

/** Rule IDs a golden text illustrates, read off its stable prefix. */
function goldenRules(text: string): string[] {
  if (text.startsWith('Updated todo list: ')) return ['TW-SUCCESS-1', 'TW-VALUE-1', 'TW-EVENT-1']
  if (text.startsWith('Error: invalid arguments: ')) return ['TW-ENVELOPE-1', 'TW-ARGS-1']
  if (text.startsWith('Error: invalid todo: ')) return ['TW-ENVELOPE-1', 'TW-EMPTY-1']
  if (text.startsWith('Error: invalid todos: duplicate content ')) return ['TW-ENVELOPE-1', 'TW-DUP-1', 'TW-DUP-2']
  if (text.startsWith('Error: invalid todos: at most one')) return ['TW-ENVELOPE-1', 'TW-ACTIVE-1']
  if (text === 'Error: todo_write requires an owning agent session') return ['TW-ENVELOPE-1', 'TW-OWNER-1']
  throw new Error(`a golden text of no known kind: ${JSON.stringify(text)}`)
}

function goldenCases(): VectorCase[] {
  return goldenCalls().map((golden) => {
    let expect: VectorCall['expect']
    if (golden.line !== undefined) {
      const line = JSON.parse(golden.line) as { isError: boolean; text: string; value?: unknown; event?: { data: { todos: unknown } } }
      if (line.text !== golden.text) throw new Error(`golden ${golden.name}: .line and .text disagree`)
      expect = { isError: line.isError, text: line.text, value: line.value ?? null, event: line.event ?? null, current: line.event ? line.event.data.todos : null }
    } else if (golden.text.startsWith('Error: ')) {
      expect = { isError: true, text: golden.text, value: null, event: null, current: null }
    } else {
      throw new Error(`golden ${golden.name}: a success needs a .line file to pin its value and event`)
    }
    return {
      id: `golden/${golden.name}`,
      rules: goldenRules(golden.text),
      description: `test/golden/calls/${golden.name} (${golden.agent ? 'with' : 'without'} an owning session)`,
      calls: [{ ...argsOf(golden.args), agent: golden.agent, options: {}, expect }],
    }
  })
}

const bump = (version: string, part: 0 | 1 | 2): string =>
  version.split('.').map((n, i) => (i < part ? Number(n) : i === part ? Number(n) + 1 : 0)).join('.')

/** Semver of the new cases against the old: major when a case changed or went, minor when one came, patch for the rest. */
export function nextVersion(previous: Vectors | null, next: Vectors): string {
  if (!previous) return FIRST_VERSION
  const version = previous.suite.version
  const key = (c: VectorCase) => JSON.stringify(c.calls)
  const old = new Map(Object.values(previous.files).flatMap((f) => f.cases).map((c) => [c.id, key(c)]))
  const now = new Map(Object.values(next.files).flatMap((f) => f.cases).map((c) => [c.id, key(c)]))
  if ([...old].some(([id, calls]) => now.get(id) !== calls)) return bump(version, 0)
  if ([...now.keys()].some((id) => !old.has(id))) return bump(version, 1)
  const rest = (v: Vectors) => JSON.stringify({ ...v, suite: { ...v.suite, version: '' } })
  return rest(previous) === rest(next) ? version : bump(version, 2)
}

/** The vectors the spec and golden files define now, versioned against `previous`. */
export function buildVectors(previous: Vectors | null): Vectors {
  const text = specText()
  const files = {
    [SPEC_FILE]: { $schema: './case-file.schema.json', description: 'Every worked example of spec/todo.md, in document order.', cases: specCases(text) },
    [GOLDEN_FILE]: { $schema: './case-file.schema.json', description: 'Every golden call of test/golden/calls/.', cases: goldenCases() },
  }
  const version = (/^Version (\d+\.\d+\.\d+)\./m.exec(text) ?? [])[1]
  if (!version) throw new Error('spec/todo.md states no "Version x.y.z."')
  const sha256 = createHash('sha256').update(readFileSync(SPEC_PATH)).digest('hex')
  const cases = Object.values(files).reduce((n, f) => n + f.cases.length, 0)
  const suite = { $schema: './suite.schema.json', name: 'todo-write conformance vectors', version: FIRST_VERSION, protocol: 1, spec: { path: 'spec/todo.md', version, sha256 }, files: Object.keys(files), cases }
  const built: Vectors = { suite, files }
  built.suite.version = nextVersion(previous, built)
  return built
}

/** JSON with every non-ASCII code unit escaped: readable by any JSON parser, invisible characters visible. */
export const vectorJson = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) + '\n'

const read = (name: string): unknown => JSON.parse(readFileSync(`${VECTORS_DIR}${name}`, 'utf8'))

/** The committed vectors, or null when there are none yet. */
export function committedVectors(): Vectors | null {
  if (!existsSync(`${VECTORS_DIR}suite.json`)) return null
  const suite = read('suite.json') as Vectors['suite']
  return { suite, files: Object.fromEntries(suite.files.map((name) => [name, read(name) as Vectors['files'][string]])) }
}

export function writeVectors(vectors: Vectors): void {
  writeFileSync(`${VECTORS_DIR}suite.json`, vectorJson(vectors.suite))
  for (const [name, file] of Object.entries(vectors.files)) writeFileSync(`${VECTORS_DIR}${name}`, vectorJson(file))
}
