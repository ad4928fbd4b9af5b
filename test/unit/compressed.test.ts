// Compressed logs (TW-LOG-9): told from plain ones by their first bytes, read frame after
// frame however the input is cut, and read up to the damage when the stream breaks. Frames
// here are written with raw blocks (test/support/zstd.ts) or by the zstd command (the
// shipped example); expected texts are the plain logs themselves.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import fc from '../support/fc.js'
import { compressedDamage, isZstd, LogDecoder } from '../../src/log/compressed.js'
import { readLog, type LogRecord } from '../../src/log/reader.js'
import { asyncProperty, property } from '../support/property.js'
import { rawFrame, rawZstd, skippableFrame } from '../support/zstd.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SAMPLE = readFileSync(`${ROOT}examples/logs/release-sample.jsonl`)
const SAMPLE_ZSTD = readFileSync(`${ROOT}examples/logs/release-sample.jsonl.zstd`)
const HEADER_LINE = '{"type":"session","version":0,"id":"s","createdAt":0,"cwd":"/","delegationDepth":0}\n'

/** Every byte the decoder gives for these chunks, and its damage. */
function decoded(chunks: Uint8Array[]): { text: string; damage: string | null; compressed: boolean } {
  const decoder = new LogDecoder()
  const out: Uint8Array[] = []
  for (const chunk of chunks) out.push(...decoder.push(chunk))
  out.push(...decoder.end())
  return { text: Buffer.concat(out).toString('utf8'), damage: decoder.damage, compressed: decoder.compressed }
}

/** `bytes` cut into chunks at these offsets. */
const cut = (bytes: Uint8Array, cuts: number[]): Uint8Array[] => {
  const bounds = [0, ...cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b), bytes.length]
  return bounds.slice(1).map((end, i) => bytes.subarray(bounds[i], end))
}

async function records(input: Uint8Array[]): Promise<LogRecord[]> {
  const all: LogRecord[] = []
  for await (const record of readLog(input)) all.push(record)
  return all
}

describe('TW-LOG-9: a compressed log is told by its first bytes', () => {
  it('the zstd magic number, or a skippable frame, and nothing else', () => {
    expect(isZstd(Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd]))).toBe(true)
    expect(isZstd(Uint8Array.from([0x28, 0xb5, 0x2f]))).toBe(false)
    expect(isZstd(Uint8Array.from([0x28, 0xb5, 0x2f, 0xfc]))).toBe(false)
    expect(isZstd(Uint8Array.from([0x29, 0xb5, 0x2f, 0xfd]))).toBe(false)
    expect(isZstd(Uint8Array.from([0x28, 0xb4, 0x2f, 0xfd]))).toBe(false)
    expect(isZstd(Uint8Array.from([0x28, 0xb5, 0x2e, 0xfd]))).toBe(false)
    for (const first of [0x50, 0x5a, 0x5f]) expect(isZstd(Uint8Array.from([first, 0x2a, 0x4d, 0x18]))).toBe(true)
    for (const head of [
      [0x60, 0x2a, 0x4d, 0x18],
      [0x40, 0x2a, 0x4d, 0x18],
      [0x50, 0x2b, 0x4d, 0x18],
      [0x50, 0x2a, 0x4c, 0x18],
      [0x50, 0x2a, 0x4d, 0x19],
    ])
      expect(isZstd(Uint8Array.from(head))).toBe(false)
    expect(isZstd(Buffer.from('{"type":"session"}'))).toBe(false)
  })

  property(
    'plain bytes pass through unchanged, however they are cut',
    [fc.string({ unit: 'grapheme' }), fc.array(fc.nat(), { maxLength: 5 })],
    (text, cuts) => {
      const result = decoded(cut(Buffer.from(text, 'utf8'), cuts))
      expect(result).toEqual({ text, damage: null, compressed: false })
    },
  )

  it('input shorter than a magic number is plain', () => {
    expect(decoded([Buffer.from('ab')])).toEqual({ text: 'ab', damage: null, compressed: false })
    expect(decoded([Buffer.from('a'), Buffer.from('b'), Buffer.from('c')])).toEqual({ text: 'abc', damage: null, compressed: false })
    expect(decoded([])).toEqual({ text: '', damage: null, compressed: false })
  })

  property(
    'frames, cut anywhere and fed in any chunks, give back the text',
    [
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.array(fc.nat(), { maxLength: 4 }),
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.integer({ min: 1, max: 64 }),
    ],
    (text, frameCuts, chunkCuts, blockSize) => {
      const bytes = Buffer.from(text, 'utf8')
      const z = rawZstd(
        bytes,
        frameCuts.map((c) => c % (bytes.length + 1)),
        blockSize,
      )
      expect(decoded(cut(z, chunkCuts))).toEqual({ text, damage: null, compressed: true })
    },
  )

  it('a skippable frame is passed over, at the start and between frames', () => {
    const z = Buffer.concat([skippableFrame(5), rawFrame(Buffer.from('a\n')), skippableFrame(0, 3), rawFrame(Buffer.from('b\n'))])
    expect(decoded([z])).toEqual({ text: 'a\nb\n', damage: null, compressed: true })
  })

  it('the zstd command writes what the plain example holds (concatenated frames, real compression)', () => {
    expect(decoded([SAMPLE_ZSTD]).text).toBe(SAMPLE.toString('utf8'))
    expect(decoded(cut(SAMPLE_ZSTD, [1, 2, 3, 700, 701])).text).toBe(SAMPLE.toString('utf8'))
  })

  it('input far larger than what it inflates to at once is decoded a piece at a time', () => {
    // 10,000 raw blocks of 1 byte: a long input whose pieces each give a little text.
    const text = 'x'.repeat(10_000)
    expect(decoded([rawZstd(text, [], 1)]).text).toBe(text)
  })
})

describe('TW-LOG-9: a damaged compressed log is read up to the damage', () => {
  it('a stream cut mid-frame: the frames before it are read, the damage named', () => {
    const whole = rawZstd('a\nb\nc\n', [2, 4])
    const frame = rawFrame(Buffer.from('c\n')).length
    // Cut inside the third frame: its text is lost, the first two frames' text stays.
    for (let lost = 1; lost < frame; lost++) {
      const result = decoded([whole.subarray(0, whole.length - lost)])
      expect(result.damage).toBe('unexpected EOF')
      expect(['a\nb\n', 'a\nb\nc', 'a\nb\nc\n']).toContain(result.text)
    }
  })

  it('bytes that are not zstd after a frame are damage; nothing after them is read', () => {
    const result = decoded([Buffer.concat([rawFrame(Buffer.from('a\n')), Buffer.from('{"type":"x"}\n'), rawFrame(Buffer.from('b\n'))])])
    expect(result.text).toBe('a\n')
    expect(result.damage).toBe('invalid zstd data')
    // Too few bytes to be judged until the stream ends: then they are damage.
    const decoder = new LogDecoder()
    expect([...decoder.push(Buffer.concat([rawFrame(Buffer.from('a\n')), Buffer.from('nonsense')]))].map((b) => Buffer.from(b).toString())).toEqual(['a\n'])
    expect(decoder.damage).toBeNull()
    expect([...decoder.end()].map((b) => b.length)).toEqual([])
    expect(decoder.damage).toBe('invalid zstd data')
    // Once damaged, nothing more is read.
    const broken = new LogDecoder()
    expect([...broken.push(Buffer.concat([rawFrame(Buffer.from('a\n')), Buffer.from('{"type":"x"}\n'), rawFrame(Buffer.from('b\n'))]))].length).toBe(1)
    expect(broken.damage).toBe('invalid zstd data')
    expect([...broken.push(rawFrame(Buffer.from('more\n')))]).toEqual([])
    expect([...broken.end()]).toEqual([])
  })

  it('exactly a magic number and nothing more: a compressed log cut short', () => {
    expect(decoded([Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd])])).toEqual({ text: '', damage: 'unexpected EOF', compressed: true })
  })

  it('the damage named is the first, however many bytes follow it in the same chunk', () => {
    const result = decoded([Buffer.concat([rawFrame(Buffer.from('a\n')), Buffer.alloc(4096, 0x7b)])])
    expect(result).toEqual({ text: 'a\n', damage: 'invalid zstd data', compressed: true })
  })

  it('readLog stops reading its input at the damage', async () => {
    let pulled = 0
    const input = function* () {
      yield Buffer.concat([rawFrame(Buffer.from(HEADER_LINE)), Buffer.from('not zstd\n')])
      for (; pulled < 1000; pulled++) yield rawFrame(Buffer.from('more\n'))
    }
    const all: LogRecord[] = []
    for await (const record of readLog(input())) all.push(record)
    expect(pulled).toBe(0)
    expect(all.at(-1)).toEqual({ kind: 'problem', line: 2, message: compressedDamage('invalid zstd data') })
  })

  it('readLog: the lines before the damage, then the damage as the last problem, at the line being read', async () => {
    const text = '{"type":"session","version":0}\n{"type":"turn/start","seq":0,"data":{}}\n{"type":"turn/end","seq":1,"data":{}}\n'
    const z = rawZstd(text, [40])
    const firstFrame = rawFrame(Buffer.from(text).subarray(0, 40)).length
    // Cut inside line 2 (its first bytes in frame 1): line 2 is where reading stopped, and its piece is lost with the rest.
    expect(await records([z.subarray(0, firstFrame + 3)])).toEqual([
      { kind: 'header', line: 1, header: { type: 'session', version: 0 } },
      { kind: 'problem', line: 2, message: compressedDamage('unexpected EOF') },
    ])
    expect(compressedDamage('unexpected EOF')).toBe('the compressed log is damaged (unexpected EOF): nothing after this point can be read')
    // Cut at a line's end: the next line is where reading stopped.
    const atEnd = rawZstd(text, [31])
    const frame1 = rawFrame(Buffer.from(text).subarray(0, 31)).length
    expect(await records([atEnd.subarray(0, frame1 + 2)])).toEqual([
      { kind: 'header', line: 1, header: { type: 'session', version: 0 } },
      { kind: 'problem', line: 2, message: compressedDamage('unexpected EOF') },
    ])
    // Damaged before any text: the damage is line 1's problem; no "empty log".
    expect(await records([z.subarray(0, 5)])).toEqual([{ kind: 'problem', line: 1, message: compressedDamage('unexpected EOF') }])
  })

  it('an empty compressed log is an empty log', async () => {
    expect(await records([rawFrame(new Uint8Array(0))])).toEqual([{ kind: 'problem', line: 1, message: 'the log is empty (no header)' }])
  })

  // The property last: a mutation gate stops at the first failing test, and examples are cheaper.
  asyncProperty(
    'readLog reads a compressed log as it reads the plain one, however frames and chunks are cut',
    [fc.array(fc.nat(), { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 5 })],
    async (frameCuts, chunkCuts) => {
      const z = rawZstd(
        SAMPLE,
        frameCuts.map((c) => c % (SAMPLE.length + 1)),
      )
      expect(await records(cut(z, chunkCuts))).toEqual(await records([SAMPLE]))
    },
  )
})
