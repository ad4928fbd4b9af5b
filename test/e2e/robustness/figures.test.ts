// `npm run fuzz` records its last full run (results.json) and writes its figures into
// docs/benchmarks.md: the page must show exactly the recorded figures. Nothing is run here.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FUZZ_DOC_FILE, fuzzBlock, readFuzzResults } from './figures.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

describe('test/e2e/robustness/results.json and the figures of docs/benchmarks.md', () => {
  const results = readFuzzResults(ROOT)

  it('the page shows the figures of the last recorded run, byte for byte', () => {
    expect(readFileSync(`${ROOT}${FUZZ_DOC_FILE}`, 'utf8')).toContain(fuzzBlock(results))
  })

  it('a recorded run is the full million calls, with no failure', () => {
    expect(results.calls).toBeGreaterThanOrEqual(1_000_000)
    expect(results.failures).toBe(0)
  })
})
