// TW-KIT-COMPARE-1: every number counts. A port's answer is compared as the JSON data its
// line parses to, exactly: -0 is not 0, and a number too large for a double (1e999, which
// parses to Infinity and which JSON.stringify would write as null) is not null.
import { describe, expect, it } from 'vitest'
import { differingFields, sameJson } from '../../src/kit/compare.js'
import { responseProblem } from '../../src/kit/protocol.js'
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
    expect(responseProblem('{"id":-0}', 0)).toMatch(/^answered with id -0 where 0 was expected/)
    expect(responseProblem('{"id":0}', 0)).toBeNull()
    expect(responseProblem('\ufeff{"id":0}', 0)).toBe('printed a line that starts with a byte-order mark (U+FEFF): "\\ufeff{\\"id\\":0}"')
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
