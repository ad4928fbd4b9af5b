// The hostile protocol requests of test/e2e/deep-nesting.test.ts (deep values among them),
// sent to the built `todo-write serve` as a process: one answer a line, and a clean exit;
// and what a call on 2,000,000 levels costs in memory, against parsing them alone.
// Its own file because it runs dist/, which the mutation suite leaves out.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { hostileRequests } from '../../fixtures/generators.js'
import { BIN } from '../support/cli.js'

describe('the protocol server as a process', () => {
  it('`todo-write serve` (built) answers them over stdio, one line each, and exits 0', () => {
    const lines = ['{"id":0,"cmd":"start","protocol":1}', ...hostileRequests().map((r) => r.line), '{"id":99,"cmd":"stop"}']
    const run = spawnSync(process.execPath, [BIN, 'serve'], { input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 26 })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const answers = run.stdout.split('\n').filter((line) => line !== '')
    expect(answers).toHaveLength(lines.length)
    expect(answers.at(-1)).toBe('{"id":99}')
  })
})

describe('TW-JSON-2, TW-JSON-3: the registry copy of a deep value', () => {
  const SCRIPT = fileURLToPath(new URL('../fixtures/deep-copy-rss.mjs', import.meta.url))
  const PEAK = fileURLToPath(new URL('../fixtures/peak-rss.mjs', import.meta.url))
  const peak = (mode: 'parse' | 'call', levels: number) => {
    const run = spawnSync(process.execPath, ['--import', PEAK, SCRIPT, mode, String(levels)], { encoding: 'utf8', timeout: 60_000 })
    // stderr holds the peak and nothing else.
    expect(run.stderr).toMatch(/^peak-rss \d+\n$/)
    return { text: run.stdout.trimEnd(), peak: Number(run.stderr.slice('peak-rss '.length)) }
  }

  it('2,000,000 levels: the call answers, at a peak of at most 2x what parsing them alone takes (it was 3.6x, then 2.1x)', () => {
    const parsed = peak('parse', 2_000_000)
    const called = peak('call', 2_000_000)
    expect(called.text).toBe('Updated todo list: 0 pending, 0 in progress, 0 completed.')
    expect(called.peak / parsed.peak).toBeLessThanOrEqual(2)
  })

  it('`serve` answers a call on 2,000,000 levels, then the next call of an earlier session', () => {
    const deep = `{"todos":[],"x":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}`
    const call = (id: number, session: string, args: string) => JSON.stringify({ id, cmd: 'call', session, args, agent: true, options: {} })
    const lines = [
      '{"id":0,"cmd":"start","protocol":1}',
      call(1, 's1', '{"todos":[{"content":"a","status":"pending"}]}'),
      call(2, 's2', deep),
      call(3, 's1', '{"todos":[{"content":"a","status":"completed"}]}'),
      '{"id":4,"cmd":"stop"}',
    ]
    const run = spawnSync(process.execPath, [BIN, 'serve'], { input: `${lines.join('\n')}\n`, encoding: 'utf8', maxBuffer: 1 << 26 })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const answers = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; text?: string })
    expect(answers.map(({ id, text }) => [id, text])).toEqual([
      [0, undefined],
      [1, 'Updated todo list: 1 pending, 0 in progress, 0 completed.'],
      [2, 'Updated todo list: 0 pending, 0 in progress, 0 completed.'],
      [3, 'Updated todo list: 0 pending, 0 in progress, 1 completed.'],
      [4, undefined],
    ])
  })
})
