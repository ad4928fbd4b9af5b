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

/** When the fixture is absent: a console message and a skipped test that says so; under CI a failing test. */
export function noteAbsentFixture(what: string): void {
  if (fixturePresent) return
  if (process.env.CI === 'true' || process.env.CI === '1') {
    it(`fixture ../shared/fixtures/harness-todo-plan/ is absent, and CI requires it: ${what}`, () => {
      throw new Error(`${FIXTURE_DIR} not found`)
    })
    return
  }
  console.warn(`[fixture absent] ${FIXTURE_DIR} not found: ${what} skipped`)
  it.skip(`fixture ../shared/fixtures/harness-todo-plan/ is absent: ${what} skipped`, () => {})
}
