// The release's own session logs (../shared/fixtures/dsh-0.1.1-rc.2-sessions/, written by
// dsh 0.1.1-rc.2 with upstream's tool and with ours): every log, as the app wrote it
// (zstd) and decompressed, in every mode of `replay`, as a file (read from its end, or
// from the start when compressed) and on stdin (streamed). The expected plans, counts and
// verifications are those the fixtures' README and scripts state, written out here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { noteAbsentReleaseFixture, RELEASE_FILES, RELEASE_SESSIONS, RELEASE_TOOLS, releaseFixturePath, releaseFixturePresent } from '../support/fixture.js'
import { run } from '../support/replay.js'

type Todo = { content: string; status: 'pending' | 'in_progress' | 'completed' }
const todo = (content: string, status: Todo['status']): Todo => ({ content, status })
const MARK = { completed: '✓', in_progress: '●', pending: '○' } as const
const acp = (todos: Todo[]) => JSON.stringify({ sessionUpdate: 'plan', entries: todos.map(({ content, status }) => ({ content, priority: 'medium', status })) })

const PARSER_DONE = [todo('read the parser', 'completed'), todo('fix the off-by-one', 'in_progress'), todo('run the tests', 'pending')]

const updated = (pending: number, active: number, done: number) => `Updated todo list: ${pending} pending, ${active} in progress, ${done} completed.`

/**
 * Per script: the accepted lists in order, the events (packed rows counted as their members),
 * the calls, the deployment's flags, and `--history` (TW-HISTORY-1): each call's seq, change
 * and text, as its script.md states them, then the summary.
 */
const EXPECTED: Record<(typeof RELEASE_SESSIONS)[number], { writes: Todo[][]; events: number; calls: number; flags: string[]; history: string[] }> = {
  'one-call': {
    writes: [PARSER_DONE],
    events: 37,
    calls: 1,
    flags: ['--profile', 'dsh-0.1.1-rc.2', '--allow-parallel-in-progress'],
    history: [`seq 19 ✓ +3: ${updated(1, 1, 1)}`, 'history: calls 1, accepted 1, refused 0, argument bytes 167; flags: none'],
  },
  'refusals-then-update': {
    writes: [[todo('read the parser', 'in_progress'), todo('fix the off-by-one', 'pending'), todo('run the tests', 'pending')], PARSER_DONE],
    events: 108,
    calls: 6,
    flags: ['--profile', 'dsh-0.1.1-rc.2'],
    history: [
      `seq 19 ✓ +3: ${updated(2, 1, 0)}`,
      'seq 31 ✗: Error: invalid todos: duplicate content "read the parser"',
      'seq 42 ✗: Error: invalid todos: at most one task may be in_progress (got 2)',
      'seq 53 ✗: Error: invalid arguments: "todos[0].status" must be one of ["pending","in_progress","completed"]',
      'seq 64 ✗: Error: invalid arguments: "todos[0].priority" is not a declared property (additionalProperties: false)',
      `seq 75 ✓ ~2: ${updated(1, 1, 1)}`,
      'history: calls 6, accepted 2, refused 4, argument bytes 998; flags: none',
    ],
  },
  'parallel-then-clear': {
    writes: [[todo('run the unit tests', 'in_progress'), todo('run the linter', 'in_progress'), todo('write the summary', 'pending')], []],
    events: 50,
    calls: 2,
    flags: ['--profile', 'dsh-0.1.1-rc.2', '--allow-parallel-in-progress'],
    history: [
      `seq 19 ✓ +3: ${updated(1, 2, 0)}`,
      `seq 31 ✓ -3 [dropped-unfinished cleared]: ${updated(0, 0, 0)}`,
      'history: calls 2, accepted 2, refused 0, argument bytes 182; flags: dropped-unfinished 1, cleared 1',
    ],
  },
}

noteAbsentReleaseFixture('the release fixture tests (every log in every mode)')

describe.runIf(releaseFixturePresent)('the release dsh 0.1.1-rc.2 logs, in every mode (TW-LOG-9, TW-LOG-10, TW-VERIFY-4)', () => {
  for (const session of RELEASE_SESSIONS)
    for (const tool of RELEASE_TOOLS)
      for (const file of RELEASE_FILES) {
        const path = releaseFixturePath(session, tool, file)
        const { writes, events, calls, flags, history } = EXPECTED[session]
        const plan = writes.at(-1)!
        const verified = `verify: ${calls} todo_write call${calls === 1 ? '' : 's'}, 0 mismatches\n`
        // Each session is one turn and its last todo/write comes after turn/start: the standing plan is the list.
        const cases: [string, string[], string][] = [
          ['TW-REPLAY-CLI-1: the current list', [], JSON.stringify(plan) + '\n'],
          ['TW-STANDING-1: the standing plan', ['--standing'], JSON.stringify(plan) + '\n'],
          ['TW-RENDER-1: the terminal plan', ['--render'], ['Plan', ...plan.map(({ content, status }) => `${MARK[status]} ${content}`)].join('\n') + '\n'],
          ['TW-REPLAY-CLI-3: the check', ['--check'], `check: ${events} events, ${writes.length} todo/write, 0 problems\n`],
          ['TW-ACP-2: one plan update per accepted call', ['--acp'], writes.map((list) => acp(list) + '\n').join('')],
          [`TW-VERIFY-1: verified under ${flags.join(' ')}`, ['--verify', ...flags], verified],
          ["TW-VERIFY-5: verified with no flag, under what the log's request/header states", ['--verify'], verified],
          ['TW-HISTORY-1: every call in order, with the text the model read', ['--history'], history.map((line) => line + '\n').join('')],
        ]
        for (const [name, mode, stdout] of cases)
          it(`${session}-${tool}/${file}: ${name}, as a file and on stdin`, async () => {
            const want = { status: 0, stdout, stderr: '' }
            expect(await run(['replay', ...mode, path])).toEqual(want)
            expect(await run(['replay', ...mode, '-'], readFileSync(path))).toEqual(want)
          })
      }

  /** `replay --verify --profile seed` of a log prints these lines and exits 1. */
  const underSeed = async (path: string, lines: string[]) =>
    expect(await run(['replay', '--verify', '--profile', 'seed', path])).toEqual({ status: 1, stdout: `${lines.join('\n')}\n`, stderr: '' })

  it('TW-VERIFY-5: flags decide alone: under --profile seed the wording and the closed items are mismatches, each naming the flag that explains it', async () => {
    await underSeed(releaseFixturePath('refusals-then-update', 'upstream', 'session.jsonl.zstd'), [
      'seq 43: call "mock-call-1": text "Error: invalid todos: at most one task may be in_progress (got 2)", the reference says "Error: invalid todos: at most one task may be in_progress, got 2" (the log\'s deployment may word the in_progress limit with parentheses: --active-limit-wording parentheses)',
      'seq 65: call "mock-call-1": isError true, the reference says false (the log\'s deployment may reject unknown item keys: --unknown-item-keys reject)',
      'seq 65: call "mock-call-1": text "Error: invalid arguments: \\"todos[0].priority\\" is not a declared property (additionalProperties: false)", the reference says "Updated todo list: 1 pending, 1 in progress, 1 completed."',
      'seq 64: call "mock-call-1": no todo/write logged, the reference appends {"todos":[{"content":"read the parser","status":"completed"},{"content":"fix the off-by-one","status":"in_progress"},{"content":"run the tests","status":"pending"}]}',
      'verify: 6 todo_write calls, 4 mismatches',
    ])
  })

  it('TW-VERIFY-5: two in_progress accepted, checked under the seed profile, name --allow-parallel-in-progress', async () => {
    await underSeed(releaseFixturePath('parallel-then-clear', 'todo-write', 'session.jsonl'), [
      'seq 21: call "mock-call-1": isError false, the reference says true (the log\'s deployment may allow parallel in_progress: --allow-parallel-in-progress)',
      'seq 21: call "mock-call-1": text "Updated todo list: 1 pending, 2 in progress, 0 completed.", the reference says "Error: invalid todos: at most one task may be in_progress, got 2"',
      'seq 20: call "mock-call-1": todo/write logged, the reference appends none',
      'verify: 2 todo_write calls, 3 mismatches',
    ])
  })

  it("TW-LOG-9: the app's file cut short (a crash mid-write): the frames before the cut are read, the damage named", async () => {
    const bytes = readFileSync(releaseFixturePath('refusals-then-update', 'upstream', 'session.jsonl.zstd'))
    const result = await run(['replay', '--check', '-'], bytes.subarray(0, bytes.length - 100))
    expect(result.status).toBe(1)
    expect(result.stdout).toMatch(/^check: \d+ events, 2 todo\/write, 1 problem\n$/)
    expect(result.stderr).toMatch(
      /^todo-write: line \d+: the compressed log is damaged \(unexpected end of file\): nothing after this point can be read\ntodo-write: warning: 1 problem in the log; the output holds what the readable lines say\n$/,
    )
  })
})
