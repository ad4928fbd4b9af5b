// Linearity as a ratio measured in one run (never a time limit): the CPU time of the large
// case over the small one's, the smaller of two measurements after a warm-up of each.
//
// The bound, for 10 times the input: linear work measures about 10, work quadratic in the
// size about 100 (the failure these tests look for: a map of long keys, a scan per item).
// AT_MOST sits between them, near their geometric mean (31.6), so that neither noise on a
// linear run (measured up to 15.1 under load) nor a quadratic run's spread decides the test.
/** The CPU time `work` takes, user and system, in microseconds. */
export const cpu = (work: () => unknown): number => {
  const start = process.cpuUsage()
  work()
  const used = process.cpuUsage(start)
  return used.user + used.system
}

/** The most `linear` may answer for 10 times the input. */
export const AT_MOST = 30

/** How many times `large` costs what `small` does (linear work: about the size ratio). */
export function linear(small: () => unknown, large: () => unknown): number {
  small()
  large()
  return Math.min(...[0, 1].map(() => cpu(large) / Math.max(cpu(small), 1)))
}
