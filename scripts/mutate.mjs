#!/usr/bin/env node
// `npm run mutate [-- <gate> ...]`: the mutation gates of stryker.conf.json (all, or those
// named), one after another. Each is a full Stryker run (never incremental, which misses a
// change of the spec or of a golden file) of the src/ globs it mutates against the test
// folders it lists, then its guard, which fails the gate on
//  - a score below the break threshold (100);
//  - a mutant ignored for any reason but being static: a `Stryker disable` mark (none is
//    allowed; a survivor is redundant code or a missing test);
//  - a mutant `Survived` with zero tests completed (a mis-report of Stryker 9.6 with vitest
//    4.1: it was never really tested).
// A mutant's run may take its covering tests' time plus one second (timeoutFactor 1,
// timeoutMS 1000) plus the dry run's overhead: past that it is counted detected, by timeout,
// and the runner restarts. Twice the wait detected the same. A mutant that never settles a
// promise fails its test at vitest's 4 s instead (vitest.config.ts), which costs less.
// The first failing gate stops the run. Each gate's report: reports/mutation/<gate>.html (and
// .json).
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { Stryker } from '@stryker-mutator/core'

const CONFIG = 'stryker.conf.json'
const STATIC = 'Static mutant (and "ignoreStatic" was enabled)'
const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

const config = JSON.parse(readFileSync(CONFIG, 'utf8'))
const gates = config.gates
const names = process.argv.slice(2)
const unknown = names.filter((name) => !Object.hasOwn(gates, name))
if (unknown.length > 0) {
  console.error(`mutate: no gate ${unknown.map((name) => JSON.stringify(name)).join(', ')} in ${CONFIG}; its gates: ${Object.keys(gates).join(', ')}`)
  process.exit(2)
}

/** What a gate's results come to: the counts, and every mutant that fails the gate. */
function verdict(results) {
  const count = (status) => results.filter((mutant) => mutant.status === status).length
  const detected = results.filter((mutant) => DETECTED.has(mutant.status)).length
  const undetected = results.filter((mutant) => UNDETECTED.has(mutant.status)).length
  const score = detected + undetected === 0 ? 100 : (100 * detected) / (detected + undetected)
  const problems = results.flatMap((mutant) => {
    const where = `${mutant.fileName}:${mutant.location.start.line}:${mutant.location.start.column} ${mutant.mutatorName} ${mutant.replacement ?? ''}`
    if (mutant.status === 'Survived' && !(mutant.testsCompleted > 0)) return [`${where}: survived with zero tests completed (a Stryker mis-report)`]
    if (UNDETECTED.has(mutant.status)) return [`${where}: ${mutant.status}`]
    if (mutant.status === 'Ignored' && mutant.statusReason !== STATIC) return [`${where}: ignored (${mutant.statusReason}); no mark is allowed`]
    return []
  })
  const run = detected + undetected
  const summary = `${results.length} mutants, ${run} run (${count('Ignored')} static or ignored), ${count('Killed')} killed, ${count('Timeout')} by timeout, score ${score.toFixed(2)}%`
  return { summary, problems, ok: problems.length === 0 && score >= config.thresholds.break }
}

for (const name of names.length > 0 ? names : Object.keys(gates)) {
  const gate = gates[name]
  const start = performance.now()
  process.env.MUTATION_TESTS = gate.tests.join(',')
  const report = `reports/mutation/${name}`
  const options = { configFile: CONFIG, mutate: gate.mutate, htmlReporter: { fileName: `${report}.html` }, jsonReporter: { fileName: `${report}.json` } }
  const results = await new Stryker(options).runMutationTest()
  const seconds = Math.round((performance.now() - start) / 1000)
  const { summary, problems, ok } = verdict(results)
  // The time depends on what else the machine runs: the load average says how busy it was.
  const load = loadavg().map((n) => n.toFixed(1))
  console.log(`mutate: ${name}: ${summary}, ${seconds} s (load average ${load.join(', ')})`)
  for (const problem of problems) console.log(`  ${problem}`)
  if (!ok) {
    console.log(`mutate: ${name}: FAILED`)
    process.exit(1)
  }
}
// Stryker sets the exit code on its own threshold; the guard's verdict above is the one that counts.
process.exitCode = 0
