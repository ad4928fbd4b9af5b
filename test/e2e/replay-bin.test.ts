// The built `todo-write replay` through a subprocess, as a user runs it: real files, real
// stdin, real exit status (TW-REPLAY-CLI-1, TW-REPLAY-CLI-2). It kills no mutants; the same
// behaviour is pinned in-process by test/cli/replay.test.ts.
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants, zstdCompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { BIN, runCli } from '../support/cli.js'
import { suiteDir, testDir } from '../support/temp.js'
import { hugeWindow, oversizedBlocks, rawFrame, sequenceBombs } from '../support/zstd.js'

const SAMPLE = fileURLToPath(new URL('../../examples/logs/sample.jsonl', import.meta.url))
const DAMAGED = fileURLToPath(new URL('../../examples/logs/damaged.jsonl', import.meta.url))
const HEADER = '{"type":"session","version":0,"id":"s","createdAt":0,"cwd":"/","delegationDepth":0}\n'
/** The last good list of the damaged log. */
const LAST_GOOD = '[{"content":"read the tokenizer","status":"in_progress"},{"content":"fix the off-by-one","status":"pending"}]\n'

describe('todo-write replay (built)', () => {
  it('reads a file and renders its plan', () => {
    expect(runCli(['replay', '--render', SAMPLE])).toEqual({
      status: 0,
      stdout: 'Plan\n✓ read the tokenizer\n● fix the off-by-one\n○ run the tests\n',
      stderr: '',
    })
  })

  // In a subprocess: the working directory is the process's own (the mutation gate's test
  // workers cannot change theirs); in-process, `-` is one decision (sourceOf in replay.ts).
  it('- is stdin, even where a file is named -', () => {
    const dir = testDir('dash')
    writeFileSync(join(dir, '-'), readFileSync(SAMPLE))
    const run = spawnSync(process.execPath, [BIN, 'replay', '-'], { cwd: dir, input: HEADER, encoding: 'utf8', timeout: 60_000 })
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: 'null\n', stderr: '' })
  })

  it('reads stdin and verifies it', () => {
    expect(runCli(['replay', '--verify', '-'], readFileSync(SAMPLE, 'utf8'))).toEqual({
      status: 0,
      stdout: 'verify: 3 todo_write calls, 0 mismatches\n',
      // TW-VERIFY-5: the sample states no policy.
      stderr:
        'todo-write: note: the log states no todo_write policy (no request/header lists todo_write before its first call): verified under --profile seed\n',
    })
  })

  it('a damaged log: exit 1, its last good list, the problems of the lines read from its end (TW-REPLAY-TAIL-1)', () => {
    const run = runCli(['replay', DAMAGED])
    expect(run.status).toBe(1)
    expect(run.stdout).toBe(LAST_GOOD)
    expect(run.stderr).toMatch(/^todo-write: line 1 from the end: truncated last line \(not JSON, no final line break\)\n/)
    expect(run.stderr).toMatch(/\ntodo-write: warning: 3 problems in the lines read; the output holds what the readable lines say\n$/)
  })

  it('the same damaged log on stdin is streamed: problems by line number', () => {
    const run = runCli(['replay', '-'], readFileSync(DAMAGED, 'utf8'))
    expect(run.status).toBe(1)
    expect(run.stdout).toBe(LAST_GOOD)
    expect(run.stderr).toMatch(/^todo-write: line 6: not JSON\n/)
  })

  it('usage: exit 2', () => {
    expect(runCli(['replay', '--acp', '--check', SAMPLE])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'todo-write: --check and --acp cannot be combined\nRun `todo-write --help` for usage.\n',
    })
  })
})

describe('todo-write replay streams (TW-LOG-2)', () => {
  it('reads a log far larger than its heap: memory stays flat in the size of the log', async () => {
    // About 60 MB of log through a process whose V8 heap may not exceed 32 MB: holding the
    // log, or one object per line, would run it out of memory.
    const LINES = 300_000
    const child = spawn(process.execPath, ['--max-old-space-size=32', BIN, 'replay', '--check', '-'], { stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (data: string) => (stdout += data))
    child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data))
    child.stdin.on('error', () => {})
    const closed = once(child, 'close')
    child.stdin.write(HEADER)
    for (let seq = 0; seq < LINES; ) {
      let chunk = ''
      for (const end = seq + 1000; seq < end; seq++) {
        chunk += `{"type":"todo/write","seq":${seq},"time":0,"data":{"todos":[{"content":"task ${seq}: a todo long enough to make a big log","status":"pending"},{"content":"task ${seq}, done","status":"completed"}]}}\n`
      }
      if (!child.stdin.write(chunk)) await once(child.stdin, 'drain')
    }
    child.stdin.end()
    const [code] = await closed
    expect(stderr).toBe('')
    expect(stdout).toBe(`check: ${LINES} events, ${LINES} todo/write, 0 problems\n`)
    expect(code).toBe(0)
  })
})

// Hostile compressed logs (TW-LOG-9, TW-LOG-8), as an attacker would hand them over: a few
// bytes each, answered at once, in a heap far smaller than what they would cost a decoder
// or reader without the format's limits.
describe('todo-write replay on hostile compressed logs', () => {
  const dir = suiteDir('hostile')
  const header = rawFrame(Buffer.from(HEADER))
  const fileOf = (name: string, bytes: Uint8Array): string => {
    const path = join(dir(), name)
    writeFileSync(path, bytes)
    return path
  }
  /** `node --max-old-space-size=32 todo-write replay …`, killed if it runs past 20 s. */
  const replay = (args: string[]) => {
    const run = spawnSync(process.execPath, ['--max-old-space-size=32', BIN, 'replay', ...args], { encoding: 'utf8', timeout: 20_000 })
    return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr }
  }

  for (const [name, bytes, reason] of [
    ['sequences', sequenceBombs(), 'Data corruption detected'],
    ['window', hugeWindow(), 'Frame requires too much memory for decoding'],
    ['oversized', oversizedBlocks(128), 'Destination buffer is too small'],
  ] as const)
    it(`${name}: ${bytes.length} bytes after the header are damage, in every mode`, () => {
      const path = fileOf(`${name}.zstd`, Buffer.concat([header, bytes, rawFrame(Buffer.from('{"type":"todo/write","seq":0,"data":{"todos":[]}}\n'))]))
      const damage = `todo-write: line 2: the compressed log is damaged (${reason}): nothing after this point can be read\n`
      const damaged = (stdout: string, read: string) => ({
        status: 1,
        signal: null,
        stdout,
        stderr: `${damage}todo-write: warning: 1 problem in ${read}; the output holds what the readable lines say\n`,
      })
      expect(replay(['--check', path])).toEqual(damaged('check: 0 events, 0 todo/write, 1 problem\n', 'the log'))
      expect(replay([path])).toEqual(damaged('null\n', 'the lines read'))
    })

  it('damage, then a tail of 10 GB (a sparse file of zeros): reading stops at the damage, in every mode', () => {
    const path = fileOf('tail.zstd', Buffer.concat([header, Buffer.from('not zstd')]))
    truncateSync(path, 10 * 1024 ** 3)
    const damage = 'todo-write: line 2: the compressed log is damaged (Unknown frame descriptor): nothing after this point can be read\n'
    for (const args of [[path], ['--check', path]]) {
      const run = replay(args)
      expect(run.signal).toBeNull()
      expect(run.stderr.startsWith(damage)).toBe(true)
      expect(run.status).toBe(1)
    }
  })

  it('eight million blank lines in 334 bytes, or plain: the first 100 named, the rest counted, in a 32 MB heap', () => {
    const text = Buffer.from(HEADER + '\n'.repeat(8_000_000))
    const blank = zstdCompressSync(text, { params: { [constants.ZSTD_c_compressionLevel]: 19 } })
    expect(blank.length).toBeLessThanOrEqual(334)
    // A plain file's plan is read from its end (TW-REPLAY-TAIL-1), its lines numbered from there.
    const plain = fileOf('blank.jsonl', text)
    for (const args of [[fileOf('blank.zstd', blank)], ['--check', plain], [plain]]) {
      const run = replay(args)
      expect(run.signal).toBeNull()
      expect(run.status).toBe(1)
      const lines = run.stderr.split('\n')
      const [first, second] = args[0] === plain ? ['1 from the end', '2 from the end'] : ['2', '3']
      expect(lines.slice(0, 2)).toEqual([`todo-write: line ${first}: blank line`, `todo-write: line ${second}: blank line`])
      expect(lines[100]).toMatch(/^todo-write: warning: 8000000 problems in the (lines read|log) \(the first 100 shown\); /)
      expect(lines).toHaveLength(102)
    }
  })
})
