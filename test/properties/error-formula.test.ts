import { property } from '../support/property.js'
import fc from '../support/fc.js'
import { expect } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { modelQuote, modelText, modelTrim } from '../support/model.js'
import { content, padding } from '../../src/kit/generators.js'
import { items } from '../../fixtures/generators.js'

const agent = () => ({ agent: { session: new MemorySession() } })

/** `text` with each lone surrogate replaced by U+FFFD: another content (TW-DUP-1 is exact), which UTF-8 would make the same bytes. */
function withoutLoneSurrogates(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    const high = unit >= 0xd800 && unit <= 0xdbff
    const low = unit >= 0xdc00 && unit <= 0xdfff
    const next = text.charCodeAt(i + 1)
    if (high && next >= 0xdc00 && next <= 0xdfff) out += text[i]! + text[++i]!
    else out += high || low ? '\ufffd' : text[i]!
  }
  return out
}

property(
  'TW-PROP-ERROR-FORMULA: duplicate text quotes the trimmed content (TW-DUP-2), past a look-alike',
  [content, padding, padding],
  (text, before, after) => {
    const lookAlike = withoutLoneSurrogates(text)
    const todos = [
      { content: text, status: 'pending' },
      { content: lookAlike, status: 'pending' },
      { content: before + text + after, status: 'completed' },
    ]
    const trimmed = modelTrim(text)
    const expected =
      trimmed === ''
        ? 'Error: invalid todo: `content` must be a non-empty string'
        : modelTrim(lookAlike) === trimmed || modelTrim(before + text + after) === trimmed
          ? `Error: invalid todos: duplicate content ${modelQuote(trimmed)}`
          : 'Updated todo list: 2 pending, 0 in progress, 1 completed.'
    expect(callTodoWrite({ todos }, agent()).text).toBe(expected)
  },
)

property('TW-PROP-ERROR-FORMULA: the quoting table is JSON.stringify (TW-DUP-2)', [fc.string({ unit: 'binary' })], (text) => {
  expect(modelQuote(text)).toBe(JSON.stringify(text))
})

property('TW-PROP-ERROR-FORMULA: a content of only trim-set whitespace is empty (TW-EMPTY-1)', [padding], (pad) => {
  const expected =
    modelTrim(pad) === '' ? 'Error: invalid todo: `content` must be a non-empty string' : 'Updated todo list: 1 pending, 0 in progress, 0 completed.'
  expect(callTodoWrite({ todos: [{ content: pad, status: 'pending' }] }, agent()).text).toBe(expected)
})

property('TW-PROP-ERROR-FORMULA: every text equals the spec formula (TW-ACTIVE-1, TW-SUCCESS-1)', [items, fc.boolean()], (todos, owned) => {
  const result = callTodoWrite({ todos }, owned ? agent() : {})
  expect(result.text).toBe(modelText(todos, owned))
})

// TW-ARGS-11's formula, written from the spec: the first 100 violations, then how many more.
const violationCount = fc.oneof(fc.integer({ min: 1, max: 300 }), fc.constantFrom(99, 100, 101, 102))
property('TW-PROP-ERROR-FORMULA: a refusal lists 100 violations, then counts the rest (TW-ARGS-11)', [violationCount], (count) => {
  const listed = Array.from({ length: Math.min(count, 100) }, (_, i) => `"todos[${i}]" must be an object`)
  const more = count - listed.length
  const summary = more === 0 ? [] : [more === 1 ? 'and 1 more violation not listed' : `and ${more} more violations not listed`]
  expect(callTodoWrite({ todos: new Array<number>(count).fill(0) }).text).toBe(`Error: invalid arguments: ${[...listed, ...summary].join('; ')}`)
})
