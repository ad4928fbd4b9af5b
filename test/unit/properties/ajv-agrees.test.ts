import { property } from '../../support/property.js'
import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { expect } from 'vitest'
import { checkArguments, parametersSchema } from '../../../src/core/schema.js'
import { resolveOptions } from '../../../src/core/options.js'
import { schemaViolations } from '../../../src/core/violations.js'
import { anyArgs } from '../../../src/kit/generators.js'

const ajv = new Ajv2020({ strict: false })
const variants = (['drop', 'reject'] as const).map((unknownItemKeys) => {
  const options = resolveOptions({ unknownItemKeys })
  return { options, schema: parametersSchema(options), ajvCheck: ajv.compile(JSON.parse(JSON.stringify(parametersSchema(options)))) }
})

property(
  'TW-PROP-AJV-AGREES: ajv, the compiled TypeBox check and the worded walk agree',
  [fc.oneof(anyArgs, fc.jsonValue()), fc.constantFrom(0, 1)],
  (value, which) => {
    const { options, schema, ajvCheck } = variants[which]!
    const typebox = checkArguments(options, value)
    expect(ajvCheck(value)).toBe(typebox)
    expect(schemaViolations(schema, value).length === 0).toBe(typebox)
  },
)
