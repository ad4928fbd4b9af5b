// The built `todo-write replay` through a subprocess, as a user runs it: real files, real
// stdin, real exit status (TW-REPLAY-CLI-1, TW-REPLAY-CLI-2). It kills no mutants; the same
// behaviour is pinned in-process by test/replay-cli.test.ts.
import { fileURLToPath } from 'node:url'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runCli } from './support/cli.js'

const SAMPLE = fileURLToPath(new URL('../examples/logs/sample.jsonl', import.meta.url))
const DAMAGED = fileURLToPath(new URL('../examples/logs/damaged.jsonl', import.meta.url))

describe('todo-write replay (built)', () => {
  it('reads a file and renders its plan', () => {
    expect(runCli(['replay', '--render', SAMPLE])).toEqual({ status: 0, stdout: 'Plan\n✓ read the tokenizer\n● fix the off-by-one\n○ run the tests\n', stderr: '' })
  })

  it('reads stdin and verifies it', () => {
    expect(runCli(['replay', '--verify', '-'], readFileSync(SAMPLE, 'utf8'))).toEqual({ status: 0, stdout: 'verify: 3 todo_write calls, 0 mismatches\n', stderr: '' })
  })

  it('a damaged log: exit 1, its last good list, warnings', () => {
    const run = runCli(['replay', DAMAGED])
    expect(run.status).toBe(1)
    expect(run.stdout).toBe('[{"content":"read the tokenizer","status":"in_progress"},{"content":"fix the off-by-one","status":"pending"}]\n')
    expect(run.stderr).toMatch(/^todo-write: line 6: not JSON\n/)
  })

  it('usage: exit 2', () => {
    expect(runCli(['replay', '--acp', '--check', SAMPLE])).toEqual({ status: 2, stdout: '', stderr: 'todo-write: --check and --acp cannot be combined\nRun `todo-write --help` for usage.\n' })
  })
})
