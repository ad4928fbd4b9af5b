// Every Map or Set keyed by input strings is linear for long strings: V8 hashes a string of
// more than 16,383 characters by its length alone, so a map of such keys of one length
// compares each new key with every earlier one. Ratios in one run: n against 10n.
import { describe, expect, it } from 'vitest'
import { Reference } from '../../src/kit/reference.js'
import { snapshotFault } from '../../src/log/invariant.js'
import { linear } from '../support/linear.js'

/** `count` names of one length, past V8's hash length, told apart by their first characters. */
const longNames = (count: number): string[] => Array.from({ length: count }, (_, i) => String(i).padStart(6, '0') + 'x'.repeat(16_384))

describe('TW-PROTO-CALL-1: serve keeps sessions by any name, linearly', () => {
  const input = { args: '{"todos":[]}', agent: true, options: {} }
  const callEach = (names: string[]) => () => {
    const reference = new Reference()
    for (const name of names) reference.call(name, input)
    for (const name of names) reference.end(name)
  }

  it('10x as many sessions with long names of one length cost at most 15x the time', () => {
    expect(linear(callEach(longNames(300)), callEach(longNames(3000)))).toBeLessThanOrEqual(15)
  })

  it('a session is found again by its name, and only by it', () => {
    const reference = new Reference()
    const [a, b] = longNames(2)
    const accepted = (name: string, content: string) =>
      reference.call(name!, { args: JSON.stringify({ todos: [{ content, status: 'pending' }] }), agent: true, options: {} })
    accepted(a!, 'one')
    accepted(b!, 'two')
    expect(reference.call(a!, { ...input, args: '{"todos":0}' }).current).toEqual([{ content: 'one', status: 'pending' }])
    reference.end(a!)
    expect(reference.call(a!, { ...input, args: '{"todos":0}' }).current).toBeNull()
    expect(reference.call(b!, { ...input, args: '{"todos":0}' }).current).toEqual([{ content: 'two', status: 'pending' }])
  })
})

describe('TW-LOG-1: the repeat check of a snapshot is linear, however long its contents', () => {
  const snapshot = (count: number) => ({ todos: longNames(count).map((content) => ({ content, status: 'pending' })) })
  it('10x as many long contents of one length cost at most 15x the time', () => {
    const [small, large] = [snapshot(300), snapshot(3000)]
    expect(
      linear(
        () => snapshotFault(small),
        () => snapshotFault(large),
      ),
    ).toBeLessThanOrEqual(15)
  })

  it('a repeated long content is still found, with both indexes', () => {
    const [a, b] = longNames(2)
    expect(snapshotFault({ todos: [a, b, a].map((content) => ({ content, status: 'pending' })) })).toEqual({
      kind: 'content-repeated',
      index: 2,
      first: 0,
      content: a,
    })
  })
})
