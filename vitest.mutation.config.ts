// The suite Stryker runs for each mutant: the `unit` and `spec` projects of vitest.config.ts,
// the tests that import src/ directly, minus those that cannot kill a mutant or repeat what
// others kill (docs/mutation-testing.md says why no rule is lost):
// - the `e2e` project but test/e2e/deep-nesting.test.ts (in-process, mostly): subprocesses
//   on dist/ (the CLI, the kit and its ports, `replay` as a process, the cordis Loader on
//   dist/) and the robustness fuzz (seconds, covering every line of src/, so it would run for
//   every mutant, and its figures); Stryker cannot see mutants through dist/,
//   and the same bytes are pinned in-process by the spec examples, the golden files and the
//   vectors, the export shape by test/unit/plugin/host.test.ts, `replay` by
//   test/unit/replay-cli.test.ts;
// - the `bench` project: reads the recorded benchmark figures, kills nothing;
// - test/unit/layout.test.ts: reads source text, kills nothing;
// - test/unit/plugin/model.test.ts: seconds per run; every text and list it compares is
//   also compared by the spec examples and test/unit/properties/ on the same modules;
// - test/spec/docs.test.ts and test/spec/api-docs.test.ts: they run dist/, not src/.
import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

/** Per project kept: the files left out, or the only files kept. */
const KEPT: Record<string, { exclude?: string[]; include?: string[] }> = {
  unit: { exclude: ['test/unit/layout.test.ts', 'test/unit/plugin/model.test.ts'] },
  spec: { exclude: ['test/spec/docs.test.ts', 'test/spec/api-docs.test.ts'] },
  e2e: { include: ['test/e2e/deep-nesting.test.ts'] },
}

type Project = { test: { name: string } & Record<string, unknown> }
const projects = (base.test?.projects ?? []) as Project[]

export default defineConfig({
  test: {
    projects: projects
      .filter((project) => project.test.name in KEPT)
      .map((project) => {
        const { exclude = [], include } = KEPT[project.test.name]!
        return { test: { ...project.test, ...(include ? { include } : {}), exclude: [...exclude, 'node_modules/**'] } }
      }),
  },
})
