// Issue 23, finding 3 (TW-ARGS-11): `{"todos":[0,0,…]}` costs 2 bytes an item and each item is
// a violation, so listing them all made an 8 MB call abort `serve` under a 256 MB heap. The
// built `todo-write serve`, as a process under that heap, answers it with the bounded refusal
// and then answers the next call. Its own file because it runs dist/.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { BIN } from '../support/cli.js'

const ITEMS = 4_000_000
const refused = `{"todos":[${new Array<string>(ITEMS).fill('0').join(',')}]}`
const accepted = '{"todos":[{"content":"a","status":"pending"}]}'
const listed = Array.from({ length: 100 }, (_, i) => `"todos[${i}]" must be an object`)

describe('TW-ARGS-11: serve under a 256 MB heap, given an 8 MB call of 4,000,000 bad items', () => {
  it('answers the bounded refusal, then the next call, and exits 0', () => {
    const lines = [
      '{"id":0,"cmd":"start","protocol":1}',
      JSON.stringify({ id: 1, cmd: 'call', session: 's', args: refused, agent: true, options: {} }),
      JSON.stringify({ id: 2, cmd: 'call', session: 's', args: accepted, agent: true, options: {} }),
      '{"id":3,"cmd":"stop"}',
    ]
    expect(lines[1]!.length).toBeGreaterThan(8_000_000)
    const run = spawnSync(process.execPath, ['--max-old-space-size=256', BIN, 'serve'], { input: lines.join('\n') + '\n', encoding: 'utf8', timeout: 120_000 })
    expect(run.stderr.slice(0, 2000)).toBe('')
    expect(run.status).toBe(0)
    const answers = run.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { id: number; isError?: boolean; text?: string; current?: unknown })
    expect(answers.map((answer) => answer.id)).toEqual([0, 1, 2, 3])
    expect(answers[1]).toMatchObject({
      isError: true,
      text: `Error: invalid arguments: ${[...listed, `and ${ITEMS - 100} more violations not listed`].join('; ')}`,
      current: null,
    })
    expect(answers[2]).toMatchObject({ isError: false, text: 'Updated todo list: 1 pending, 0 in progress, 0 completed.' })
  }, 180_000)
})
