// The log reader (spec TW-LOG-2 … TW-LOG-5), line by line through LogParser and as a
// stream through readLog. Expected messages are written out here, not taken from src.
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { jsonKind, KEPT_PROBLEMS, LogParser, ProblemList, readEventLine, readLog, readLogBatches, type LogRecord } from '../../src/log/reader.js'
import type { Chunks } from '../../src/log/compressed.js'
import { invalidUtf8, LineSplitter, splitLines, strictUtf8 } from '../../src/log/lines.js'
import { source } from '../support/replay.js'

const HEADER = '{"type":"session","version":0,"id":"s","createdAt":0,"cwd":"/","delegationDepth":0}'
const ev = (seq: number, type = 'x/y') => `{"type":"${type}","seq":${seq}}`

/** Feed lines (the last one maybe unterminated) and collect every record. */
function parse(lines: string[], lastUnterminated = false): LogRecord[] {
  const parser = new LogParser()
  const records = lines.flatMap((line, i) => parser.push(line, lastUnterminated && i === lines.length - 1))
  return [...records, ...parser.end()]
}

const problems = (records: LogRecord[]) => records.filter((r) => r.kind === 'problem').map((r) => `${r.line}: ${(r as { message: string }).message}`)
const events = (records: LogRecord[]) => records.flatMap((r) => (r.kind === 'event' ? [`${r.line}:${r.event.type}#${r.event.seq}`] : []))
const parsedProblems = (lines: string[], lastUnterminated = false) => problems(parse(lines, lastUnterminated))

async function drain<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}
const collect = (input: Chunks) => drain(readLog(input))
/** The problems readLog finds in a stream of these chunks. */
const streamProblems = async (...chunks: (string | Buffer)[]) => problems(await collect(source(...chunks)))

const MISSING = 'missing header: expected {"type":"session","version":0,…}'
const TRUNCATED = 'truncated last line (not JSON, no final line break)'
const SECOND_HEADER = 'a second session header (two logs concatenated?)'
const line = (text: string, terminated = true) => ({ kind: 'line', text, terminated })
const tooLong = (bytes: number, terminated = true) => ({ kind: 'too-long', bytes, terminated })

describe('LogParser: the header (TW-LOG-4)', () => {
  it('a sound header is a header record, and events follow from seq 0', () => {
    const records = parse([HEADER, ev(0), ev(1)])
    expect(records[0]).toEqual({ kind: 'header', line: 1, header: JSON.parse(HEADER) })
    expect(events(records)).toEqual(['2:x/y#0', '3:x/y#1'])
    expect(problems(records)).toEqual([])
  })

  it('an empty log: line 1, no header', () => {
    expect(parse([])).toEqual([{ kind: 'problem', line: 1, message: 'the log is empty (no header)' }])
  })

  it('a log with lines is not empty, whatever they are', () => {
    expect(parsedProblems([''])).toEqual(['1: blank line'])
  })

  it('a missing header: line 1 is still read as an event', () => {
    const records = parse([ev(0, 'todo/write'), ev(1)])
    expect(records[0]).toEqual({ kind: 'problem', line: 1, message: MISSING })
    expect(events(records)).toEqual(['1:todo/write#0', '2:x/y#1'])
    expect(problems(records)).toHaveLength(1)
  })

  it('a missing header whose line 1 is not an event either gets both messages', () => {
    expect(parsedProblems(['{"seq":0}', ev(0)])).toEqual([`1: ${MISSING}`, '1: not an event: "type" is not a string'])
  })

  it.each([
    ['{"type":"session","version":1}', 'wrong header: version must be 0, got 1'],
    ['{"type":"session","version":"0"}', 'wrong header: version must be 0, got "0"'],
    ['{"type":"session","version":null}', 'wrong header: version must be 0, got null'],
    ['{"type":"session"}', 'wrong header: version must be 0, got undefined'],
  ])('wrong version %s', (header, message) => {
    const records = parse([header, ev(0)])
    expect(records[0]).toEqual({ kind: 'problem', line: 1, message })
    expect(records[1]).toEqual({ kind: 'header', line: 1, header: JSON.parse(header) })
    expect(events(records)).toEqual(['2:x/y#0'])
  })

  it('a second header is skipped and seq counts from 0 again', () => {
    const records = parse([HEADER, ev(0), ev(1), HEADER, ev(0), ev(1)])
    expect(problems(records)).toEqual([`4: ${SECOND_HEADER}`])
    expect(records.filter((r) => r.kind === 'header')).toHaveLength(1)
    expect(events(records)).toEqual(['2:x/y#0', '3:x/y#1', '5:x/y#0', '6:x/y#1'])
  })

  it('a second header right after an unreadable line still restarts seq at 0', () => {
    expect(parsedProblems([HEADER, ev(0), 'x', HEADER, ev(1)])).toEqual(['3: not JSON', `4: ${SECOND_HEADER}`, '5: seq 1, expected 0'])
  })
})

describe('LogParser: unreadable lines (TW-LOG-3)', () => {
  it.each([
    ['', 'blank line'],
    [' \t', 'blank line'],
    ['\u00a0', 'blank line'],
    ['{"type":', 'not JSON'],
    ['x', 'not JSON'],
    ['null', 'not a JSON object (null)'],
    ['[]', 'not a JSON object (an array)'],
    ['"s"', 'not a JSON object (a string)'],
    ['0', 'not a JSON object (a number)'],
    ['false', 'not a JSON object (a boolean)'],
    ['{"seq":1}', 'not an event: "type" is not a string'],
    ['{"type":7,"seq":1}', 'not an event: "type" is not a string'],
    ['{"type":"x"}', 'not an event: "seq" is not a non-negative integer'],
    ['{"type":"x","seq":-1}', 'not an event: "seq" is not a non-negative integer'],
    ['{"type":"x","seq":1.5}', 'not an event: "seq" is not a non-negative integer'],
    ['{"type":"x","seq":"1"}', 'not an event: "seq" is not a non-negative integer'],
    ['{"type":"x","seq":9007199254740992}', 'not an event: "seq" is not a non-negative integer'],
  ])('%j → %s, skipped', (line, message) => {
    const records = parse([HEADER, ev(0), line, ev(1)])
    expect(problems(records)).toEqual([`3: ${message}`])
    expect(events(records)).toEqual(['2:x/y#0', '4:x/y#1'])
  })

  it('an event whose type is the empty string is an event', () => {
    expect(events(parse([HEADER, '{"type":"","seq":0}']))).toEqual(['2:#0'])
  })

  it('seq 0 and the largest safe integer are seqs', () => {
    expect(parsedProblems([HEADER, ev(0), 'x', '{"type":"x","seq":9007199254740991}'])).toEqual(['3: not JSON'])
  })

  it('an unterminated last line that is not JSON is a truncated line', () => {
    expect(parsedProblems([HEADER, ev(0), '{"type":"todo/wr'], true)).toEqual([`3: ${TRUNCATED}`])
  })

  it('an unterminated last line that is JSON is read as usual', () => {
    const records = parse([HEADER, ev(0), ev(1)], true)
    expect(problems(records)).toEqual([])
    expect(events(records)).toEqual(['2:x/y#0', '3:x/y#1'])
  })

  it('an unterminated blank or non-object last line keeps its own message', () => {
    expect(parsedProblems([HEADER, ' '], true)).toEqual(['2: blank line'])
    expect(parsedProblems([HEADER, '[1]'], true)).toEqual(['2: not a JSON object (an array)'])
  })

  it('jsonKind names every non-object JSON value', () => {
    expect([null, [], '', 1, true].map(jsonKind)).toEqual(['null', 'an array', 'a string', 'a number', 'a boolean'])
  })
})

describe('LogParser: seq counts up from 0 (TW-LOG-5)', () => {
  it('the first event must be seq 0', () => {
    const records = parse([HEADER, ev(1), ev(2)])
    expect(problems(records)).toEqual(['2: seq 1, expected 0'])
    expect(events(records)).toEqual(['2:x/y#1', '3:x/y#2'])
  })

  it('a gap, a repeat and a step back are each reported once; counting goes on from the seq read', () => {
    const records = parse([HEADER, ev(0), ev(2), ev(3), ev(3), ev(1), ev(2)])
    expect(problems(records)).toEqual(['3: seq 2, expected 1', '5: seq 3, expected 4', '6: seq 1, expected 4'])
    expect(events(records)).toHaveLength(6)
  })

  it('after an unreadable line the next seq is taken as it is, then checked again', () => {
    const records = parse([HEADER, ev(0), '', ev(5), ev(7)])
    expect(problems(records)).toEqual(['3: blank line', '5: seq 7, expected 6'])
  })

  it.each(['[]', '{"seq":3}', '{"type":"x"}', '"s"'])('after the unreadable line %s too', (bad) => {
    expect(parsedProblems([HEADER, ev(0), bad, ev(5)]).slice(1)).toEqual([])
  })

  it('after a missing header, the first event still counts as seq 0', () => {
    expect(parsedProblems([ev(0), ev(2)])).toEqual([`1: ${MISSING}`, '2: seq 2, expected 1'])
  })
})

describe('readLog: streaming through node:readline (TW-LOG-2)', () => {
  const LOG = `${HEADER}\n${ev(0, 'todo/write')}\n${ev(1)}\n`

  it('reads lines across arbitrary chunk boundaries, multi-byte characters split included', async () => {
    const text = `${HEADER}\n{"type":"é✓😀","seq":0}\n${ev(1)}\n`
    const bytes = Buffer.from(text)
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const records = await collect(source(bytes.subarray(0, cut), bytes.subarray(cut)))
      expect(events(records)).toEqual(['2:é✓😀#0', '3:x/y#1'])
      expect(problems(records)).toEqual([])
    }
  })

  it('string chunks work as well as bytes', async () => {
    expect(events(await collect(Readable.from([LOG.slice(0, 10), LOG.slice(10)])))).toEqual(['2:todo/write#0', '3:x/y#1'])
  })

  it('CRLF line breaks', async () => {
    const records = await collect(source(LOG.replaceAll('\n', '\r\n')))
    expect(events(records)).toEqual(['2:todo/write#0', '3:x/y#1'])
    expect(problems(records)).toEqual([])
  })

  it('TW-LOG-2: only LF ends a line; a CR before it is JSON whitespace, a lone CR is part of the line', async () => {
    expect(events(await collect(source(`${HEADER}\r\n${ev(0)}\r\n${ev(1)}\n`)))).toEqual(['2:x/y#0', '3:x/y#1'])
    expect(await streamProblems(`${HEADER}\n${ev(0)}\r${ev(1)}\n`)).toEqual(['2: not JSON'])
  })

  it('bytes that are not UTF-8 read as U+FFFD; a byte-order mark makes line 1 unreadable', async () => {
    const bad = Buffer.concat([Buffer.from(`${HEADER}\n{"type":"a`), Buffer.from([0xff]), Buffer.from('","seq":0}\n')])
    expect(events(await collect(source(bad)))).toEqual(['2:a\ufffd#0'])
    expect(await streamProblems('\ufeff' + HEADER + '\n' + ev(0) + '\n')).toEqual(['1: not JSON'])
  })

  it('an empty stream is an empty log', async () => {
    expect(await collect(source())).toEqual([{ kind: 'problem', line: 1, message: 'the log is empty (no header)' }])
  })

  it('a lone line break is one blank line', async () => {
    expect(await streamProblems('\n')).toEqual(['1: blank line'])
  })

  it('a last line cut mid-append is truncated; cut after its brace it is whole', async () => {
    const cut = `${HEADER}\n${ev(0)}\n{"type":"x","seq":1`
    expect(await streamProblems(cut)).toEqual([`3: ${TRUNCATED}`])
    expect(await streamProblems(cut + '}')).toEqual([])
    expect(events(await collect(source(cut + '}')))).toEqual(['2:x/y#0', '3:x#1'])
  })

  it('a broken line with its line break is "not JSON", even when it is the last', async () => {
    expect(await streamProblems(`${HEADER}\n{"type":"x","seq":1\n`)).toEqual(['2: not JSON'])
    expect(problems(await collect(Readable.from([`${HEADER}\n{"type":`, '"x","seq":1\n'])))).toEqual(['2: not JSON'])
  })

  it('the final-line-break test looks at the last byte only, in a chunk of its own too', async () => {
    expect(await streamProblems(`${HEADER}\n{"type":`, '\n')).toEqual(['2: not JSON'])
    expect(await streamProblems(`${HEADER}\n`, '{"type":')).toEqual([`2: ${TRUNCATED}`])
    expect(problems(await collect(Readable.from([`${HEADER}\n`, '{"type":'])))).toEqual([`2: ${TRUNCATED}`])
    expect(await streamProblems(`${HEADER}\n{"type":`, '\n', Buffer.alloc(0))).toEqual(['2: not JSON'])
  })

  it('U+2028 and U+2029 inside a string do not split a line', async () => {
    expect(events(await collect(source(`${HEADER}\n{"type":"a\u2028b\u2029c","seq":0}\n`)))).toEqual(['2:a\u2028b\u2029c#0'])
  })

  it('is lazy: it never reads the whole log ahead of its consumer', async () => {
    let produced = 0
    const total = 2_000_000
    function* lines() {
      yield HEADER + '\n'
      for (let seq = 0; seq < total; seq++) {
        produced++
        yield `${ev(seq)}\n`
      }
    }
    const input = Readable.from(lines())
    const reader = readLog(input)
    const first: LogRecord[] = []
    for await (const record of reader) {
      first.push(record)
      if (first.length === 3) break
    }
    input.destroy()
    expect(events(first)).toEqual(['2:x/y#0', '3:x/y#1'])
    expect(produced).toBeLessThan(total / 20)
  })
})

describe('TW-LOG-7: a line longer than 64 MiB is not read', () => {
  /** `total` bytes of `byte`, in 1 MiB chunks, then `tail`: never held whole. */
  async function* stream(total: number, byte: number, tail = ''): AsyncGenerator<Uint8Array | string> {
    const chunk = new Uint8Array(1 << 20).fill(byte)
    for (let sent = 0; sent < total; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, total - sent))
    if (tail !== '') yield tail
  }

  it('splitLines reports a too-long line by its length and keeps none of it', async () => {
    // Exactly the limit is read; one byte more is too long.
    const chunks = ['ab', 'cdef\ngh', 'ij\nklm', 'de\nstuvwx'].map((text) => Buffer.from(text))
    const lines = await drain(splitLines(chunks, 5))
    expect(lines).toEqual([tooLong(6), line('ghij'), line('klmde'), tooLong(6, false)])
  })

  it('a too-long line is unreadable to the parser and to the tail reader alike, named by its length', () => {
    const long = { kind: 'too-long', bytes: 70_000_000, terminated: true } as const
    const message = 'a line of 70,000,000 bytes, longer than 64 MiB: not read'
    const parser = new LogParser()
    expect(parser.read({ kind: 'line', text: HEADER, terminated: true })).toEqual([{ kind: 'header', line: 1, header: JSON.parse(HEADER) }])
    expect(parser.read(long)).toEqual([{ kind: 'problem', line: 2, message }])
    expect(readEventLine(long)).toEqual({ kind: 'problem', message })
  })

  it("the splitter keeps a copy of a chunk's unfinished line: the chunk's buffer may be reused", () => {
    const splitter = new LineSplitter()
    const chunk = Buffer.from('a\nbc')
    expect([...splitter.push(chunk)]).toEqual([line('a')])
    chunk.fill('x')
    expect([...splitter.push(Buffer.from('d\n'))]).toEqual([line('bcd')])
    expect([...splitter.end()]).toEqual([])
  })

  it('a 65 MiB line and a 200 MiB run of zero bytes are skipped and named', async () => {
    const records = await collect(stream(65 << 20, 0x61, `\n${ev(1)}\n`))
    expect(records[0]).toEqual({ kind: 'problem', line: 1, message: MISSING })
    expect(records[1]).toEqual({ kind: 'problem', line: 1, message: 'a line of 68,157,440 bytes, longer than 64 MiB: not read' })
    expect(events(records)).toEqual(['2:x/y#1'])
    expect(problems(await collect(stream(200 << 20, 0)))).toEqual([`1: ${MISSING}`, '1: a line of 209,715,200 bytes, longer than 64 MiB: not read'])
  })
})

describe('TW-LOG-3, TW-LOG-8: a run of blank lines is read as one, reported line by line', () => {
  it('the splitter tells a run of empty lines at once, within a chunk, not across a line that is being read', () => {
    const splitter = new LineSplitter()
    const lines = [...['\n\n', 'a', '\n\n\nb\n', '\n', ' \n'].flatMap((text) => [...splitter.push(Buffer.from(text))]), ...splitter.end()]
    const blank = (count: number) => ({ kind: 'blank', count })
    expect(lines).toEqual([blank(2), line('a'), blank(2), line('b'), blank(1), line(' ')])
  })

  it('a line pushed without saying whether it is the last is a terminated one', () => {
    expect(new LogParser().push('{')).toEqual([{ kind: 'problem', line: 1, message: 'not JSON' }])
  })

  it('readLog names each blank line of a run, and the seq resyncs after it', async () => {
    const records = await collect([Buffer.from(`${HEADER}\n${ev(0)}\n\n\n\n${ev(5)}\n\n`), Buffer.from(`\n${ev(9)}\n`)])
    expect(problems(records)).toEqual(['3: blank line', '4: blank line', '5: blank line', '7: blank line', '8: blank line'])
    expect(events(records)).toEqual(['2:x/y#0', '6:x/y#5', '9:x/y#9'])
  })

  it('a run that starts the log is its first lines: no header, and no more said of line 1', async () => {
    expect(problems(await collect([Buffer.from(`\n\n${HEADER}\n`)]))).toEqual(['1: blank line', '2: blank line', `3: ${SECOND_HEADER}`])
  })

  it('the batch reader gives the run as one record, by its first line and its length', async () => {
    const batches = (await drain(readLogBatches([Buffer.from(`${HEADER}\n\n\n\n`)]))).flat()
    expect(batches).toEqual([
      { kind: 'header', line: 1, header: JSON.parse(HEADER) },
      { kind: 'blank', line: 2, count: 3 },
    ])
  })

  it('a problem list keeps the first KEPT_PROBLEMS and counts the rest, making only those it keeps', () => {
    const list = new ProblemList<number>()
    for (let i = 0; i < KEPT_PROBLEMS - 2; i++) list.add(i)
    const made: number[] = []
    list.addRun(5, (i) => {
      made.push(i)
      return 1000 + i
    })
    list.add(-1)
    expect(made).toEqual([0, 1])
    expect(list.kept.slice(-3)).toEqual([KEPT_PROBLEMS - 3, 1000, 1001])
    expect(list.kept).toHaveLength(100)
    expect(list.count).toBe(104)
  })
})

describe('LogParser: packed rows (TW-LOG-10)', () => {
  const packed = (type: string, seq0: unknown, members: number, key = 'texts', dt: unknown = Array(Math.max(members - 1, 0)).fill(0)) =>
    JSON.stringify({ type, seq0, time0: 0, data: { turn: 1, step: 1, index: 0, dt, [key]: Array(members).fill('x') } })
  const rows = (records: LogRecord[]) => records.flatMap((r) => (r.kind === 'packed' ? [`${r.line}:${r.row.type}@${r.row.seq0}x${r.row.members}`] : []))

  it('each of the three kinds stands for its members, and seq goes on after them', () => {
    const records = parse([HEADER, ev(0), packed('text-chunks', 1, 3), packed('reasoning-chunks', 4, 1), packed('tool-call-chunks', 5, 2, 'args'), ev(7)])
    expect(problems(records)).toEqual([])
    expect(rows(records)).toEqual(['3:text-chunks@1x3', '4:reasoning-chunks@4x1', '5:tool-call-chunks@5x2'])
    expect(events(records)).toEqual(['2:x/y#0', '6:x/y#7'])
  })

  it('a packed row out of sequence is reported as an event is, and counting goes on after its members', () => {
    expect(parsedProblems([HEADER, ev(0), packed('text-chunks', 3, 4), ev(7), ev(8)])).toEqual(['3: seq 3, expected 1'])
    expect(parsedProblems([HEADER, packed('text-chunks', 0, 4), ev(3)])).toEqual(['3: seq 3, expected 4'])
  })

  it.each([
    [packed('text-chunks', -1, 3), 'not a packed row: "seq0" is not a non-negative integer'],
    [packed('text-chunks', 1.5, 3), 'not a packed row: "seq0" is not a non-negative integer'],
    [packed('text-chunks', '1', 3), 'not a packed row: "seq0" is not a non-negative integer'],
    ['{"type":"text-chunks","seq":1,"data":{"texts":["a"],"dt":[]}}', 'not a packed row: "seq0" is not a non-negative integer'],
    [packed('text-chunks', 1, 0), 'not a packed row: "data.texts" is not a non-empty array'],
    [packed('tool-call-chunks', 1, 3), 'not a packed row: "data.args" is not a non-empty array'],
    [packed('reasoning-chunks', 1, 3, 'args'), 'not a packed row: "data.texts" is not a non-empty array'],
    ['{"type":"text-chunks","seq0":1,"data":["a"]}', 'not a packed row: "data.texts" is not a non-empty array'],
    ['{"type":"text-chunks","seq0":1,"data":{"texts":{"length":1}}}', 'not a packed row: "data.texts" is not a non-empty array'],
    [packed('text-chunks', 1, 3, 'texts', [0]), 'not a packed row: "data.dt" is not an array of one entry fewer than "data.texts"'],
    [packed('text-chunks', 1, 3, 'texts', [0, 0, 0]), 'not a packed row: "data.dt" is not an array of one entry fewer than "data.texts"'],
    [packed('tool-call-chunks', 1, 2, 'args', 0), 'not a packed row: "data.dt" is not an array of one entry fewer than "data.args"'],
    [packed('text-chunks', 1, 3, 'texts', { length: 2 }), 'not a packed row: "data.dt" is not an array of one entry fewer than "data.texts"'],
  ])('%s is unreadable: %s', (line, message) => {
    const records = parse([HEADER, ev(0), line, ev(9)])
    expect(problems(records)).toEqual([`3: ${message}`])
    expect(rows(records)).toEqual([])
  })

  it('other types with a seq0 are events, which need a seq; a packed type is only these three', () => {
    const noSeq = ['2: not an event: "seq" is not a non-negative integer']
    expect(parsedProblems([HEADER, '{"type":"image-chunks","seq0":0,"data":{"texts":["a"],"dt":[]}}'])).toEqual(noSeq)
    expect(parsedProblems([HEADER, '{"type":"__proto__","seq0":0,"data":{}}'])).toEqual(noSeq)
    expect(parsedProblems([HEADER, '{"type":"toString","seq0":0,"data":{}}'])).toEqual(noSeq)
  })

  it('a packed row as line 1: a missing header, and the row read', () => {
    const records = parse([packed('text-chunks', 0, 2), ev(2)])
    expect(problems(records)).toEqual([`1: ${MISSING}`])
    expect(rows(records)).toEqual(['1:text-chunks@0x2'])
  })
})

describe("the same splitter, its lines as bytes (the kit reads a port's stdout and serve its stdin so)", () => {
  const asBytes = (max?: number) => new LineSplitter(max, (line, terminated) => line.finishBytes(terminated))
  const shown = (lines: Iterable<{ kind: string; bytes?: unknown; terminated?: boolean; count?: number }>) =>
    [...lines].map((line) => (line.bytes instanceof Uint8Array ? { ...line, bytes: Buffer.from(line.bytes).toString('latin1') } : line))

  it('hands over each line as its bytes, undecoded, a too-long line by its length, and tells what it holds of an unfinished line', () => {
    const splitter = asBytes(4)
    expect(splitter.held).toBe(0)
    expect(shown(splitter.push(Buffer.from([0x61, 0xff, 0x0a, 0x0a, 0x0a, 0x62, 0x63])))).toEqual([
      { kind: 'line', bytes: 'a\u00ff', terminated: true },
      { kind: 'blank', count: 2 },
    ])
    expect(splitter.held).toBe(2)
    expect(shown(splitter.push(Buffer.from('defg\nhi')))).toEqual([tooLong(6)])
    expect(splitter.held).toBe(2)
    expect(shown(splitter.end())).toEqual([{ kind: 'line', bytes: 'hi', terminated: false }])
    expect(splitter.held).toBe(0)
  })

  it('reads UTF-8 strictly: a byte-order mark kept, bytes that are not UTF-8 thrown', () => {
    expect(strictUtf8(Buffer.from('\ufeff{"a":"é"}'))).toBe('\ufeff{"a":"é"}')
    expect(() => strictUtf8(Buffer.from([0x61, 0xff]))).toThrow(TypeError)
  })

  it('names the first byte that is not UTF-8 and its offset, whatever comes after it', () => {
    expect(invalidUtf8(Buffer.from([0xff]))).toBe('byte 0xff at offset 0')
    expect(invalidUtf8(Buffer.from([0x61, 0x62, 0xc0, 0xaf, 0x63]))).toBe('byte 0xc0 at offset 2')
    // A lead byte that starts a sequence is fine until the byte that breaks it: that one is named.
    expect(invalidUtf8(Buffer.from([0x61, 0xe2, 0x41]))).toBe('byte 0x41 at offset 2')
    expect(invalidUtf8(Buffer.from([0xe2, 0x05]))).toBe('byte 0x05 at offset 1')
    expect(invalidUtf8(Buffer.concat([Buffer.from('€ ok '.repeat(50)), Buffer.from([0xed, 0xa0, 0x80])]))).toBe('byte 0xa0 at offset 351')
  })

  it('names a sequence the end cuts short by its lead byte, however much of it came', () => {
    const cut = ' starts a sequence cut short by the end'
    expect(invalidUtf8(Buffer.from([0x61, 0xe2]))).toBe('byte 0xe2 at offset 1' + cut)
    expect(invalidUtf8(Buffer.from([0x61, 0x62, 0xe2, 0x82]))).toBe('byte 0xe2 at offset 2' + cut)
    expect(invalidUtf8(Buffer.from([0xf0, 0x9f, 0x98]))).toBe('byte 0xf0 at offset 0' + cut)
    expect(invalidUtf8(Buffer.from([0xc3, 0xa9, 0xf0, 0x9f, 0x98]))).toBe('byte 0xf0 at offset 2' + cut)
    // A byte that cannot go on is itself the bad one, even as the last byte.
    expect(invalidUtf8(Buffer.from([0x61, 0xe2, 0x82, 0x41]))).toBe('byte 0x41 at offset 3')
    expect(invalidUtf8(Buffer.from([0x61, 0xff]))).toBe('byte 0xff at offset 1')
    expect(invalidUtf8(Buffer.from([0x61, 0x80]))).toBe('byte 0x80 at offset 1')
  })
})
