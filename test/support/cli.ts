// Runs the built `todo-write` command exactly as package.json's `bin` names it.
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { bin: Record<string, string> }
export const BIN = `${ROOT}${pkg.bin['todo-write']}`

export interface Run {
  status: number | null
  stdout: string
  stderr: string
}

export function runCli(args: string[], input = '', env: NodeJS.ProcessEnv = process.env): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', env, timeout: 60_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** How a run under a capped heap ended and what it printed (stderr without the peak line, when measured). */
export interface HeapRun {
  code: number | null
  signal: string | null
  stdout: string
  stderr: string
}

/** `node --max-old-space-size=<heapMb> <flags> todo-write <args>`, as a user runs it, its output decoded as a stream (a character split between two chunks is one character). */
export async function runCapped(heapMb: number, args: string[], flags: string[] = []): Promise<HeapRun> {
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, ...flags, BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (data: string) => (stdout += data))
  child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data))
  const [code, signal] = (await once(child, 'close')) as [number | null, string | null]
  return { code, signal, stdout, stderr }
}

const PEAK = fileURLToPath(new URL('../fixtures/peak-rss.mjs', import.meta.url))

/**
 * Three runs of `todo-write <args>` under a heap of `heapMb`, each with its peak resident
 * memory (test/fixtures/peak-rss.mjs), and the lowest peak. V8 grows its young generation as
 * it sees fit, which moves a peak by 20 MB or more under load: it is held at the 8 MB
 * semi-spaces an idle run grows to.
 */
export async function lowestPeak(heapMb: number, args: string[]): Promise<{ peak: number; runs: HeapRun[] }> {
  const peaks: number[] = []
  const runs: HeapRun[] = []
  for (let run = 0; run < 3; run++) {
    const { stderr, ...rest } = await runCapped(heapMb, args, ['--min-semi-space-size=8', '--max-semi-space-size=8', '--import', PEAK])
    peaks.push(Number(/^peak-rss (\d+)$/m.exec(stderr)![1]))
    runs.push({ ...rest, stderr: stderr.replace(/^peak-rss \d+\n$/m, '') })
  }
  return { peak: Math.min(...peaks), runs }
}
