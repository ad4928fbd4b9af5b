// The vitest setup file: pins fast-check's seed and runs (test/support/seed.ts) for every
// test file, so every run, CI's included, is reproducible.
import fc from 'fast-check'
import { FC_RUNS, FC_SEED } from './seed.js'

fc.configureGlobal({ seed: FC_SEED, ...(FC_RUNS ? { numRuns: FC_RUNS } : {}) })
if (process.env.FC_SEED) console.log(`fast-check seed ${FC_SEED}`)
