// Row (g): one todo_write call through the real registry of the release dsh 0.1.1-rc.2 (its
// ToolRuntime and a real Session, the rig in ../shared/harness, Node 24), for two builds of
// the release entry in one run, batches alternating between them (bench/registry/registry.spec.ts).
// Measured only when asked: `npm run bench -- --only g --registry <before dist/release.js>`,
// against this tree's dist/release.js.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Row } from '../row.js'

interface RegistryRow {
  label: string
  beforeMs: number
  afterMs: number
  ratio: number
  spread: [number, number]
}

export const registry: Row = {
  id: 'g',
  what: 'one call through the release’s real ToolRuntime and Session: this build vs another (`--registry`)',
  ratio: 'T(this build) / T(the --registry build), medians over batches of calls alternating between the two; spread: 10th–90th percentile of the pair ratios',
  target: null,
  async run({ root, registry, log }) {
    if (registry === undefined) return { cases: [], note: 'not measured: `--registry <before dist/release.js>` names the build to compare with' }
    const rig = resolve(process.env.TODO_WRITE_HARNESS_RIG ?? join(root, '../shared/harness/run-tests'))
    const before = resolve(registry)
    const after = join(root, 'dist/release.js')
    for (const path of [rig, before, after]) if (!existsSync(path)) throw new Error(`row (g): ${path} does not exist`)
    log('(g) the release registry, through the rig')
    const dir = mkdtempSync(join(tmpdir(), 'todo-write-registry-'))
    try {
      const out = join(dir, 'rows.json')
      const spec = join(root, 'bench/registry/registry.spec.ts')
      spawnSync(rig, ['--at', 'head', after, spec, '--', '-t', 'one call through the real registry'], {
        cwd: root,
        stdio: ['ignore', 2, 'inherit'], // the rig's output is progress: stderr
        env: { ...process.env, BEFORE: before, AFTER: after, BENCH_OUT: out },
      })
      if (!existsSync(out)) throw new Error('row (g): the rig measured nothing (its errors are above)')
      const rows = JSON.parse(readFileSync(out, 'utf8')) as RegistryRow[]
      return {
        cases: rows.map((r) => ({ label: r.label, ratio: r.ratio, spread: r.spread, context: { before: r.beforeMs * 1e6, after: r.afterMs * 1e6 } })),
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
}
