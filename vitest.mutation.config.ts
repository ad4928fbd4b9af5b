// The suite Stryker runs for each mutant: everything that imports src/ directly. It leaves
// out test/cli.test.ts (a subprocess: Stryker cannot see mutants through it, and the same
// bytes are pinned in-process by test/golden.test.ts and the spec examples) and
// test/layout.test.ts (reads source text, kills nothing).
import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.js'

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: ['test/cli.test.ts', 'test/layout.test.ts', 'node_modules/**'],
    },
  }),
)
