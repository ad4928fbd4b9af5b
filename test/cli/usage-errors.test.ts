// TW-CLI-2, TW-RENDER-2: a usage error quotes argv, file names and the input; whatever it
// quotes reaches the terminal escaped, whichever subcommand refused and however the message
// quoted it (JSON.stringify leaves C1 controls, U+2028 and the bidirectional controls raw,
// and an fs error repeats the path it was given).
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/cli.js'
import { run, slowSink, source } from '../support/replay.js'

/** What must never reach a terminal raw: C0, DEL, C1, the separators, the bidirectional controls. */
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/

// ESC ] 0 ; … BEL retitles the terminal; CSI (U+009B) starts a sequence on its own.
const HOSTILE = '\u001b]0;pwned\u0007\u009b31m\u2028\u202e\u0085'
const ESCAPED = '\\u001b]0;pwned\\u0007\\u009b31m\\u2028\\u202e\\u0085'

describe('TW-CLI-2: usage errors are written terminal-safe', () => {
  it.each([
    ['an unknown command', [HOSTILE]],
    ['an unknown flag of call', ['call', `--${HOSTILE}`]],
    ['an unknown flag of replay', ['replay', `--${HOSTILE}`, '-']],
    ['a log path that cannot be opened (the fs message repeats it)', ['replay', `/nonexistent/${HOSTILE}`]],
    ['conform --run that matches nothing', ['conform', '--run', HOSTILE, '--', 'true']],
    ['a bad conform --profile, quoted as JSON', ['conform', '--profile', HOSTILE, '--', 'true']],
    ['a bad option flag value', ['call', '--unknown-item-keys', HOSTILE]],
  ])('%s', async (_what, argv) => {
    const { status, stdout, stderr } = await run(argv)
    expect(status).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(ESCAPED)
    expect(stderr.replaceAll('\n', '')).not.toMatch(RAW)
  })

  it('stdin that is not JSON: the parser quotes the bad character, escaped', async () => {
    const { status, stderr } = await run(['call'], `{"todos": \u009b}`)
    expect(status).toBe(2)
    expect(stderr).toContain('\\u009b')
    expect(stderr.replaceAll('\n', '')).not.toMatch(RAW)
  })
})

describe('TW-CLI-3: the help, the version and a usage error wait for a slow reader', () => {
  it.each([
    ['the help', ['--help'], 'stdout'],
    ["a subcommand's help", ['replay', '--help'], 'stdout'],
    ['the version', ['--version'], 'stdout'],
    ['a usage error', ['demo', '--bogus'], 'stderr'],
  ] as const)('%s: taken whole before the status', async (_what, argv, written) => {
    const streams = { stdout: slowSink(), stderr: slowSink() }
    const status = await main([...argv], { stdin: source(), ...streams })
    expect(status).toBe(written === 'stdout' ? 0 : 2)
    expect(streams[written].writableLength).toBe(0)
    expect(streams[written].text()).toBe((await run([...argv]))[written])
  })
})
