#!/usr/bin/env node
// `npm run bench:registry -- <before dist/release.js> [<after dist/release.js>]`: one
// todo_write call through the real registry of dsh 0.1.1-rc.2 (../shared/harness, its
// ToolRuntime and Session), two builds of the release entry in one run, batches
// alternating (bench/registry/registry.spec.ts). AFTER defaults to this tree's build. It
// writes bench/registry/results.json and the table between the markers of
// docs/benchmarks.md.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const RIG = resolve(process.env.TODO_WRITE_HARNESS_RIG ?? join(ROOT, '../shared/harness/run-tests'))
const [beforeArg, afterArg] = process.argv.slice(2)
if (!beforeArg) {
  console.error('usage: npm run bench:registry -- <before dist/release.js> [<after dist/release.js>]')
  process.exit(2)
}
const before = resolve(beforeArg)
const after = resolve(afterArg ?? join(ROOT, 'dist/release.js'))
for (const entry of [before, after]) if (!existsSync(entry)) throw new Error(`no build at ${entry}`)
const out = join(mkdtempSync(join(tmpdir(), 'todo-write-bench-registry-')), 'rows.json')
// Only this file's test: the upstream tests of the run are not this benchmark's business.
const child = spawnSync(RIG, ['--at', 'head', after, join(ROOT, 'bench/registry/registry.spec.ts'), '--', '-t', 'one call through the real registry'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, BEFORE: before, AFTER: after, BENCH_OUT: out },
})
if (!existsSync(out)) process.exit(child.status || 1)
const rows = JSON.parse(readFileSync(out, 'utf8'))
const measured = { date: new Date().toISOString().slice(0, 10), node: "the rig's (24)", before: beforeArg, after: afterArg ?? 'dist/release.js', rows }
writeFileSync(join(ROOT, 'bench/registry/results.json'), JSON.stringify(measured, null, 2) + '\n')
const f = (n) => n.toFixed(n < 1 ? 3 : 2)
const table = [
  `Measured ${measured.date} by \`npm run bench:registry\` (${BATCHES()} batches of calls each side, alternating): time per call through the release's ToolRuntime and Session.`,
  '',
  '| call | before (ms) | after (ms) | after / before | spread (10th–90th pct of pair ratios) |',
  '| --- | --- | --- | --- | --- |',
  ...rows.map((r) => `| ${r.label} | ${f(r.beforeMs)} | ${f(r.afterMs)} | ${r.ratio.toFixed(2)} | ${r.spread[0].toFixed(2)}–${r.spread[1].toFixed(2)} |`),
].join('\n')
function BATCHES() {
  return Number(process.env.BENCH_BATCHES ?? 40)
}
const doc = join(ROOT, 'docs/benchmarks.md')
const text = readFileSync(doc, 'utf8')
const [open, close] = ['<!-- registry -->', '<!-- /registry -->']
if (!text.includes(open)) throw new Error(`docs/benchmarks.md has no ${open} marker`)
writeFileSync(doc, text.slice(0, text.indexOf(open) + open.length) + '\n' + table + '\n' + text.slice(text.indexOf(close)))
console.log(table)
