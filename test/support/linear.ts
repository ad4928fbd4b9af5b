// Linearity as a ratio measured in one run (never a time limit): the CPU time of the large
// case over the small one's.
//
// A single measurement is noise: a collection of the worker's whole heap, or its helper
// threads waiting on a busy machine, can land in either case (single ratios of 3 to 65 were
// seen for linear work). So each case is timed as the best of three samples, taken in turn
// with the other's, and a sample repeats the work until it lasts SAMPLE_US: the best is the
// work itself, what the two cases share least.
//
// The bound, for 10 times the input: linear work measures about 10, work quadratic in the
// size about 100 (the failure these tests look for: a map of long keys, a scan per item).
// AT_MOST sits between them, near their geometric mean (31.6), so that neither the noise left
// on a linear run nor a quadratic run's spread decides the test.
/** The CPU time `work` takes, user and system, in microseconds. */
export const cpu = (work: () => unknown): number => {
  const start = process.cpuUsage()
  work()
  const used = process.cpuUsage(start)
  return used.user + used.system
}

/** The most `linear` may answer for 10 times the input. */
export const AT_MOST = 30

/** How long one sample lasts at least, in microseconds of CPU time. */
const SAMPLE_US = 20_000
const SAMPLES = 3

/** The CPU time of one run of `work` in a sample of `times` runs. */
const perRun = (work: () => unknown, times: number): number =>
  cpu(() => {
    for (let i = 0; i < times; i++) work()
  }) / times

/** How many runs of `work` make a sample: its first (warm-up) run's time says. */
const runsPerSample = (work: () => unknown): number => Math.max(1, Math.ceil(SAMPLE_US / Math.max(cpu(work), 1)))

/** How many times `large` costs what `small` does (linear work: about the size ratio). */
export function linear(small: () => unknown, large: () => unknown): number {
  const [smallRuns, largeRuns] = [runsPerSample(small), runsPerSample(large)]
  let [bestSmall, bestLarge] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]
  for (let i = 0; i < SAMPLES; i++) {
    bestSmall = Math.min(bestSmall, perRun(small, smallRuns))
    bestLarge = Math.min(bestLarge, perRun(large, largeRuns))
  }
  return bestLarge / Math.max(bestSmall, 1)
}
