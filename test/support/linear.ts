// Linearity as a ratio measured in one run (never a time limit): the CPU time of the large
// case over the small one's, the smaller of two measurements after a warm-up of each.
const cpu = (work: () => unknown): number => {
  const start = process.cpuUsage()
  work()
  const used = process.cpuUsage(start)
  return used.user + used.system
}

/** How many times `large` costs what `small` does (linear work: about the size ratio). */
export function linear(small: () => unknown, large: () => unknown): number {
  small()
  large()
  return Math.min(...[0, 1].map(() => cpu(large) / Math.max(cpu(small), 1)))
}
