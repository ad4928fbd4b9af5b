// Five projects, by what a test needs: `unit` runs in-process in seconds, `spec` checks the
// spec's examples, the golden files and the vectors, `properties` the spec's properties
// (section 9: one file per ID, each against the model or the call's own input), `e2e` runs the built command in
// subprocesses (CLI, kit, ports, robustness), `bench` checks the benchmark's own record
// (nothing timed). The harness tests (test/harness/) are not
// here: they run on the real harness, through `npm run test:harness`.
//
// Speed: every project shares one module cache per worker (`isolate: false`), so typebox,
// fast-check and src/ load once per worker rather than once per file (most of a small file's
// time was loading; for e2e, 154 -> 132 s of CPU). No test file changes process-wide state
// that it does not restore. Three workers on the 2-core machine CI runs on (vitest's default
// there is one): the e2e files partly wait on their subprocesses.
import { defineConfig } from 'vitest/config'

const shared = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
}

export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      { test: { ...shared, name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false } },
      { test: { ...shared, name: 'spec', include: ['test/spec/**/*.test.ts', 'test/golden/**/*.test.ts'], isolate: false } },
      { test: { ...shared, name: 'properties', include: ['test/properties/**/*.test.ts'], isolate: false } },
      { test: { ...shared, name: 'e2e', include: ['test/e2e/**/*.test.ts'], isolate: false } },
      { test: { ...shared, name: 'bench', include: ['bench/**/*.test.ts'] } },
    ],
  },
})
