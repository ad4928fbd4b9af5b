// Generators shared by the property tests: contents that stress trimming and quoting,
// lists that often collide, and near-miss arguments.
import fc from 'fast-check'
import { NOT_TRIMMED, STATUS_VALUES, TRIM_SET, type ModelItem } from '../../support/model.js'

const char = (codePoint: number) => String.fromCodePoint(codePoint)

/** Whitespace from inside the trim set and just outside it. */
export const padding = fc
  .array(fc.constantFrom(...TRIM_SET.map(char), ...NOT_TRIMMED.map(char)), { maxLength: 3 })
  .map((chars) => chars.join(''))

/** A small pool makes duplicates (after trimming) frequent. */
const pooled = fc.constantFrom('a', 'b', 'read the code', 'run tests', '', 'é', 'e\u0301', '"q"', 'x\\y')

/** Contents over full Unicode (lone surrogates included), padded with near-whitespace. */
export const content = fc
  .tuple(padding, fc.oneof(pooled, fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ unit: 'binary-ascii', maxLength: 6 })), padding)
  .map(([before, core, after]) => before + core + after)

export const status = fc.constantFrom(...STATUS_VALUES)

/** An item that passes the schema, sometimes with extra keys the tool must drop. */
export const item: fc.Arbitrary<ModelItem & Record<string, unknown>> = fc
  .tuple(content, status, fc.option(fc.dictionary(fc.constantFrom('id', 'priority', 'note', '__proto__'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }), { nil: undefined }))
  .map(([content, status, extra]) => ({ ...(extra ?? {}), content, status }))

export const items = fc.array(item, { maxLength: 7 })

/** Arguments that pass the schema. */
export const validArgs = items.map((todos) => ({ todos }))

/** Anything a model might send: schema-valid, near misses, and arbitrary JSON. */
export const anyArgs: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: validArgs },
  {
    weight: 2,
    arbitrary: fc.record({
      todos: fc.array(
        fc.oneof(
          item,
          fc.record({ content: fc.oneof(content, fc.jsonValue({ maxDepth: 1 })), status: fc.oneof(status, fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })) }, { requiredKeys: [] }),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        { maxLength: 5 },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

/** A call: arguments and whether the caller owns an agent session. */
export const call = fc.record({ args: anyArgs, agent: fc.boolean() })
export const calls = fc.array(call, { maxLength: 12 })
