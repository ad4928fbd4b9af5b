// The app test of `npm run test:harness`: the release's real `dsh` app (../shared/harness/run-app)
// runs each scripted session of test/harness/release/app-sessions.json with our packed
// tarball, and the session log it writes must hold the same `todo/write` and `tool/result`
// events as the fixture the app wrote with upstream's own tool (`<name>-upstream`).
//
// What is compared: every `todo/write` and `tool/result` event of the log, in log order, as
// the JSON text of its line, byte for byte (key order included) once two values are set
// aside, because they differ from one recording to the next: each event's `time`, and the
// `data.message.id` (a UUID) of a `tool/result`. Everything else counts: the type, `seq`,
// `data` (the list; the result's turn, step, call id, text, `isError`, and `error`, the
// harness's record of its own error class), `sourceEventSeqs` and `surfaceOp`.
//
// One session also mounts the release's invariant service and our companion
// (test/harness/release/app-invariant.yml), which must let every event of it through.
//
// Then `todo-write replay` reads the log as the app wrote it (session.jsonl.zstd) in every
// mode, the session's option flags given to `--verify`: each must exit 0 with nothing on
// stderr and print what it prints for the upstream fixture's log. A session with `history`
// (refusals, a dropped item, an identical resend, a reopened item) has no fixture: its
// `--history` must print exactly its lines (spec/replay.md TW-HISTORY-*).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The sessions and where their fixtures are (relative to the repository root). */
export const APP_SESSIONS = JSON.parse(readFileSync(new URL('../test/harness/release/app-sessions.json', import.meta.url), 'utf8'))

/** The event types compared. */
export const COMPARED_TYPES = ['todo/write', 'tool/result']

/** What stands in for a value set aside. */
export const SET_ASIDE = '(set aside)'

/**
 * The arguments of run-app for a session: our tarball, a working directory of our own (an
 * empty folder; its path is in the log, but in no compared event), the fixture's own script,
 * the session's extra overlays, and where the log goes.
 */
export const runAppArgs = (session, { tool, cwd, out, zstd }) => [
  '--tool',
  tool,
  '--cwd',
  cwd,
  ...session.runApp,
  ...session.patches.flatMap((patch) => ['--patch', fileURLToPath(new URL(`../${patch}`, import.meta.url))]),
  '--out',
  out,
  '--zstd',
  zstd,
]

/** The `todo-write replay` arguments of each mode, before the file, for a session. */
export const replayModes = (session) => [[], ['--standing'], ['--render'], ['--check'], ['--acp'], ['--history'], ['--verify', ...session.verify]]

/** The compared events of a session log (JSON Lines), each as its line with the set-aside values replaced. */
export function comparedLines(text) {
  const lines = []
  for (const line of text.split('\n')) {
    if (line === '') continue
    const event = JSON.parse(line)
    if (!COMPARED_TYPES.includes(event.type)) continue
    // Replaced in place, so that every key keeps its place in the text.
    event.time = SET_ASIDE
    if (event.type === 'tool/result') event.data.message.id = SET_ASIDE
    lines.push(JSON.stringify(event))
  }
  return lines
}

/** How the compared events of two logs differ: nothing, or each position where they do. */
export function compareLogs(ours, upstream) {
  const [a, b] = [comparedLines(ours), comparedLines(upstream)]
  const problems = []
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] === b[i]) continue
    problems.push(`event ${i + 1} of ${COMPARED_TYPES.join(' and ')}:\n  ours:     ${a[i] ?? '(none)'}\n  upstream: ${b[i] ?? '(none)'}`)
  }
  return problems
}
