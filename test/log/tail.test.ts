// The plan read from the end of a log file (TW-REPLAY-TAIL-1) against the streaming fold:
// generated logs, damaged or not, cut anywhere, with blocks boundaries inside multi-byte
// characters; the shipped sample logs (the real recorded session: test/e2e/fixture.test.ts).
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from '../support/fc.js'
import { describe, expect, it } from 'vitest'
import { PlanReplay } from '../../src/log/plan.js'
import { readLog } from '../../src/log/reader.js'
import { linesFromEnd, planFromEnd, planFromEndWith, standingPlanOf, latestPlanOf, syncFiles, type Which } from '../../src/log/tail.js'
import { harnessLog } from '../support/harness-log.js'
import { asyncProperty } from '../support/property.js'
import { segments } from '../../fixtures/generators.js'
import { rawFrame, rawZstd } from '../support/zstd.js'
import { suiteDir } from '../support/temp.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const dir = suiteDir('tail')
let files = 0
const file = (text: string | Buffer): string => {
  const path = join(dir(), `log-${files++}.jsonl`)
  writeFileSync(path, text)
  return path
}
const tail = (text: string | Buffer, which?: Which) => planFromEnd(file(text), which)

/** What planFromEnd answers; the problems counted, unless told, are those listed. */
function read(plan: unknown, problems: unknown[], linesRead: number, recognized = true, problemCount = problems.length) {
  return { plan, problems, problemCount, linesRead, recognized }
}
/** A problem on a line numbered from the start of the log, or from its end. */
const atStart = (line: number, message: string) => ({ line, fromEnd: false, message })
const atEnd = (line: number, message: string) => ({ line, fromEnd: true, message })

const HEADER = '{"type":"session","version":0}\n'
const EMPTY = '{"type":"todo/write","seq":0,"data":{"todos":[]}}\n'
const A = [{ content: 'a', status: 'pending' }]
const VERSION_7 = 'wrong header: version must be 0, got 7'
const TRUNCATED = 'truncated last line (not JSON, no final line break)'
const MISSING = 'missing header: expected {"type":"session","version":0,…}'
const EMPTY_LOG = 'the log is empty (no header)'

async function streamed(path: string) {
  const plan = new PlanReplay()
  for await (const record of readLog([readFileSync(path)])) if (record.kind === 'event') plan.apply(record.event)
  return { current: plan.current, standing: plan.standing }
}

async function fromEnd(path: string) {
  return { current: (await planFromEnd(path, 'current')).plan, standing: (await planFromEnd(path, 'standing')).plan }
}

/** Lines a log might be damaged with: unreadable, broken snapshots, other events, a cut last line. */
const DAMAGE = [
  'not json',
  '',
  '{"type":"todo/write","seq":99,"data":{"todos":[{"content":" x","status":"pending"}]}}',
  '{"type":"todo/write","seq":99,"data":{"todos":"nope"}}',
  '{"type":"turn/start","seq":99,"data":{"turn":9}}',
  '{"type":"todo/write","seq":99,"data":{"todos":[{"content":"é😀 ünïcode","status":"in_progress"}]}}',
  '[1,2]',
  '{"type":"session","version":0}',
  '{"type":"text-chunks","seq0":99,"time0":0,"data":{"turn":1,"step":1,"index":0,"dt":[0,0],"texts":["a","b","c"]}}',
  '{"type":"tool-call-chunks","seq0":-1,"time0":0,"data":{"dt":[],"args":["a"]}}',
]

describe('TW-REPLAY-TAIL-1: the plan from the end is the streaming plan', () => {
  // Examples first, the property last: a mutation gate stops at the first failing test.
  it('reads only the end: one line of a long log for the current list, the header aside', async () => {
    const events = Array.from({ length: 5000 }, (_, i) => `{"type":"x","seq":${i + 1},"data":{}}\n`).join('')
    const path = file(`${HEADER}${EMPTY}${events}{"type":"todo/write","seq":5001,"data":{"todos":[{"content":"last","status":"pending"}]}}\n`)
    expect(await planFromEnd(path)).toEqual(read([{ content: 'last', status: 'pending' }], [], 1))
    expect((await planFromEnd(path, 'standing')).linesRead).toBe(1)
  })

  it('decodes UTF-8 whole when a character straddles a block boundary', async () => {
    for (const pad of [65_534, 65_535, 65_536, 65_537]) {
      const content = 'a'.repeat(pad) + '😀é'
      const path = file(`${HEADER}{"type":"todo/write","seq":0,"data":{"todos":[{"content":${JSON.stringify(content)},"status":"pending"}]}}\n`)
      expect(await latestPlanOf(path)).toEqual([{ content, status: 'pending' }])
    }
  })

  it('reports what it read: the header from the start, a cut last line by its position from the end', async () => {
    expect(await tail(`{"type":"session","version":7}\n${EMPTY}{"type":"tu`)).toEqual(read([], [atStart(1, VERSION_7), atEnd(1, TRUNCATED)], 2))
  })

  it('a blank line is a line: the last, or the first after the header, when read back to it', async () => {
    expect(await tail(HEADER + '\nnot json\n')).toEqual(read(null, [atEnd(1, 'not JSON'), atEnd(2, 'blank line')], 2))
    expect(await tail(HEADER + '\n')).toEqual(read(null, [atEnd(1, 'blank line')], 1))
    expect(await tail(HEADER + ' ')).toEqual(read(null, [atEnd(1, 'blank line')], 1))
    expect(await tail(HEADER)).toEqual(read(null, [], 0))
  })

  it('runs of blank lines, across blocks, are read back line by line: the first 100 kept, all counted (TW-LOG-8)', async () => {
    const snapshot = '{"type":"todo/write","seq":0,"data":{"todos":[{"content":"a","status":"pending"}]}}'
    const blank = (line: number) => atEnd(line, 'blank line')
    const problems = [blank(1), blank(2), blank(3), atEnd(4, 'not JSON'), ...Array.from({ length: 96 }, (_, i) => blank(5 + i))]
    expect(await tail(`${HEADER}${snapshot}\nx\n${'\n'.repeat(150_000)}y\n\n\n\n`)).toEqual(read(A, problems, 150_006, true, 150_005))
  })

  it('a run of blank lines is read back a block at a time, not a line at a time', async () => {
    const text = `x\n${'\n'.repeat(150_000)}y\n\n`
    const handle = await open(file(text), 'r')
    const blank = (count: number) => ({ kind: 'blank', count })
    const terminated = (line: string) => ({ kind: 'line', text: line, terminated: true })
    try {
      const lines = []
      for await (const line of linesFromEnd(handle, 0, text.length)) lines.push(line)
      // Blocks of 64 KiB from the end: the one blank line after y, y, then the run in three pieces, cut where the blocks are.
      expect(lines).toEqual([blank(1), terminated('y'), blank(65_533), blank(65_536), blank(150_000 - 65_533 - 65_536), terminated('x')])
    } finally {
      await handle.close()
    }
  })

  it('the lines read from the end are judged as the stream judges them (TW-LOG-3, TW-LOG-4)', async () => {
    expect((await tail(`${HEADER}${EMPTY}[1]\n${HEADER}`)).problems).toEqual([
      atEnd(1, 'a second session header (two logs concatenated?)'),
      atEnd(2, 'not a JSON object (an array)'),
    ])
  })

  it('a header longer than a block, or without a line break, is read whole', async () => {
    const long = `{"type":"session","version":0,"id":"${'i'.repeat(70_000)}"}`
    expect(await tail(`${long}\n${EMPTY}`)).toEqual(read([], [], 1))
    expect(await tail('{"type":"session","version":0}')).toEqual(read(null, [], 0))
  })

  it('a header alone, even of the wrong version, makes the file a log (TW-REPLAY-CLI-4)', async () => {
    expect(await tail('{"type":"session","version":7}\n')).toEqual(read(null, [atStart(1, VERSION_7)], 0))
  })

  it('which plan is "current" or "standing": anything else is refused', async () => {
    const path = file(HEADER)
    await expect(planFromEnd(path, 'latest' as Which)).rejects.toThrow('which must be "current" or "standing", got "latest"')
    expect((await planFromEnd(path, 'current')).plan).toBeNull()
    expect((await planFromEnd(path)).plan).toBeNull()
  })

  it.runIf(process.platform === 'linux')('closes the file it opened', async () => {
    const path = file(HEADER)
    const open = readdirSync('/proc/self/fd').length
    await planFromEnd(path)
    await latestPlanOf(path)
    await planFromEndWith(syncFiles(), path, 'current')
    expect(readdirSync('/proc/self/fd').length).toBe(open)
  })

  it('a packed row as line 1, the header missing: read from the end like the rest', async () => {
    expect(await tail('{"type":"text-chunks","seq0":0,"time0":0,"data":{"dt":[],"texts":["a"]}}\n')).toEqual(read(null, [atStart(1, MISSING)], 1))
  })

  it('a log without a header reads line 1 as an event, as streaming does', async () => {
    expect(await tail('{"type":"todo/write","seq":0,"data":{"todos":[{"content":"a","status":"pending"}]}}\n')).toEqual(read(A, [atStart(1, MISSING)], 1))
  })

  it('an empty file: no plan, the empty log named', async () => {
    expect(await tail('')).toEqual(read(null, [atStart(1, EMPTY_LOG)], 0, false))
  })

  it('a log that grows once sized is read as it was: empty, its header alone, or its header cut short', async () => {
    // The header cut short by the size: the rest of its line comes after.
    const cut = HEADER.slice(0, -1)
    const cases: [string, string, unknown[]][] = [
      ['', HEADER + EMPTY, [atStart(1, EMPTY_LOG)]],
      [HEADER, EMPTY, []],
      [cut, `\n${EMPTY}`, []],
    ]
    for (const [before, after, problems] of cases) {
      const path = file(before)
      const files = syncFiles()
      const growing = { ...files, size: async (fd: number) => [await files.size(fd), appendFileSync(path, after)][0]! }
      expect(await planFromEndWith(growing, path, 'current')).toEqual(read(null, problems, 0, before !== ''))
    }
  })

  it('standingPlanOf stops at the last turn/start', async () => {
    const path = file(`${HEADER}${EMPTY}{"type":"turn/start","seq":1,"data":{}}\n`)
    expect(await standingPlanOf(path)).toBeNull()
    expect(await latestPlanOf(path)).toEqual([])
  })

  it('packed rows are read past, from the end as from the start (TW-LOG-10)', async () => {
    const packed =
      '{"type":"text-chunks","seq0":1,"time0":0,"data":{"dt":[0],"texts":["a","b"]}}\n{"type":"reasoning-chunks","seq0":3,"time0":0,"data":{"dt":[],"texts":["c"]}}\n'
    expect(await tail(HEADER + EMPTY + packed)).toEqual(read([], [], 3))
  })

  it('a compressed log is read from the start: its problems by line number, its damage last (TW-LOG-9)', async () => {
    const text = `${HEADER}${EMPTY}not json\n{"type":"todo/write","seq":2,"data":{"todos":[{"content":"a","status":"pending"}]}}\n`
    expect(await tail(rawZstd(text, [10, 50]))).toEqual(read(A, [atStart(3, 'not JSON')], 4))
    // A run of blank lines, each named by its number from the start.
    const blank = (line: number) => atStart(line, 'blank line')
    expect(await tail(rawZstd(text.replace('not json\n', '\n\n\n'), [10, 50]))).toMatchObject({ problems: [blank(3), blank(4), blank(5)], problemCount: 3 })
    // Damaged in its last frame, which holds line 4: the lines before it are the log.
    const z = rawZstd(text, [text.indexOf('{"type":"todo/write","seq":2')])
    const damaged = 'the compressed log is damaged (unexpected end of file): nothing after this point can be read'
    expect(await tail(z.subarray(0, z.length - 3))).toEqual(read([], [atStart(3, 'not JSON'), atStart(4, damaged)], 3))
    // A broken snapshot is reported by its line; a last line without a line break is read.
    const broken = `${HEADER}${EMPTY}{"type":"todo/write","seq":1,"data":{"todos":[" a"]}}\n{"type":"tu`
    const invariant = 'todo/write seq 1 breaks the durable-log invariant: todos[0] is not an object'
    expect(await tail(rawZstd(broken, [40]), 'standing')).toEqual(read([], [atStart(3, invariant), atStart(4, TRUNCATED)], 4))
    expect(await tail(rawFrame(new Uint8Array(0)))).toEqual(read(null, [atStart(1, EMPTY_LOG)], 0, false))
    // Large enough to take many blocks of the file (about 700 kB in 64 KiB blocks), in lines
    // long enough that the splitter runs a few thousand times, not tens of thousands.
    const pad = 'p'.repeat(320)
    const many = HEADER + Array.from({ length: 2_000 }, (_, i) => `{"type":"x","seq":${i},"data":{"pad":"${pad}"}}\n`).join('')
    const last = `{"type":"todo/write","seq":2000,"data":{"todos":[{"content":"z","status":"completed"}]}}\n`
    expect(many.length).toBeGreaterThan(10 * 64 * 1024)
    expect(await tail(rawZstd(many + last, [12_345, 300_000]))).toEqual(read([{ content: 'z', status: 'completed' }], [], 2_002))
  })

  it('a file of lines none of which is a header or an event is not recognized', async () => {
    expect(await tail('# a title\n\n{"a":1}\n')).toMatchObject({ plan: null, recognized: false })
    expect(await tail(rawZstd('# a title\n'))).toMatchObject({ plan: null, recognized: false })
    expect(await tail(HEADER)).toMatchObject({ plan: null, recognized: true, problems: [] })
  })

  it.each([
    'examples/logs/sample.jsonl',
    'examples/logs/damaged.jsonl',
    'examples/logs/misreported.jsonl',
    'examples/logs/release-sample.jsonl',
    'examples/logs/release-sample.jsonl.zstd',
  ])('%s: the same plans', async (name) => {
    expect(await fromEnd(join(ROOT, name))).toEqual(await streamed(join(ROOT, name)))
  })

  asyncProperty(
    'TW-PROP-TAIL: on every generated log, damaged or not, cut mid-line or not, the current list and the standing plan agree',
    [segments, fc.array(fc.tuple(fc.nat(), fc.nat({ max: DAMAGE.length - 1 })), { maxLength: 6 }), fc.nat(), fc.boolean()],
    async (segs, inserts, cutAt, cutLast) => {
      const lines = harnessLog(segs).text.split('\n').slice(0, -1)
      for (const [at, which] of inserts) lines.splice(at % (lines.length + 1), 0, DAMAGE[which]!)
      let text = lines.join('\n') + '\n'
      // A crash mid-append: the last line cut anywhere.
      if (cutLast) text = text.slice(0, text.length - 1 - (cutAt % Math.max(1, text.length - 1)))
      const path = file(text)
      expect(await fromEnd(path)).toEqual(await streamed(path))
      // The same log compressed (TW-LOG-9): read from the start, the same plans.
      const compressed = file(rawZstd(text, [cutAt % (text.length + 1)]))
      expect(await fromEnd(compressed)).toEqual(await streamed(path))
    },
    { numRuns: 150 },
  )
})
