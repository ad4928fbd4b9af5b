// Runs EVERY `replay-example` of spec/replay.md through `todo-write` in-process:
// stdout, stderr and the exit status, byte for byte.
import { describe, expect, it } from 'vitest'
import { replayExamples } from '../support/replay-spec.js'
import { run } from '../support/replay.js'
import '../../src/log/verify.js' // for --verify: test/support/replay.ts says why

const all = replayExamples()

describe('spec/replay.md examples', () => {
  it('the spec holds replay examples, and each names its rules', () => {
    expect(all.length).toBeGreaterThanOrEqual(15)
    for (const example of all) expect(example.rules.length).toBeGreaterThan(0)
  })

  it.each(all.map((example) => [`line ${example.line} (${example.rules.join(' ')})`, example] as const))('%s', async (_, example) => {
    const result = await run(example.argv, example.stdin)
    expect(result.stdout).toBe(example.stdout)
    expect(result.stderr).toBe(example.stderr)
    expect(result.status).toBe(example.exit)
  })
})
