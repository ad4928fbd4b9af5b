#!/usr/bin/env node
// Runs after Stryker: reads the run's JSON report and fails when
//  - any mutant is `Survived` with zero tests completed (a known mis-report of Stryker 9.6
//    with vitest 4.1: the mutant was never really tested), or
//  - the mutation score is below the break threshold of stryker.conf.json.
import { readFileSync } from 'node:fs'

// The Stryker config of the run (stryker.conf.json unless named): its JSON report and its threshold.
const configFile = process.argv[2] ?? 'stryker.conf.json'
const config = JSON.parse(readFileSync(configFile, 'utf8'))
const report = JSON.parse(readFileSync(config.jsonReporter.fileName, 'utf8'))
const threshold = config.thresholds.break

const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])
let detected = 0
let undetected = 0
const problems = []
for (const [file, { mutants }] of Object.entries(report.files)) {
  for (const mutant of mutants) {
    if (DETECTED.has(mutant.status)) detected++
    else if (UNDETECTED.has(mutant.status)) undetected++
    const where = `${file}:${mutant.location.start.line}:${mutant.location.start.column}`
    if (mutant.status === 'Survived' && !(mutant.testsCompleted > 0)) {
      problems.push(`${where} ${mutant.mutatorName} survived with zero tests completed (Stryker mis-report): ${mutant.replacement ?? ''}`)
    } else if (UNDETECTED.has(mutant.status)) {
      problems.push(`${where} ${mutant.mutatorName} ${mutant.status}: ${mutant.replacement ?? ''}`)
    }
  }
}
const total = detected + undetected
const score = total === 0 ? 100 : (100 * detected) / total
const timeouts = Object.values(report.files).flatMap(({ mutants }) => mutants.filter((m) => m.status === 'Timeout')).length
console.log(`mutation guard: ${detected}/${total} mutants detected (${timeouts} by timeout), score ${score.toFixed(2)}% (break ${threshold}%)`)
for (const problem of problems) console.log(`  ${problem}`)
if (problems.some((p) => p.includes('zero tests completed')) || score < threshold) {
  console.log('mutation guard: FAILED')
  process.exit(1)
}
console.log('mutation guard: ok')
