// The ajv pipeline (how Gemini CLI validates a tool's arguments): our emitted JSON Schema
// compiled by ajv with `allErrors` (the harness reports every violation, so the peer must
// collect them all), ajv's errors turned into the harness's wording, then the tool body.
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import { STATUSES, parametersSchema } from '../../src/core/schema.js'
import { DEFAULT_OPTIONS } from '../../src/core/options.js'
import { missingProperty, mustBeArray, mustBeObject, mustBeOneOf, mustBeString } from '../../src/core/messages.js'
import { finish, harnessPath, registryRefusal, schemaFailure, type PeerStatus, type Pipeline } from './finish.js'

interface Args {
  todos: { content: string; status: PeerStatus }[]
}

const ajv = new Ajv2020({ allErrors: true, strict: false })
const check = ajv.compile<Args>(JSON.parse(JSON.stringify(parametersSchema(DEFAULT_OPTIONS))))

const pathOf = (pointer: string): (string | number)[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((part, i) => (i === 1 ? Number(part) : part))

/** ajv's errors in the harness's words; an enum error where the type is already wrong is the harness's one "must be a string". */
function violations(errors: readonly ErrorObject[]): string[] {
  const wrongType = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath))
  const out: string[] = []
  for (const error of errors) {
    const path = pathOf(error.instancePath)
    if (error.keyword === 'required') out.push(missingProperty(harnessPath([...path, (error.params as { missingProperty: string }).missingProperty])))
    else if (error.keyword === 'enum') {
      if (!wrongType.has(error.instancePath)) out.push(mustBeOneOf(harnessPath(path), STATUSES))
    } else if (error.keyword === 'type') {
      const type = (error.params as { type: string }).type
      out.push(type === 'object' ? mustBeObject(harnessPath(path)) : type === 'array' ? mustBeArray(harnessPath(path)) : mustBeString(harnessPath(path)))
    } else throw new Error(`ajv keyword ${error.keyword} at ${error.instancePath} has no harness wording`)
  }
  return out
}

export const ajvPipeline: Pipeline = (args, exec) => {
  const refusal = registryRefusal(args)
  if (refusal !== null) return refusal
  if (!check(args)) return schemaFailure(violations(check.errors ?? []))
  return finish(
    args.todos.map(({ content, status }) => ({ content: content.trim(), status })),
    exec,
  )
}

/** The schema layer alone (no wording, no body): for the row's context figures. */
export const ajvSchemaOnly = (args: unknown): boolean => check(args)
