#!/usr/bin/env node
// `npm run test:harness` (run by `npm test` beside vitest): the plugin on the real harness, through
// the rig in ../shared/harness (its README), in two parts.
// - The package tests: the upstream tool-todo tests, unchanged, and ours in
//   test/harness/<release>/, at each release we support (`run-tests`). A release may list
//   upstream tests that check its own wording rather than behaviour
//   (test/harness/<release>/wording-only.json; docs/harness.md says which and why): those
//   must fail, and everything else must pass.
// - The app: the release's real `dsh` app (`run-app`) runs each scripted session of
//   test/harness/release/app-sessions.json with the package as npm packs it (from the built
//   dist/), and the log it writes must hold the same todo/write and tool/result events as
//   the fixture the app wrote with upstream's own tool, and `todo-write replay` must read it
//   in every mode as it reads that fixture (scripts/app-sessions.mjs says what is compared);
//   a session with a config the plugin refuses must stop dsh, its stderr naming the problem.
// Where a part's rig or fixtures are absent (a clone outside this workspace) it says so and
// passes; under CI=true that is a failure. Run one of these at a time: the rig is shared.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { APP_SESSIONS, compareLogs, comparedLines, replayModes, runAppArgs } from './app-sessions.mjs'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const CI = process.env.CI === 'true' || process.env.CI === '1'
const RIG = resolve(process.env.TODO_WRITE_HARNESS_RIG ?? join(ROOT, '../shared/harness/run-tests'))
const APP = resolve(process.env.TODO_WRITE_APP_RIG ?? join(ROOT, '../shared/harness/run-app'))
const FIXTURES = resolve(ROOT, APP_SESSIONS.fixtures)

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

/** A temporary folder for `work`, removed afterwards. */
function inTemporary(prefix, work) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  try {
    return work(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The package tests of one release: the problems found. */
function runTests(release) {
  return inTemporary('todo-write-harness-report-', (out) => {
    const report = join(out, 'report.json')
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
    // Its output went to the terminal, above.
    if (!existsSync(report)) return [`the rig ran no tests: ${failedStep(RIG, args, child)}`]
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
  })
}

/** The package as npm packs it, from the built dist/ (no scripts: `npm test` built it first). */
function pack(dir) {
  if (!existsSync(join(ROOT, 'dist/release.js'))) throw new Error('dist/ is not built: run npm run build first')
  const child = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' })
  if (child.status !== 0) throw new Error(`npm pack failed (exit ${child.status}):\n${child.stderr}`)
  return join(dir, JSON.parse(child.stdout)[0].filename)
}

/** The last lines of a child's output: what a failed step said last. */
const tail = (text, lines = 20) => (text ?? '').trimEnd().split('\n').slice(-lines).join('\n')

/** A step that failed: its command, how it ended, and the tail of what it printed (stderr, else stdout). */
function failedStep(command, args, child) {
  const ended = child.error ? `could not run (${child.error.message})` : child.signal ? `was killed by ${child.signal}` : `exited ${child.status}`
  const said = tail(child.stderr) || tail(child.stdout)
  return `${[command, ...args].join(' ')} ${ended}${said ? `; its output ended:\n${said}` : ', printing nothing'}`
}

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1)

/** A `todo-write replay` of the built package, in-process (the command's own function): its exit status and what it printed. */
async function replay(args) {
  const { runReplay } = await import(pathToFileURL(join(ROOT, 'dist/cli/replay.js')).href)
  const [out, err] = [[], []]
  const sink = (chunks) =>
    new Writable({
      write(chunk, _encoding, next) {
        chunks.push(Buffer.from(chunk))
        next()
      },
    })
  const status = await runReplay(args, { stdin: Readable.from([]), stdout: sink(out), stderr: sink(err) })
  return { status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }
}

/**
 * Every replay mode on the log the app wrote, against the same mode on the upstream fixture's;
 * a session without a fixture (`history`) must print its lines under `--history`: the problems.
 */
async function replayProblems(session, zstd) {
  const upstream = join(FIXTURES, `${session.name}-upstream/session.jsonl.zstd`)
  const runs = replayModes(session).map(async (mode) => {
    const shown = ['replay', ...mode].join(' ')
    const ours = await replay([...mode, zstd])
    if (ours.status !== 0 || ours.stderr !== '') return [`${shown}: exit ${ours.status}\n${ours.stderr}${ours.stdout}`]
    const expected = session.history
      ? mode[0] === '--history'
        ? session.history.map((line) => `${line}\n`).join('')
        : ours.stdout
      : (await replay([...mode, upstream])).stdout
    const whose = session.history ? 'the session expects' : "on the upstream fixture's log"
    if (ours.stdout !== expected) return [`${shown}: prints\n${ours.stdout}but ${whose}\n${expected}`]
    return []
  })
  return (await Promise.all(runs)).flat()
}

/** One session through the app: the problems found. */
async function runSession(tool, session, dir) {
  const start = performance.now()
  const cwd = join(dir, session.name)
  mkdirSync(cwd)
  const out = join(dir, `${session.name}.jsonl`)
  const zstd = `${out}.zstd`
  const args = runAppArgs(session, { tool, cwd, out, zstd })
  const child = spawnSync(APP, args, { cwd: ROOT, encoding: 'utf8' })
  if (session.refused) return refusalProblems(session, args, child, start)
  if (child.status !== 0) return [failedStep(APP, args, child)]
  const ran = seconds(start)
  const ours = readFileSync(out, 'utf8')
  const problems = session.history ? [] : compareLogs(ours, readFileSync(join(FIXTURES, `${session.name}-upstream/session.jsonl`), 'utf8'))
  const replayStart = performance.now()
  problems.push(...(await replayProblems(session, zstd)))
  const events = comparedLines(ours).length
  const modes = replayModes(session).length
  const as = session.history
    ? `replay in ${modes} modes, --history as expected`
    : `${events} events as upstream's, replay in ${modes} modes as on upstream's log`
  const verdict = problems.length === 0 ? as : 'differs'
  console.log(`test:harness: app: ${session.name}: ${verdict} (run-app ${ran} s, replay ${seconds(replayStart)} s)`)
  return problems
}

/**
 * A session the app must refuse to start: run-app fails, keeping its run folder, where dsh's
 * stderr must hold the session's `refused` text (run-app prints only its ends): the problems.
 */
function refusalProblems(session, args, child, start) {
  const kept = /run folder kept: (.+)\)$/m.exec(child.stderr ?? '')?.[1]
  if (child.status === 0 || kept === undefined) return [`expected to fail, keeping its run folder: ${failedStep(APP, args, child)}`]
  const dshErr = readFileSync(join(kept, 'dsh.err'), 'utf8')
  rmSync(kept, { recursive: true, force: true })
  if (!dshErr.includes(session.refused)) return [`dsh's stderr does not hold\n${session.refused}\nit ended:\n${tail(dshErr)}`]
  console.log(`test:harness: app: ${session.name}: refused, dsh's stderr naming the config's problem (run-app ${seconds(start)} s)`)
  return []
}

/** The app part: every session, one after another (run-app runs one at a time). */
async function runAppSessions() {
  const start = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'todo-write-app-'))
  try {
    const tool = pack(dir)
    const problems = []
    let failed = 0
    for (const session of APP_SESSIONS.sessions) {
      const found = await runSession(tool, session, dir)
      if (found.length > 0) failed++
      problems.push(...found.map((problem) => `app: ${session.name}: ${problem}`))
    }
    const { length } = APP_SESSIONS.sessions
    const outcome = failed === 0 ? `${length} sessions of dsh 0.1.1-rc.2 through run-app` : `${failed} of ${length} sessions of dsh 0.1.1-rc.2 FAILED`
    console.log(`test:harness: app: ${outcome} in ${seconds(start)} s`)
    return problems
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A part whose rig or fixtures are absent: said, and a failure under CI. */
function absent(part, what) {
  console.log(`test:harness: ${part}: SKIPPED: ${what}${CI ? ' (CI: that is a failure)' : ''}`)
  return CI ? [`${part}: ${what}`] : []
}

/** The package tests at each release, where the rig is. */
const packageTests = () =>
  existsSync(RIG)
    ? RELEASES.flatMap((release) => runTests(release).map((problem) => `${release.name}: ${problem}`))
    : absent('package tests', `no harness rig at ${RIG}`)

/** The app, where run-app and the fixtures are. */
async function appTest() {
  if (!existsSync(APP)) return absent('app', `no run-app at ${APP}`)
  if (!existsSync(FIXTURES)) return absent('app', `no fixtures at ${FIXTURES}`)
  return await runAppSessions()
}

const problems = [...packageTests(), ...(await appTest())]
for (const problem of problems) console.log(`test:harness: ${problem}`)
process.exit(problems.length > 0 ? 1 : 0)
