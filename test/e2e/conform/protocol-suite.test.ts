// TW-KIT-PROTO-1: the protocol suite. The reference's serve and the Python port pass every
// check; ports that break TW-PROTO-STOP-1, TW-PROTO-END-1, TW-PROTO-ERROR-1 or
// TW-PROTO-OPTIONS-1 fail the very check that names it, under its own heading.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROTOCOL_CHECKS } from '../../../src/kit/protocol-suite.js'
import { BIN } from '../../support/cli.js'
import { conform, node, PYTHON_PORT, tempDir } from '../../support/conform.js'
import { hasPython, PYTHON } from '../../support/python.js'
import { bugPort } from './zoo/zoo.js'

const SERVE = [process.execPath, BIN, 'serve']

/** The check `id` alone, on a port with a bug: it fails, naming the problem. */
async function failsAlone(port: string[], id: string, problem: string) {
  const run = await conform(['--runs', '0', '--run', id, '--', ...port])
  expect(run.status).toBe(1)
  expect(run.stdout).toContain(`FAIL ${id}: `)
  expect(run.stdout).toContain(problem)
  return run
}
const PROTOCOL = PROTOCOL_CHECKS.length

describe('TW-KIT-PROTO-1: the protocol suite', () => {
  it('checks every malformed request of TW-PROTO-ERROR-1 and TW-PROTO-OPTIONS-1, framing, depth past 1,000, sessions, end, end of input and stop', () => {
    const ids = PROTOCOL_CHECKS.map((c) => c.id)
    const expected = `
      protocol/error/not-json protocol/error/no-id protocol/error/id-fraction protocol/error/id-negative protocol/error/id-huge protocol/error/id-2-53
      protocol/error/id-2-53-rounded protocol/error/id-boolean protocol/error/nul-in-line protocol/error/end-session-number protocol/error/cmd-case
      protocol/framing/cr-between-tokens protocol/framing/ignored-keys protocol/size/large-lists protocol/depth/envelope protocol/error/call-agent-true-string
      protocol/error/options-json-text protocol/error/option-profile-case protocol/error/option-profile-prefix protocol/error/option-keys-null
      protocol/error/option-wording-null protocol/eof/unstarted protocol/sessions/many protocol/size/over-16-mib protocol/error/unknown-cmd
      protocol/error/end-no-session protocol/error/call-args-nan protocol/error/options-null protocol/error/option-parallel-one
      protocol/error/option-profile-unknown protocol/error/not-utf8/byte-ff protocol/error/not-utf8/surrogate protocol/error/byte-order-mark
      protocol/framing/crlf protocol/framing/whitespace protocol/id/fraction protocol/id/exponent protocol/size/16-mib protocol/depth/arrays-10000
      protocol/depth/arrays-100000 protocol/depth/objects-10000 protocol/depth/objects-100000 protocol/start/first protocol/start/again protocol/id/any-order
      protocol/sessions/names protocol/eof/unterminated protocol/error/id-key-case protocol/error/cmd-key-case protocol/error/option-name-case
      protocol/depth/arrays-deepest protocol/depth/objects-deepest protocol/framing/not-json-space/U+00A0 protocol/framing/not-json-space/U+2028
      protocol/framing/not-json-space/U+2029 protocol/framing/not-json-space/U+FEFF protocol/framing/not-json-space/U+000B
      protocol/framing/not-json-space/U+000C protocol/framing/not-json-space/U+0085 protocol/sessions protocol/end protocol/eof protocol/stop
    `
    for (const id of expected.trim().split(/\s+/)) expect(ids).toContain(id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.at(-1)).toBe('protocol/stop')
  })

  it('the reference passes every check, reported under its own heading and in its own section of the report', async () => {
    const report = join(tempDir(), 'report.json')
    const run = await conform(['--runs', '0', '--run', 'protocol/*', '--report', report, '--', ...SERVE])
    expect(run.stdout).toContain(`ok protocol: ${PROTOCOL} of ${PROTOCOL} checks pass`)
    expect(run.last).toBe(`${PROTOCOL} passed, 0 failed`)
    const json = JSON.parse(readFileSync(report, 'utf8'))
    expect(json.ports[0].sections).toEqual({ protocol: { passed: PROTOCOL, failed: 0 } })
    expect(json.ports[0].restarts).toBe(0)
  })

  it.skipIf(!hasPython)('the Python port passes every check', async () => {
    const run = await conform(['--runs', '0', '--run', 'protocol/*', '--', PYTHON!, PYTHON_PORT])
    expect(run.stdout).not.toContain('FAIL')
    expect(run.last).toBe(`${PROTOCOL} passed, 0 failed`)
  })

  it.each([
    ['stop-exit-1', 'protocol/stop', 'exited with status 1 after answering stop; the status must be 0'],
    ['ignore-end', 'protocol/end', 'after "end": call 1 of 5: the answer differs in current'],
    ['shared-sessions', 'protocol/sessions', 'the answer differs in current'],
  ])('TW-PROTO-STOP-1, TW-PROTO-END-1: a port whose bug is %s fails %s', async (bug, id, problem) => {
    // The check that names the bug, alone: the whole suite passes on the reference above.
    const run = await failsAlone(bugPort(bug), id, problem)
    expect(run.stdout).toMatch(/FAIL protocol: \d+ of \d+ checks pass/)
  })

  it.skipIf(!hasPython).each([
    ['stop-silent', 'protocol/stop', 'request 2 of 2: the port exited with status 0\n  sent:     {"id":1,"cmd":"stop"}'],
    ['options-null', 'protocol/error/options-null', 'answered with a call outcome, not an error response'],
    ['bool-is-int', 'protocol/error/option-parallel-one', 'answered with a call outcome, not an error response'],
    ['lenient-json', 'protocol/error/call-args-nan', 'answered with a call outcome, not an error response'],
    ['exit-on-bad-request', 'protocol/error/not-json', 'exited with status 1'],
    ['crlf-refused', 'protocol/framing/crlf', 'the port answered with id null where'],
    ['utf8-replace', 'protocol/error/not-utf8/byte-ff', 'where null was expected'],
    ['deep-crash', 'protocol/depth/arrays-10000', 'the deep call: the port exited with status 1'],
    ['goroutine-stack', 'protocol/depth/arrays-deepest', 'the port exited with status 2'],
    ['line-trimspace', 'protocol/framing/not-json-space/U+00A0', 'where null was expected'],
    ['protocol-eq', 'protocol/start/first', 'request 3 of 10: answered {"id":1,"protocol":1'],
    ['start-before-check', 'protocol/start/first', 'request 5 of 10: answered {"id":3}, not an error response'],
    ['utf-8-sig', 'protocol/start/first', 'request 1 of 10: the port answered with id 0 where null was expected'],
    ['int-digits', 'protocol/framing/ignored-keys', 'the port answered with id null where'],
    ['cmd-casefold', 'protocol/error/cmd-case', 'not an error response'],
    ['session-strip', 'protocol/sessions/names', 'call 8 of 12: the answer differs in current'],
    ['end-clears-all', 'protocol/end', 'after "end": call 4 of 5: the answer differs in current'],
    ['count-thousands', 'protocol/size/large-lists', 'call 1 of 6: the answer differs in text'],
    ['envelope-recursion', 'protocol/depth/envelope', 'the port exited with status 1'],
    ['history-cap', 'protocol/sessions/many', 'call 11 of 121: the answer differs in event, current'],
    ['items-cap', 'protocol/size/large-lists', 'call 1 of 6: the port answered with an error: more than 4096 todos'],
    ['eof-exit-1', 'protocol/eof/unstarted', 'exited with status 1 at the end of its stdin; the status must be 0'],
    ['minus-zero-id', 'protocol/id/any-order', 'request 1 of 7: the port answered with id null where 0 was expected'],
  ])('TW-PROTO-ERROR-1, TW-PROTO-OPTIONS-1, TW-PROTO-FRAME-1, TW-JSON-3: the Python port with %s fails %s', async (bug, id, problem) => {
    await failsAlone(bugPort(bug), id, problem)
  })

  it.each([
    ['stop-before-start', 'protocol/start/first', 'request 5 of 10: answered {"id":3}, not an error response'],
    ['start-again', 'protocol/start/again', 'it refused the start handshake: already started'],
    ['ids-in-order', 'protocol/id/any-order', 'request 2 of 7: answered "end" with an error: expected id 1'],
    ['drop-unterminated', 'protocol/eof/unterminated', 'request 2 of 2: the port exited with status 0'],
    ['names-well-formed', 'protocol/sessions/names', 'call 2 of 12: the answer differs in current'],
    ['keys-any-case', 'protocol/error/id-key-case', 'the port answered with id 1 where null was expected'],
    ['keys-any-case', 'protocol/error/cmd-key-case', 'not an error response'],
    ['keys-any-case', 'protocol/error/option-name-case', 'answered with a call outcome, not an error response'],
    ['ids-as-u64', 'protocol/error/id-negative', 'the port answered request 0 again'],
    ['ids-as-u64', 'protocol/error/id-huge', 'the port answered with id 18446744073709552000 where null was expected'],
    ['ids-as-u64', 'protocol/error/id-2-53', 'the port answered with id 9007199254740992 where null was expected'],
    ['ids-as-u64', 'protocol/error/id-2-53-rounded', 'the port answered with id 9007199254740992 where null was expected'],
    ['start-protocol-string', 'protocol/start/again', 'request 5 of 6: answered {"id":4,"protocol":1'],
    ['profile-resets', 'traps/profiles/key-order', 'call 1 of 2'],
  ])('TW-PROTO-START-1, TW-PROTO-FRAME-1, TW-PROTO-CALL-1, TW-OPT-1: a port whose bug is %s fails %s', async (bug, id, problem) => {
    await failsAlone(node('lifecycle.mjs', bug), id, problem)
  })

  it('TW-PROTO-START-1: a port that a refused "start" leaves unstarted fails protocol/start/again alone', async () => {
    const run = await conform(['--runs', '0', '--run', 'protocol/*', '--', ...node('lifecycle.mjs', 'unstart-on-refusal')])
    expect(run.stdout.match(/^FAIL .*$/gm)).toEqual([
      expect.stringMatching(/^FAIL protocol\/start\/again: /),
      `FAIL protocol: ${PROTOCOL - 1} of ${PROTOCOL} checks pass (malformed requests, options, framing, depth, sessions, end, end of input, stop)`,
    ])
    expect(run.stdout).toContain('request 6 of 6: the port answered with an error: not started')
  })

  it('a check can be run alone; the next request after stop starts a fresh process, not a restart', async () => {
    const report = join(tempDir(), 'report.json')
    const run = await conform(['--runs', '0', '--run', 'protocol/stop', '--run', 'golden/args-null', '--report', report, '--', ...SERVE])
    expect(run.last).toBe('2 passed, 0 failed')
    expect(JSON.parse(readFileSync(report, 'utf8')).ports[0].restarts).toBe(0)
  })
})
