// Lists built to be accepted, for the properties that speak of accepted calls: contents
// distinct after trimming and never empty, padded at both ends with trim-set and look-alike
// characters, statuses with at most one in_progress unless the options allow more, and
// sometimes extra item keys (which the seed drops). Each property asserts the call IS
// accepted, so a generator that drifts fails loudly instead of testing nothing.
import fc from '../support/fc.js'
import { content, padding } from '../../src/kit/generators.js'
import { status } from '../../fixtures/generators.js'
import { modelTrim } from '../support/model.js'

export interface AcceptedList {
  todos: { content: string; status: 'pending' | 'in_progress' | 'completed' }[]
  /** The options it is accepted under. */
  options: { allowParallelInProgress?: boolean }
}

const core = content.map(modelTrim).filter((text) => text !== '')

export const acceptedList: fc.Arbitrary<AcceptedList> = fc
  .tuple(
    fc.uniqueArray(core, { maxLength: 8 }),
    fc.array(fc.tuple(padding, padding, fc.constantFrom('pending', 'completed') as fc.Arbitrary<'pending' | 'completed'>), { minLength: 8, maxLength: 8 }),
    fc.option(fc.nat(7), { nil: undefined }),
    fc.boolean(),
    fc.array(status, { minLength: 8, maxLength: 8 }),
  )
  .map(([contents, dress, active, parallel, free]) => ({
    todos: contents.map((text, i) => ({
      content: dress[i]![0] + text + dress[i]![1],
      status: parallel ? (free[i] as AcceptedList['todos'][number]['status']) : i === active ? ('in_progress' as const) : dress[i]![2],
    })),
    options: parallel ? { allowParallelInProgress: true } : {},
  }))
