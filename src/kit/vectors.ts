// The language-neutral vectors (vectors/, TW-KIT-VECTORS-1): the suite file,
// its case files, regression case files, and picking cases by id (TW-KIT-SELECT-1).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { StringSet } from '../core/distinct.js'
import { isNonArrayObject } from '../core/violations.js'
import { escapeUnit, writeJson } from '../log/json.js'
import { systemMessage } from '../log/render.js'
import type { CallInput, Expected } from './protocol.js'

/** The vectors shipped with the package, next to its `spec/`. */
export const BUNDLED_SUITE = fileURLToPath(new URL('../../vectors/suite.json', import.meta.url))

export interface VectorCall {
  /** The arguments as a JSON value, or `argsText` where the bytes matter; exactly one. */
  args?: unknown
  argsText?: string
  agent: boolean
  options: Record<string, unknown>
  /** The outcome, or `{"error": true}`: arguments that are not a JSON text get an error response. */
  expect: Expected
}

export interface VectorCase {
  id: string
  rules: string[]
  description: string
  calls: VectorCall[]
}

export interface CaseFile {
  description: string
  cases: VectorCase[]
}

export interface Suite {
  name: string
  version: string
  protocol: number
  spec: { path: string; version: string; sha256: string }
  files: string[]
}

/** The JSON text a call sends: its raw text, or its value as `JSON.stringify` writes it, at any depth. */
export const callInput = (call: VectorCall): CallInput => ({
  args: call.argsText ?? writeJson(call.args)!,
  agent: call.agent,
  options: call.options,
})

/** A case file's text: indented JSON with every non-ASCII code unit escaped, so any parser reads it and nothing invisible hides. */
export const asciiJson = (value: unknown): string => JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, escapeUnit) + '\n'

/** A file the kit cannot use: named with its path and the broken field. */
export class VectorError extends Error {}

function need(ok: boolean, where: string, what: string): void {
  if (!ok) throw new VectorError(`${where}: ${what}`)
}

const isStringArray = (value: unknown): boolean => Array.isArray(value) && value.every((x) => typeof x === 'string')

/** The shape of vectors/suite.schema.json, enough to tell a suite from another JSON file (a package.json has a version and files too). */
const isSuite = (value: unknown): boolean =>
  isNonArrayObject(value) &&
  typeof value.name === 'string' &&
  typeof value.version === 'string' &&
  Number.isInteger(value.protocol) &&
  isNonArrayObject(value.spec) &&
  Number.isInteger(value.cases) &&
  isStringArray(value.files) &&
  (value.files as string[]).every((file) => file.endsWith('.json'))

function checkCall(call: unknown, where: string): void {
  need(isNonArrayObject(call), where, 'a call must be an object')
  const c = call as Record<string, unknown>
  need('args' in c !== (typeof c.argsText === 'string'), where, 'a call has exactly one of "args" and "argsText" (a string)')
  need(typeof c.agent === 'boolean', where, '"agent" must be a boolean')
  need(isNonArrayObject(c.options), where, '"options" must be an object')
  const e = c.expect
  need(isNonArrayObject(e), where, '"expect" must be an object')
  const x = e as Record<string, unknown>
  if ('error' in x) {
    need(x.error === true && Object.keys(x).length === 1, where, '"expect" that is an error response is exactly {"error": true}')
    return
  }
  need(typeof x.isError === 'boolean' && typeof x.text === 'string', where, '"expect" needs a boolean "isError" and a string "text"')
  for (const key of ['value', 'event', 'current']) need(key in x, where, `"expect" needs "${key}" (null when there is none)`)
}

/** Structural check of a parsed case file (the JSON Schema says the same; CI checks with ajv). */
export function checkCaseFile(file: unknown, where: string): CaseFile {
  need(isNonArrayObject(file) && Array.isArray(file.cases), where, 'a case file is an object with a "cases" array')
  const cases = (file as { cases: unknown[] }).cases
  cases.forEach((c, i) => {
    const at = `${where} cases[${i}]`
    need(isNonArrayObject(c) && typeof c.id === 'string' && c.id !== '', at, 'a case needs a non-empty string "id"')
    const v = c as Record<string, unknown>
    need(isStringArray(v.rules) && typeof v.description === 'string', at, 'a case needs "rules" (strings) and a "description"')
    need(Array.isArray(v.calls) && v.calls.length > 0, at, 'a case needs at least one call')
    for (const [j, call] of (v.calls as unknown[]).entries()) checkCall(call, `${at}.calls[${j}]`)
  })
  return file as unknown as CaseFile
}

/** The most a file a flag names (a suite, a case file, an expected-failures file) may hold; the bundled ones are far below it. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024

/**
 * The text of a file a flag names: a regular file of at most MAX_FILE_BYTES, else refused
 * unread. Opened without blocking, so a FIFO with no writer is refused, not waited for.
 */
export function readTextFile(path: string): string {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    throw new VectorError(`cannot read ${path}: ${systemMessage(error)}`)
  }
  try {
    const stats = fstatSync(fd)
    if (stats.isDirectory()) throw new VectorError(`cannot read ${path}: it is a directory`)
    if (!stats.isFile()) throw new VectorError(`cannot read ${path}: not a regular file`)
    const tooLarge = new VectorError(`cannot read ${path}: it holds more than ${MAX_FILE_BYTES / (1024 * 1024)} MiB`)
    if (stats.size > MAX_FILE_BYTES) throw tooLarge
    // Read to its end, not to the size fstat gave: a file that grows meanwhile is bounded too.
    const chunks: Buffer[] = []
    let length = 0
    while (length <= MAX_FILE_BYTES) {
      const chunk = Buffer.alloc(Math.min(Math.max(stats.size - length, 0) + 65536, MAX_FILE_BYTES + 1 - length))
      const read = readSync(fd, chunk, 0, chunk.length, null)
      if (read === 0) return Buffer.concat(chunks, length).toString('utf8')
      chunks.push(chunk.subarray(0, read))
      length += read
    }
    throw tooLarge
  } finally {
    closeSync(fd)
  }
}

function readJson(path: string): unknown {
  const text = readTextFile(path)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new VectorError(`${path} is not JSON: ${(error as Error).message}`)
  }
}

export const loadCaseFile = (path: string): VectorCase[] => checkCaseFile(readJson(path), path).cases

/** The suite file and every case of its case files, in order; ids must be unique. */
export function loadSuite(path = BUNDLED_SUITE): { suite: Suite; cases: VectorCase[] } {
  const suite = readJson(path)
  need(
    isSuite(suite),
    path,
    'not a vectors suite: one has "name", "version", "protocol", "spec", "files" (case files, *.json) and "cases" (vectors/suite.schema.json)',
  )
  const cases = (suite as unknown as Suite).files.flatMap((file) => loadCaseFile(join(dirname(path), file)))
  return { suite: suite as unknown as Suite, cases }
}

/** Every id must be unique across the cases a run uses. */
export function checkUniqueIds(cases: readonly VectorCase[]): void {
  const seen = new StringSet()
  for (const { id } of cases) if (!seen.add(id)) throw new VectorError(`case id ${JSON.stringify(id)} occurs twice`)
}

/** `--run`/`--skip` patterns: an exact id, or a prefix ending in `*` (TW-KIT-SELECT-1). */
export const matches = (id: string, pattern: string): boolean => (pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : id === pattern)

export interface Selection {
  run: readonly string[]
  skip: readonly string[]
}

/** Whether a case id runs: it matches a `--run` pattern (when there is any) and no `--skip`. */
export const selected = (id: string, { run, skip }: Selection): boolean =>
  (run.length === 0 || run.some((p) => matches(id, p))) && !skip.some((p) => matches(id, p))

/** An expected-failures file: one case id per line; `#` starts a comment (TW-KIT-XFAIL-1). */
export function parseExpectedFailures(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '')
}
