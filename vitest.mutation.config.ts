// The suite Stryker runs for each mutant: everything that imports src/ directly. It leaves
// out test/cli.test.ts (a subprocess: Stryker cannot see mutants through it, and the same
// bytes are pinned in-process by test/golden.test.ts and the spec examples),
// test/layout.test.ts (reads source text, kills nothing) and test/conform/ (the porting
// kit driving subprocess ports for seconds per test; test/vectors.test.ts pins the same
// vectors against src/ in-process).
import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.js'

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: ['test/cli.test.ts', 'test/layout.test.ts', 'test/conform/**', 'node_modules/**'],
    },
  }),
)
