// `todo-write replay --history` as a user runs it (the built command, TW-HISTORY-1 … 3): a
// session in the release app's shapes with two equal refusals, a dropped item, an identical
// resend and a reopened item shows exactly those flags, as a file, zstd and on stdin; and the
// 100 MB app-shaped log of the benchmark's row (d) streams in flat memory. Through
// subprocesses, so it kills no mutants (test/log/history.test.ts does).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { zstdCompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { writeAppLog } from '../../fixtures/app-log.js'
import { lowestPeak, runCli } from '../support/cli.js'
import { releaseFixturePath } from '../support/fixture.js'
import { suiteDir } from '../support/temp.js'

const dir = suiteDir('history')

const item = (content: string, status: string) => ({ content, status })
const READ = 'read the parser'
const FIX = 'fix the off-by-one'
const TESTS = 'run the tests'
const TWO_ACTIVE = 'Error: invalid todos: at most one task may be in_progress (got 2)'
const updated = (pending: number, active: number, done: number) => `Updated todo list: ${pending} pending, ${active} in progress, ${done} completed.`

/**
 * The model's calls, what the tool answered and the list it logged (null: refused). The
 * session run-app wrote with this script (allowParallelInProgress: false) read the same.
 */
const SCRIPT: [todos: { content: string; status: string }[], text: string, accepted: boolean][] = [
  [[item(READ, 'in_progress'), item(FIX, 'pending'), item(TESTS, 'pending')], updated(2, 1, 0), true],
  [[item(READ, 'completed'), item(FIX, 'in_progress'), item(TESTS, 'in_progress')], TWO_ACTIVE, false],
  [[item(READ, 'completed'), item(FIX, 'in_progress'), item(TESTS, 'in_progress')], TWO_ACTIVE, false],
  [[item(READ, 'completed'), item(FIX, 'in_progress')], updated(0, 1, 1), true],
  [[item(READ, 'completed'), item(FIX, 'in_progress')], updated(0, 1, 1), true],
  [[item(READ, 'in_progress'), item(FIX, 'pending')], updated(1, 1, 0), true],
]

/** The session's lines in the release app's shapes: steps, the call id `mock-call-1` each time, results nested in messages, a packed answer. */
function appSession(): string[] {
  const lines: unknown[] = [{ type: 'session', version: 0, id: 'session-1', createdAt: 0, cwd: '/workspace', delegationDepth: 0 }]
  let seq = 0
  const add = (type: string, data: unknown) => lines.push({ type, seq: seq++, time: seq, data })
  const callId = 'mock-call-1'
  add('turn/start', { turn: 1 })
  SCRIPT.forEach(([todos, text, accepted], i) => {
    const step = i + 1
    const args = JSON.stringify({ todos })
    add('step/start', { turn: 1, step })
    add('assistant/message', {
      turn: 1,
      step,
      message: { role: 'assistant', content: [{ type: 'tool-call', id: callId, name: 'todo_write', arguments: args }] },
    })
    add('tool/call', { turn: 1, step, callId, name: 'todo_write', arguments: args })
    if (accepted) add('todo/write', { todos })
    const part = { type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text }], isError: !accepted }
    add('tool/result', { turn: 1, step, message: { source: { kind: 'tool', callId }, content: [part], role: 'user', id: `u${step}` } })
    add('step/end', { turn: 1, step })
  })
  lines.push({ type: 'text-chunks', seq0: seq, time0: seq, data: { turn: 1, step: 7, index: 0, dt: [0, 0], texts: ['The pars', 'er is ', 'read.'] } })
  seq += 3
  add('turn/end', { turn: 1, reason: { kind: 'completed' } })
  return lines.map((line) => `${JSON.stringify(line)}\n`)
}

describe('TW-HISTORY-1, TW-HISTORY-3: a session of the release app, told call by call', () => {
  const expected = [
    `seq 3 ✓ +3: ${updated(2, 1, 0)}`,
    `seq 9 ✗: ${TWO_ACTIVE}`,
    `seq 14 ✗ [repeated-refusal]: ${TWO_ACTIVE}`,
    `seq 19 ✓ -1 ~2 [dropped-unfinished]: ${updated(0, 1, 1)}`,
    `seq 25 ✓ = [unchanged]: ${updated(0, 1, 1)}`,
    `seq 31 ✓ ~2 [reopened]: ${updated(1, 1, 0)}`,
    'history: calls 6, accepted 4, refused 2, argument bytes 853; flags: dropped-unfinished 1, reopened 1, unchanged 1, repeated-refusal 1',
  ].map((line) => `${line}\n`)

  it('the flags, and only those: plain, zstd frame after frame, and on stdin', () => {
    const lines = appSession()
    const [plain, zstd] = [join(dir(), 'app.jsonl'), join(dir(), 'app.jsonl.zstd')]
    writeFileSync(plain, lines.join(''))
    writeFileSync(zstd, Buffer.concat(lines.map((line) => zstdCompressSync(line))))
    const want = { status: 0, stdout: expected.join(''), stderr: '' }
    expect(runCli(['replay', '--history', plain])).toEqual(want)
    expect(runCli(['replay', '--history', zstd])).toEqual(want)
    expect(runCli(['replay', '--history', '-'], lines.join(''))).toEqual(want)
  })

  it('--json: one object a line, its change, then the summary', () => {
    const path = join(dir(), 'app-json.jsonl')
    writeFileSync(path, appSession().join(''))
    const { status, stdout } = runCli(['replay', '--history', '--json', path])
    expect(status).toBe(0)
    const [, , , dropped, , , summary] = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown)
    expect(dropped).toEqual({
      seq: 19,
      callId: 'mock-call-1',
      accepted: true,
      text: updated(0, 1, 1),
      todos: [item(READ, 'completed'), item(FIX, 'in_progress')],
      added: [],
      removed: [item(TESTS, 'pending')],
      changed: [
        { content: READ, from: 'in_progress', to: 'completed' },
        { content: FIX, from: 'pending', to: 'in_progress' },
      ],
      flags: ['dropped-unfinished'],
      argumentBytes: 118,
    })
    expect(summary).toEqual({
      summary: {
        calls: 6,
        accepted: 4,
        refused: 2,
        flags: { 'dropped-unfinished': 1, reopened: 1, unchanged: 1, 'repeated-refusal': 1, cleared: 0, unanswered: 0 },
        argumentBytes: 853,
      },
    })
  })
})

describe('TW-HISTORY-2: the 100 MB app-shaped log streams in flat memory', () => {
  /** The lowest peak RSS of three runs of `replay --history` on a log, its heap capped at 16 MB, and its summary line. */
  async function peak(log: string): Promise<{ peak: number; summary: string }> {
    const { peak, runs } = await lowestPeak(16, ['replay', '--history', log])
    for (const { code, stderr } of runs) expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    const summaries = runs.map((run) => run.stdout.trimEnd().split('\n').at(-1)!)
    expect(new Set(summaries).size).toBe(1)
    return { peak, summary: summaries[0]! }
  }

  it('10x the log, at most 1.25x the peak memory', async () => {
    // The benchmark's template: the release app's session when it is beside the repository, else our sample.
    const app = releaseFixturePath('refusals-then-update', 'todo-write', 'session.jsonl')
    const template = existsSync(app) ? app : fileURLToPath(new URL('../../examples/logs/release-sample.jsonl', import.meta.url))
    const [small, big] = [join(dir(), '10MB.jsonl.zstd'), join(dir(), '100MB.jsonl.zstd')]
    await writeAppLog(small, 10e6, template)
    await writeAppLog(big, 100e6, template)
    const [n, tenN] = [await peak(small), await peak(big)]
    const calls = (summary: string) => Number(/^history: calls (\d+), .*; flags: none$/.exec(summary)![1])
    expect(calls(tenN.summary) / calls(n.summary)).toBeGreaterThan(9)
    expect(tenN.peak / n.peak).toBeLessThanOrEqual(1.25)
    // The template's lines each once in the log: its calls, every one answered.
    expect(calls(n.summary) % (readFileSync(template, 'utf8').match(/"type":"tool\/call"/g) ?? []).length).toBe(0)
  }, 180_000)
})
