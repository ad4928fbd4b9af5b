// The data `npm run test:harness` runs on, checked against what it stands for: the app
// sessions (test/harness/release/app-sessions.json)
// are the fixtures' own scripts; and the app test's comparison (scripts/app-sessions.mjs)
// finds the fixtures' one known difference and nothing that only changes between recordings.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { APP_SESSIONS, compareLogs, comparedLines, replayModes, runAppArgs, SET_ASIDE } from '../../scripts/app-sessions.mjs'
import { shellWords } from '../support/shell.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const text = (path: string): string => readFileSync(resolve(ROOT, path), 'utf8')
const FIXTURES = resolve(ROOT, APP_SESSIONS.fixtures)
const fixture = (folder: string, file: string): string => readFileSync(join(FIXTURES, folder, file), 'utf8')
const log = (folder: string): string => fixture(folder, 'session.jsonl')
/** Where run-app is told to put things, in the tests of runAppArgs. */
const PATHS = { tool: 'p.tgz', cwd: 'w', out: 'o.jsonl', zstd: 'o.jsonl.zstd' }

/** The sh blocks of a markdown text, each as its lines joined where a line ends in a backslash. */
const shCommands = (markdown: string): string[] =>
  [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((m) =>
    m[1]!
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .filter((line) => line.trim() !== ''),
  )

/** A run-app command's words after the program, without the options the app test sets itself. */
function scriptOf(command: string): { script: string[]; set: Record<string, string> } {
  const words = shellWords(command.trim())
  const script: string[] = []
  const set: Record<string, string> = {}
  for (let i = 1; i < words.length; i++) {
    if (['--tool', '--cwd', '--out', '--zstd'].includes(words[i]!)) set[words[i]!] = words[++i]!
    else script.push(words[i]!)
  }
  return { script, set }
}

const ci = process.env.CI === 'true' || process.env.CI === '1'
const present = existsSync(FIXTURES)
if (!present && !ci) console.warn(`[fixtures absent] ${FIXTURES} not found: the app sessions' checks skipped`)

describe.skipIf(!present && !ci)(`the app sessions and their fixtures (${APP_SESSIONS.fixtures})`, () => {
  it('the fixtures are there', () => {
    expect(existsSync(FIXTURES), `${FIXTURES} not found`).toBe(true)
  })

  it('three sessions, each the script of both recordings, as their script.md gives the command; then history-flags and config-refused, of no fixture', () => {
    expect(APP_SESSIONS.sessions.map((s) => s.name)).toEqual(['one-call', 'refusals-then-update', 'parallel-then-clear', 'history-flags', 'config-refused'])
    expect(APP_SESSIONS.sessions.map((s) => s.history !== undefined)).toEqual([false, false, false, true, false])
    expect(APP_SESSIONS.sessions.map((s) => s.refused !== undefined)).toEqual([false, false, false, false, true])
    for (const name of ['history-flags', 'config-refused']) expect(existsSync(join(FIXTURES, `${name}-upstream`))).toBe(false)
    for (const session of APP_SESSIONS.sessions.filter((candidate) => candidate.history === undefined && candidate.refused === undefined)) {
      for (const tool of ['upstream', 'todo-write']) {
        const folder = `${session.name}-${tool}`
        const commands = shCommands(fixture(folder, 'script.md')).filter((line) => line.includes('run-app '))
        expect(commands, folder).toHaveLength(1)
        const { script, set } = scriptOf(commands[0]!)
        expect(script, folder).toEqual(session.runApp)
        expect(set['--out'], folder).toBe(`${folder}/session.jsonl`)
      }
    }
  })

  it('what run-app is given: our tarball, the script, and where the log goes', () => {
    const [session] = APP_SESSIONS.sessions
    expect(runAppArgs(session!, PATHS)).toEqual(['--tool', 'p.tgz', '--cwd', 'w', ...session!.runApp, '--out', 'o.jsonl', '--zstd', 'o.jsonl.zstd'])
  })

  it("a session's overlays go after the script, as absolute paths; docs/harness.md shows the companion's", () => {
    const session = APP_SESSIONS.sessions.find((candidate) => candidate.patches.length > 0)!
    expect(session.patches).toEqual(['test/harness/release/app-invariant.yml'])
    expect(runAppArgs(session, PATHS).slice(4 + session.runApp.length, -4)).toEqual(['--patch', join(ROOT, 'test/harness/release/app-invariant.yml')])
    const yamlBlocks = [...text('docs/harness.md').matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1])
    expect(yamlBlocks).toContain(text('test/harness/release/app-invariant.yml'))
  })

  it("replay's modes, --verify with the session's options: the release's profile, and the flag where the config allows parallel work (run-app's default)", () => {
    for (const session of APP_SESSIONS.sessions.filter((candidate) => candidate.refused === undefined)) {
      const config = session.runApp.includes('--config') ? session.runApp[session.runApp.indexOf('--config') + 1] : 'allowParallelInProgress: true'
      const verify = ['--verify', '--profile', 'dsh-0.1.1-rc.2', ...(config === 'allowParallelInProgress: true' ? ['--allow-parallel-in-progress'] : [])]
      expect(replayModes(session), session.name).toEqual([[], ['--standing'], ['--render'], ['--check'], ['--acp'], ['--history'], verify])
    }
  })

  it('the comparison sets aside the times and the result ids only, and keeps the text of the line', () => {
    const upstream = log('one-call-upstream')
    const [write, result] = comparedLines(upstream)
    const original = upstream.split('\n').filter((line) => /^\{"type":"(todo\/write|tool\/result)"/.test(line))
    expect(original).toHaveLength(2)
    expect(write).toBe(original[0]!.replace(/"time":\d+/, `"time":"${SET_ASIDE}"`))
    expect(result).toBe(original[1]!.replace(/"time":\d+/, `"time":"${SET_ASIDE}"`).replace(/"id":"[0-9a-f-]{36}"/, `"id":"${SET_ASIDE}"`))
  })

  it("the fixtures recorded with the older package differ from upstream's in data.error only, on the two argument refusals", () => {
    const compare = (session: string) => compareLogs(log(`${session}-todo-write`), log(`${session}-upstream`))
    expect(compare('one-call')).toEqual([])
    expect(compare('parallel-then-clear')).toEqual([])
    const problems = compare('refusals-then-update')
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['event 5 of todo/write and tool/result', 'event 6 of todo/write and tool/result'])
    for (const problem of problems) {
      const [, ours, upstream] = problem.split('\n').map((line) => line.replace(/^ *(ours|upstream): +/, ''))
      expect(upstream!.replace(',"error":{"name":"ToolArgsError","code":"INVALID_ARGS"}', '')).toBe(ours)
    }
  })

  it('an event more, or one fewer, is a difference', () => {
    const upstream = log('one-call-upstream')
    const lines = upstream.split('\n')
    const withoutWrite = lines.filter((line) => !line.startsWith('{"type":"todo/write"')).join('\n')
    expect(compareLogs(withoutWrite, upstream)).toHaveLength(2)
    expect(compareLogs(upstream, withoutWrite)).toHaveLength(2)
    expect(compareLogs(upstream.replace('"seq":20,', '"seq":21,'), upstream)).toHaveLength(1)
  })
})
