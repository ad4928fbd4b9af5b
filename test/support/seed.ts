// The fast-check seed and run count in force: FC_SEED=<int> (or FC_SEED=random) and
// FC_RUNS=<n> override the pinned defaults; FC_SHRINK=0 stops a property at its first
// counterexample, unshrunk (the mutation gates ask only whether a property fails). Reading
// them changes nothing; test/support/fc.ts applies them. fast-check prints the seed and the shrunk counterexample's path on failure.
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
export const FC_RUNS = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : undefined
export const FC_SHRINK = process.env.FC_SHRINK !== '0'
