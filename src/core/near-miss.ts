// Near misses: the name a mistyped word was meant to be, so that a refusal can ask "did you
// mean …?". Words are compared by their skeletons, so case, separators and a doubled or
// undoubled letter never tell two names apart (the release config check, TW-PLUGIN-6); the
// command line forgives one slip more.

/** A word as a near miss reads it: lower case, letters only, each run of one letter as one. */
const skeleton = (word: string): string =>
  word
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/([a-z])\1+/g, '$1')

/** Whether `b` is `a` with one slip: a letter added, dropped or changed, or two neighbours swapped. `a` and `b` differ. */
function oneSlip(a: string, b: string): boolean {
  // The first place they differ: within both, or the end of the shorter.
  let i = 0
  while (a[i] === b[i]) i++
  const rest = a.slice(i + 1)
  return (
    rest === b.slice(i + 1) ||
    rest === b.slice(i) ||
    a.slice(i) === b.slice(i + 1) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  )
}

/**
 * The first of `names` whose skeleton `word` has; failing that, when `slips` is 1, the first
 * whose skeleton it has with one slip. Undefined when there is none.
 */
export function nearMiss(word: string, names: readonly string[], slips: 0 | 1 = 0): string | undefined {
  const typed = skeleton(word)
  return names.find((name) => skeleton(name) === typed) ?? (slips === 1 ? names.find((name) => oneSlip(skeleton(name), typed)) : undefined)
}
