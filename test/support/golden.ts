// The byte-exact golden call cases of test/golden/calls/ (see its cases.json).
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const GOLDEN_DIR = fileURLToPath(new URL('../golden/', import.meta.url))
const CALLS_DIR = `${GOLDEN_DIR}calls/`

export interface GoldenCall {
  name: string
  agent: boolean
  /** The arguments text, byte for byte as fed to `todo-write call`. */
  args: string
  /** The model-facing text, byte for byte. */
  text: string
  /** The whole stdout of `todo-write call`, where the case pins it. */
  line?: string
}

export function goldenCalls(): GoldenCall[] {
  const manifest = JSON.parse(readFileSync(`${CALLS_DIR}cases.json`, 'utf8')) as Record<string, { agent: boolean }>
  return Object.entries(manifest).map(([name, { agent }]) => {
    const linePath = `${CALLS_DIR}${name}.line`
    return {
      name,
      agent,
      args: readFileSync(`${CALLS_DIR}${name}.args.json`, 'utf8'),
      text: readFileSync(`${CALLS_DIR}${name}.text`, 'utf8'),
      ...(existsSync(linePath) ? { line: readFileSync(linePath, 'utf8') } : {}),
    }
  })
}

/** The shipped JSON Schemas (schemas/), hand-written: what the model and harness UIs see. */
export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url))
export const schemaFile = (name: string): Buffer => readFileSync(`${SCHEMAS_DIR}${name}`)

/** The JSON text of a schema, as a golden file holds it. */
export const emitJsonSchema = (schema: unknown): string => JSON.stringify(schema, null, 2) + '\n'
