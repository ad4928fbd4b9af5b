// The real recorded harness session (../shared/fixtures/harness-todo-plan/, beside the
// repository; never copied into it). Tests that need it skip visibly when it is absent.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const FIXTURE_DIR = resolve(ROOT, '../shared/fixtures/harness-todo-plan')
export const FIXTURE_FILES = ['session.jsonl', 'acp-stdout.expected.jsonl', 'input.json'] as const

export const fixturePresent = FIXTURE_FILES.every((name) => existsSync(join(FIXTURE_DIR, name)))

export const fixturePath = (name: (typeof FIXTURE_FILES)[number]): string => join(FIXTURE_DIR, name)
export const fixtureText = (name: (typeof FIXTURE_FILES)[number]): string => readFileSync(fixturePath(name), 'utf8')

/**
 * When a fixture (`dir`, shown as ../shared/fixtures/`name`/) is absent: a console message and a
 * skipped test that says so; under CI a failing test, whose error says `dir` `missing`.
 */
function noteAbsent(present: boolean, dir: string, name: string, missing: string, what: string): void {
  if (present) return
  if (process.env.CI === 'true' || process.env.CI === '1') {
    it(`fixture ../shared/fixtures/${name}/ is absent, and CI requires it: ${what}`, () => {
      throw new Error(`${dir} ${missing}`)
    })
    return
  }
  console.warn(`[fixture absent] ${dir} not found: ${what} skipped`)
  it.skip(`fixture ../shared/fixtures/${name}/ is absent: ${what} skipped`, () => {})
}

/** When the fixture is absent: a console message and a skipped test that says so; under CI a failing test. */
export const noteAbsentFixture = (what: string): void => noteAbsent(fixturePresent, FIXTURE_DIR, 'harness-todo-plan', 'not found', what)

/** The release's real session logs (../shared/fixtures/dsh-0.1.1-rc.2-sessions/), written by dsh 0.1.1-rc.2 itself. */
export const RELEASE_FIXTURE_DIR = resolve(ROOT, '../shared/fixtures/dsh-0.1.1-rc.2-sessions')
export const RELEASE_SESSIONS = ['one-call', 'refusals-then-update', 'parallel-then-clear'] as const
export const RELEASE_TOOLS = ['upstream', 'todo-write'] as const
export const RELEASE_FILES = ['session.jsonl', 'session.jsonl.zstd'] as const
export const releaseFixturePath = (session: string, tool: string, file: string): string => join(RELEASE_FIXTURE_DIR, `${session}-${tool}`, file)
export const releaseFixturePresent = RELEASE_SESSIONS.every((session) =>
  RELEASE_TOOLS.every((tool) => RELEASE_FILES.every((file) => existsSync(releaseFixturePath(session, tool, file)))),
)

/** The same as noteAbsentFixture, for the release's logs. */
export const noteAbsentReleaseFixture = (what: string): void =>
  noteAbsent(releaseFixturePresent, RELEASE_FIXTURE_DIR, 'dsh-0.1.1-rc.2-sessions', 'not found, or incomplete', what)
