// TW-KIT-OUTPUT-1: what a port supplies — its name, its error messages, its stderr — is
// printed with every control character escaped: a port cannot clear the screen, move the
// cursor, or forge the kit's last line.
import { describe, expect, it } from 'vitest'
import { terminalSafe } from '../../../src/log/render.js'
import { conform, node } from '../../support/conform.js'

describe('TW-KIT-OUTPUT-1: a port cannot drive the terminal', () => {
  it('terminalSafe() escapes C0, DEL, C1, U+2028/U+2029, bidi controls and lone surrogates, and nothing else', () => {
    expect(terminalSafe('a\x1b[2J\r\n\t\x7f\x85\u2028\u2029\u202e\u2066\ud800 é 😀 … ≥')).toBe(
      'a\\u001b[2J\\u000d\\u000a\\u0009\\u007f\\u0085\\u2028\\u2029\\u202e\\u2066\\ud800 é 😀 … ≥',
    )
    expect(terminalSafe(terminalSafe('x\x1by'))).toBe(terminalSafe('x\x1by'))
  })

  it("a port's name, error messages and stderr come out escaped, and the last line is the kit's own", async () => {
    const run = await conform(['--runs', '0', '--run', 'golden/args-null', '--run', 'protocol/error/not-json', '--', ...node('forger.mjs')])
    expect(run.status).toBe(1)
    expect(run.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/)
    expect(run.lines.filter((line) => line === '70 passed, 0 failed')).toEqual([])
    expect(run.stdout).toContain('forger\\u001b[2J\\u000a70 passed, 0 failed (js\\u000d \\u202e1): 0 passed, 2 failed')
    expect(run.stdout).toContain('answered with an error: no\\u001b[1A\\u001b[2K\\u000a70 passed, 0 failed')
    expect(run.last).toBe('0 passed, 2 failed')
  })

  it("a port's stderr in a fault report is escaped line by line", async () => {
    const run = await conform(['--runs', '0', '--max-restarts', '0', '--run', 'golden/args-null', '--', ...node('forger.mjs', 'crash')])
    expect(run.status).toBe(1)
    expect(run.stdout).toContain('| \\u001b[2J\\u001b[Hforger: ready\\u000d70 passed, 0 failed')
    expect(run.stdout).toContain('| Traceback\\u001b[1A\\u001b[2K\\u000d')
    expect(run.stdout).toContain('| 70 passed, 0 failed\\u0007')
    expect(run.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/)
    expect(run.last).toBe('0 passed, 1 failed')
  })
})
