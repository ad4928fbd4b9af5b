// TW-KIT-ZOO-1: `npm run zoo` records its last full run (zoo/results.json) and writes its
// table into docs/zoo.md: the page must show exactly the recorded results, the record must
// cover every bug of the zoo, and it must meet the targets. Nothing is run here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FUZZ_TARGET, readZooResults, targets, ZOO_DOC_FILE, zooBlock } from './zoo/figures.js'
import { ROOT, ZOO, ZOO_RUNS, ZOO_SEEDS } from './zoo/zoo.js'

describe('TW-KIT-ZOO-1: test/e2e/conform/zoo/results.json and docs/zoo.md', () => {
  const results = readZooResults(ROOT)

  it('the page shows the table of the last recorded run, byte for byte', () => {
    expect(readFileSync(`${ROOT}${ZOO_DOC_FILE}`, 'utf8')).toContain(zooBlock(results))
  })

  it('the record is a full run: every bug of the zoo, 20 seeds, 500 sequences', () => {
    expect(results.bugs.map((b) => b.name)).toEqual(ZOO.map((b) => b.name))
    expect(results.seeds).toEqual(ZOO_SEEDS)
    expect(results.runs).toBe(ZOO_RUNS)
    expect(results.bugs.every((b) => b.fuzz.length === ZOO_SEEDS.length)).toBe(true)
  })

  it(`the clean port passes; every bug fails the kit, under every seed (${FUZZ_TARGET * 100}% fuzzer target reported on the page)`, () => {
    const [clean, failsKit, everySeed] = targets(results)
    expect(clean!.met, clean!.text).toBe(true)
    expect(failsKit!.met, failsKit!.text).toBe(true)
    expect(everySeed!.met, everySeed!.text).toBe(true)
  })
})
