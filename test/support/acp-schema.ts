// Validators for ACP definitions, taken by reference from the schema that
// @agentclientprotocol/sdk publishes (schema/v1/schema.json), never from a hand copy.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'

export const ACP_SCHEMA_PATH = fileURLToPath(new URL('../../node_modules/@agentclientprotocol/sdk/schema/v1/schema.json', import.meta.url))

// The schema uses `discriminator` and `x-…` annotations, and formats like `int64`: not
// validation keywords for ajv, so strict mode is off and formats are not validated.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
ajv.addSchema(JSON.parse(readFileSync(ACP_SCHEMA_PATH, 'utf8')), 'acp')

/** A validator for `#/$defs/<name>` of the published schema. */
export const acpValidator = (name: string): ValidateFunction => ajv.compile({ $ref: `acp#/$defs/${name}` })
