// The suite Stryker runs for each mutant: the tests that import src/ directly. Left out,
// and why no rule is lost (README, "Mutation testing"):
// - test/cli.test.ts: a subprocess on dist/, Stryker cannot see mutants through it; the
//   same bytes are pinned in-process by test/golden.test.ts and the spec examples;
// - test/plugin/loader.test.ts: loads dist/ through the real cordis Loader (unmutated code);
//   the export shape it proves is pinned in-process by test/plugin/host.test.ts;
// - test/plugin/model.test.ts: seconds per run; every text and list it compares is also
//   compared by the spec examples and test/properties/ on the same modules;
// - test/layout.test.ts: reads source text, kills nothing;
// - test/conform/: the porting kit driving subprocess ports, seconds per test; the vectors
//   it runs are pinned against src/ in-process by test/vectors.test.ts;
// - test/replay-bin.test.ts: `todo-write replay` as a subprocess; test/replay-cli.test.ts
//   drives the same command in-process;
// - test/robustness.test.ts: 10^4 fuzzed calls and the giants, ~6 s, covering every line of
//   src/ (so it would run for every mutant); it compares with the model what the spec
//   examples and test/properties/ already pin, and its own checks are shown failing there;
// - test/bench-report.test.ts: reads the recorded benchmark figures, kills nothing.
import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.js'

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: ['test/cli.test.ts', 'test/plugin/loader.test.ts', 'test/plugin/model.test.ts', 'test/layout.test.ts', 'test/conform/**', 'test/replay-bin.test.ts', 'test/robustness.test.ts', 'test/bench-report.test.ts', 'node_modules/**'],
    },
  }),
)
