// fast-check as every test uses it: with the pinned seed and run count of seed.ts in force,
// so every property, CI's included, is reproducible. Test files import fast-check from here,
// never directly (test/e2e/layout.test.ts checks it); a file without properties does not
// load it at all, which the mutation gate, one test run per mutant, notices.
import fc from 'fast-check'
import { FC_RUNS, FC_SEED, FC_SHRINK } from './seed.js'

fc.configureGlobal({ seed: FC_SEED, ...(FC_RUNS ? { numRuns: FC_RUNS } : {}), ...(FC_SHRINK ? {} : { endOnFailure: true }) })
if (process.env.FC_SEED) console.log(`fast-check seed ${FC_SEED}`)

export default fc
