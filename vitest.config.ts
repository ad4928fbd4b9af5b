// The vitest projects, one per kind of test folder (test/ mirrors src/):
// - `unit`: test/core, test/log, test/cli, test/kit, and test/*.test.ts for the package
//   entries (the plugin, the release, the testing host); in-process, seconds;
// - `spec`: test/spec and test/golden, the spec's examples, its coverage, the vectors and the
//   golden texts; `properties`: test/properties, the spec's properties, one file per ID;
// - `e2e`: what no mutation gate can run: the built dist/ in subprocesses, the real sessions
//   in ../shared, the docs' commands, the repository's layout, inputs too big or timings too
//   noisy for a run per mutant (`npm run build` first);
// - `bench`: the benchmark's own record (nothing timed).
// test/harness/ runs on the real harness (`npm run test:harness`), not here.
//
// A worker loads typebox, fast-check and src/ once for all its files (`isolate: false`): most
// of a small file's time was loading. No test file changes process-wide state that it does
// not restore. Three workers on 2 cores: the e2e files partly wait on their subprocesses.
//
// Under Stryker (scripts/mutate.mjs sets MUTATION_TESTS to a gate's test folders from
// stryker.conf.json), one run per mutant, with only the files whose tests cover it:
// - each file in a fresh worker (`isolate: true`), so the first failure cancels the files not
//   started yet; without isolation the one worker imports every file before the first test;
// - the test file that mirrors the mutated one first (src/log/reader.ts: test/log/reader.test.ts;
//   Stryker names the mutant's file in `related`), then the rest in the gate's folder order,
//   its own folder first (`TestOrder`): a run costs what runs before the file that kills, and
//   the mirror kills most mutants of its module;
// - properties stop at their first counterexample (FC_SHRINK=0): a gate asks only whether a
//   test fails;
// - a test fails after 4 s (its slowest honest run takes under 3 s): a mutant that never
//   settles a promise is then killed by its test, not by Stryker's timer, which waits the
//   dry run's overhead too, and then restarts the runner;
// - typebox, some hundreds of small modules and never mutated, pre-bundled once per runner
//   process, in a folder of that process: Stryker starts two runners at once, each sandbox is
//   a new root, and Vite's swap of a rebuilt pre-bundle folder is not safe between processes.
import { matchesGlob, relative } from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const shared = { testTimeout: 60_000, hookTimeout: 60_000 }

/** A gate's entry of stryker.conf.json as test globs: a folder stands for its test files. */
export const testGlobs = (entries: readonly string[]): string[] => entries.map((entry) => (entry.endsWith('.ts') ? entry : `${entry}/**/*.test.ts`))

function mutationConfig(entries: readonly string[]) {
  const globs = testGlobs(entries)
  class TestOrder extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      // One file when a mutant runs; the dry run names every mutated file and keeps the folder order.
      const related = this.ctx.config.related ?? []
      const mirror = related.length === 1 ? `test/${relative(`${this.ctx.config.root}/src`, related[0]!).replace(/\.ts$/, '.test.ts')}` : undefined
      const ranked = files.map((file) => {
        const path = relative(this.ctx.config.root, file.moduleId)
        return { file, path, rank: path === mirror ? -1 : globs.findIndex((glob) => matchesGlob(path, glob)) }
      })
      return ranked.sort((a, b) => a.rank - b.rank || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map(({ file }) => file)
    }
  }
  return defineConfig({
    cacheDir: `.vite-runner/${process.pid}`,
    test: {
      ...shared,
      testTimeout: 4_000,
      include: globs,
      isolate: true,
      cache: false,
      sequence: { sequencer: TestOrder },
      env: { FC_SHRINK: '0' },
      deps: { optimizer: { ssr: { enabled: true, include: ['typebox', 'typebox/compile'] } } },
    },
  })
}

const gate = process.env.MUTATION_TESTS

export default gate
  ? mutationConfig(gate.split(','))
  : defineConfig({
      test: {
        maxWorkers: 3,
        projects: [
          { test: { ...shared, name: 'unit', include: ['test/{core,log,cli,kit}/**/*.test.ts', 'test/*.test.ts'], isolate: false } },
          { test: { ...shared, name: 'spec', include: ['test/spec/**/*.test.ts', 'test/golden/**/*.test.ts'], isolate: false } },
          { test: { ...shared, name: 'properties', include: ['test/properties/**/*.test.ts'], isolate: false } },
          { test: { ...shared, name: 'e2e', include: ['test/e2e/**/*.test.ts'], isolate: false } },
          { test: { ...shared, name: 'bench', include: ['bench/**/*.test.ts'] } },
        ],
      },
    })
