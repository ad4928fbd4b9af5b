import { property } from '../support/property.js'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import fc from '../support/fc.js'
import { expect } from 'vitest'
import { checkArguments, parametersSchema } from '../../src/core/schema.js'
import { resolveOptions } from '../../src/core/options.js'
import { schemaViolations } from '../../src/core/violations.js'
import { anyArgs } from '../../fixtures/generators.js'

// ajv compiles on the property's first run, not on import: Stryker imports every test file
// of a run for each mutant and then runs only the tests that cover it.
let ajv: Ajv2020 | undefined
const variants = (['drop', 'reject'] as const).map((unknownItemKeys) => {
  const options = resolveOptions({ unknownItemKeys })
  const schema = parametersSchema(options)
  let compiled: ValidateFunction | undefined
  const ajvCheck = (value: unknown): boolean => {
    if (compiled === undefined) {
      ajv ??= new Ajv2020({ strict: false })
      compiled = ajv.compile(JSON.parse(JSON.stringify(schema)))
    }
    return compiled(value) as boolean
  }
  return { options, schema, ajvCheck }
})

property(
  'TW-PROP-AJV-AGREES: ajv, the compiled TypeBox check and the worded walk agree',
  [fc.oneof(anyArgs, fc.jsonValue()), fc.constantFrom(0, 1)],
  (value, which) => {
    const { options, schema, ajvCheck } = variants[which]!
    const typebox = checkArguments(options, value)
    expect(ajvCheck(value)).toBe(typebox)
    expect(schemaViolations(schema, value).listed.length === 0).toBe(typebox)
  },
)
