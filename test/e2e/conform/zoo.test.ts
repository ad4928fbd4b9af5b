// TW-KIT-ZOO-1, small: a few bugs of the zoo through the kit as `npm run zoo` measures them
// (vectors and protocol suite once, the fuzzer alone under two seeds), and the zoo's list
// against the bugs the Python port and the serve wrapper actually have. The full run is
// `npm run zoo`; docs/zoo.md shows its recorded results (zoo-page.test.ts).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { measureBug, measureClean, ROOT, ZOO } from './zoo/zoo.js'
import { hasPython, PYTHON } from '../../support/python.js'

const settings = { seeds: [1, 2], runs: 150, timeoutMs: 10_000 }
const bug = (name: string) => ZOO.find((b) => b.name === name)!

describe('TW-KIT-ZOO-1: the bug zoo', () => {
  it.skipIf(!hasPython)("lists exactly the Python port's TODO_PORT_BUGs and the serve wrapper's bugs, at least 20 in all", () => {
    const listed = spawnSync(
      PYTHON!,
      [
        '-c',
        'import importlib.util as u, sys; s = u.spec_from_file_location("p", sys.argv[1]); m = u.module_from_spec(s); s.loader.exec_module(m); print(" ".join(m.BUGS))',
        join(ROOT, 'examples/ports/python/todo_write.py'),
      ],
      { encoding: 'utf8' },
    )
    expect(listed.stdout.trim().split(' ').sort()).toEqual(
      ZOO.filter((b) => b.source === 'python')
        .map((b) => b.name)
        .sort(),
    )
    const wrapper = readFileSync(join(ROOT, 'test/fixtures/ports/zoo-serve.mjs'), 'utf8')
    const wrapped = Object.keys(Function(`return ${/const ZOO_SERVE_BUGS = (\{[^}]*\})/.exec(wrapper)![1]}`)() as object)
    expect(wrapped.sort()).toEqual(
      ZOO.filter((b) => b.source === 'serve')
        .map((b) => b.name)
        .sort(),
    )
    expect(ZOO.length).toBeGreaterThanOrEqual(20)
    expect(new Set(ZOO.map((b) => b.name)).size).toBe(ZOO.length)
  })

  it.skipIf(!hasPython)('the clean port passes what the zoo runs', async () => {
    expect(await measureClean({ ...settings, seeds: [1] })).toEqual({ failed: 0, fuzzFailed: 0 })
  })

  it.skipIf(!hasPython)('a trim bug: pinned by vectors, and caught by the fuzzer alone under every seed', async () => {
    const result = await measureBug(bug('java-strip'), settings)
    expect(result.vectors.failed).toBeGreaterThan(0)
    expect(result.protocol.failed).toBe(0)
    expect(result.fuzz.map((f) => f.at !== null)).toEqual([true, true])
  })

  it.skipIf(!hasPython)('a repeated key at its last position: one vector, and the fuzzer alone finds it', async () => {
    const result = await measureBug(bug('last-position'), settings)
    expect(result.vectors.failed).toBeGreaterThan(0)
    expect(result.fuzz.every((f) => f.at !== null && f.at <= settings.runs)).toBe(true)
  })

  it.skipIf(!hasPython)("a number grammar bug (Double.parseDouble's): pinned by vectors, and the fuzzer alone finds it", async () => {
    const result = await measureBug(bug('double-grammar'), settings)
    expect(result.vectors.failed).toBeGreaterThan(0)
    expect(result.protocol.failed).toBe(0)
    expect(result.fuzz.every((f) => f.at !== null)).toBe(true)
  })

  it('ignoring "end": no vector, no fuzzer sequence — the protocol suite pins it', async () => {
    const result = await measureBug(bug('ignore-end'), { ...settings, seeds: [1], runs: 50 })
    expect(result.vectors.failed).toBe(0)
    // protocol/end, and protocol/framing/crlf, which ends its session on a CR LF line
    expect(result.protocol.failed).toBe(2)
    expect(result.fuzz).toEqual([{ seed: 1, at: null }])
  })
})
