// Pins fast-check's seed so every run (CI included) is reproducible. Override with
// FC_SEED=<int> (or FC_SEED=random) and FC_RUNS=<n>; fast-check prints the seed and the
// shrunk counterexample path on failure, and we print the seed in force once per file.
import fc from 'fast-check'

export const DEFAULT_SEED = 20261130

function resolveSeed(): number {
  const raw = process.env.FC_SEED
  if (raw === undefined || raw === '') return DEFAULT_SEED
  if (raw === 'random') return (Date.now() ^ (Math.random() * 0x100000000)) | 0
  const seed = Number(raw)
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", got ${JSON.stringify(raw)}`)
  return seed
}

export const FC_SEED = resolveSeed()
const runs = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : undefined

fc.configureGlobal({ seed: FC_SEED, ...(runs ? { numRuns: runs } : {}) })
if (process.env.FC_SEED) console.log(`fast-check seed ${FC_SEED}`)
