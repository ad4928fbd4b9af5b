// The terminal plan (TW-RENDER-1) and its escaping of hostile content (TW-RENDER-2).
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { MARKS, PLAN_HEADING, renderPlan, systemMessage, terminalSafe, thousands } from '../../src/log/render.js'
import type { Todo } from '../../src/core/schema.js'

const todo = (content: string, status: Todo['status']): Todo => ({ content, status })

describe('renderPlan (TW-RENDER-1)', () => {
  it('Plan, then mark, space, content per todo, each line ending in \\n', () => {
    expect(renderPlan([todo('read the code', 'in_progress'), todo('write the fix', 'pending'), todo('run the tests', 'completed')])).toBe(
      'Plan\n\u25cf read the code\n\u25cb write the fix\n\u2713 run the tests\n',
    )
  })

  it('the marks are exactly ✓ ● ○', () => {
    expect(MARKS).toEqual({ completed: '✓', in_progress: '●', pending: '○' })
    expect(PLAN_HEADING).toBe('Plan')
  })

  it('an empty list is the heading alone', () => {
    expect(renderPlan([])).toBe('Plan\n')
  })

  it('keeps list order and the content as it is (spaces, Unicode)', () => {
    expect(renderPlan([todo('b  é 😀', 'pending'), todo('a', 'pending')])).toBe('Plan\n○ b  é 😀\n○ a\n')
  })
})

describe('terminalSafe (TW-RENDER-2)', () => {
  const hex = (unit: number) => '\\u' + unit.toString(16).padStart(4, '0')

  it('escapes exactly C0, DEL, C1, U+2028, U+2029 and the bidirectional controls, each code unit as \\u + 4 lowercase hex digits', () => {
    const bidi = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]
    const escaped = [...Array.from({ length: 0x20 }, (_, i) => i), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i), 0x2028, 0x2029, ...bidi]
    for (const unit of escaped) expect(terminalSafe(`a${String.fromCharCode(unit)}b`)).toBe(`a${hex(unit)}b`)
    expect(terminalSafe('\u001b[31m\u009b')).toBe('\\u001b[31m\\u009b')
    expect(terminalSafe('\u001f\u007f\u009f')).toBe('\\u001f\\u007f\\u009f')
  })

  it('keeps the neighbours of every escaped range', () => {
    for (const unit of [0x20, 0x7e, 0xa0, 0x061b, 0x061d, 0x200b, 0x200d, 0x2010, 0x2027, 0x202f, 0x2065, 0x206a, 0xfeff]) {
      const text = `a${String.fromCharCode(unit)}b`
      expect(terminalSafe(text)).toBe(text)
    }
  })

  it('escapes a lone surrogate, high or low, wherever it stands, and keeps a pair', () => {
    expect(terminalSafe('\ud800')).toBe('\\ud800')
    expect(terminalSafe('\udbffx')).toBe('\\udbffx')
    expect(terminalSafe('\udc00')).toBe('\\udc00')
    expect(terminalSafe('x\udfff')).toBe('x\\udfff')
    expect(terminalSafe('\udc00\ud800')).toBe('\\udc00\\ud800')
    expect(terminalSafe('\ud800\udc00 \udbff\udfff')).toBe('\ud800\udc00 \udbff\udfff')
    expect(terminalSafe('\ud7ff\ue000')).toBe('\ud7ff\ue000')
  })

  it('escapes every occurrence, not only the first', () => {
    expect(terminalSafe('\n\n')).toBe('\\u000a\\u000a')
  })

  it('a rendered plan never holds a line break of its own content', () => {
    expect(renderPlan([todo('a\r\nb', 'completed')])).toBe('Plan\n✓ a\\u000d\\u000ab\n')
  })
})

describe('thousands: a count as the messages write it', () => {
  it('groups of three digits split by commas', () => {
    const counts = [0, 7, 999, 1_000, 12_345, 123_456, 1_234_567, 16_777_216, Number.MAX_SAFE_INTEGER]
    expect(counts.map(thousands)).toEqual(['0', '7', '999', '1,000', '12,345', '123,456', '1,234,567', '16,777,216', '9,007,199,254,740,991'])
  })

  it("as toLocaleString('en-US') writes every count of 1 to 16 digits", () => {
    const counts = Array.from({ length: 16 }, (_, i) => [10 ** i, 10 ** (i + 1) - 1, 2 ** (i * 3) + i]).flat()
    expect(counts.map(thousands)).toEqual(counts.map((count) => count.toLocaleString('en-US')))
  })
})

describe("systemMessage: a failed system call's words, without what node's message repeats", () => {
  it('the system call and the path go; the words and the code stay', () => {
    let error: unknown
    try {
      readFileSync('/nonexistent/log.jsonl')
    } catch (thrown) {
      error = thrown
    }
    expect((error as Error).message).toBe("ENOENT: no such file or directory, open '/nonexistent/log.jsonl'")
    expect(systemMessage(error)).toBe('no such file or directory (ENOENT)')
  })

  it('anything else: its message, or what it is', () => {
    expect(systemMessage(Object.assign(new Error('spawn x ENOENT'), { code: 'ENOENT' }))).toBe('spawn x ENOENT')
    expect(systemMessage(Object.assign(new Error('odd'), { errno: -2 }))).toBe('odd')
    expect(systemMessage('a string')).toBe('a string')
  })
})
