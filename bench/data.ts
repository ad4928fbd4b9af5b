// The benchmark's inputs: todo lists that look like an agent's (varied imperative sentences
// of 20–80 characters, distinct, a few completed, one in progress, the rest pending), as
// the JSON text the harness would hand to JSON.parse. Deterministic: seeded.
import { seededRandom } from '../fixtures/generators.js'

const VERBS = [
  'Read',
  'Fix',
  'Add tests for',
  'Refactor',
  'Document',
  'Review',
  'Remove',
  'Rename',
  'Profile',
  'Split',
  'Inline',
  'Check',
  'Update',
  'Port',
  'Simplify',
  'Measure',
  'Benchmark',
  'Validate',
  'Migrate',
  'Log',
]
const OBJECTS = [
  'the parser',
  'the duplicate check',
  'the session log',
  'the retry loop',
  'the config loader',
  'the CLI flags',
  'the error messages',
  'the cache layer',
  'the HTTP client',
  'the schema walk',
  'the replay code',
  'the trim table',
  'the protocol framing',
  'the test fixtures',
  'the build script',
  'the lockfile',
  'the release notes',
  'the README examples',
  'the date handling',
  'the Unicode quoting',
  'the option defaults',
  'the plugin export',
  'the vector files',
  'the shrinker',
  'the timeout handling',
]
const PLACES = [
  'in src/',
  'for the Python port',
  'before the release',
  'after the merge',
  'in the kit',
  'on Windows',
  'with the new API',
  'under load',
  'for large lists',
  'in CI',
  'behind a flag',
  'in the docs',
  'for lone surrogates',
  'with fast-check',
  'per the spec',
  'and note why',
  'without breaking callers',
  'in one commit',
  'for Node 20',
  'and re-measure',
]

export interface BenchTodo {
  content: string
  status: 'pending' | 'in_progress' | 'completed'
}

/** `size` distinct todos: the first third completed, then one in progress, the rest pending. */
export function todoList(size: number, seed = 7): BenchTodo[] {
  const random = seededRandom(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const seen = new Set<string>()
  const todos: BenchTodo[] = []
  while (todos.length < size) {
    let content = `${pick(VERBS)} ${pick(OBJECTS)} ${pick(PLACES)}`
    // 20 × 25 × 20 sentences; beyond a few thousand, a ticket number keeps them distinct.
    if (seen.has(content)) content += ` (#${todos.length})`
    if (seen.has(content)) continue
    seen.add(content)
    const index = todos.length
    const done = Math.floor(size / 3)
    todos.push({ content, status: index < done ? 'completed' : index === done ? 'in_progress' : 'pending' })
  }
  return todos
}

/** The arguments text of a valid call with `size` items. */
export const validArgumentsText = (size: number): string => JSON.stringify({ todos: todoList(size) })

/**
 * The arguments text of a call with exactly `violations` schema violations: that many items,
 * each with a status outside the three (TW-ARGS-8), so the walk words every one of them.
 */
export const invalidArgumentsText = (violations: number): string =>
  JSON.stringify({ todos: todoList(violations).map(({ content }, i) => ({ content, status: i % 2 ? 'done' : 'in progress' })) })
