// No input makes the work super-linear in its size (the hostile-input rule): each test runs
// n and 10n of one kind of input and bounds the ratio of their CPU times, measured in one run
// (test/support/linear.ts says why the bound is what it is). The kinds: long strings of one
// length as keys of a Map or Set (V8 hashes a string of more than 16,383 characters by its
// length alone, so such a map compares each new key with every earlier one), a value shared
// at every level, and many violations or open calls.
//
// Not in any mutation gate: a ratio of CPU times moves with what else the process runs
// (Stryker's runner counts its own thread's work in it), and these inputs are big, which
// raises the hit limit by which Stryker stops a mutant that loops forever
// (docs/mutation-testing.md). What each rule says of the answers is tested in the gates.
import { describe, expect, it } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { StringSet } from '../../src/core/distinct.js'
import { MemorySession } from '../../src/log/events.js'
import { snapshotFault } from '../../src/log/invariant.js'
import { Verifier } from '../../src/log/verify.js'
import { Reference } from '../../src/kit/reference.js'
import { AT_MOST, linear } from '../support/linear.js'
import { numberedEvents } from '../support/verify-events.js'

/** `count` strings of one length, past V8's hash length, told apart by their first characters. */
const longNames = (count: number): string[] => Array.from({ length: count }, (_, i) => String(i).padStart(6, '0') + 'x'.repeat(16_384))
const pending = (contents: string[]) => ({ todos: contents.map((content) => ({ content, status: 'pending' })) })

describe('TW-DUP-1: the duplicate check is linear, however long its contents', () => {
  it(`10x as many long strings of one length cost at most ${AT_MOST}x the time`, () => {
    // Big enough that a run is tens of milliseconds: the ratio of two tiny times is noise.
    const [small, large] = [longNames(200), longNames(2000)]
    const feed = (strings: string[]) => () => {
      const set = new StringSet()
      for (const s of strings) set.add(s)
    }
    expect(linear(feed(small), feed(large))).toBeLessThanOrEqual(AT_MOST)
  })
})

describe('TW-JSON-2: a value shared at every level is copied in time linear in its distinct parts', () => {
  it(`x = [x, x] 100 deep against 1,000 deep: 10x the depth costs at most ${AT_MOST}x the time`, () => {
    const shared = (depth: number): unknown => {
      let x: unknown = []
      for (let i = 0; i < depth; i++) x = [x, x]
      return { todos: [], deep: x }
    }
    // A hundred calls each, so a measurement is tens of milliseconds; small values, so the
    // garbage collector's share does not grow with the depth.
    const hundredCalls = (args: unknown) => () => {
      for (let i = 0; i < 100; i++) callTodoWrite(args, { agent: { session: new MemorySession() } })
    }
    expect(linear(hundredCalls(shared(100)), hundredCalls(shared(1_000)))).toBeLessThanOrEqual(AT_MOST)
  })
})

describe('TW-ARGS-11: a refusal costs what its first 100 violations do, and a count', () => {
  it(`10x the violations cost at most ${AT_MOST}x the time (10^4 vs 10^5)`, () => {
    const zeros = (count: number) => ({ todos: new Array<number>(count).fill(0) })
    const refuse = (args: unknown) => () => callTodoWrite(args)
    expect(linear(refuse(zeros(10_000)), refuse(zeros(100_000)))).toBeLessThanOrEqual(AT_MOST)
  })
})

describe('TW-PROTO-CALL-1: serve keeps sessions by any name, linearly', () => {
  const input = { args: '{"todos":[]}', agent: true, options: {} }
  const callEach = (names: string[]) => () => {
    const reference = new Reference()
    for (const name of names) reference.call(name, input)
    for (const name of names) reference.end(name)
  }

  it(`10x as many sessions with long names of one length cost at most ${AT_MOST}x the time`, () => {
    expect(linear(callEach(longNames(300)), callEach(longNames(3000)))).toBeLessThanOrEqual(AT_MOST)
  })

  it('a session is found again by its name, and only by it', () => {
    const reference = new Reference()
    const [a, b] = longNames(2) as [string, string]
    reference.call(a, { ...input, args: JSON.stringify(pending(['one'])) })
    reference.call(b, { ...input, args: JSON.stringify(pending(['two'])) })
    // A refused call answers with the session's current list.
    const current = (name: string) => reference.call(name, { ...input, args: '{"todos":0}' }).current
    expect(current(a)).toEqual([{ content: 'one', status: 'pending' }])
    reference.end(a)
    expect(current(a)).toBeNull()
    expect(current(b)).toEqual([{ content: 'two', status: 'pending' }])
  })
})

describe('TW-LOG-1: the repeat check of a snapshot is linear, however long its contents', () => {
  it(`10x as many long contents of one length cost at most ${AT_MOST}x the time`, () => {
    const check = (value: unknown) => () => snapshotFault(value)
    expect(linear(check(pending(longNames(300))), check(pending(longNames(3000))))).toBeLessThanOrEqual(AT_MOST)
  })

  it('a repeated long content is still found, with both indexes', () => {
    const [a, b] = longNames(2) as [string, string]
    expect(snapshotFault(pending([a, b, a]))).toEqual({ kind: 'content-repeated', index: 2, first: 0, content: a })
  })
})

describe('TW-VERIFY-3: --verify is linear, with the bytes of open calls bounded', () => {
  const A = '{"todos":[{"content":" a ","status":"pending","id":7}]}'
  const OK1 = 'Updated todo list: 1 pending, 0 in progress, 0 completed.'
  const { restart, call, result, write: writeTodos } = numberedEvents()
  const write = () => writeTodos([{ content: 'a', status: 'pending' }])

  /** n calls left open, then n snapshots: the case that used to scan every open call per snapshot. */
  const openThenSnapshots = (n: number, maxOpenBytes: number) => () => {
    const verifier = new Verifier({}, { maxOpenBytes })
    restart()
    for (let i = 0; i < n; i++) verifier.push(call(`c${i}`, A))
    for (let i = 0; i < n; i++) verifier.push(write())
    verifier.end()
  }

  it(`40,000 calls all open (the limit lifted) cost at most ${AT_MOST}x what 4,000 do`, () => {
    expect(linear(openThenSnapshots(4_000, Number.MAX_SAFE_INTEGER), openThenSnapshots(40_000, Number.MAX_SAFE_INTEGER))).toBeLessThanOrEqual(AT_MOST)
  })

  it(`past the bound, giving up the oldest is linear too: 20,000 calls over a bound of about 1,000 calls cost at most ${AT_MOST}x what 2,000 do`, () => {
    // Each call holds about 1.2 kB (1,024 bytes and its short previews).
    expect(linear(openThenSnapshots(2_000, 1_200_000), openThenSnapshots(20_000, 1_200_000))).toBeLessThanOrEqual(AT_MOST)
  })

  it(`calls each answered, with their snapshot and result (a whole session): 10,000 cost at most ${AT_MOST}x what 1,000 do`, () => {
    const session = (n: number) => () => {
      const verifier = new Verifier()
      restart()
      for (let i = 0; i < n; i++) {
        verifier.push(call(`c${i}`, A))
        verifier.push(write())
        verifier.push(result(`c${i}`, OK1, false))
      }
      return verifier.end()
    }
    expect(linear(session(1_000), session(10_000))).toBeLessThanOrEqual(AT_MOST)
  })

  it(`10x as many calls with long callIds of one length cost at most ${AT_MOST}x the time`, () => {
    const run = (n: number) => () => {
      const verifier = new Verifier({}, { maxOpenBytes: Number.MAX_SAFE_INTEGER })
      restart()
      const ids = longNames(n)
      for (const id of ids) verifier.push(call(id, '{"todos":0}'))
      for (const id of ids) verifier.push(result(id, 'Error: x', true))
      verifier.end()
    }
    expect(linear(run(300), run(3000))).toBeLessThanOrEqual(AT_MOST)
  })
})
