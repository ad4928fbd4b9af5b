// The hostile protocol requests of test/e2e/deep-nesting.test.ts (deep values among them),
// sent to the built `todo-write serve` as a process: one answer a line, and a clean exit.
// Its own file because it runs dist/, which the mutation suite leaves out.
import { spawnSync } from 'node:child_process'
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
