#!/usr/bin/env node
// `npm run test:harness` (the last step of `npm test`): the plugin on the real harness, through
// the rig in ../shared/harness (its README): the upstream tool-todo tests, unchanged, and ours
// in test/harness/<release>/, at each release we support. Where the rig is absent (a clone
// outside this workspace) it says so and passes; under CI=true an absent rig is a failure.
// A release may list upstream tests that check its own wording rather than behaviour
// (test/harness/<release>/wording-only.json; docs/harness.md says which and why): those must
// fail, and everything else must pass.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const RIG = resolve(process.env.TODO_WRITE_HARNESS_RIG ?? join(ROOT, '../shared/harness/run-tests'))

const readJson = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'))

/** Each harness release: the rig's flags, our entry and our spec folder, the wording-only upstream tests. */
const RELEASES = [
  { name: 'seed (66c36e7325)', flags: [], entry: 'dist/index.js', specs: 'test/harness/seed', wordingOnly: [] },
  {
    name: 'dsh 0.1.1-rc.2 (b150a551b8)',
    flags: ['--at', 'head', '--invariant', join(ROOT, 'dist/release-invariant.js')],
    entry: 'dist/release.js',
    specs: 'test/harness/release',
    wordingOnly: readJson('test/harness/release/wording-only.json').tests,
  },
]

const spec = (dir) =>
  readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => join(ROOT, dir, name))

function run(release) {
  const out = mkdtempSync(join(tmpdir(), 'todo-write-harness-report-'))
  const report = join(out, 'report.json')
  try {
    const args = [
      ...release.flags,
      join(ROOT, release.entry),
      ...spec(release.specs),
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]
    const child = spawnSync(RIG, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] })
    if (!existsSync(report)) return [`the rig ran no tests (exit ${child.status})`]
    const { testResults } = JSON.parse(readFileSync(report, 'utf8'))
    const results = testResults.flatMap((file) => file.assertionResults.map((test) => ({ name: test.fullName, status: test.status })))
    const problems = []
    for (const test of results) {
      const expectedToFail = release.wordingOnly.includes(test.name)
      if (test.status === 'failed' && !expectedToFail) problems.push(`failed: ${test.name}`)
      if (test.status === 'passed' && expectedToFail) problems.push(`passed, though listed as checking the release's own wording: ${test.name}`)
    }
    for (const name of release.wordingOnly) if (!results.some((test) => test.name === name)) problems.push(`no such test: ${name}`)
    const isUpstream = (file) => file.name.includes('/packages/todo/tool-todo/tests/')
    const count = (files) => {
      const tests = files.flatMap((file) => file.assertionResults)
      return `${tests.filter((test) => test.status === 'passed').length} of ${tests.length} passed`
    }
    const listed = release.wordingOnly.length ? ` (${release.wordingOnly.length} failing as listed: they check the release's own wording)` : ''
    console.log(
      `test:harness: ${release.name}: upstream ${count(testResults.filter(isUpstream))}${listed}; ours ${count(testResults.filter((file) => !isUpstream(file)))}`,
    )
    return problems
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

if (!existsSync(RIG)) {
  const ci = process.env.CI === 'true' || process.env.CI === '1'
  console.log(`test:harness: SKIPPED: no harness rig at ${RIG}${ci ? ' (CI: that is a failure)' : ''}`)
  process.exit(ci ? 1 : 0)
}
const problems = RELEASES.flatMap((release) => run(release).map((problem) => `${release.name}: ${problem}`))
for (const problem of problems) console.log(`test:harness: ${problem}`)
process.exit(problems.length > 0 ? 1 : 0)
