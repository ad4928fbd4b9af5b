// A log as the harness stores it (TW-LOG-9): the seed's harness writes plain JSON Lines, the
// release dsh 0.1.1-rc.2 writes `session.jsonl.zstd`, concatenated Zstandard frames. Which
// one a log is, is told by its first bytes (a zstd frame's magic number), never by its
// file name. Decompression is libzstd's, through `node:zlib`, with the limits of `zstd -d`:
// a frame that needs a window past 128 MiB is refused, and libzstd checks block sizes and
// checksums. A stream that stops mid-frame, or is not zstd past some point, is damaged
// there: what came before it is read, and the damage is reported once, as the log's last
// problem.
//
// FrameCutter reads the frame and block headers and cuts the stream into frames. A frame
// that inflates to at most PIECE_OUTPUT (the app writes one every few lines) is decoded in
// one call; a larger one streams through a decompressor of its own, in writes that inflate
// to at most PIECE_OUTPUT each. Either way, what one step gives is bounded by bytes, and no
// write crosses a frame's end (node's decompressor drops every frame after the first that
// one write holds).
import { constants, createZstdDecompress } from 'node:zlib'

/** The first four bytes of a zstd frame (0xFD2FB528, little-endian). */
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const
/** A skippable frame: 0x184D2A50 to 0x184D2A5F, little-endian. */
const isSkippableMagic = (head: ArrayLike<number>): boolean => (head[0]! & 0xf0) === 0x50 && head[1] === 0x2a && head[2] === 0x4d && head[3] === 0x18
const isFrameMagic = (head: ArrayLike<number>): boolean => ZSTD_MAGIC.every((byte, i) => head[i] === byte)

/** Whether bytes that start a log are zstd: a zstd frame or a skippable frame begins there (fewer than four bytes are not). */
export const isZstd = (head: Uint8Array): boolean => isFrameMagic(head) || isSkippableMagic(head)

/** The largest window a frame may ask for: 2^27 bytes, 128 MiB, the default of `zstd -d`. */
export const WINDOW_LOG_MAX = 27
/** The largest block the format allows (RFC 8878, Block_Maximum_Size): the most one block inflates to. */
export const MAX_BLOCK = 128 * 1024
/** What one step of decompression gives at most (plus one block): a frame held whole, or one write of a larger one. */
export const PIECE_OUTPUT = 1024 * 1024

/** Writes given to the decompressor ahead of the text read: it decodes while the reader reads. */
const IN_FLIGHT = 4

/** The damage message of a compressed log (TW-LOG-9). */
export const compressedDamage = (reason: string): string => `the compressed log is damaged (${reason}): nothing after this point can be read`

/** What the cutter reads next: a header field of `need` bytes, or `left` bytes it passes over. */
type State =
  | { at: 'magic' | 'descriptor' | 'header' | 'block' | 'skippable'; need: number }
  | { at: 'skip'; left: number; after: 'block' | 'checksum' | 'end' }
  /** Past anything the cutter cannot follow: libzstd judges it, in the writes as they come. */
  | { at: 'opaque' }

/** Window_Descriptor, Dictionary_ID and Frame_Content_Size bytes after a Frame_Header_Descriptor (RFC 8878, 3.1.1.1). */
function headerBytes(descriptor: number): number {
  const singleSegment = (descriptor & 0x20) !== 0
  const dictionary = [0, 1, 2, 4][descriptor & 0x03]!
  const contentSize = [singleSegment ? 1 : 0, 2, 4, 8][descriptor >> 6]!
  return (singleSegment ? 0 : 1) + dictionary + contentSize
}

/**
 * Cuts a zstd stream into the writes given to the decompressor: at the end of every frame
 * (and skippable frame), and after blocks that inflate to PIECE_OUTPUT. It reads only the
 * headers (frame, block, skippable size) and passes over everything else.
 */
export class FrameCutter {
  private state: State = { at: 'magic', need: 4 }
  private field: number[] = []
  private checksum = false
  /** What the blocks since the last cut inflate to, at most. */
  private inflates = 0;

  /** The writes this chunk holds, in order: together, the chunk. */
  *cut(chunk: Uint8Array): Generator<Uint8Array> {
    let start = 0
    for (let at = 0; at < chunk.length; ) {
      const state = this.state
      if (state.at === 'opaque') break
      if (state.at === 'skip') {
        const n = Math.min(state.left, chunk.length - at)
        at += n
        state.left -= n
        if (state.left > 0 || !this.next(state.after)) continue
        yield chunk.subarray(start, at)
        start = at
      } else {
        this.field.push(chunk[at++]!)
        if (this.field.length === state.need) this.read(state.at, this.field.splice(0))
      }
    }
    if (start < chunk.length) yield chunk.subarray(start)
  }

  /** A header field read whole: what comes after it. */
  private read(at: 'magic' | 'descriptor' | 'header' | 'block' | 'skippable', field: number[]): void {
    if (at === 'magic') {
      if (isFrameMagic(field)) this.state = { at: 'descriptor', need: 1 }
      else this.state = isSkippableMagic(field) ? { at: 'skippable', need: 4 } : { at: 'opaque' }
    } else if (at === 'descriptor') {
      const descriptor = field[0]!
      // A reserved bit set: libzstd refuses the frame.
      if ((descriptor & 0x08) !== 0) this.state = { at: 'opaque' }
      else {
        this.checksum = (descriptor & 0x04) !== 0
        const rest = headerBytes(descriptor)
        this.state = rest === 0 ? { at: 'block', need: 3 } : { at: 'header', need: rest }
      }
    } else if (at === 'header') this.state = { at: 'block', need: 3 }
    else if (at === 'skippable') this.state = { at: 'skip', left: (field[0]! | (field[1]! << 8) | (field[2]! << 16)) + field[3]! * 2 ** 24, after: 'end' }
    else this.block(field[0]! | (field[1]! << 8) | (field[2]! << 16))
  }

  /** A Block_Header (RFC 8878, 3.1.1.2): the bytes of its block are passed over. */
  private block(header: number): void {
    const type = (header >> 1) & 0x03
    const size = header >> 3
    // A reserved block type, or a block larger than the format allows: libzstd refuses it.
    if (type === 3 || size > MAX_BLOCK) {
      this.state = { at: 'opaque' }
      return
    }
    // Raw and RLE blocks inflate to their Block_Size; a compressed one to at most a block.
    this.inflates += type === 2 ? MAX_BLOCK : size
    const last = (header & 1) === 1
    this.state = { at: 'skip', left: type === 1 ? 1 : size, after: last ? (this.checksum ? 'checksum' : 'end') : 'block' }
  }

  /** What follows a passed-over stretch; whether the write ends there: a frame ends, or enough blocks came. */
  private next(after: 'block' | 'checksum' | 'end'): boolean {
    if (after === 'checksum') {
      this.state = { at: 'skip', left: 4, after: 'end' }
      return false
    }
    this.state = after === 'block' ? { at: 'block', need: 3 } : { at: 'magic', need: 4 }
    if (after === 'block' && this.inflates < PIECE_OUTPUT) return false
    this.inflates = 0
    return true
  }
}

/** A log's bytes as they come: a Node stream, or any iterable of byte (or string) chunks. */
export type Chunks = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>

/** libzstd's decompression, with the window limit of `zstd -d`. */
const OPTIONS = { params: { [constants.ZSTD_d_windowLogMax]: WINDOW_LOG_MAX } }

/**
 * The bytes of a log as written → the log's text as bytes: plain bytes pass through, a
 * zstd stream is decompressed. `damage` holds the reason once the zstd stream broke; a
 * failure to read the input itself is thrown.
 */
export class LogDecoder {
  /** Whether the log turned out to be compressed (known once four bytes have come). */
  compressed = false
  /** Why the compressed stream could not be read past some point; null while it reads. */
  damage: string | null = null

  async *decode(input: Chunks): AsyncGenerator<Uint8Array> {
    const chunks = bytesOf(input)
    try {
      let head = Buffer.alloc(0)
      while (head.length < ZSTD_MAGIC.length) {
        const next = await chunks.next()
        if (next.done === true) break
        head = Buffer.concat([head, next.value])
      }
      this.compressed = isZstd(head)
      const rest = { [Symbol.asyncIterator]: () => chunks }
      if (this.compressed) return yield* this.inflate(head, rest)
      // Fewer than four bytes in all are too short to be compressed.
      if (head.length > 0) yield head
      yield* rest
    } finally {
      // A reader that stops early closes the input.
      await chunks.return?.()
    }
  }

  /**
   * The frames, through one decompressor, until the stream ends or breaks. Each write's text
   * is taken whole before the damage of a later write is looked at, so the text before the
   * damage is the same however the reader keeps pace; the next write decodes (on libuv's
   * thread) while the text of the one before is read.
   */
  private async *inflate(head: Uint8Array, rest: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    const zstd = new Decompressor()
    const cutter = new FrameCutter()
    // The writes in flight, oldest first: at most IN_FLIGHT, so what waits is bounded by bytes.
    const pending: Promise<Uint8Array[]>[] = []
    const step = async function* (pieces: Iterable<Uint8Array>) {
      for (const piece of pieces) {
        pending.push(zstd.write(piece))
        if (pending.length === IN_FLIGHT) yield* await pending.shift()!
      }
    }
    try {
      yield* step(cutter.cut(head))
      for await (const chunk of rest) {
        yield* step(cutter.cut(chunk))
        if (zstd.failure !== null) break
      }
      for (const text of pending) yield* await text
      // Only once every write is decoded: node gives the last write before the end with the
      // end, and a failure there would take that write's text with it.
      yield* await zstd.end()
      if (zstd.failure !== null) this.damage = zstd.failure.message
    } finally {
      zstd.destroy()
    }
  }
}

/**
 * libzstd's streaming decompressor, a write at a time: each write answers with all the text
 * it gave. After a failure, writes give nothing and `failure` says what went wrong.
 */
class Decompressor {
  private readonly stream = createZstdDecompress(OPTIONS)
  private text: Uint8Array[] = []
  failure: Error | null = null

  constructor() {
    // Flowing, and never paused: each piece of text arrives as it is made. What it may hold
    // is bounded by the writes: each inflates to at most PIECE_OUTPUT and a block.
    this.stream.on('data', (text: Uint8Array) => void this.text.push(text))
    this.stream.on('error', (error) => this.fail(error))
  }

  private fail(error: Error): void {
    this.failure ??= error
  }

  /** The text this write gives (none once the stream failed). */
  write(piece: Uint8Array): Promise<Uint8Array[]> {
    return this.settle((done) => this.stream.write(piece, (error) => (error == null ? done() : this.fail(error))))
  }

  /** The text the end of the input gives; a frame left open is a failure. */
  end(): Promise<Uint8Array[]> {
    return this.settle((done) => {
      // All its text is out when the stream ends, or fails.
      this.stream.once('end', done)
      this.stream.end()
    })
  }

  destroy(): void {
    this.stream.destroy()
  }

  private settle(start: (done: () => void) => void): Promise<Uint8Array[]> {
    if (this.failure !== null) return Promise.resolve([])
    return new Promise((resolve) => {
      const done = () => {
        this.stream.off('close', done)
        resolve(this.text.splice(0))
      }
      // A failure closes the stream: the write's callback may not come.
      this.stream.once('close', done)
      start(done)
    })
  }
}

/** The input's chunks as bytes, one iterator whatever the input (a Node stream, a generator, an array). */
async function* bytesOfInput(input: Chunks): AsyncGenerator<Buffer> {
  for await (const chunk of input) yield typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
}
const bytesOf = (input: Chunks): AsyncIterator<Buffer> => bytesOfInput(input)[Symbol.asyncIterator]()
