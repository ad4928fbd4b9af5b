// TW-KIT-ZOO-1, small: a few bugs of the zoo through the kit as `npm run zoo` measures them
// (vectors and protocol suite once, the fuzzer alone under two seeds), and the zoo's list
// against the bugs its two wrappers have. The full run is `npm run zoo`.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { measureBug, measureClean, PYTHON_BUGS, ROOT, ZOO } from './zoo/zoo.js'
import { hasPython, PYTHON } from '../../support/python.js'

const settings = { seeds: [1, 2], runs: 150, timeoutMs: 10_000 }
const bug = (name: string) => ZOO.find((b) => b.name === name)!
const names = (source: string) =>
  ZOO.filter((b) => b.source === source)
    .map((b) => b.name)
    .sort()

describe('TW-KIT-ZOO-1: the bug zoo', () => {
  it.skipIf(!hasPython)("lists exactly python-bugs.py's bugs and serve-bugs.mjs's, at least 20 in all, each bug's edits applying to the port once", () => {
    const listed = spawnSync(PYTHON!, [PYTHON_BUGS, '--list'], { encoding: 'utf8' })
    expect(listed.stdout.trim().split('\n').sort()).toEqual(names('python'))
    const wrapper = readFileSync(join(ROOT, 'test/e2e/conform/zoo/serve-bugs.mjs'), 'utf8')
    expect((JSON.parse(/const BUGS = (\[[^\]]*\])/.exec(wrapper)![1]!.replace(/'/g, '"')) as string[]).sort()).toEqual(names('serve'))
    expect(ZOO.length).toBeGreaterThanOrEqual(20)
    expect(new Set(ZOO.map((b) => b.name)).size).toBe(ZOO.length)
    const checked = spawnSync(PYTHON!, [PYTHON_BUGS, '--check'], { encoding: 'utf8' })
    expect(checked.stderr).toBe('')
    expect(checked.status).toBe(0)
  })

  it.skipIf(!hasPython)('a bug whose edit no longer matches the port fails loudly, and an unknown bug is refused', () => {
    const script = `import runpy, sys; m = runpy.run_path(sys.argv[1]); m["BUGS"]["strip"] = [("no such text", "")]; m["buggy_source"]("strip")`
    const drifted = spawnSync(PYTHON!, ['-c', script, PYTHON_BUGS], { encoding: 'utf8' })
    expect(drifted.status).toBe(1)
    expect(drifted.stderr).toContain("strip: the port holds 'no such text' 0 times, not once")
    const unknown = spawnSync(PYTHON!, [PYTHON_BUGS, 'nope'], { input: '', encoding: 'utf8' })
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain("no bug 'nope'")
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
