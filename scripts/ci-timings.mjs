#!/usr/bin/env node
// Writes the README's timings (between <!-- timings --> and <!-- /timings -->) from the
// output of one or more runs of `.ci/run`: the time of each step (its `ci: '<step>' took N s`
// lines), the mutation guard's verdict for each gate, and the whole run, each figure the
// range over the runs given, against the targets below.
//
//   bash .ci/run | tee ci.log      # from a clean clone, as the developers' guide says
//   node scripts/ci-timings.mjs ci.log [more.log ...]
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
/** The limits the project holds itself to, in seconds, by step. */
const TARGETS = { 'npm test': 150, all: 720 }
/** What each gate's guard line is about, by the step that runs it. */
const GATES = { 'npm run mutate': 'the rule modules', 'npm run mutate:entries': 'the harness entries', 'npm run mutate:log': 'the log tooling' }

const logs = process.argv.slice(2)
if (logs.length === 0) {
  console.error('usage: node scripts/ci-timings.mjs <output of .ci/run> [...]')
  process.exit(2)
}

/** One run: each step's seconds and guard verdict, in order, and the total. */
function readRun(path) {
  const text = readFileSync(path, 'utf8').replace(/\x1b\[[0-9;]*m/g, '')
  const steps = []
  let guard = []
  for (const line of text.split('\n')) {
    const verdict = /^mutation guard: (\d+\/\d+ mutants detected \(\d+ by timeout\), score [\d.]+%)/.exec(line)
    if (verdict) guard.push(verdict[1])
    const took = /^ci: '(.*)' took (\d+) s$/.exec(line)
    if (took) {
      steps.push({ step: took[1], seconds: Number(took[2]), guard: guard.join('; ') })
      guard = []
    }
  }
  const total = /^ci: all steps took (\d+) s$/m.exec(text)
  // .ci/run stops at the first step that fails (set -e): only a passing run says its total.
  if (total === null) throw new Error(`${path}: no "ci: all steps took" line: the run failed or did not finish`)
  return { steps, total: Number(total[1]) }
}

const runs = logs.map(readRun)
const range = (values) => {
  const [low, high] = [Math.min(...values), Math.max(...values)]
  return low === high ? `${low}` : `${low}–${high}`
}
const verdict = (values, target) => `target ≤ ${target} s: ${Math.max(...values) <= target ? 'met' : 'missed'}`

/** Every step any run took, in the order they first appear (a step can be run conditionally). */
const names = [...new Set(runs.flatMap((run) => run.steps.map(({ step }) => step)))]
const rows = names.map((step) => {
  const taken = runs.flatMap((run) => run.steps.filter((s) => s.step === step))
  const values = taken.map(({ seconds }) => seconds)
  const notes = [
    taken.length < runs.length && `in ${taken.length} of ${runs.length} runs`,
    GATES[step] && `${GATES[step]}: ${[...new Set(taken.map(({ guard }) => guard))].join('; ')}`,
    TARGETS[step] && verdict(values, TARGETS[step]),
  ]
  return `| \`${step}\` | ${range(values)} | ${notes.filter(Boolean).join('; ')} |`
})
const totals = runs.map((run) => run.total)
rows.push(`| all of \`.ci/run\` | ${range(totals)} | ${verdict(totals, TARGETS.all)} |`)

const date = new Date().toISOString().slice(0, 10)
const block = [
  `Measured on ${date} by \`node scripts/ci-timings.mjs\` from ${runs.length === 1 ? 'one run' : `${runs.length} runs (a range spans them)`} of \`.ci/run\` in a clean clone, ${cpus().length} cores, Node ${process.version}:`,
  '',
  '| step | seconds | what it found |',
  '| --- | --- | --- |',
  ...rows,
  '',
  'The gates are Stryker runs ([mutation testing](docs/mutation-testing.md)).',
].join('\n')

const readme = join(ROOT, 'README.md')
const text = readFileSync(readme, 'utf8')
const [open, close] = ['<!-- timings -->', '<!-- /timings -->']
if (!text.includes(open) || !text.includes(close)) throw new Error(`README.md needs both ${open} and ${close}`)
writeFileSync(readme, `${text.slice(0, text.indexOf(open) + open.length)}\n${block}\n${text.slice(text.indexOf(close))}`)
console.log(block)
