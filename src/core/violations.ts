// The registry's argument check in the harness's own wording and walk order (TW-ARGS-*). It
// interprets the TypeBox schema itself, so the schema stays the single source of what is
// allowed; TypeBox's messages are never shown.
import type { TSchema } from 'typebox'
import { ARGUMENTS_PATH, missingProperty, mustBeArray, mustBeObject, mustBeOneOf, mustBeString, notDeclared } from './messages.js'

/** The JSON Schema keywords our parameter schema uses; nothing else is interpreted. */
interface SchemaNode {
  type?: string
  enum?: readonly string[]
  required?: readonly string[]
  properties?: Record<string, SchemaNode>
  additionalProperties?: boolean
  items?: SchemaNode
}

const isNonArrayObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

const childPath = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`)

const shownPath = (path: string): string => (path === '' ? ARGUMENTS_PATH : path)

function walkObject(node: SchemaNode, value: Record<string, unknown>, path: string, out: string[]): void {
  const properties = node.properties ?? {}
  for (const key of node.required ?? []) {
    if (!Object.hasOwn(value, key)) out.push(missingProperty(childPath(path, key)))
  }
  for (const [key, child] of Object.entries(properties)) {
    if (Object.hasOwn(value, key)) walk(child, value[key], childPath(path, key), out)
  }
  if (node.additionalProperties === false) {
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(properties, key)) out.push(notDeclared(childPath(path, key)))
    }
  }
}

function walk(node: SchemaNode, value: unknown, path: string, out: string[]): void {
  switch (node.type) {
    case 'object':
      if (!isNonArrayObject(value)) out.push(mustBeObject(shownPath(path)))
      else walkObject(node, value, path, out)
      return
    case 'array':
      if (!Array.isArray(value)) out.push(mustBeArray(shownPath(path)))
      // entries(), not an index loop: nothing here can be mutated into an endless loop.
      else for (const [i, item] of value.entries()) walk(node.items!, item, `${path}[${i}]`, out)
      return
    case 'string':
      if (typeof value !== 'string') out.push(mustBeString(shownPath(path)))
      else if (node.enum && !node.enum.includes(value)) out.push(mustBeOneOf(shownPath(path), node.enum))
      return
    default:
      throw new Error(`schema keyword type ${String(node.type)} is not interpreted`)
  }
}

/** Every violation of `schema` by `value`, in the harness's walk order; empty when valid. */
export function schemaViolations(schema: TSchema, value: unknown): string[] {
  const out: string[] = []
  walk(schema as SchemaNode, value, '', out)
  return out
}
