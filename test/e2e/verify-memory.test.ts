// What `replay --verify` keeps in memory (TW-VERIFY-3): only the calls still waiting for their
// result, and of each only what is left to compare, long texts as a digest and a preview; a
// snapshot is compared when it is paired with its call, and the event is not kept. Through subprocesses of the built package, so it
// kills no mutants (src/log/verify.ts keeps no memory-only rule for one to change).
import { spawnSync } from 'node:child_process'
import { closeSync, openSync, writeSync } from 'node:fs'
import { zstdCompressSync } from 'node:zlib'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { lowestPeak, runCapped } from '../support/cli.js'
import { suiteDir } from '../support/temp.js'

const HEAP = fileURLToPath(new URL('../fixtures/verify-heap.mjs', import.meta.url))
const PEAK = fileURLToPath(new URL('../fixtures/peak-rss.mjs', import.meta.url))

/** `todo-write replay <mode> <file>` under a heap of `heapMb`. */
const replay = (heapMb: number, mode: string, file: string) => runCapped(heapMb, ['replay', mode, file])

/** What stderr says of a log that states no todo_write policy, verified with no option flag (TW-VERIFY-5). */
const ASSUMED =
  'todo-write: note: the log states no todo_write policy (no request/header lists todo_write before its first call): verified under --profile seed\n'
const SESSION = '{"type":"session","version":0,"id":"s","createdAt":0,"cwd":"/","delegationDepth":0}\n'
/** What --check and --verify answer on a log of `calls` calls, each answered as logged, with its snapshot. */
const checked = (calls: number) => ({ code: 0, signal: null, stdout: `check: ${3 * calls} events, ${calls} todo/write, 0 problems\n`, stderr: '' })
const verified = (calls: number) => ({ code: 0, signal: null, stdout: `verify: ${calls} todo_write calls, 0 mismatches\n`, stderr: ASSUMED })

describe('the peak memory measured (test/fixtures/peak-rss.mjs)', () => {
  it("is the program's own, not the memory of the process that spawned it", () => {
    // 400 MB, written, so resident: getrusage's maxRSS in the child counts it too.
    const held = Buffer.alloc(400e6, 1)
    const run = spawnSync(process.execPath, ['--import', PEAK, '-e', '0'], { encoding: 'utf8' })
    expect(held.at(-1)).toBe(1)
    expect(run.stderr).toMatch(/^peak-rss \d+\n$/)
    expect(Number(run.stderr.slice('peak-rss '.length))).toBeLessThan(200e6)
  })
})

describe('replay --verify on a log far larger than its heap', () => {
  // 7,000 calls, each a tool/call, its todo/write and its tool/result, of 12 long todos each:
  // about 68 MB of log, written as the harness writes it, with the texts the tool answers.
  const CALLS = 7_000
  const ITEMS = 12
  const PADDING = 'a todo long enough to make a big log; '.repeat(8)
  const dir = suiteDir('verify')
  let log = ''

  beforeAll(() => {
    log = join(dir(), 'session.jsonl')
    const fd = openSync(log, 'w')
    writeSync(fd, SESSION)
    let seq = 0
    const event = (type: string, data: unknown) => JSON.stringify({ type, seq: seq++, time: 0, data })
    for (let call = 0; call < CALLS; ) {
      const lines: string[] = []
      for (const end = call + 500; call < end; call++) {
        const todos = Array.from({ length: ITEMS }, (_, i) => ({
          content: `call ${call}, task ${i}: ${PADDING}done when the log is read`,
          status: i === 0 ? 'in_progress' : i % 2 === 1 ? 'pending' : 'completed',
        }))
        // Items 1, 3, … 11 pending; 2, 4, … 10 completed.
        const text = 'Updated todo list: 6 pending, 1 in progress, 5 completed.'
        const callId = `call_${call}`
        lines.push(
          event('tool/call', { turn: 1, step: call, callId, name: 'todo_write', arguments: JSON.stringify({ todos }) }),
          event('todo/write', { todos }),
          event('tool/result', { turn: 1, step: call, callId, content: [{ type: 'text', text }], isError: false }),
        )
      }
      writeSync(fd, `${lines.join('\n')}\n`)
    }
    closeSync(fd)
  })

  it('--check reads it in a 64 MB heap', async () => {
    expect(await replay(64, '--check', log)).toEqual(checked(CALLS))
  })

  it('--verify does too: memory does not grow with the calls answered', async () => {
    expect(await replay(64, '--verify', log)).toEqual(verified(CALLS))
  })
})

describe('TW-VERIFY-3: open calls hold previews and digests, not their texts', () => {
  const dir = suiteDir('verify-open')

  it('700 calls left open, then their 700 snapshots of 100 kB, then their results (142 MB): --check and --verify run in a 64 MB heap', async () => {
    const CALLS = 700
    // 200 items of about 500 characters: a snapshot of about 100 kB.
    const todos = (call: number) => Array.from({ length: 200 }, (_, i) => ({ content: `call ${call}, task ${i}: ${'x'.repeat(480)}`, status: 'pending' }))
    const log = join(dir(), 'snapshots.jsonl')
    const fd = openSync(log, 'w')
    writeSync(fd, SESSION)
    let seq = 0
    const line = (event: Record<string, unknown>) => writeSync(fd, `${JSON.stringify({ ...event, seq: seq++, time: 0 })}\n`)
    for (let call = 0; call < CALLS; call++)
      line({ type: 'tool/call', data: { callId: `call_${call}`, name: 'todo_write', arguments: JSON.stringify({ todos: todos(call) }) } })
    for (let call = 0; call < CALLS; call++) line({ type: 'todo/write', data: { todos: todos(call) } })
    const text = 'Updated todo list: 200 pending, 0 in progress, 0 completed.'
    for (let call = 0; call < CALLS; call++) line({ type: 'tool/result', data: { callId: `call_${call}`, content: [{ type: 'text', text }], isError: false } })
    closeSync(fd)
    expect(await replay(64, '--check', log)).toEqual(checked(CALLS))
    expect(await replay(64, '--verify', log)).toEqual(verified(CALLS))
  })

  it('2,000 calls with callIds of 100 kB left open (a zstd log of a few hundred kB): --verify runs in a 100 MB heap, naming each by its preview', async () => {
    const CALLS = 2_000
    const log = join(dir(), 'long-ids.jsonl.zstd')
    const plain = join(dir(), 'long-ids.jsonl')
    const [fd, plainFd] = [openSync(log, 'w'), openSync(plain, 'w')]
    const line = (text: string) => {
      writeSync(fd, zstdCompressSync(text))
      writeSync(plainFd, text)
    }
    line(SESSION)
    const id = (call: number) => `${String(call).padStart(8, '0')}${'i'.repeat(100_000)}`
    for (let call = 0; call < CALLS; call++)
      line(`${JSON.stringify({ type: 'tool/call', seq: call, time: 0, data: { callId: id(call), name: 'todo_write', arguments: '{' } })}\n`)
    closeSync(fd)
    closeSync(plainFd)
    // The callId as JSON is 100,010 characters: its first 200 are the quote, 8 digits and 191 i's.
    const unanswered = Array.from(
      { length: CALLS },
      (_, call) => `seq ${call}: call "${String(call).padStart(8, '0')}${'i'.repeat(191)}… (100,010 characters): no tool/result logged\n`,
    )
    // Each run three times (lowestPeak), and each file's lowest peak compared.
    const output = { code: 1, signal: null, stdout: `${unanswered.join('')}verify: ${CALLS} todo_write calls, ${CALLS} mismatches\n`, stderr: ASSUMED }
    const lowest = async (file: string) => {
      const { peak, runs } = await lowestPeak(100, ['replay', '--verify', file])
      for (const run of runs) expect(run).toEqual(output)
      return peak
    }
    const [compressed, text] = [await lowest(log), await lowest(plain)]
    // A frame a line: decompressing costs no memory that reading the same text plain does not.
    expect(compressed / text, `peak RSS ${compressed} compressed, ${text} plain`).toBeLessThanOrEqual(1.15)
  })
})

describe('TW-VERIFY-3: the heap a Verifier keeps, after a full garbage collection', () => {
  /** Bytes of heap kept after `calls` calls of `items` todos each (test/fixtures/verify-heap.mjs), the open calls bounded to `perCall` bytes each. */
  const retained = (shape: 'answered' | 'open', calls: number, items: number, perCall?: number): number => {
    const bound = perCall === undefined ? [] : [String(perCall)]
    const run = spawnSync(process.execPath, ['--expose-gc', HEAP, shape, String(calls), String(items), ...bound], { encoding: 'utf8', timeout: 60_000 })
    expect(run.stderr).toBe('')
    const report = JSON.parse(run.stdout) as { retained: number; mismatches: number; open: number }
    expect(report).toMatchObject({ mismatches: 0, open: shape === 'open' ? calls : 0 })
    return report.retained
  }
  const MB = 1 << 20

  it('answered calls leave nothing behind: 5,000 keep at most 1 MB more than 500 (not a ratio: both are about nothing)', () => {
    expect(retained('answered', 5_000, 12) - retained('answered', 500, 12)).toBeLessThan(MB)
  })

  it('open calls: 5,000 keep at most 15x what 500 do', () => {
    expect(retained('open', 5_000, 12) / retained('open', 500, 12)).toBeLessThanOrEqual(15)
  })

  it('an open call whose snapshot was paired keeps the outcome, not the snapshot: 20 todos each cost at most 1.5x what 1 does', () => {
    // Its arguments it keeps only while there is room: 1,700 bytes a call lets those of 20 todos go (about 1,600 bytes each, and 2,900 more).
    expect(retained('open', 2_000, 20, 1_700) / retained('open', 2_000, 1, 1_700)).toBeLessThanOrEqual(1.5)
  })
})
