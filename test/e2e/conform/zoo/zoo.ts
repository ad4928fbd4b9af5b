// The bug zoo (TW-KIT-ZOO-1): plausible porting bugs — each a few edits of the Python example
// port (python-bugs.py) or a wrapper over the reference's protocol server (serve-bugs.mjs) —
// and how well the kit catches each: by the deterministic suites (vectors, protocol), and by
// the fuzzer ALONE (as `--run fuzz`, the vectors skipped) over many seeds, counting the
// sequence at which it first disagrees.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { conformPort, type PortRun } from '../../../../src/kit/runner.js'
import { loadSuite, type VectorCase } from '../../../../src/kit/vectors.js'
import { PYTHON } from '../../../support/python.js'

/** The package's root, from the sources (vitest) or from their build (build/test/…, `npm run zoo`). */
export const ROOT = (() => {
  let dir = fileURLToPath(new URL('.', import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  return dir + '/'
})()
const ZOO_DIR = join(ROOT, 'test/e2e/conform/zoo')
export const PYTHON_BUGS = join(ZOO_DIR, 'python-bugs.py')

export interface ZooBug {
  name: string
  /** What a port gets wrong, and which runtime's default leads there. */
  imitates: string
  source: 'python' | 'serve'
}

const py = (name: string, imitates: string): ZooBug => ({ name, imitates, source: 'python' })
const js = (name: string, imitates: string): ZooBug => ({ name, imitates, source: 'serve' })

/** Every bug of the zoo; python-bugs.py and serve-bugs.mjs must have the same ones. */
export const ZOO: readonly ZooBug[] = [
  py('strip', 'Python `str.strip()` trims U+001C–U+001F and U+0085, keeps U+FEFF'),
  py('trimspace', 'Go `strings.TrimSpace` / Rust `str::trim`: trims U+0085, keeps U+FEFF'),
  py('java-trim', 'Java `String.trim()`: trims every code unit ≤ U+0020, nothing above'),
  py('java-strip', 'Java `String.strip()`: keeps U+00A0, U+2007, U+202F, U+FEFF; trims U+001C–U+001F'),
  py('empty-before-trim', 'the empty check made before trimming'),
  py('json-dumps', 'Python `json.dumps` quotes the duplicate: non-ASCII escaped'),
  py('go-marshal', 'Go `json.Marshal` quotes the duplicate: `<>&`, U+2028/9 escaped, lone surrogate → `\\ufffd`'),
  py('quote-hex-upper', 'hand-written quoter: upper-case hex (`\\u001F`, `\\uD800`)'),
  py('quote-is-control', 'Rust `char::is_control` quoter: U+007F–U+009F escaped too'),
  py('quote-fffd', 'a lone surrogate quoted as U+FFFD'),
  py('quote-no-short-escapes', 'every control as `\\u00xx`, no `\\b \\t \\n \\f \\r`'),
  py('lone-surrogate-fffd', 'Go `encoding/json`: a lone surrogate escape parsed as U+FFFD'),
  py('refuse-lone-surrogates', 'Rust `serde_json`: a lone surrogate escape refused'),
  py('minus-zero', 'Python `json.loads`: `-0` read as the integer 0, not refused'),
  py('overflow', '`1e400` read as infinity, not refused'),
  py('depth-128', 'Rust `serde_json`: nesting deeper than 128 refused'),
  py('python-recursion', "Python's default recursion limit: 1,000 levels fail"),
  py('first-value', 'a repeated key keeps its first value'),
  py('last-position', 'a repeated key moved to its last position'),
  py('lenient-json', 'Python `json.loads` takes `NaN` and `Infinity`'),
  py('double-grammar', "Java `Double.parseDouble`'s grammar: `01`, `1.`, `.5`, `-.5`, `+1`, `1.e5` taken"),
  py('cr-not-whitespace', "a hand-written reader's whitespace is space, tab, LF: CR between tokens refused"),
  py('escape-int-hex', "a `\\u` escape's digits read with `int(…, 16)` / `Integer.parseInt`: sign, `_`, non-ASCII digits taken"),
  py('deep-crash', 'a recursive parser, no depth guard: crashes past ~3,000 levels (`StackOverflowError`)'),
  py('goroutine-stack', 'a recursive parser, no depth guard, on a 1 GB goroutine stack: crashes past ~4,000,000 levels'),
  py('envelope-fffd', 'Go `encoding/json` decodes the request: a lone surrogate in the `args` text → U+FFFD'),
  js('proto-removed', 'JavaScript `secure-json-parse` / a reviver: `__proto__` keys removed'),
  py('key-order', 'undeclared keys in insertion order (Python `dict`)'),
  py('sort-keys', 'undeclared keys sorted (Rust `BTreeMap`, Go map keys)'),
  py('index-4294967295', 'array indices up to 4294967295, one too far'),
  py('isdigit-index', 'array indices found with `str.isdigit()` and `int()`'),
  py('owner-first', 'the owner check first'),
  py('owner-before-count', 'the owner check after the walk, before the count'),
  py('count-before-duplicate', 'the in_progress count inside the walk'),
  py('keep-extra-keys', 'extra item keys kept in the snapshot'),
  py('normalize', 'contents compared after NFC (Swift `String` ==)'),
  py('sorted-output', 'responses written with sorted keys (`sort_keys=True`)'),
  py('splitlines', 'requests split with `str.splitlines()`'),
  py('crlf', 'requests taken to end in CR LF'),
  py('crlf-refused', 'a request line ending in CR LF refused as not JSON'),
  py('utf8-replace', 'request lines decoded with U+FFFD (Java, Go, .NET defaults) and served'),
  py('line-trimspace', 'Go `strings.TrimSpace` on the request line: U+00A0, U+2028, VT, FF, U+0085 around it taken'),
  py('bool-is-int', 'option values compared with `==`: `1` passes for `true`'),
  py('options-null', '`"options": null` read as `{}`'),
  py('exit-on-bad-request', 'a malformed request crashes the port'),
  js('shared-sessions', 'one log for all sessions'),
  js('ignore-end', '`end` answered, the session kept'),
  py('stop-silent', '`stop` exits without an answer'),
  js('stop-exit-1', '`stop` answered, then exit status 1'),
  py('protocol-eq', 'the protocol version compared with `==`: `true` passes for 1 (Python)'),
  py('start-before-check', 'started before the version is checked: a refused `start` starts the port'),
  py('utf-8-sig', 'the first line read as `utf-8-sig` (Python, .NET `StreamReader`): a byte-order mark skipped'),
  py('int-digits', 'the request line parsed by `json.loads`: an integer of 4,301 digits in an ignored key is "not JSON"'),
  py('cmd-casefold', 'commands matched case-insensitively'),
  py('session-strip', 'session names stripped'),
  py('end-clears-all', '`end` forgets every session'),
  py('count-thousands', "counts written with a thousands separator (`{:,}`, `%'d`, `N0`)"),
  py('envelope-recursion', 'the request line parsed with no depth guard: an ignored key deeper than the stack crashes the port'),
  py('history-cap', 'a session keeps at most 10 snapshots (a fixed array)'),
  py('items-cap', 'at most 4,096 todos read (a fixed array)'),
  py('eof-exit-1', 'the end of input before `start` exits with status 1'),
  py('minus-zero-id', 'an id written `-0` refused (a sign-bit check)'),
  py('pair-split', 'a raw high surrogate and an escaped low one kept as two code points (Python `str`)'),
]

/** The command of a port with `bug`, or of the clean Python port. */
export const commandOf = (bug: ZooBug | null): string[] =>
  bug === null
    ? [PYTHON ?? 'python3', join(ROOT, 'examples/ports/python/todo_write.py')]
    : bug.source === 'serve'
      ? [process.execPath, join(ZOO_DIR, 'serve-bugs.mjs'), bug.name]
      : [PYTHON ?? 'python3', PYTHON_BUGS, bug.name]

/** The command of the zoo's port with the bug of that name. */
export const bugPort = (name: string): string[] => commandOf(ZOO.find((bug) => bug.name === name)!)

export interface ZooSettings {
  seeds: readonly number[]
  runs: number
  timeoutMs: number
  /** Also told each finished run (for progress). */
  onRun?: (what: string) => void
}

/** The seeds a zoo run uses: the same on every machine. */
export const ZOO_SEEDS = Array.from({ length: 20 }, (_, i) => 1 + i)
export const ZOO_RUNS = 500

export interface BugResult {
  name: string
  imitates: string
  source: ZooBug['source']
  /** Vector cases that failed, of how many; -1 when the port could not even be started. */
  vectors: { failed: number; of: number }
  protocol: { failed: number; of: number }
  /** The port failed its start handshake: one failure, nothing else ran. */
  start: boolean
  /** The fuzzer alone: per seed, the sequence of the first disagreement, or null when none. */
  fuzz: { seed: number; at: number | null }[]
}

let suiteCases: VectorCase[] | null = null
const cases = (): VectorCase[] => (suiteCases ??= loadSuite(join(ROOT, 'vectors/suite.json')).cases)

const quiet = async () => {}

/** One run of the port: the deterministic suites without a seed, or the fuzzer alone under `seed`. */
async function run(bug: ZooBug | null, settings: ZooSettings, seed?: number): Promise<PortRun> {
  const fuzzOnly = seed !== undefined
  return conformPort({
    command: commandOf(bug),
    cases: fuzzOnly ? [] : cases(),
    selection: fuzzOnly ? { run: ['fuzz'], skip: [] } : { run: [], skip: ['fuzz'] },
    expectedFailures: null,
    seed: seed ?? 0,
    runs: fuzzOnly ? settings.runs : 0,
    profiles: ['seed', 'dsh-0.1.1-rc.2'],
    timeoutMs: settings.timeoutMs,
    startTimeoutMs: Math.max(settings.timeoutMs, 5000),
    maxRestarts: 10,
    regressionsDir: null,
    shrink: false,
    conformCommand: ['todo-write', 'conform'],
    print: quiet,
    progress: quiet,
  })
}

/** One bug through the deterministic suites, then the fuzzer alone under every seed. */
export async function measureBug(bug: ZooBug, settings: ZooSettings): Promise<BugResult> {
  const deterministic = await run(bug, settings)
  const tally = (section: 'vectors' | 'protocol') => {
    const s = deterministic.sections[section] ?? { passed: 0, failed: 0 }
    return { failed: s.failed, of: s.passed + s.failed }
  }
  const fuzz: BugResult['fuzz'] = []
  for (const seed of settings.seeds) {
    const result = await run(bug, settings, seed)
    const at = result.failed > 0 ? (result.fuzz?.ran ?? 0) : null
    fuzz.push({ seed, at })
    settings.onRun?.(`${bug.name} seed ${seed}: ${at !== null ? `caught at sequence ${at}` : 'not caught'}`)
  }
  const { name, imitates, source } = bug
  return { name, imitates, source, vectors: tally('vectors'), protocol: tally('protocol'), start: deterministic.sections.start !== undefined, fuzz }
}

/** The clean port through the same suites: the zoo means nothing if it fails. */
export async function measureClean(settings: ZooSettings): Promise<{ failed: number; fuzzFailed: number }> {
  const deterministic = await run(null, settings)
  let fuzzFailed = 0
  for (const seed of settings.seeds.slice(0, 2)) fuzzFailed += (await run(null, settings, seed)).failed
  return { failed: deterministic.failed, fuzzFailed }
}
