// The default bound of open calls (TW-VERIFY-3), reached as a log reaches it: ten thousand
// calls. Not in the log's mutation gate, which runs a test for each mutant it covers: this
// one would cost most of the gate's time. Its parts are pinned there (verify.test.ts: the
// default's value, what a call and its previews hold, giving up past a bound).
import { describe, expect, it } from 'vitest'
import { Verifier } from '../../src/log/verify.js'
import { numberedEvents } from '../support/verify-events.js'

const { restart, call } = numberedEvents()
const A = '{"todos":[{"content":" a ","status":"pending","id":7}]}'

describe('TW-VERIFY-3: the default bound of the bytes open calls hold', () => {
  it('by default 16 MiB: 9,986 open calls of callIds of 300 characters fit, the 9,987th gives up the first', () => {
    // Each holds 1,024 bytes and 2 a character of `call ` and its callId's preview (200
    // characters and `… (302 characters)`, 18), the text (59) and the snapshot (46): 1,680.
    restart()
    const verifier = new Verifier()
    const ids = Array.from({ length: 9_987 }, (_, i) => String(i).padStart(300, '0'))
    const found = ids.flatMap((id) => verifier.push(call(id, A)))
    expect(found).toEqual([
      {
        seq: 0,
        message: `call "${'0'.repeat(199)}… (302 characters): no tool/result logged before the open calls held more than 16,777,216 bytes: given up, not checked`,
      },
    ])
    expect(verifier.openBytes).toBe(9_986 * 1_680)
  })
})
