// TW-KIT-FAULT-1: the kit's hold on a port's processes and its stdout. A helper process in
// the port's group dies with the port, after `stop` and when the kit gets SIGHUP; a port's
// lines are read in time linear in their length (no re-scan per chunk).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { LineSplitter, type BlankRun, type ByteLine } from '../../../src/log/lines.js'
import { BIN } from '../../support/cli.js'
import { conform, node, tempDir } from '../../support/conform.js'
import { cpu } from '../../support/linear.js'

/** Whether a process still runs (a zombie, waiting for a parent to reap it, does not). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  const stat = `/proc/${pid}/stat`
  return !existsSync(stat) || !/^\d+ \(.*\) Z /.test(readFileSync(stat, 'utf8'))
}

async function gone(pid: number, withinMs = 5000): Promise<boolean> {
  for (const start = Date.now(); Date.now() - start < withinMs; await sleep(50)) if (!running(pid)) return true
  return false
}

const pids = (file: string): number[] => readFileSync(file, 'utf8').trim().split(' ').map(Number)

describe('TW-KIT-FAULT-1: a port and its helpers do not outlive it', () => {
  it.each([
    ['after "stop", the helper in the port\'s process group is killed with it', ['--run', 'golden/args-null'], '1 passed, 0 failed'],
    [
      'after the protocol suite ends processes (end of input, stop), no helper is left behind',
      ['--run', 'protocol/eof', '--run', 'protocol/stop'],
      '2 passed, 0 failed',
    ],
  ])('%s', async (_, runs, last) => {
    const file = join(tempDir(), 'pids')
    const run = await conform(['--runs', '0', ...runs, '--', ...node('helper.mjs', file)])
    expect(run.last).toBe(last)
    const [port, helper] = pids(file)
    expect(await gone(port!)).toBe(true)
    expect(await gone(helper!)).toBe(true)
  })

  it('SIGHUP (the terminal closed) kills the port and its helper, and the kit exits 129', async () => {
    const file = join(tempDir(), 'pids')
    const kit = spawn(
      process.execPath,
      [BIN, 'conform', '--runs', '100000', '--seed', '1', '--run', 'fuzz', '--', process.execPath, node('helper.mjs', file)[1]!, file],
      { stdio: 'ignore' },
    )
    for (const start = Date.now(); !existsSync(file) && Date.now() - start < 20_000; ) await sleep(50)
    await sleep(300)
    const [port, helper] = pids(file)
    expect(running(port!)).toBe(true)
    const status = new Promise<number | null>((resolve) => kit.once('exit', (code) => resolve(code)))
    kit.kill('SIGHUP')
    expect(await status).toBe(129)
    expect(await gone(port!)).toBe(true)
    expect(await gone(helper!)).toBe(true)
  })
})

describe("TW-KIT-FAULT-1: a port's stdout is read in linear time", () => {
  // The kit splits a port's stdout as the log reader does (src/log/lines.ts), each line kept as bytes.
  const splitter = () => new LineSplitter(Infinity, (line, terminated) => line.finishBytes(terminated))
  const lengths = (lines: Iterable<ByteLine | BlankRun>) => [...lines].map((line) => (line.kind === 'line' ? line.bytes.length : line.kind))
  const feed = (bytes: number, chunk = 64 * 1024) => {
    const lines = splitter()
    const piece = Buffer.alloc(chunk, 0x61)
    const out: (number | string)[] = []
    for (let sent = 0; sent < bytes; sent += chunk) out.push(...lengths(lines.push(piece.subarray(0, Math.min(chunk, bytes - sent)))))
    return [...out, ...lengths(lines.push(Buffer.from('\n')))]
  }

  it('a line of 16 MB in 64 KB chunks costs at most 30× the CPU time of copying each chunk once and joining them (a linear control in the same run, best of 5)', () => {
    // The least a reader does that keeps a line from a stream whose chunks may be reused:
    // copy each chunk, join them once. A reader that re-joined its buffer per chunk would
    // take about 120 copies for 16 MB in 64 KB chunks; this one takes two. 30 lies between,
    // so neither noise (fresh 16 MB buffers cost page faults, more under load) nor the tests
    // beside it decide the test; CPU time, not the clock, for the same reason.
    const bytes = 16_000_000
    const chunk = 64 * 1024
    const copy = (): number => {
      const pieces = Array.from({ length: Math.ceil(bytes / chunk) }, (_, i) => Buffer.alloc(Math.min(chunk, bytes - i * chunk), 0x61))
      return cpu(() => Buffer.concat(pieces.map((piece) => Buffer.from(piece))))
    }
    const best = (time: () => number) => Math.min(...[0, 1, 2, 3, 4].map(time))
    expect(feed(bytes)).toEqual([bytes])
    expect(best(() => cpu(() => feed(bytes))) / Math.max(best(copy), 1)).toBeLessThanOrEqual(30)
  })

  it('splits on 0x0A only, across chunk boundaries, keeping U+2028 and CR inside lines, and holds what has no line feed yet', () => {
    const lines = splitter()
    const text = Buffer.from('{"a":"\u2028"}\r\n{"b":1}\n{"c"')
    const got = [...lines.push(text.subarray(0, 5)), ...lines.push(text.subarray(5, 17)), ...lines.push(text.subarray(17))]
    expect(got.map((line) => (line.kind === 'line' ? Buffer.from(line.bytes).toString('utf8') : line.kind))).toEqual(['{"a":"\u2028"}\r', '{"b":1}'])
    expect(lines.held).toBe(4)
    expect([...lines.push(Buffer.alloc(2000, 0x61))]).toEqual([])
    expect(lines.held).toBe(2004)
  })
})
