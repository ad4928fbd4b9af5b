// The registry's argument check in the harness's own wording and walk order (TW-ARGS-*). It
// interprets the TypeBox schema itself, so the schema stays the single source of what is
// allowed; TypeBox's messages are never shown. Past the listed bound a violation is counted,
// never worded (TW-ARGS-11): a refusal holds no more than its answer.
import type { TSchema } from 'typebox'
import { ARGUMENTS_PATH, missingProperty, mustBeArray, mustBeObject, mustBeOneOf, mustBeString, notDeclared, VIOLATIONS_LISTED } from './messages.js'

/** The JSON Schema keywords our parameter schema uses; nothing else is interpreted. */
interface SchemaNode {
  type?: string
  enum?: readonly string[]
  required?: readonly string[]
  properties?: Record<string, SchemaNode>
  additionalProperties?: boolean
  items?: SchemaNode
}

/** What the walk found: the first `VIOLATIONS_LISTED` violations worded, and how many more. */
export class Violations {
  readonly listed: string[] = []
  unlisted = 0
  /** One more violation, worded only while the list has room. */
  add(word: () => string): void {
    if (this.listed.length < VIOLATIONS_LISTED) this.listed.push(word())
    else this.unlisted++
  }
}

/** An object that is not an array or null: what a JSON object parses to (its prototype aside). */
export const isNonArrayObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

const childPath = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`)

const shownPath = (path: string): string => (path === '' ? ARGUMENTS_PATH : path)

function walkObject(node: SchemaNode, value: Record<string, unknown>, path: string, out: Violations): void {
  const properties = node.properties ?? {}
  for (const key of node.required ?? []) {
    if (!Object.hasOwn(value, key)) out.add(() => missingProperty(childPath(path, key)))
  }
  for (const [key, child] of Object.entries(properties)) {
    if (Object.hasOwn(value, key)) walk(child, value[key], childPath(path, key), out)
  }
  if (node.additionalProperties === false) {
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(properties, key)) out.add(() => notDeclared(childPath(path, key)))
    }
  }
}

function walk(node: SchemaNode, value: unknown, path: string, out: Violations): void {
  switch (node.type) {
    case 'object':
      if (!isNonArrayObject(value)) out.add(() => mustBeObject(shownPath(path)))
      else walkObject(node, value, path, out)
      return
    case 'array':
      if (!Array.isArray(value)) out.add(() => mustBeArray(shownPath(path)))
      // entries(), not an index loop: nothing here can be mutated into an endless loop.
      else for (const [i, item] of value.entries()) walk(node.items!, item, `${path}[${i}]`, out)
      return
    case 'string':
      if (typeof value !== 'string') out.add(() => mustBeString(shownPath(path)))
      else if (node.enum && !node.enum.includes(value)) out.add(() => mustBeOneOf(shownPath(path), node.enum!))
      return
    default:
      throw new Error(`schema keyword type ${String(node.type)} is not interpreted`)
  }
}

/** The violations of `schema` by `value`, in the harness's walk order; none when valid. */
export function schemaViolations(schema: TSchema, value: unknown): Violations {
  const out = new Violations()
  walk(schema as SchemaNode, value, '', out)
  return out
}
