// Temporary directories the tests make, each removed again: one for a test, removed when the
// test ends, or one for the tests of a describe block, made before the first of them runs and
// removed after the last. A block's directory is not made when none of its tests runs (a
// mutation gate's run selects the few tests that cover its mutant), so nothing is left behind.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, onTestFinished } from 'vitest'

const make = (name: string): string => mkdtempSync(join(tmpdir(), `todo-write-${name}-`))
const remove = (dir: string): void => rmSync(dir, { recursive: true, force: true })

/** A directory for the running test, removed when it ends. */
export function testDir(name: string): string {
  const dir = make(name)
  onTestFinished(() => remove(dir))
  return dir
}

/** A directory for the tests of the enclosing block (or file): call the answer inside a test or hook. */
export function suiteDir(name: string): () => string {
  let dir: string | undefined
  beforeAll(() => {
    dir = make(name)
  })
  afterAll(() => {
    if (dir !== undefined) remove(dir)
  })
  return () => {
    if (dir === undefined) throw new Error(`suiteDir(${JSON.stringify(name)}) is read before its block's first test`)
    return dir
  }
}
