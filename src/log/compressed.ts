// A log as the harness stores it (TW-LOG-9): the seed's harness writes plain JSON Lines, the
// release dsh 0.1.1-rc.2 writes `session.jsonl.zstd`, concatenated Zstandard frames. Which
// one a log is, is told by its first bytes (a zstd frame's magic number), never by its
// file name. Decompression is libzstd's, through `node:zlib`, with its defaults, which are
// the limits of `zstd -d`: a frame that needs a window past 128 MiB is refused, and libzstd
// checks block sizes and checksums. A stream that stops mid-frame, or is not zstd past some point, is damaged
// there: what came before it is read, and the damage is reported once, as the log's last
// problem.
//
// FrameCutter reads the frame and block headers and cuts the stream for libzstd. A frame
// of at most PIECE_OUTPUT (the app writes one every few lines) is written once it has come
// whole; a larger one in writes of at most PIECE_OUTPUT. Every write goes to one streaming
// decompressor, whose context and window last the whole log: a one-shot call per frame
// allocates them afresh, and its buffers wait for the garbage collector, which doubled the
// memory of a log of large frames. What one step gives is bounded by bytes however well the
// input compresses, and no write crosses a frame's end: node's decompressor drops every
// frame after the first that one write holds (nodejs/node#64741, open; zstdDecompressSync
// too). The texts of small frames are given together.

/** node:zlib, loaded at the first compressed log: a plain log's `replay` starts without it. */
const zlib = (): typeof import('node:zlib') => process.getBuiltinModule('node:zlib')

/** The first four bytes of a zstd frame (0xFD2FB528, little-endian). */
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const
/** A skippable frame: 0x184D2A50 to 0x184D2A5F, little-endian. */
const isSkippableMagic = (head: ArrayLike<number>): boolean => (head[0]! & 0xf0) === 0x50 && head[1] === 0x2a && head[2] === 0x4d && head[3] === 0x18
const isFrameMagic = (head: ArrayLike<number>): boolean => ZSTD_MAGIC.every((byte, i) => head[i] === byte)

/** Whether bytes that start a log are zstd: a zstd frame or a skippable frame begins there (fewer than four bytes are not). */
export const isZstd = (head: Uint8Array): boolean => isFrameMagic(head) || isSkippableMagic(head)

/** The largest block the format allows (RFC 8878, Block_Maximum_Size): the most one block inflates to. */
export const MAX_BLOCK = 128 * 1024
/** What one step of decompression gives at most (plus one block): a frame held whole, or one write of a larger one. */
export const PIECE_OUTPUT = 1024 * 1024

/**
 * How many decompressors a log is read with: node hands each write to its thread pool and
 * back, and a write holds at most one frame (nodejs/node#64741), so small frames (the app
 * writes one every few lines) wait on hand-offs, 24 of which overlap (a 100 MB log as the
 * app writes it: a quarter less time than with eight, some 20 MB more memory; a decompressor
 * holds at most the frame it is given). Frames given whole
 * go to the decompressors in turn; a frame given in parts goes to the first, so only one
 * fills a window larger than PIECE_OUTPUT (up to 128 MiB). After a write whose text is
 * GATHERED bytes or more, one is in flight: its hand-off costs little beside reading its
 * text, and a write in flight holds its text.
 */
export const DECOMPRESSORS = 24

/** How much text of small frames is given in one step (a plain file's chunk). */
export const GATHERED = 64 * 1024

/** The damage message of a compressed log (TW-LOG-9). */
export const compressedDamage = (reason: string): string => `the compressed log is damaged (${reason}): nothing after this point can be read`

/** A header field the cutter reads, and what it does once a stretch it passes over ends. */
type Field = 'magic' | 'descriptor' | 'header' | 'block' | 'skippable'
type After = 'block' | 'checksum' | 'end'

/** What the cutter reads next: a header field of `need` bytes, or `left` bytes it passes over. */
type State = { at: Field; need: number } | { at: 'skip'; left: number; after: After }

/** A frame's first field, its magic number; a block's, its Block_Header. */
const FRAME: State = { at: 'magic', need: 4 }
const BLOCK: State = { at: 'block', need: 3 }

/** Window_Descriptor, Dictionary_ID and Frame_Content_Size bytes after a Frame_Header_Descriptor (RFC 8878, 3.1.1.1). */
function headerBytes(descriptor: number): number {
  const singleSegment = (descriptor & 0x20) !== 0
  const dictionary = [0, 1, 2, 4][descriptor & 0x03]!
  const contentSize = [singleSegment ? 1 : 0, 2, 4, 8][descriptor >> 6]!
  return (singleSegment ? 0 : 1) + dictionary + contentSize
}

/** A little-endian unsigned integer of up to four bytes. */
const littleEndian = (bytes: number[]): number => bytes.reduceRight((value, byte) => value * 256 + byte, 0)

/**
 * Cuts a zstd stream into the writes given to the decompressor. A frame (or skippable
 * frame) whose blocks inflate to at most PIECE_OUTPUT, in at most as many bytes, is held
 * until it ends and given whole; a larger one is given in parts, each ending after blocks
 * that inflate to PIECE_OUTPUT, or where a chunk of input does, the last where it ends.
 * It reads only the headers (frame, block, skippable size) and passes over everything
 * else. It judges nothing: bytes that are not what it reads them as are refused by libzstd,
 * at the first write that holds them, and where the writes after those are cut no longer
 * matters.
 */
export class FrameCutter {
  private state: State = FRAME
  private field: number[] = []
  /** Whether the frame's blocks are followed by a checksum: set by each frame's descriptor, before its blocks. */
  private checksum!: boolean
  /** What the blocks since the last write inflate to, at most. */
  private inflates = 0
  /** The bytes of the frame held, while it may still be given whole. */
  private held: Uint8Array[] = []
  private heldBytes = 0
  /** Whether the frame is being given in parts. */
  private parted = false

  /** Whether the last write given leaves its frame open: the next write continues it. */
  get open(): boolean {
    return this.parted
  }

  /** The writes this chunk completes, in order. */
  *cut(chunk: Uint8Array): Generator<Uint8Array> {
    let start = 0
    for (let at = 0; at < chunk.length; ) {
      const state = this.state
      if (state.at !== 'skip') {
        this.field.push(chunk[at++]!)
        if (this.field.length === state.need) this.state = this.read[state.at](this.field.splice(0))
        continue
      }
      const n = Math.min(state.left, chunk.length - at)
      at += n
      state.left -= n
      if (state.left > 0 || !this.next[state.after]()) continue
      yield this.give(chunk.subarray(start, at), this.state === FRAME)
      start = at
    }
    const rest = chunk.subarray(start)
    if (this.parted) return yield this.give(rest, false)
    // Held as a copy: the chunk's buffer may be reused once this returns.
    this.held.push(rest.slice())
    this.heldBytes += rest.length
    if (this.heldBytes > PIECE_OUTPUT) yield this.give(new Uint8Array(0), false)
  }

  /** After the last chunk: a frame left open, as it is (libzstd says what is missing). */
  *end(): Generator<Uint8Array> {
    if (this.heldBytes > 0) yield Buffer.concat(this.held.splice(0))
  }

  /** The bytes held and these, as a write; `ends`: the frame ends with them. */
  private give(bytes: Uint8Array, ends: boolean): Uint8Array {
    this.held.push(bytes)
    const piece = Buffer.concat(this.held.splice(0))
    this.heldBytes = 0
    this.inflates = 0
    this.parted = !ends
    return piece
  }

  /** Each header field, read whole: what comes after it. */
  private readonly read: Record<Field, (field: number[]) => State> = {
    // Bytes that begin no frame are given to libzstd as they come, which refuses them at once.
    magic: (field) => {
      if (isFrameMagic(field)) return { at: 'descriptor', need: 1 }
      if (isSkippableMagic(field)) return { at: 'skippable', need: 4 }
      this.parted = true
      return FRAME
    },
    descriptor: ([descriptor]) => {
      this.checksum = (descriptor! & 0x04) !== 0
      return { at: 'header', need: headerBytes(descriptor!) }
    },
    header: () => BLOCK,
    skippable: (field) => ({ at: 'skip', left: littleEndian(field), after: 'end' }),
    // A Block_Header (RFC 8878, 3.1.1.2): raw and RLE blocks inflate to their Block_Size, a
    // compressed one to at most the largest block; an RLE block holds one byte.
    block: (field) => {
      const header = littleEndian(field)
      const type = (header >> 1) & 0x03
      const size = header >> 3
      this.inflates += type === 2 ? MAX_BLOCK : size
      const after = (header & 1) === 0 ? 'block' : this.checksum ? 'checksum' : 'end'
      return { at: 'skip', left: type === 1 ? 1 : size, after }
    },
  }

  /** What follows a passed-over stretch; whether the write ends there: a frame ends, or enough blocks came. */
  private readonly next: Record<After, () => boolean> = {
    block: () => {
      this.state = BLOCK
      return this.inflates >= PIECE_OUTPUT
    },
    checksum: () => {
      this.state = { at: 'skip', left: 4, after: 'end' }
      return false
    },
    end: () => {
      this.state = FRAME
      return true
    },
  }
}

/** A log's bytes as they come: a Node stream, or any iterable of byte (or string) chunks. */
export type Chunks = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>

/**
 * The bytes of a log as written → the log's text as bytes, in steps of one or more pieces,
 * none copied: plain bytes pass through a chunk a step, a zstd stream is decompressed.
 * `damage` holds the reason once the zstd stream broke; a failure to read the input itself
 * is thrown.
 */
export class LogDecoder {
  /** Why the compressed stream could not be read past some point; null while it reads. */
  damage: string | null = null

  async *decode(input: Chunks): AsyncGenerator<Uint8Array[]> {
    const chunks = bytesOf(input)
    try {
      // The first four bytes tell, as soon as they have come (a live stream is read as it comes).
      let head: Uint8Array = new Uint8Array(0)
      for (let next = head; head.length < ZSTD_MAGIC.length; head = Buffer.concat([head, next])) {
        const got = await chunks.next()
        if (got.done === true) break
        next = got.value
      }
      const rest = { [Symbol.asyncIterator]: () => chunks }
      if (isZstd(head)) return yield* this.inflate(head, rest)
      // Fewer than four bytes in all are too short to be compressed.
      yield [head]
      for await (const chunk of rest) yield [chunk]
    } finally {
      // A reader that stops early closes the input.
      await chunks.return(undefined)
    }
  }

  /**
   * The frames, in order, each small one in one write, a larger one in parts (see
   * DECOMPRESSORS for which decompressor each goes to). Up to DECOMPRESSORS writes are
   * in flight; their texts are taken in order, and at the first that failed the rest is
   * dropped, so the text before the damage depends on the bytes alone, not on how they come.
   */
  private async *inflate(head: Uint8Array, rest: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array[]> {
    // Each made at its first write: one ended with no input fails.
    const streams: Decompressor[] = []
    let turn = 0
    // Whether the last write left its frame open: the next one is a part of the same frame.
    let continued = false
    const cutter = new FrameCutter()
    const writes: Promise<Step>[] = []
    // How many writes may be in flight: one until a write's text is small.
    let inFlight = 1
    // Set by the closures below, which TypeScript does not follow.
    let failure = null as Error | null
    // The texts of one input chunk are given together, up to GATHERED bytes at a time: the
    // app writes a frame every few lines, and every step downstream costs as much for a
    // frame's text as for a plain file's chunk. None waits past its chunk (a live log).
    let texts: Uint8Array[] = []
    let bytes = 0
    const gathered = function* () {
      if (bytes > 0) yield texts
      texts = []
      bytes = 0
    }
    const takeOldest = async function* () {
      const step = await writes.shift()!
      let taken = 0
      for (const text of step.text) {
        texts.push(text)
        bytes += text.length
        taken += text.length
        if (bytes >= GATHERED) yield* gathered()
      }
      inFlight = taken < GATHERED ? DECOMPRESSORS : 1
      failure = step.failure
    }
    const settle = async function* () {
      while (failure === null && writes.length > 0) yield* takeOldest()
      yield* gathered()
    }
    const decode = async function* (pieces: Iterable<Uint8Array>) {
      for (const piece of pieces) {
        const whole = !continued && !cutter.open
        continued = cutter.open
        const at = whole ? turn : 0
        const stream = streams[at] ?? new Decompressor()
        streams[at] = stream
        writes.push(stream.write(piece))
        if (whole) turn = (turn + 1) % DECOMPRESSORS
        while (failure === null && writes.length >= inFlight) yield* takeOldest()
        if (failure !== null) break
      }
      yield* settle()
    }
    // The writes of each chunk, then of what the cutter holds at the end.
    const chunks = async function* () {
      yield cutter.cut(head)
      for await (const chunk of rest) yield cutter.cut(chunk)
      yield cutter.end()
    }
    for await (const pieces of chunks()) {
      yield* decode(pieces)
      if (failure !== null) break
    }
    // Only the decompressor of the last write can hold a frame left open; after a failure,
    // what the ends give is not taken.
    for (const stream of streams) writes.push(stream.end())
    yield* settle()
    if (failure !== null) this.damage = failure.message
  }
}

/** What a decompressor gives for a step: its text, and the failure that ended it (null: none). */
interface Step {
  text: Uint8Array[]
  failure: Error | null
}

/**
 * libzstd's streaming decompressor, a write at a time: each write answers with all the text
 * it gave. After a failure, writes give nothing and `failure` says what went wrong.
 */
class Decompressor {
  private readonly stream = zlib().createZstdDecompress()
  private text: Uint8Array[] = []
  /** The steps not yet settled, in the order they began: the stream's close settles them all. */
  private readonly open = new Set<() => void>()
  failure: Error | null = null

  constructor() {
    // Flowing, and never paused: each piece of text arrives as it is made. What it holds
    // is bounded by the writes: each inflates to at most PIECE_OUTPUT and a block.
    this.stream.on('data', (text: Uint8Array) => void this.text.push(text))
    this.stream.on('error', (error) => {
      this.failure ??= error
    })
    this.stream.on('close', () => {
      for (const done of this.open) done()
    })
  }

  /** The text this write gives (none once the stream failed). */
  write(piece: Uint8Array): Promise<Step> {
    return this.settle((done) => this.stream.write(piece, () => done()))
  }

  /**
   * The text the end of the input gives; a frame left open is a failure. Only once every
   * write is decoded: node decodes the last write with the end, and a failure there would
   * take that write's text with it.
   */
  end(): Promise<Step> {
    return this.settle(() => this.stream.end())
  }

  /**
   * A step: its text, once it is decoded, or the stream closed (a failure, or the end: a
   * write's callback may not come then). A write that failed gets no callback: the failure
   * closes the stream first.
   */
  private settle(start: (done: () => void) => void): Promise<Step> {
    return new Promise((resolve) => {
      const done = () => {
        this.open.delete(done)
        resolve({ text: this.text.splice(0), failure: this.failure })
      }
      this.open.add(done)
      start(done)
    })
  }
}

const encoder = new TextEncoder()

/** The input's chunks as bytes, one iterator whatever the input (a Node stream, a generator, an array). */
async function* bytesOf(input: Chunks): AsyncGenerator<Uint8Array> {
  for await (const chunk of input) yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk
}
