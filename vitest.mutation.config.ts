// The suites Stryker runs for each mutant: in-process tests that import src/ directly.
// Stryker cannot see mutants through a subprocess (the CLI, the kit against `serve` and its
// ports, the cordis Loader on dist/), nor kill one with a test that reads text (layout,
// docs, spec coverage) or recorded figures (bench); those run in `npm test`, not here.
//
// Two gates, by the modules they guard (docs/mutation-testing.md):
// - `core` (stryker.conf.json, `npm run mutate`, in CI): src/core/ and the plugin entries,
//   the rules of spec/todo.md. Its suite is the spec's examples, the golden files, the
//   vectors, the properties of the core and the unit tests of the core and the plugin; the
//   log tooling's tests call the tool too, so they would run for every core mutant without
//   being written to kill one;
// - `log` (stryker.log.conf.json, `npm run mutate:log`): src/log/ and `replay`, the rules of
//   spec/replay.md, with the log tooling's tests.
// Chosen by MUTATION_SUITE (core when unset).
//
// Speed: Stryker's vitest runner starts one vitest run per mutant, and what a run cost was
// loading, not testing. `isolate: false` lets the test files of one run share its worker's
// module cache, so typebox, fast-check and src/ load once per mutant rather than once per
// file (each run still gets a fresh worker, so each mutant is evaluated anew); typebox, some
// hundreds of small ES modules, is pre-bundled once (it is a dependency, never mutated).
import { relative } from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import base from './vitest.config.js'

/**
 * The test files most likely to kill a mutant first. Stryker stops a run at its first
 * failing test, so a mutant costs what runs before the file that kills it: files are
 * ordered by how many mutants each has killed so far in this vitest instance (its in-memory
 * results: a file whose last result is a new failure has killed one more), then cheapest
 * first. A static mutant (module-level code, run against every file) is nearly always
 * killed by the first. The order decides when a mutant is detected, never whether.
 * Durations are the longest seen for a file (the dry run runs each in full; a run cut
 * short must not make a slow file look cheap).
 */
class MostLethalFirst extends BaseSequencer {
  private readonly longest = new Map<string, number>()
  private readonly kills = new Map<string, number>()
  private readonly counted = new WeakSet<object>()

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const facts = new Map(
      files.map((spec) => {
        const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`
        const result = this.ctx.cache.getFileTestResults(key)
        if (result?.failed && !this.counted.has(result)) {
          this.counted.add(result)
          this.kills.set(key, (this.kills.get(key) ?? 0) + 1)
        }
        const longest = Math.max(this.longest.get(key) ?? 0, result?.duration ?? 0)
        this.longest.set(key, longest)
        return [spec, { kills: this.kills.get(key) ?? 0, cost: result === undefined ? Number.POSITIVE_INFINITY : longest, key }]
      }),
    )
    return [...files].sort((a, b) => {
      const x = facts.get(a)!
      const y = facts.get(b)!
      return y.kills - x.kills || x.cost - y.cost || x.key.localeCompare(y.key)
    })
  }
}

const SUITES: Record<string, Record<string, string[]>> = {
  core: {
    unit: [
      'test/unit/distinct.test.ts',
      'test/unit/hostile.test.ts',
      'test/unit/json.test.ts',
      'test/unit/schema.test.ts',
      'test/unit/tool.test.ts',
      'test/unit/validate.test.ts',
      'test/unit/plugin/harness-error.test.ts',
      'test/unit/plugin/host.test.ts',
      'test/unit/plugin/release.test.ts',
      'test/unit/properties/ajv-agrees.test.ts',
      'test/unit/properties/check-order.test.ts',
      'test/unit/properties/counts.test.ts',
      'test/unit/properties/error-formula.test.ts',
      'test/unit/properties/invalid-not-logged.test.ts',
      'test/unit/properties/no-mutation.test.ts',
      'test/unit/properties/normalize.test.ts',
    ],
    spec: ['test/spec/golden.test.ts', 'test/spec/spec-examples.test.ts', 'test/spec/vectors.test.ts'],
    e2e: ['test/e2e/deep-nesting.test.ts'],
  },
  log: {
    unit: [
      'test/unit/acp.test.ts',
      'test/unit/log.test.ts',
      'test/unit/logreader.test.ts',
      'test/unit/render.test.ts',
      'test/unit/replay-cli.test.ts',
      'test/unit/replay.test.ts',
      'test/unit/tail.test.ts',
      'test/unit/verify.test.ts',
      'test/unit/hostile.test.ts',
      'test/unit/properties/acp-schema.test.ts',
      'test/unit/properties/log-replay.test.ts',
      'test/unit/properties/replay.test.ts',
    ],
    spec: ['test/spec/replay-spec-examples.test.ts', 'test/spec/spec-examples.test.ts', 'test/spec/fixture.test.ts'],
  },
}

const name = process.env.MUTATION_SUITE ?? 'core'
const suite = SUITES[name]
if (suite === undefined) throw new Error(`MUTATION_SUITE must be one of ${Object.keys(SUITES).join(', ')}, got ${JSON.stringify(name)}`)

type Project = { test: { name: string } & Record<string, unknown> }
const projects = (base.test?.projects ?? []) as Project[]

export default defineConfig({
  test: {
    cache: false,
    sequence: { sequencer: MostLethalFirst },
    projects: projects
      .filter((project) => project.test.name in suite)
      .map((project) => ({
        test: {
          ...project.test,
          include: suite[project.test.name],
          isolate: false,
          deps: { optimizer: { ssr: { enabled: true, include: ['typebox', 'typebox/compile'] } } },
        },
      })),
  },
})
