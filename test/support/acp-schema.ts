// Validators for ACP definitions, taken by reference from the schema that
// @agentclientprotocol/sdk publishes (schema/v1/schema.json), never from a hand copy.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'

// Resolved as the package exports it, so the schema is found wherever node_modules is (a
// parent directory's, as in Stryker's sandbox of a checkout whose node_modules is a link).
export const ACP_SCHEMA_PATH = createRequire(import.meta.url).resolve('@agentclientprotocol/sdk/schema/v1/schema.json')

// The schema uses `discriminator` and `x-…` annotations, and formats like `int64`: not
// validation keywords for ajv, so strict mode is off and formats are not validated.
// Loaded and compiled on first use, not on import (about half a second): Stryker imports
// every test file of a run for each mutant and then runs only the tests that cover it.
let ajv: Ajv2020 | undefined
function acpAjv(): Ajv2020 {
  if (ajv === undefined) {
    ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
    ajv.addSchema(JSON.parse(readFileSync(ACP_SCHEMA_PATH, 'utf8')), 'acp')
  }
  return ajv
}

export interface AcpValidator {
  (value: unknown): boolean
  /** ajv's errors of the last call. */
  readonly errors: ValidateFunction['errors']
}

/** A validator for `#/$defs/<name>` of the published schema, compiled on its first call. */
export function acpValidator(name: string): AcpValidator {
  let compiled: ValidateFunction | undefined
  const validate = (value: unknown): boolean => {
    compiled ??= acpAjv().compile({ $ref: `acp#/$defs/${name}` })
    return compiled(value) as boolean
  }
  return Object.defineProperty(validate, 'errors', { get: () => compiled?.errors ?? null }) as AcpValidator
}
