// Compressed logs (TW-LOG-9): told from plain ones by their first bytes, read frame after
// frame however the input is cut, and read up to the damage when the stream breaks, with
// the limits of `zstd -d`. Frames here are written with raw blocks (test/support/zstd.ts),
// by node's compressor, or by the zstd command (the shipped example); expected texts are
// the plain logs themselves, and the zstd command's own output.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { constants, zstdCompressSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import fc from '../support/fc.js'
import { compressedDamage, DECOMPRESSORS, FrameCutter, GATHERED, isZstd, LogDecoder, MAX_BLOCK, PIECE_OUTPUT } from '../../src/log/compressed.js'
import { readLog, type LogRecord } from '../../src/log/reader.js'
import { asyncProperty } from '../support/property.js'
import { hugeWindow, oversizedBlocks, rawFrame, rawZstd, sequenceBombs, skippableFrame } from '../support/zstd.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SAMPLE = readFileSync(`${ROOT}examples/logs/release-sample.jsonl`)
const SAMPLE_ZSTD = readFileSync(`${ROOT}examples/logs/release-sample.jsonl.zstd`)
const HEADER_LINE = '{"type":"session","version":0,"id":"s","createdAt":0,"cwd":"/","delegationDepth":0}\n'

/** libzstd's words for what is wrong (`zstd -d` says the same). */
const CUT_SHORT = 'unexpected end of file'
const NOT_ZSTD = 'Unknown frame descriptor'

/** What `decoded` gives: the text, and the damage (null: none). */
const got = (text: string, damage: string | null = null) => ({ text, damage })
const frameOf = (text: string) => rawFrame(Buffer.from(text))
/** A frame of node's compressor, with or without its checksum. */
const compressed = (text: string | Uint8Array, checksum: boolean) => zstdCompressSync(text, { params: { [constants.ZSTD_c_checksumFlag]: checksum ? 1 : 0 } })

/** Every byte the decoder gives for these chunks, and its damage. */
async function decoded(chunks: Iterable<Uint8Array | string>): Promise<{ text: string; damage: string | null }> {
  const decoder = new LogDecoder()
  const out: Uint8Array[] = []
  for await (const texts of decoder.decode(chunks)) out.push(...texts)
  return { text: Buffer.concat(out).toString('utf8'), damage: decoder.damage }
}

/**
 * The text and damage of these frames in one chunk, and how the decoder wrote them: the
 * writes each decompressor got (numbered in the order given, the decompressors in the
 * order made), and how many writes were given and not yet decoded as each was given.
 */
async function watched(frames: Uint8Array[]) {
  const zlib = process.getBuiltinModule('node:zlib')
  const make = zlib.createZstdDecompress
  const made: number[][] = []
  const waiting: number[] = []
  let open = 0
  const spy = vi.spyOn(zlib, 'createZstdDecompress').mockImplementation((options) => {
    const stream = make(options)
    const writes: number[] = []
    made.push(writes)
    const write = stream.write.bind(stream) as (chunk: Uint8Array, done: () => void) => boolean
    stream.write = ((chunk: Uint8Array, done: () => void) => {
      writes.push(waiting.length)
      waiting.push(++open)
      return write(chunk, () => {
        open--
        done()
      })
    }) as typeof stream.write
    return stream
  })
  try {
    return { ...(await decoded([Buffer.concat(frames)])), made, waiting }
  } finally {
    spy.mockRestore()
  }
}

/** `bytes` cut into chunks at these offsets. */
const cut = (bytes: Uint8Array, cuts: number[]): Uint8Array[] => {
  const bounds = [0, ...cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b), bytes.length]
  return bounds.slice(1).map((end, i) => bytes.subarray(bounds[i], end))
}

async function records(input: Iterable<Uint8Array>): Promise<LogRecord[]> {
  const all: LogRecord[] = []
  for await (const record of readLog(input)) all.push(record)
  return all
}

/** What the zstd command makes of these bytes: its output, and whether it called them sound. */
function zstdCommand(bytes: Uint8Array): { text: string; sound: boolean } {
  const run = spawnSync('zstd', ['-dcq'], { input: bytes, maxBuffer: 64 * 1024 * 1024 })
  return { text: run.stdout.toString('utf8'), sound: run.status === 0 }
}

describe('TW-LOG-9: a compressed log is told by its first bytes', () => {
  it('the zstd magic number, or a skippable frame, and nothing else', () => {
    const zstd = (hex: string) => isZstd(Uint8Array.from(Buffer.from(hex, 'hex')))
    expect(zstd('28b52ffd')).toBe(true)
    for (const head of ['28b52f', '28b52ffc', '29b52ffd', '28b42ffd', '28b52efd']) expect(zstd(head)).toBe(false)
    for (const first of ['50', '5a', '5f']) expect(zstd(`${first}2a4d18`)).toBe(true)
    for (const head of ['602a4d18', '402a4d18', '502b4d18', '502a4c18', '502a4d19']) expect(zstd(head)).toBe(false)
    expect(isZstd(Buffer.from('{"type":"session"}'))).toBe(false)
  })

  asyncProperty(
    'plain bytes pass through unchanged, however they are cut',
    [fc.string({ unit: 'grapheme' }), fc.array(fc.nat(), { maxLength: 5 })],
    async (text, cuts) => {
      expect(await decoded(cut(Buffer.from(text, 'utf8'), cuts))).toEqual(got(text))
    },
  )

  it('input shorter than a magic number is plain', async () => {
    expect(await decoded([Buffer.from('ab')])).toEqual(got('ab'))
    expect(await decoded([Buffer.from('a'), Buffer.from('b'), Buffer.from('c')])).toEqual(got('abc'))
    expect(await decoded([])).toEqual(got(''))
  })

  asyncProperty(
    'frames, cut anywhere and fed in any chunks, give back the text',
    [
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.array(fc.nat(), { maxLength: 4 }),
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.integer({ min: 1, max: 64 }),
    ],
    async (text, frameCuts, chunkCuts, blockSize) => {
      const bytes = Buffer.from(text, 'utf8')
      const frameEnds = frameCuts.map((c) => c % (bytes.length + 1))
      expect(await decoded(cut(rawZstd(bytes, frameEnds, blockSize), chunkCuts))).toEqual(got(text))
    },
  )

  it('a skippable frame is passed over, at the start and between frames', async () => {
    const z = Buffer.concat([skippableFrame(5), frameOf('a\n'), skippableFrame(0, 3), frameOf('b\n')])
    expect(await decoded([z])).toEqual(got('a\nb\n'))
  })

  it('the zstd command writes what the plain example holds (concatenated frames, real compression)', async () => {
    expect((await decoded([SAMPLE_ZSTD])).text).toBe(SAMPLE.toString('utf8'))
    expect((await decoded(cut(SAMPLE_ZSTD, [1, 2, 3, 700, 701]))).text).toBe(SAMPLE.toString('utf8'))
  })

  it('input far larger than what it inflates to at once is decoded a piece at a time', async () => {
    // 10,000 raw blocks of 1 byte: a long input whose pieces each give a little text.
    const text = 'x'.repeat(10_000)
    expect((await decoded([rawZstd(text, [], 1)])).text).toBe(text)
  })
})

describe('TW-LOG-9: the cuts made for the decompressor', () => {
  const cutAll = (bytes: Uint8Array, chunkCuts: number[] = []): number[] => {
    const cutter = new FrameCutter()
    return [...cut(bytes, chunkCuts).flatMap((chunk) => [...cutter.cut(chunk)]), ...cutter.end()].map((piece) => piece.length)
  }

  it('one write per frame: a write ends where a frame (or a skippable frame) ends', () => {
    const a = frameOf('a\n')
    const b = compressed('b\n', true)
    const skip = skippableFrame(3)
    expect(cutAll(Buffer.concat([a, skip, b, a]))).toEqual([a.length, skip.length, b.length, a.length])
    // A small frame is held whole across chunks.
    expect(cutAll(Buffer.concat([a, b]), [3, a.length + 2])).toEqual([a.length, b.length])
  })

  it('each header field is read whole, whatever the chunks: content size, dictionary id, window', () => {
    // Frame_Header_Descriptor: single segment with a 1-byte content size; a 2-byte, a 4-byte and an 8-byte one; dictionary ids of 1, 2 and 4 bytes.
    for (const [descriptor, extra] of [
      [0x20, 1],
      [0x40, 3],
      [0x80, 5],
      [0xc0, 9],
      [0x01, 2],
      [0x02, 3],
      [0x03, 5],
      [0x61, 3],
    ] as const) {
      // The header's bytes all 0xFF: read as a block header, they would declare a block of 2 MiB.
      const frame = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, descriptor, ...Array(extra).fill(0xff), 0x01 | (2 << 3), 0, 0, 0x41, 0x42])
      for (let at = 0; at <= frame.length; at++)
        expect(cutAll(Buffer.concat([frame, frame]), [at, frame.length]).reduce((a, b) => a + b)).toBe(2 * frame.length)
      expect(cutAll(Buffer.concat([frame, frame]))).toEqual([frame.length, frame.length])
    }
  })

  it('a checksum is part of its frame', () => {
    const frame = compressed('text\n', true)
    expect(cutAll(Buffer.concat([frame, frame]))).toEqual([frame.length, frame.length])
    const plain = compressed('text\n', false)
    expect(plain.length).toBe(frame.length - 4)
    expect(cutAll(Buffer.concat([plain, frame, plain]))).toEqual([plain.length, frame.length, plain.length])
  })

  it('a large frame is cut after blocks that inflate to PIECE_OUTPUT', () => {
    // Raw blocks of 64 KiB: a write after every 16 of them (1 MiB), and at the end of the frame.
    const text = Buffer.alloc(40 * 64 * 1024, 0x61)
    const frame = rawFrame(text, 64 * 1024)
    const block = 3 + 64 * 1024
    expect(PIECE_OUTPUT / (64 * 1024)).toBe(16)
    expect(cutAll(frame)).toEqual([6 + 16 * block, 16 * block, 8 * block])
    // RLE blocks count what they inflate to, not their four bytes.
    expect(cutAll(oversizedBlocks(20, MAX_BLOCK))).toEqual([6 + 8 * 4, 8 * 4, 4 * 4])
  })

  it('a frame held past PIECE_OUTPUT bytes is given in parts, whatever its blocks inflate to', () => {
    // 300,000 RLE blocks of nothing: 1.2 MB that inflate to no byte, fed in chunks of 64 KiB.
    const empty = oversizedBlocks(300_000, 0)
    expect(zstdCommand(empty)).toEqual({ text: '', sound: true })
    const chunks = Array.from({ length: Math.ceil(empty.length / 65_536) }, (_, i) => (i + 1) * 65_536)
    // Held until more than PIECE_OUTPUT bytes are, at a chunk's end; then each chunk as it comes.
    expect(cutAll(empty, chunks)).toEqual([17 * 65_536, 65_536, empty.length - 18 * 65_536])
  })

  it('once a frame is given in parts, the rest of its chunk and each chunk after is given as it comes', () => {
    // 40 raw blocks of 64 KiB (a block is 65,539 bytes), after a 6-byte header, in chunks of
    // 100,000 bytes: held to the cut after 16 blocks (byte 1,048,630), then given a chunk at a
    // time to the frame's end (byte 2,621,566), no chunk's blocks reaching PIECE_OUTPUT again.
    const frame = rawFrame(Buffer.alloc(40 * 64 * 1024, 0x61), 64 * 1024)
    expect(frame.length).toBe(2_621_566)
    const chunkCuts = Array.from({ length: 26 }, (_, i) => (i + 1) * 100_000)
    expect(cutAll(frame, chunkCuts)).toEqual([1_048_630, 51_370, ...Array<number>(15).fill(100_000), 21_566])
  })

  it('a small frame is given in one write, however its bytes come', () => {
    const frame = zstdCompressSync('one frame\n'.repeat(50))
    for (const chunkCuts of [[], [1, 5, 9]]) expect(cutAll(frame, chunkCuts)).toEqual([frame.length])
    // Cut short, it never ends: given as it is at the end of the input.
    expect(cutAll(frame.subarray(0, frame.length - 1))).toEqual([frame.length - 1])
  })

  it('a skippable frame of 16 MiB and more: its four-byte size read whole', () => {
    const size = 2 ** 24 + 5
    const skip = skippableFrame(size)
    expect(skip.subarray(4, 8)).toEqual(Buffer.from([5, 0, 0, 1]))
    const a = frameOf('a\n')
    expect(cutAll(Buffer.concat([skip, a, a]))).toEqual([8 + size, a.length, a.length])
  })

  it('compressed blocks count as the largest block, whatever their size', () => {
    // 3 MiB that compress into 24 compressed blocks of 128 KiB of text, a few bytes each: a write after every 8.
    const text = Buffer.from(Array.from({ length: 3 * 8192 }, (_, i) => `line ${i % 97} of the log, `.padEnd(128, '.')).join(''))
    const frame = compressed(text, false)
    expect(frame.length).toBeLessThan(text.length / 20)
    expect(cutAll(frame)).toHaveLength(3)
  })

  it('what blocks inflate to is counted afresh in each frame', () => {
    // 10 raw blocks of 64 KiB (640 KiB): under PIECE_OUTPUT, one write, after a frame of 640 KiB as well.
    const frame = rawFrame(Buffer.alloc(10 * 64 * 1024, 0x61), 64 * 1024)
    expect(cutAll(Buffer.concat([frame, frame]))).toEqual([frame.length, frame.length])
  })

  it('bytes that are not zstd are cut anyhow: libzstd refuses the first write that holds them', async () => {
    const a = frameOf('a\n')
    expect(cutAll(Buffer.concat([a, Buffer.from('not zstd at all')]))).toEqual([a.length, 15])
    expect(await decoded([Buffer.concat([a, Buffer.from('not zstd at all'), a])])).toEqual(got('a\n', NOT_ZSTD))
  })
})

describe('TW-LOG-9: the input, as it comes', () => {
  it('text chunks are read as their UTF-8 bytes', async () => {
    expect(await decoded(['{"a":"é', '😀"}\n'])).toEqual(got('{"a":"é😀"}\n'))
  })

  it('the first bytes are given as soon as four have come: a live stream is read as it comes', async () => {
    let release: () => void = () => {}
    const more = new Promise<void>((resolve) => {
      release = resolve
    })
    const live = async function* () {
      // Exactly four bytes: enough to tell.
      yield Buffer.from('{"ty')
      // More comes only once the first bytes have been read.
      await more
      yield Buffer.from('pe":"x"}\n')
    }
    const decoder = new LogDecoder()
    const text = decoder.decode(live())
    expect(Buffer.concat((await text.next()).value as Uint8Array[]).toString()).toBe('{"ty')
    release()
    expect(Buffer.concat((await text.next()).value as Uint8Array[]).toString()).toBe('pe":"x"}\n')
  })

  for (const [kind, first] of [
    ['plain', Buffer.from(HEADER_LINE)],
    ['compressed', frameOf(HEADER_LINE)],
  ] as const)
    it(`a reader that stops early closes the input (${kind})`, async () => {
      let closed = false
      const input = async function* () {
        try {
          for (;;) yield first
        } finally {
          closed = true
        }
      }
      for await (const _ of new LogDecoder().decode(input())) break
      expect(closed).toBe(true)
    })

  it('the texts of small frames come in one step, up to GATHERED bytes, none held past its chunk', async () => {
    // The bytes of each step's texts.
    const sizes = async (chunks: Uint8Array[]) => {
      const out: number[] = []
      for await (const texts of new LogDecoder().decode(chunks)) out.push(Buffer.concat(texts).length)
      return out
    }
    const frames = Array.from({ length: 100 }, () => rawFrame(Buffer.alloc(1024, 0x61)))
    expect(await sizes([Buffer.concat(frames)])).toEqual([GATHERED, 100 * 1024 - GATHERED])
    expect(await sizes(frames)).toEqual(Array(100).fill(1024))
    // A chunk whose frames hold no text gives none.
    expect(await sizes([frames[0]!, rawFrame(new Uint8Array(0)), frames[1]!])).toEqual([1024, 1024])
  })

  it('a frame larger than PIECE_OUTPUT, in one chunk or many, is decoded a part at a time', async () => {
    const text = 'a line of a large frame\n'.repeat(140_000)
    const frame = rawFrame(Buffer.from(text), 64 * 1024)
    expect(frame.length).toBeGreaterThan(3 * PIECE_OUTPUT)
    expect(await decoded([frame])).toEqual(got(text))
    const chunkCuts = Array.from({ length: 60 }, (_, i) => i * 65_000 + 7)
    expect(await decoded(cut(frame, chunkCuts))).toEqual(got(text))
  })

  it('an input that fills one buffer again for each chunk is read right', async () => {
    const bytes = Buffer.concat([rawZstd(SAMPLE, [100, 2000]), rawFrame(Buffer.alloc(2 * PIECE_OUTPUT, 0x0a), 64 * 1024)])
    const reused = new Uint8Array(1000)
    const refilled = function* () {
      for (let at = 0; at < bytes.length; at += reused.length) {
        const piece = bytes.subarray(at, at + reused.length)
        reused.set(piece)
        yield reused.subarray(0, piece.length)
      }
    }
    expect(await decoded(refilled())).toEqual(got(SAMPLE.toString('utf8') + '\n'.repeat(2 * PIECE_OUTPUT)))
  })

  it('bytes that begin no frame go to libzstd at once: nothing is held for them', async () => {
    let pulled = 0
    const zeros = function* () {
      yield frameOf(HEADER_LINE)
      for (; pulled < 1000; pulled++) yield Buffer.alloc(4096)
    }
    expect(await decoded(zeros())).toEqual(got(HEADER_LINE, NOT_ZSTD))
    expect(pulled).toBeLessThan(50)
  })

  it('frames given whole go to DECOMPRESSORS decompressors in turn, a frame in parts to the first, as many in flight', async () => {
    const small = (n: number) => Array.from({ length: n }, (_, i) => frameOf(`frame ${i}\n`))
    // 25 small frames (the turn comes round to the first), one of 3.4 MB in four parts
    // (writes 25 to 28), one of 2.4 MB in three (29 to 31), two small ones: only the first
    // decompressor fills a window larger than a whole frame's text, and the turn goes on
    // from where the parts came.
    const large = 'a line of a large frame\n'.repeat(140_000)
    const smaller = 'a line of a large frame\n'.repeat(100_000)
    const frames = [...small(25), rawFrame(Buffer.from(large), 64 * 1024), rawFrame(Buffer.from(smaller), 64 * 1024), ...small(2)]
    const { text, damage, made, waiting } = await watched(frames)
    expect({ text, damage }).toEqual(got([...Array.from({ length: 25 }, (_, i) => `frame ${i}\n`), large, smaller, 'frame 0\n', 'frame 1\n'].join('')))
    expect(DECOMPRESSORS).toBe(24)
    expect(made).toEqual([[0, 24, 25, 26, 27, 28, 29, 30, 31], [1, 32], [2, 33], ...Array.from({ length: 21 }, (_, i) => [i + 3])])
    expect(Math.max(...waiting)).toBe(DECOMPRESSORS)
  })

  it('one write in flight until a text is read, and after a text of GATHERED bytes or more', async () => {
    const texts = Array.from({ length: 6 }, (_, i) => `${i}`.padEnd(GATHERED - 1, '.') + '\n')
    const { text, damage, waiting } = await watched(texts.map(frameOf))
    expect({ text, damage }).toEqual(got(texts.join('')))
    expect(waiting).toEqual([1, 1, 1, 1, 1, 1])
  })

  it('many writes through the streaming decompressor leave no listener behind', async () => {
    const warnings: Error[] = []
    const warn = (warning: Error) => void warnings.push(warning)
    process.on('warning', warn)
    try {
      // A frame larger than PIECE_OUTPUT, in 40 chunks: 40 writes.
      const text = 'a line of the log\n'.repeat(80_000)
      const frame = rawFrame(Buffer.from(text), 64 * 1024)
      const chunkCuts = Array.from({ length: 39 }, (_, i) => (i + 1) * 36_000)
      expect(await decoded(cut(frame, chunkCuts))).toEqual(got(text))
      // Writes that fail, DECOMPRESSORS of them in flight at one decompressor: a frame of 128
      // oversized blocks, each cut apart (it declares 2 MiB), after a small frame.
      expect(await decoded([frameOf(HEADER_LINE), oversizedBlocks(128)])).toEqual(got(HEADER_LINE, 'Destination buffer is too small'))
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings.map((warning) => warning.name)).toEqual([])
    } finally {
      process.off('warning', warn)
    }
  })
})

describe('TW-LOG-9: a damaged compressed log is read up to the damage', () => {
  it('a stream cut mid-frame: the frames before it are read, the damage named', async () => {
    const whole = rawZstd('a\nb\nc\n', [2, 4])
    const frame = frameOf('c\n').length
    // Cut inside the third frame: its text is lost, the first two frames' text stays.
    for (let lost = 1; lost < frame; lost++) {
      const result = await decoded([whole.subarray(0, whole.length - lost)])
      expect(result.damage).toBe(CUT_SHORT)
      expect(['a\nb\n', 'a\nb\nc', 'a\nb\nc\n']).toContain(result.text)
    }
  })

  it('a checksum that does not match is damage', async () => {
    const wrong = Buffer.from(compressed('checked\n', true))
    wrong[wrong.length - 1]! ^= 0xff
    expect(zstdCommand(wrong).sound).toBe(false)
    expect(await decoded([frameOf('a\n'), wrong, frameOf('b\n')])).toEqual(got('a\n', "Restored data doesn't match checksum"))
  })

  it('a damaged frame among frames in flight: nothing after it is written or read', async () => {
    // 200 kB whose checksum does not match: libzstd gives most of the text before it says so.
    const large = `${'x'.repeat(200_000)}\n`
    const wrong = Buffer.from(compressed(large, true))
    wrong[wrong.length - 1]! ^= 0xff
    // A frame, the damaged one, DECOMPRESSORS more, and a frame cut short: the damaged one is
    // read once DECOMPRESSORS - 1 after it are in flight, and none after those is written.
    const after = Array.from({ length: DECOMPRESSORS }, (_, i) => frameOf(`after ${i}\n`))
    const { text, damage, waiting } = await watched([frameOf('a\n'), wrong, ...after, frameOf('cut short\n').subarray(0, 12)])
    expect(damage).toBe("Restored data doesn't match checksum")
    expect(text.length).toBeGreaterThan(GATHERED)
    expect(`a\n${large}`.startsWith(text)).toBe(true)
    expect(waiting).toHaveLength(2 + DECOMPRESSORS - 1)
  })

  it('bytes that are not zstd after a frame are damage; nothing after them is read', async () => {
    expect(await decoded([Buffer.concat([frameOf('a\n'), Buffer.from('{"type":"x"}\n'), frameOf('b\n')])])).toEqual(got('a\n', NOT_ZSTD))
    // Too few bytes to be a magic number, at the end: not zstd either.
    expect(await decoded([frameOf('a\n'), Buffer.from('xy')])).toEqual(got('a\n', NOT_ZSTD))
  })

  it('exactly a magic number and nothing more: a compressed log cut short', async () => {
    expect(await decoded([Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd])])).toEqual(got('', CUT_SHORT))
  })

  it('the damage named is the first, however many bytes follow it in the same chunk', async () => {
    expect(await decoded([Buffer.concat([frameOf('a\n'), Buffer.alloc(4096, 0x7b)])])).toEqual(got('a\n', NOT_ZSTD))
  })

  // Hostile streams: a few bytes each, refused at once, as `zstd -d` refuses them.
  const HOSTILE = [
    ['compressed blocks declaring 98,047 sequences of 64 KiB matches (32 bytes)', sequenceBombs(), 'Data corruption detected'],
    ['a frame asking for a 1.875 GiB window (114 bytes)', hugeWindow(), 'Frame requires too much memory for decoding'],
    ['RLE blocks of 2 MiB, past the largest block the format allows (518 bytes)', oversizedBlocks(128), 'Destination buffer is too small'],
  ] as const
  for (const [what, bytes, damage] of HOSTILE)
    it(`hostile: ${what}: damage, at once`, { timeout: 5000 }, async () => {
      expect(zstdCommand(bytes).sound).toBe(false)
      expect(await decoded([Buffer.concat([frameOf(HEADER_LINE), bytes, frameOf('more\n')])])).toEqual(got(HEADER_LINE, damage))
    })

  it('readLog stops reading its input at the damage', async () => {
    let pulled = 0
    const input = function* () {
      yield Buffer.concat([frameOf(HEADER_LINE), Buffer.from('not zstd\n')])
      for (; pulled < 10_000; pulled++) yield rawFrame(Buffer.alloc(1024, 0x0a))
    }
    const all = await records(input())
    // What waits for the decompressor is bounded by bytes (its 16 KiB of input, and what the
    // stream takes while it works: measured 64 KiB here): the rest of the 10 MB is never read.
    expect(pulled).toBeLessThan(100)
    expect(all.at(-1)).toEqual({ kind: 'problem', line: 2, message: compressedDamage(NOT_ZSTD) })
  })

  it('readLog: the lines before the damage, then the damage as the last problem, at the line being read', async () => {
    const text = '{"type":"session","version":0}\n{"type":"turn/start","seq":0,"data":{}}\n{"type":"turn/end","seq":1,"data":{}}\n'
    const z = rawZstd(text, [40])
    const firstFrame = rawFrame(Buffer.from(text).subarray(0, 40)).length
    const header = { kind: 'header', line: 1, header: { type: 'session', version: 0 } }
    const cutShortAt = (line: number) => ({ kind: 'problem', line, message: compressedDamage(CUT_SHORT) })
    // Cut inside line 2 (its first bytes in frame 1): line 2 is where reading stopped, and its piece is lost with the rest.
    expect(await records([z.subarray(0, firstFrame + 3)])).toEqual([header, cutShortAt(2)])
    expect(compressedDamage(CUT_SHORT)).toBe('the compressed log is damaged (unexpected end of file): nothing after this point can be read')
    // Cut at a line's end: the next line is where reading stopped.
    const frame1 = rawFrame(Buffer.from(text).subarray(0, 31)).length
    expect(await records([rawZstd(text, [31]).subarray(0, frame1 + 2)])).toEqual([header, cutShortAt(2)])
    // Damaged before any text: the damage is line 1's problem; no "empty log".
    expect(await records([z.subarray(0, 5)])).toEqual([cutShortAt(1)])
  })

  it('an empty compressed log is an empty log', async () => {
    expect(await records([rawFrame(new Uint8Array(0))])).toEqual([{ kind: 'problem', line: 1, message: 'the log is empty (no header)' }])
  })

  asyncProperty(
    'the text before the damage depends on the bytes alone, not on how they come',
    [fc.nat(), fc.nat({ max: 255 }), fc.array(fc.nat(), { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 6 })],
    async (at, byte, cutsA, cutsB) => {
      // The shipped example's frames and a frame of real compression, one byte changed or the stream cut there.
      const bytes = Buffer.concat([SAMPLE_ZSTD, compressed(SAMPLE, true)])
      const changed = Buffer.from(bytes)
      changed[at % bytes.length] = byte
      for (const damaged of [changed, bytes.subarray(0, at % bytes.length)])
        expect(await decoded(cut(damaged, cutsA))).toEqual(await decoded(cut(damaged, cutsB)))
    },
  )

  // The property last: a mutation gate stops at the first failing test, and examples are cheaper.
  asyncProperty(
    'readLog reads a compressed log as it reads the plain one, however frames and chunks are cut',
    [fc.array(fc.nat(), { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 5 })],
    async (frameCuts, chunkCuts) => {
      const frameEnds = frameCuts.map((c) => c % (SAMPLE.length + 1))
      expect(await records(cut(rawZstd(SAMPLE, frameEnds), chunkCuts))).toEqual(await records([SAMPLE]))
    },
  )
})

// The slowest check last (it runs the zstd command): a mutation gate stops at the first failing test.
describe('TW-LOG-9: what the zstd command reads, read alike', () => {
  // The independent model: the zstd command, on frames of every kind one after another.
  asyncProperty(
    'concatenated frames of every kind (raw, compressed with or without checksum, skippable), in any chunks: what zstd -d gives',
    [
      fc.array(
        fc.oneof(
          fc.record({ kind: fc.constant('raw' as const), text: fc.string({ unit: 'grapheme', maxLength: 200 }), block: fc.integer({ min: 1, max: 80 }) }),
          fc.record({ kind: fc.constant('compressed' as const), text: fc.string({ unit: 'grapheme', maxLength: 2000 }), checksum: fc.boolean() }),
          fc.record({ kind: fc.constant('skippable' as const), size: fc.nat({ max: 40 }), nibble: fc.integer({ min: 0, max: 15 }) }),
        ),
        { maxLength: 6 },
      ),
      fc.array(fc.nat(), { maxLength: 6 }),
    ],
    async (frames, chunkCuts) => {
      const bytes = Buffer.concat(
        frames.map((frame) => {
          if (frame.kind === 'skippable') return skippableFrame(frame.size, frame.nibble)
          if (frame.kind === 'raw') return rawFrame(Buffer.from(frame.text), frame.block)
          return compressed(frame.text.repeat(3), frame.checksum)
        }),
      )
      // A stream of skippable frames alone is no zstd to the command, which wants one frame.
      fc.pre(frames.some((frame) => frame.kind !== 'skippable'))
      const expected = zstdCommand(bytes)
      expect(expected.sound).toBe(true)
      expect(await decoded(cut(bytes, chunkCuts))).toEqual(got(expected.text))
    },
    { numRuns: 40 },
  )
})
