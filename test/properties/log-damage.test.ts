// TW-PROP-LOG-DAMAGE (spec/replay.md section 6).
import { asyncProperty } from '../support/property.js'
import fc from '../support/fc.js'
import { expect } from 'vitest'
import { harnessLog } from '../support/harness-log.js'
import { segments } from '../../fixtures/generators.js'
import { replay } from './log-support.js'

/** Unreadable lines (TW-LOG-3) and the message each gets, written out by hand. */
const GARBAGE: [string, string][] = [
  ['', 'blank line'],
  ['  \t', 'blank line'],
  ['{"type":"todo/write","seq":', 'not JSON'],
  ['todo/write', 'not JSON'],
  ['[{"type":"todo/write","seq":0}]', 'not a JSON object (an array)'],
  ['null', 'not a JSON object (null)'],
  ['"{}"', 'not a JSON object (a string)'],
  ['12', 'not a JSON object (a number)'],
  ['true', 'not a JSON object (a boolean)'],
  ['{"seq":3,"data":{"todos":[]}}', 'not an event: "type" is not a string'],
  ['{"type":"todo/write","data":{"todos":[]}}', 'not an event: "seq" is not a non-negative integer'],
  ['{"type":"todo/write","seq":-2,"data":{"todos":[]}}', 'not an event: "seq" is not a non-negative integer'],
]

asyncProperty(
  'TW-PROP-LOG-DAMAGE: unreadable lines leave the list unchanged and are each reported at their line',
  [segments, fc.array(fc.tuple(fc.nat(), fc.nat({ max: GARBAGE.length - 1 })), { maxLength: 5 })],
  async (segs, inserts) => {
    const log = harnessLog(segs)
    const lines = log.text.split('\n').slice(0, -1)
    const expected: string[] = []
    for (const [at, which] of inserts) lines.splice(1 + (at % lines.length), 0, `\u0000${which}`)
    const text = lines
      .map((line, i) => {
        if (!line.startsWith('\u0000')) return line
        const [garbage, message] = GARBAGE[Number(line.slice(1))]!
        expected.push(`${i + 1}: ${message}`)
        return garbage
      })
      .join('\n')
    const { plan, problems } = await replay([Buffer.from(text + '\n')])
    expect(problems).toEqual(expected)
    expect(plan.current).toEqual(log.current)
    expect(plan.standing).toEqual(log.standing)
  },
)
