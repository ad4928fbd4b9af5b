// Generators of session logs: todo_write calls among turns and events of other kinds.
import fc from '../support/fc.js'
import type { Segment } from '../support/harness-log.js'
import { anyArgs, schemaValidArgs } from '../../fixtures/generators.js'

const noise: fc.Arbitrary<Segment> = fc.record({
  kind: fc.constant('noise' as const),
  type: fc.constantFrom('user/message', 'assistant/chunk', 'step/start', 'step/end', 'tool/call', 'tool/result', 'request/header', 'turn/end/x', ''),
  data: fc.jsonValue({ maxDepth: 2 }),
})

export const segment: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('call' as const), args: fc.oneof(schemaValidArgs, anyArgs) }) },
  { weight: 1, arbitrary: fc.constant<Segment>({ kind: 'turn/start' }) },
  { weight: 1, arbitrary: fc.constant<Segment>({ kind: 'turn/end' }) },
  { weight: 2, arbitrary: noise },
)

export const segments = fc.array(segment, { maxLength: 14 })
