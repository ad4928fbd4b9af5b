// Runs `todo-write conform` in-process (its ports are still subprocesses) and captures
// what it prints; fixture ports live in test/fixtures/ports/.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { main } from '../../src/cli/cli.js'
import type { PortRun } from '../../src/kit/runner.js'
import { testDir } from './temp.js'

export const FIXTURES = fileURLToPath(new URL('../fixtures/ports/', import.meta.url))
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const PYTHON_PORT = join(ROOT, 'examples/ports/python/todo_write.py')

export interface ConformRun {
  status: number
  stdout: string
  stderr: string
  lines: string[]
  last: string
}

/** A stream, and what has been written to it. */
const collected = (): { stream: PassThrough; text: () => string } => {
  const stream = new PassThrough()
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)))
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') }
}

/** `todo-write conform <argv>`; env (when given) is the port's environment. */
export async function conform(argv: string[], env?: NodeJS.ProcessEnv): Promise<ConformRun> {
  const [out, err] = [collected(), collected()]
  const status = await main(['conform', ...argv], { stdin: new PassThrough(), stdout: out.stream, stderr: err.stream, ...(env ? { env } : {}) })
  const text = out.text()
  const lines = text.split('\n').filter((line) => line !== '')
  return { status, stdout: text, stderr: err.text(), lines, last: lines.at(-1) ?? '' }
}

/** A directory for the running test, removed when it ends. */
export const tempDir = (): string => testDir('conform')

export const node = (fixture: string, ...args: string[]): string[] => [process.execPath, join(FIXTURES, fixture), ...args]

/** `conform` fuzzing one port alone from `seed`, with a report: the run, and the report's fuzz result. */
export async function fuzzed(
  seed: number,
  runs: number,
  port: string[],
  flags: string[] = [],
): Promise<{ run: ConformRun; fuzz: NonNullable<PortRun['fuzz']> }> {
  const dir = tempDir()
  const report = join(dir, 'report.json')
  const options = ['--seed', String(seed), '--runs', String(runs), '--run', 'fuzz', '--regressions', dir, '--report', report]
  const run = await conform([...options, ...flags, '--', ...port])
  return { run, fuzz: JSON.parse(readFileSync(report, 'utf8')).ports[0].fuzz }
}
