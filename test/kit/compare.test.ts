// TW-KIT-COMPARE-1: every number counts. A port's answer is compared as the JSON data its
// line parses to, exactly: -0 is not 0, and a number too large for a double (1e999, which
// parses to Infinity and which JSON.stringify would write as null) is not null.
import { describe, expect, it } from 'vitest'
import { differingFields, failureKey, firstDifference, sameJson, type CallFailure } from '../../src/kit/compare.js'
import { portSlug } from '../../src/kit/runner.js'
import { readResponse } from '../../src/kit/protocol.js'
import type { CallOutcome } from '../../src/kit/protocol.js'

const accepted: CallOutcome = {
  isError: false,
  text: 'Updated todo list: 1 pending, 0 in progress, 0 completed.',
  value: { todos: [{ content: 'a', status: 'pending' }], counts: { pending: 1, inProgress: 0, completed: 0 } },
  event: { type: 'todo/write', data: { todos: [{ content: 'a', status: 'pending' }] } },
  current: [{ content: 'a', status: 'pending' }],
}
const refused: CallOutcome = { isError: true, text: 'Error: x', value: null, event: null, current: null }
const parsed = (line: string): CallOutcome => JSON.parse(line) as CallOutcome

describe('TW-KIT-COMPARE-1: every number counts', () => {
  it('a count written -0 differs from 0', () => {
    const line = JSON.stringify(accepted).replace('"inProgress":0', '"inProgress":-0')
    expect(differingFields(accepted, parsed(line))).toEqual(['value'])
  })

  it('1e999 where null is expected differs, in value, event and current', () => {
    const line = JSON.stringify(refused).replaceAll(':null', ':1e999')
    expect(differingFields(refused, parsed(line))).toEqual(['value', 'event', 'current'])
  })

  it('an id written -0 is not the id 0', () => {
    expect(readResponse('{"id":-0}', 0)).toMatch(/^answered with id -0 where 0 was expected/)
    expect(readResponse('{"id":0}', 0)).toEqual({ id: 0 })
    expect(readResponse('\ufeff{"id":0}', 0)).toBe('printed a line that starts with a byte-order mark (U+FEFF): "\\ufeff{\\"id\\":0}"')
  })

  it('the same data agrees whatever the port escaped; another key order, kind or length does not', () => {
    expect(differingFields(accepted, parsed(JSON.stringify(accepted).replace('"a"', '"\\u0061"')))).toEqual([])
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false)
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(sameJson({ a: 1, b: 2 }, { a: 1 })).toBe(false)
    expect(sameJson([1], { 0: 1 })).toBe(false)
    expect(sameJson({ 0: 1 }, [1])).toBe(false)
    expect(sameJson([1, 2], [1, 2])).toBe(true)
    expect(sameJson([1, [2]], [1, [3]])).toBe(false)
    expect(sameJson(null, {})).toBe(false)
    expect(sameJson({}, null)).toBe(false)
    expect(sameJson('1', 1)).toBe(false)
    expect(sameJson(Number.NaN, Number.NaN)).toBe(true)
  })
})

describe('TW-KIT-REPORT-1: a failure at a glance', () => {
  it('firstDifference() finds the first differing character and cuts the common start and end off', () => {
    expect(firstDifference('Error: duplicate content "x"', 'Error: repeated content "x"')).toEqual({ at: 7, expected: 'duplicate', actual: 'repeated' })
    expect(firstDifference('abc', 'abcd')).toEqual({ at: 3, expected: '', actual: 'd' })
    expect(firstDifference('aXa', 'aa')).toEqual({ at: 1, expected: 'X', actual: '' })
  })

  it('failures that differ by the same words share a key; another word, another key', () => {
    const failure = (expected: string, actual: string): CallFailure => ({
      call: 0,
      input: { args: '{}', agent: true, options: {} },
      expected: { ...refused, text: expected },
      actual: { ...refused, text: actual },
      differs: ['text'],
    })
    const key = failureKey(failure('Error: duplicate content "a"', 'Error: repeated content "a"'))
    expect(failureKey(failure('Error: duplicate content "long one"', 'Error: repeated content "long one"'))).toBe(key)
    expect(failureKey(failure('Error: duplicate content "a"', 'Error: doubled content "a"'))).not.toBe(key)
  })

  it("a regression file's name tells two ports apart, even when their commands differ only in a directory", () => {
    const [a, b] = [portSlug(['python3', '/one/port.py']), portSlug(['python3', '/two/port.py'])]
    expect(a).toMatch(/^python3-port\.py-[0-9a-f]{8}$/)
    expect(b).toMatch(/^python3-port\.py-[0-9a-f]{8}$/)
    expect(a).not.toBe(b)
    expect(portSlug(['./my port', '--x=1/..', 'é'])).toMatch(/^my-port-\.\.-[0-9a-f]{8}$/) // only characters safe in a file name, no slash
  })
})
