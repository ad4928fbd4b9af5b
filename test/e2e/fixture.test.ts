// The real recorded harness session (../shared/fixtures/harness-todo-plan/): replay, the
// standing plan, the terminal plan, ACP byte for byte, check and verify. Skipped, visibly,
// when the fixture is not beside the repository.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PlanReplay } from '../../src/log/plan.js'
import { readLog } from '../../src/log/reader.js'
import { latestPlanOf, standingPlanOf } from '../../src/log/tail.js'
import { fixturePath, fixturePresent, fixtureText, noteAbsentFixture } from '../support/fixture.js'
import { ASSUMED, run } from '../support/replay.js'

const THREE =
  '[{"content":"read the code","status":"in_progress"},{"content":"write the fix","status":"pending"},{"content":"run the tests","status":"pending"}]'
const CALL_ID = 'call_00_fjAnBThbDjxepBtp3hDt3264'

noteAbsentFixture('the real-fixture tests (replay, --acp, --verify, --render on harness-todo-plan)')

describe.runIf(fixturePresent)('the real harness session harness-todo-plan', () => {
  const session = () => fixturePath('session.jsonl')

  it.each([
    ['TW-REPLAY-CLI-1: replay prints the three-item list', [], `${THREE}\n`, ''],
    ['TW-STANDING-1: turn/end keeps the standing plan', ['--standing'], `${THREE}\n`, ''],
    ['TW-RENDER-1: --render shows the three lines', ['--render'], 'Plan\n● read the code\n○ write the fix\n○ run the tests\n', ''],
    [
      'TW-VERIFY-1, TW-VERIFY-5: --verify passes; its request/header lists no tools (`"{{tools}}"`), so the seed profile is said on stderr',
      ['--verify'],
      'verify: 1 todo_write call, 0 mismatches\n',
      ASSUMED,
    ],
    [
      'TW-HISTORY-1: --history tells its one call',
      ['--history'],
      'seq 96 ✓ +3: Updated todo list: 2 pending, 1 in progress, 0 completed.\nhistory: calls 1, accepted 1, refused 0, argument bytes 168; flags: none\n',
      '',
    ],
    ['TW-REPLAY-CLI-3: --check passes', ['--check'], 'check: 133 events, 1 todo/write, 0 problems\n', ''],
  ])('%s', async (_, flags, stdout, stderr) => {
    expect(await run(['replay', ...flags, session()])).toEqual({ status: 0, stdout, stderr })
  })

  it('TW-REPLAY-CLI-1: the same from stdin', async () => {
    expect(await run(['replay', '-'], fixtureText('session.jsonl'))).toEqual({ status: 0, stdout: THREE + '\n', stderr: '' })
  })

  it('TW-ACP-2: --acp reproduces, byte for byte, the plan update the editor received', async () => {
    const lines = fixtureText('acp-stdout.expected.jsonl').split('\n')
    const PREFIX = '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"{{sessionId}}","update":'
    const plans = lines.filter((line) => line.startsWith(PREFIX + '{"sessionUpdate":"plan"'))
    expect(plans).toHaveLength(1)
    expect(plans[0]!.endsWith('}}')).toBe(true)
    const update = plans[0]!.slice(PREFIX.length, -2)
    expect(await run(['replay', '--acp', session()])).toEqual({ status: 0, stdout: update + '\n', stderr: '' })
  })

  it('TW-ACP-1: the editor got what the log and the tool call say', () => {
    const updates = fixtureText('acp-stdout.expected.jsonl')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line)?.params?.update)
    const toolCall = updates.find((u) => u?.sessionUpdate === 'tool_call')
    const done = updates.find((u) => u?.sessionUpdate === 'tool_call_update')
    expect(toolCall.toolCallId).toBe(CALL_ID)
    expect(JSON.stringify(toolCall.rawInput)).toBe(THREE)
    expect(done.content[0].content.text).toBe('Updated todo list: 2 pending, 1 in progress, 0 completed.')
  })

  it('TW-LOG-3: cut mid-append, the fixture still yields its list, with a warning and exit 1', async () => {
    const text = fixtureText('session.jsonl')
    const result = await run(['replay', '-'], text.slice(0, text.length - 20))
    expect(result).toEqual({
      status: 1,
      stdout: THREE + '\n',
      stderr:
        'todo-write: line 134: truncated last line (not JSON, no final line break)\ntodo-write: warning: 1 problem in the log; the output holds what the readable lines say\n',
    })
  })

  it('TW-VERIFY-2: without its todo/write line, the fixture fails --verify at the call', async () => {
    const lines = fixtureText('session.jsonl').split('\n')
    const at = lines.findIndex((line) => line.startsWith('{"type":"todo/write"'))
    lines.splice(at, 1)
    const result = await run(['replay', '--verify', '-'], lines.join('\n'))
    expect(result.stdout).toBe(
      `seq 96: call "${CALL_ID}": no todo/write logged, the reference appends {"todos":${THREE}}\nverify: 1 todo_write call, 1 mismatch\n`,
    )
    expect(result.stderr).toBe(
      `todo-write: line ${at + 1}: seq 98, expected 97\n${ASSUMED}todo-write: warning: 1 problem in the log; the output holds what the readable lines say\n`,
    )
    expect(result.status).toBe(1)
  })

  it('TW-REPLAY-TAIL-1: read from its end, the same plans as streamed', async () => {
    const plan = new PlanReplay()
    for await (const record of readLog([readFileSync(session())])) if (record.kind === 'event') plan.apply(record.event)
    expect(plan.current).not.toBeNull()
    expect({ current: await latestPlanOf(session()), standing: await standingPlanOf(session()) }).toEqual({ current: plan.current, standing: plan.standing })
  })
})
