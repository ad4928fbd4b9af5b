// TW-KIT-FAULT-1: a port that sleeps forever, exits at once, prints garbage, cannot be
// started, or breaks in the middle of a run is reported with a clear message and the tail
// of its stderr, restarted or given up on — and the kit always comes back.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BIN } from '../../support/cli.js'
import { type ConformRun, conform, node, tempDir } from '../../support/conform.js'
import { PROTOCOL_CHECKS } from '../../../src/kit/protocol-suite.js'
import { VECTORS_DIR } from '../../support/vectors.js'

const CASES = (JSON.parse(readFileSync(`${VECTORS_DIR}suite.json`, 'utf8')) as { cases: number }).cases
const PROTOCOL = PROTOCOL_CHECKS.length
const GOLDEN = (JSON.parse(readFileSync(`${VECTORS_DIR}golden-calls.json`, 'utf8')) as { cases: unknown[] }).cases.length
/** Every case of a run with --runs 0: the vectors and the protocol checks. */
const ALL = CASES + PROTOCOL
const START_FAILED = 'FAIL start: the port could not be started: it failed the start handshake: '
/** The start is the run's one failure. */
function failedToStart(run: ConformRun) {
  expect(run.status).toBe(1)
  expect(run.last).toBe('0 passed, 1 failed')
}

describe('TW-KIT-START-1: a port that cannot be started is ONE clear failure', () => {
  it('sleeps forever: "did not answer" within the start timeout, with its stderr', async () => {
    const run = await conform(['--runs', '0', '--start-timeout', '2000', '--', ...node('sleeper.mjs')])
    failedToStart(run)
    expect(run.stdout).toContain(`${START_FAILED}it did not answer "start" within 2000 ms (nothing came: a port answers each line as it comes, and flushes)`)
    expect(run.stdout).toContain('| sleeper: going to sleep')
    expect(run.stdout).not.toContain('not run')
    expect(run.lines.filter((line) => line.startsWith('FAIL'))).toHaveLength(1)
  })

  it.each([
    ['exits at once: its exit status and its last words', 'exiter.mjs', 'it exited with status 3', '| exiter: cannot open todo.conf'],
    ['prints garbage: the line it printed, quoted', 'garbage.mjs', 'it printed a line that is not JSON: "Hello from the port!"', '| garbage: ready'],
  ])('%s', async (_, port, reason, stderr) => {
    const run = await conform(['--runs', '0', '--', ...node(port)])
    failedToStart(run)
    expect(run.stdout).toContain(START_FAILED + reason)
    expect(run.stdout).toContain(stderr)
  })

  it('cannot be started at all: one failure, not one per case pinned on the first rule', async () => {
    const report = join(tempDir(), 'report.json')
    const run = await conform(['--runs', '0', '--report', report, '--', '/nonexistent/todo-write-port'])
    failedToStart(run)
    expect(run.stdout).toContain(`${START_FAILED}it could not be started: spawn /nonexistent/todo-write-port ENOENT`)
    expect(run.stdout).not.toContain('TW-JSON-1')
    const json = JSON.parse(readFileSync(report, 'utf8'))
    expect(json.ports[0].cases).toEqual([{ id: 'start', section: 'start', passed: false, message: expect.stringContaining('could not be started') }])
    expect(json.ports[0].sections).toEqual({ start: { passed: 0, failed: 1 } })
  })

  it('with --run fuzz too: the start is the one failure', async () => {
    const run = await conform(['--runs', '20', '--seed', '1', '--run', 'fuzz', '--', ...node('exiter.mjs')])
    failedToStart(run)
    expect(run.stdout).toContain(`${START_FAILED}it exited with status 3`)
    expect(run.stdout).not.toContain('FAIL fuzz')
  })
})

describe('a port that breaks in the middle of a run is restarted', () => {
  // Only spec/TW-TRIM-1/1 holds "read  the code" (two spaces).
  const marker = 'read  the code'
  // The vectors alone: the cases after the fault show the restarted port at work (the
  // protocol suite, which starts ports of its own, runs whole on a healthy port elsewhere).
  const VECTORS_ONLY = ['--runs', '0', '--skip', 'protocol/*']
  const ONE_FAILED = `${CASES - 1} passed, 1 failed`

  it.each([
    ['hang', 'did not answer "call" within 3000 ms (nothing came: a port answers each line as it comes, and flushes)', '| faulty: hanging on'],
    ['partial', 'did not answer "call" within 3000 ms (6 bytes came, with no line feed)', ''],
    ['exit', 'exited with status 1', '| faulty: crashing on'],
    ['garbage', 'printed a line that is not JSON: "Traceback (most recent call last): oops"', ''],
    ['bom', 'printed a line that starts with a byte-order mark (U+FEFF): "\\ufeff{\\"id\\":', ''],
  ])('%s: that case fails with the reason, the others pass after a restart', async (fault, reason, stderr) => {
    const run = await conform([...VECTORS_ONLY, '--timeout', '3000', '--', ...node('faulty.mjs', fault, marker)])
    expect(run.status).toBe(1)
    expect(run.stdout).toContain('FAIL spec/TW-TRIM-1/1: ')
    expect(run.stdout).toContain(`problem:  the port ${reason}`)
    if (stderr) expect(run.stdout).toContain(stderr)
    expect(run.lines.filter((line) => line.startsWith('FAIL ')).map((line) => line.split(':')[0])).toEqual(['FAIL spec/TW-TRIM-1/1', 'FAIL vectors'])
    expect(run.stdout).toContain(`FAIL vectors: ${CASES - 1} of ${CASES} cases agree with the expected outcomes`)
    expect(run.stdout).toContain(`todo-write (typescript): ${ONE_FAILED} (1 restart)`)
    expect(run.last).toBe(ONE_FAILED)
  })

  it.each([
    ['an error', 'long-error', 'problem:  the port answered with an error: 1'],
    ['a text', 'long-text', 'actual:   {"isError":'],
  ])('TW-KIT-REPORT-1: answers of 100,000 characters, each unlike the others (%s): what a failure shows and keeps is cut', async (_, fault, shown) => {
    const run = await conform(['--runs', '0', '--run', 'golden/*', '--', ...node('faulty.mjs', fault!, '')])
    expect(Number(run.last.split(', ')[1]!.split(' ')[0])).toBeGreaterThan(GOLDEN / 2)
    expect(run.stdout).toContain(shown)
    expect(run.stdout).toMatch(/EEEE… \(100,\d{3} characters\)/)
    expect(run.stdout.length).toBeLessThan(GOLDEN * 20_000)
  })

  it.each([
    ['an error response fails the case without a restart', 'error', 'answered with an error: not implemented here'],
    [
      'TW-KIT-COMPARE-1: an answer nested more than 1,000 levels deep fails the case; the kit does not crash (issue 7)',
      'deep',
      'answered a call with a "value" nested deeper than 1,000 levels: not compared',
    ],
  ])('%s', async (_, fault, problem) => {
    const run = await conform([...VECTORS_ONLY, '--', ...node('faulty.mjs', fault, marker)])
    expect(run.stdout).toContain(`problem:  the port ${problem}`)
    expect(run.stdout).toContain(`todo-write (typescript): ${ONE_FAILED}\n`)
    expect(run.last).toBe(ONE_FAILED)
  })

  it('a fault after the last answer (every "end" answered twice) fails that case by name, not a silent restart', async () => {
    const run = await conform(['--runs', '0', '--run', 'spec/TW-TRIM-1/*', '--max-restarts', '100', '--', ...node('faulty.mjs', 'end-twice', '')])
    const failed = run.lines.filter((line) => line.startsWith('FAIL spec/TW-TRIM-1/'))
    expect(failed.length).toBeGreaterThan(1)
    // The second answer arrives while no request waits, or while the next request does: either
    // way the fault is named, once per case.
    const named = run.stdout.match(/(printed a line while no request was waiting|answered request \d+ again): /g) ?? []
    expect(named.length).toBeGreaterThanOrEqual(failed.length)
    expect(run.status).toBe(1)
    expect(run.last).toBe(`0 passed, ${failed.length} failed`)
  })

  it('a port that keeps failing is given up on after --max-restarts', async () => {
    const run = await conform(['--runs', '0', '--max-restarts', '2', '--', ...node('faulty.mjs', 'exit', '"status"')])
    expect(run.status).toBe(1)
    expect(run.stdout).toContain('kept failing: 2 restarts, the budget (--max-restarts)')
    expect(run.stdout).toMatch(/FAIL \d+ cases not run: the port was given up on/)
    expect(run.last).toMatch(/^\d+ passed, \d+ failed$/)
    expect(Number(run.last.split(' ')[0]) + Number(run.last.split(' ')[2])).toBe(ALL)
    expect(Number(run.last.split(' ')[2])).toBeGreaterThan(CASES - 20)
  })

  it('a port that hangs while being fuzzed: reported, shrinking stops, the kit comes back', async () => {
    const dir = tempDir()
    const args = ['--runs', '100', '--seed', '3', '--timeout', '2000', '--max-restarts', '0', '--regressions', dir, '--run', 'fuzz']
    const run = await conform([...args, '--', ...node('faulty.mjs', 'hang', 'é')])
    expect(run.status).toBe(1)
    expect(run.stdout).toMatch(/FAIL fuzz: sequence \d+ of 100 from seed 3 disagrees/)
    expect(run.stdout).toContain('problem:  the port did not answer "call" within 2000 ms')
    expect(run.stdout).toContain('shrinking stopped early: the port was given up on')
    expect(run.last).toBe('0 passed, 1 failed')
  })
})

describe('TW-KIT-FAULT-1: the kit ends when its run does', () => {
  it('a helper the port started in a session of its own, still holding the port’s stdout, does not keep the kit running', () => {
    const pidFile = join(tempDir(), 'helper.pid')
    try {
      const run = spawnSync(process.execPath, [BIN, 'conform', '--runs', '0', '--run', 'golden/args-null', '--', ...node('helper-holds-stdout.mjs', pidFile)], {
        encoding: 'utf8',
        timeout: 30_000,
      })
      // Killed by the timeout, the kit would exit 143 (SIGTERM).
      expect(run.status, 'the kit was still running 30 s later').toBe(0)
      expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed')
    } finally {
      process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL')
    }
  }, 60_000)
})
