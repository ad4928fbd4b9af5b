// TW-KIT-COMPARE-1: every number counts. A port's answer is compared as the JSON data its
// line parses to, exactly: -0 is not 0, and a number too large for a double (1e999, which
// parses to Infinity and which JSON.stringify would write as null) is not null.
import { describe, expect, it } from 'vitest'
import { describeFailure, differingFields, failureKey, firstDifference, sameJson, type CallFailure } from '../../src/kit/compare.js'
import { portSlug } from '../../src/kit/runner.js'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { callOutcome, readResponse, shown, startProblem } from '../../src/kit/protocol.js'
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

describe('TW-KIT-REPORT-1: what a port wrote, a failure holds cut', () => {
  const long = 'E'.repeat(2_000)
  const failing = (text: string): CallFailure => ({
    call: 0,
    input: { args: '{}', agent: true, options: {} },
    expected: refused,
    actual: { ...refused, text },
    differs: ['text'],
  })
  it('an error, a start refusal, a protocol and an id: their start and their length', () => {
    expect(callOutcome({ id: 1, error: long })).toBe(`answered with an error: ${'E'.repeat(1_000)}… (2,000 characters)`)
    expect(startProblem({ id: 0, error: long })).toBe(`refused the start handshake: ${'E'.repeat(1_000)}… (2,000 characters)`)
    expect(startProblem({ id: 0, protocol: long })).toBe(`speaks protocol "${'E'.repeat(199)}…; this kit speaks protocol 1`)
    const answered = readResponse(`{"id":"${long}"}`, 0) as string
    expect(answered.startsWith(`answered with id "${'E'.repeat(199)}… where 0 was expected: `)).toBe(true)
    expect(answered.length).toBeLessThan(500)
  })

  it('what is kept has storage of its own: 40 clipped errors of a MB each hold no more than a few kB', () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    gc()
    const before = process.memoryUsage().heapUsed
    const kept = Array.from({ length: 40 }, (_, i) => [
      callOutcome({ id: 1, error: `${i}${long.repeat(500)}` }),
      shown(`${i}${long.repeat(500)}`, 100),
      ...describeFailure(failing(`${i}${long.repeat(500)}`), 1),
    ])
    gc()
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4_000_000)
    expect(kept[39]![0]).toMatch(/… \(1,000,002 characters\)$/)
  })

  it('a failure is grouped under a key of at most 1,000 characters, one for each difference', () => {
    const [a, b] = [failureKey(failing(`a${long}`)), failureKey(failing(`b${long}`))]
    expect([a.length, b.length]).toEqual([44, 44])
    expect(a).not.toBe(b)
    expect(failureKey(failing(`a${long}`))).toBe(a)
    expect(failureKey(failing('c'))).toBe('[["text","Error: x","c"]]')
  })
})
