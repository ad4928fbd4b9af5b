// TypeBox schemas: the single source of the argument type, the JSON Schema the model
// sees, and the compiled check. Harness-worded violations are derived from these same
// schemas by `schemaViolations` (validate.ts), never from TypeBox's own messages.
import Type, { type Static, type TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import { CONTENT_DESCRIPTION, STATUS_DESCRIPTION, TODOS_DESCRIPTION } from './messages.js'
import { STATUSES } from './event.js'
import type { ResolvedOptions } from './options.js'

export { STATUSES }

export const Status = Type.Enum(STATUSES, { type: 'string', description: STATUS_DESCRIPTION })
export type Status = Static<typeof Status>

/** A normalized todo: exactly what a `todo/write` snapshot holds. */
export const Todo = Type.Object(
  {
    content: Type.String({ description: CONTENT_DESCRIPTION }),
    status: Status,
  },
  { additionalProperties: false },
)
export type Todo = Static<typeof Todo>

// The model-facing item: the seed leaves it open (extra keys allowed, then dropped).
const itemSchema = (closed: boolean) => (closed ? Todo : Type.Object(Todo.properties))

const argumentsSchema = (closed: boolean) => Type.Object({ todos: Type.Array(itemSchema(closed), { description: TODOS_DESCRIPTION }) })

/** The parameter schema with open items (the seed's), the type of a schema-valid call. */
export const TodoWriteArgs = argumentsSchema(false)
export type TodoWriteArgs = Static<typeof TodoWriteArgs>

const OPEN = Compile(TodoWriteArgs)
const CLOSED_SCHEMA = argumentsSchema(true)
const CLOSED = Compile(CLOSED_SCHEMA)

/** The parameter schema the model sees for these options. */
export const parametersSchema = (options: ResolvedOptions): TSchema => (options.unknownItemKeys === 'reject' ? CLOSED_SCHEMA : TodoWriteArgs)

/** The compiled TypeBox check of the parameter schema for these options. */
export const checkArguments = (options: ResolvedOptions, value: unknown): value is TodoWriteArgs =>
  (options.unknownItemKeys === 'reject' ? CLOSED : OPEN).Check(value)

/**
 * The canonical value of an accepted call (TW-VALUE-1). Written inside the JSON Schema
 * subset the harness registry accepts for an output schema (TW-PLUGIN-4): no `minimum` on
 * the counts, which are tallies and so never negative (TW-PROP-COUNTS).
 */
export const TodoWriteValue = Type.Object(
  {
    todos: Type.Array(Todo),
    counts: Type.Object(
      {
        pending: Type.Integer(),
        inProgress: Type.Integer(),
        completed: Type.Integer(),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
export type TodoWriteValue = Static<typeof TodoWriteValue>

/** A JSON Schema as plain JSON data: what a host receives, compares and copies. */
export type JsonSchema = { [key: string]: unknown }

/**
 * A TypeBox schema as plain JSON: only its enumerable keys, so TypeBox's non-enumerable
 * `~kind` markers are gone and the result survives a lossless-JSON copy unchanged.
 */
export const plainSchema = (schema: TSchema): JsonSchema => JSON.parse(JSON.stringify(schema)) as JsonSchema
