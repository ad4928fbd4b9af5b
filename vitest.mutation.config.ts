// The suites Stryker runs for each mutant: in-process tests that import src/ directly.
// Stryker cannot see mutants through a subprocess (the CLI, the kit against `serve` and its
// ports, the cordis Loader on dist/), nor kill one with a test that reads text (layout,
// docs, spec coverage) or recorded figures (bench); those run in `npm test`, not here.
//
// Three gates, by the modules they guard (docs/mutation-testing.md):
// - `core` (stryker.conf.json, `npm run mutate`, in CI): src/core/, the rules of
//   spec/todo.md. Its suite is the spec's examples, the golden files, the vectors, the
//   properties of the core and the unit tests of the core and the plugin; the log tooling's
//   tests call the tool too, so they would run for every core mutant without being written
//   to kill one;
// - `entries` (stryker.entries.conf.json, `npm run mutate:entries`, in CI): the harness
//   entries, src/plugin.ts and the release's, with the plugin's unit tests;
// - `log` (stryker.log.conf.json, `npm run mutate:log`, in CI): src/log/
//   and `replay`, the rules of spec/replay.md, with the log tooling's tests.
// Chosen by MUTATION_SUITE (core when unset).
//
// Speed: Stryker's vitest runner starts one vitest run per mutant, with the test files of
// the tests that cover it, and stops at the first failure; what a run costs is loading, not
// testing. Each test file runs in a fresh worker (`isolate: true`): then a failure cancels
// the files not started yet. Without isolation the single worker is handed every file of
// the run at once and imports them all before running the first test, so a mutant killed
// by its first file still paid for loading the rest. Files run in the order each gate lists
// them, its focused unit tests first, then the spec's examples, then the properties
// (`ListedOrder`, on the configuration's own lists): measured on the log gate, 453 s in
// vitest's own order (projects by name, properties first) -> 390 s, 1.79 -> 1.14 files per
// mutant (docs/mutation-testing.md). Properties stop at their first counterexample
// (FC_SHRINK=0): a gate asks whether a test fails, not for a small counterexample. typebox,
// some hundreds of small ES modules, is pre-bundled once per runner process (it is a
// dependency, never mutated).
//
// Each runner process keeps that pre-bundle in its own folder, inside Stryker's sandbox (the
// root; removed with it). Vite's default folder, node_modules/.vite, is one for every process:
// the sandbox's node_modules is a link to the checkout's. Stryker starts a gate's two runners
// at once, and each sandbox is a new root, so both find the last gate's bundle stale and
// rebuild it in the same folder together; Vite's swap of the old folder for the new is not
// safe between processes (a rename onto a folder the other just filled fails).
import { relative } from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import base from './vitest.config.js'

/** The properties of the core (spec/todo.md section 9), one file per ID. */
const CORE_PROPERTIES = [
  'test/properties/ajv-agrees.test.ts',
  'test/properties/check-order.test.ts',
  'test/properties/counts.test.ts',
  'test/properties/error-formula.test.ts',
  'test/properties/invalid-not-logged.test.ts',
  'test/properties/last-accepted.test.ts',
  'test/properties/lossless.test.ts',
  'test/properties/no-mutation.test.ts',
  'test/properties/normalize-idempotent.test.ts',
  'test/properties/one-read.test.ts',
  'test/properties/replay-idempotent.test.ts',
  'test/properties/resend.test.ts',
  'test/properties/whole-model.test.ts',
]

const SUITES: Record<string, Record<string, string[]>> = {
  core: {
    unit: [
      'test/unit/distinct.test.ts',
      'test/unit/hostile.test.ts',
      'test/unit/schema.test.ts',
      'test/unit/tool.test.ts',
      'test/unit/validate.test.ts',
      'test/unit/plugin/harness-error.test.ts',
      'test/unit/plugin/host.test.ts',
      'test/unit/plugin/release.test.ts',
    ],
    spec: ['test/spec/spec-examples.test.ts', 'test/golden/golden.test.ts', 'test/spec/vectors.test.ts'],
    properties: CORE_PROPERTIES,
  },
  // What the design card's proof alone kills (docs/mutation-testing.md): the properties and the golden texts.
  properties: {
    properties: CORE_PROPERTIES,
    spec: ['test/golden/golden.test.ts'],
  },
  entries: {
    unit: ['test/unit/plugin/harness-error.test.ts', 'test/unit/plugin/host.test.ts', 'test/unit/plugin/release.test.ts'],
  },
  log: {
    unit: [
      'test/unit/render.test.ts',
      'test/unit/acp.test.ts',
      'test/unit/json.test.ts',
      'test/unit/log.test.ts',
      'test/unit/replay.test.ts',
      'test/unit/compressed.test.ts',
      'test/unit/logreader.test.ts',
      'test/unit/tail.test.ts',
      'test/unit/verify-pairing.test.ts',
      'test/unit/verify.test.ts',
      'test/unit/history.test.ts',
      'test/unit/hostile.test.ts',
      'test/unit/replay-cli.test.ts',
    ],
    // Not the real sessions' tests (test/spec/fixture.test.ts, release-fixtures.test.ts): they
    // read ../shared beside the checkout, which Stryker's sandbox, two directories down, is
    // not beside; what they pin, the replay examples and the sample logs pin too.
    spec: ['test/spec/replay-spec-examples.test.ts', 'test/spec/spec-examples.test.ts'],
    properties: [
      'test/properties/log-replay.test.ts',
      'test/properties/log-damage.test.ts',
      'test/properties/verify.test.ts',
      'test/properties/history-replay.test.ts',
      'test/properties/history-summary.test.ts',
      'test/properties/acp-schema.test.ts',
      'test/properties/last-accepted.test.ts',
      'test/properties/replay-idempotent.test.ts',
      'test/properties/resend.test.ts',
    ],
  },
}

const name = process.env.MUTATION_SUITE ?? 'core'
const suite = SUITES[name]
if (suite === undefined) throw new Error(`MUTATION_SUITE must be one of ${Object.keys(SUITES).join(', ')}, got ${JSON.stringify(name)}`)

/** A gate's files in the order its lists give, whatever their project: the likeliest killer first. */
const ORDER = Object.values(suite).flat()

class ListedOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ranked = files.map((file) => ({ file, rank: ORDER.indexOf(relative(this.ctx.config.root, file.moduleId)) }))
    return ranked.sort((a, b) => a.rank - b.rank).map(({ file }) => file)
  }
}

type Project = { test: { name: string } & Record<string, unknown> }
const projects = (base.test?.projects ?? []) as Project[]

export default defineConfig({
  test: {
    cache: false,
    sequence: { sequencer: ListedOrder },
    projects: projects
      .filter((project) => project.test.name in suite)
      .map((project) => ({
        cacheDir: `.vite-runner/${process.pid}`,
        test: {
          ...project.test,
          include: suite[project.test.name],
          isolate: true,
          env: { FC_SHRINK: '0' },
          deps: { optimizer: { ssr: { enabled: true, include: ['typebox', 'typebox/compile'] } } },
        },
      })),
  },
})
