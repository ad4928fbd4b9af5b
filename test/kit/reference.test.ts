// TW-JSON-4 at the reference: arguments are refused as not JSON exactly when the grammar's
// model refuses them, though texts whose brackets cannot close are refused without parsing.
import { expect, it } from 'vitest'
import { Reference } from '../../src/kit/reference.js'
import fc from '../support/fc.js'
import { modelIsJsonText } from '../support/model.js'
import { property } from '../support/property.js'

const refusedAsNotJson = (args: string): boolean => 'error' in new Reference().expected('s', { args, agent: false, options: {} })

// Texts near JSON: JSON texts, and JSON texts with one character of the brackets' grammar
// inserted or removed; strings full of brackets, quotes and backslashes.
const brackety = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ',', ':') })
const jsonText = fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value))
const nearJson = fc.oneof(
  jsonText,
  fc
    .tuple(fc.array(brackety, { maxLength: 4 }), fc.jsonValue({ maxDepth: 3 }))
    .map(([keys, value]) => JSON.stringify(Object.fromEntries(keys.map((k) => [k, [k, value]])))),
  fc
    .tuple(jsonText, fc.nat(), fc.constantFrom('', '[', ']', '{', '}', '"', '\\'))
    .map(([text, at, unit]) => text.slice(0, at % (text.length + 1)) + unit + text.slice((at % (text.length + 1)) + (unit === '' ? 1 : 0))),
  brackety,
)

property(
  'TW-JSON-4: refused as not JSON exactly when the model of the grammar refuses',
  [nearJson],
  (text) => refusedAsNotJson(text) === !modelIsJsonText(text),
)

it('TW-JSON-3: millions of levels opened and never closed are refused as not JSON', () => {
  expect(refusedAsNotJson(`{"todos":[],"x":${'['.repeat(4_000_000)}`)).toBe(true)
  expect(refusedAsNotJson(`{"todos":[],"x":${'{"":'.repeat(1_000_000)}`)).toBe(true)
  expect(refusedAsNotJson('{"todos":[],"x":"[\\"{"}')).toBe(false)
})
