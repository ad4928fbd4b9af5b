// A log as the harness stores it (TW-LOG-9): the seed's harness writes plain JSON Lines, the
// release dsh 0.1.1-rc.2 writes `session.jsonl.zstd`, concatenated Zstandard frames. Which
// one a log is, is told by its first bytes (a zstd frame's magic number), never by its
// file name. Decompression is fzstd's; it is fed a little at a time, so that no piece of
// input, however well it compresses, inflates to more than a few MiB at once. A stream
// that stops mid-frame or is not zstd past some point is damaged there: what came before
// it is read, and the damage is reported once, as the log's last problem.
import { Decompress } from 'fzstd'

/** The first four bytes of a zstd frame (0xFD2FB528, little-endian). */
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const
/** A skippable frame: 0x184D2A50 to 0x184D2A5F, little-endian. */
const isSkippableMagic = (head: Uint8Array): boolean => (head[0]! & 0xf0) === 0x50 && head[1] === 0x2a && head[2] === 0x4d && head[3] === 0x18

/** Whether bytes that start a log are zstd: a zstd frame or a skippable frame begins there (fewer than four bytes are not). */
export const isZstd = (head: Uint8Array): boolean => ZSTD_MAGIC.every((byte, i) => head[i] === byte) || isSkippableMagic(head)

/**
 * Input fed to the decompressor at a time. A zstd block of 128 KiB can be stored in four
 * bytes (an RLE block), so 512 bytes inflate to at most 16 MiB before the lines are read.
 */
const PIECE = 512

/** The damage message of a compressed log (TW-LOG-9). */
export const compressedDamage = (reason: string): string => `the compressed log is damaged (${reason}): nothing after this point can be read`

/**
 * The bytes of a log as written → the log's text as bytes: plain bytes pass through, a
 * zstd stream is decompressed. Fed chunk by chunk, synchronously (the tail reader reads
 * files so), then `end()`; `damage` holds the reason once the zstd stream broke.
 */
export class LogDecoder {
  /** What the first bytes said: unknown until four bytes (or the end) have come. */
  private kind: 'unknown' | 'plain' | 'zstd' = 'unknown'
  private head: Uint8Array = new Uint8Array(0)
  private readonly inflated: Uint8Array[] = []
  /** A zstd log's decompressor, until the stream is damaged: nothing after the damage is read. */
  private zstd: Decompress | null = null
  /** Why the compressed stream could not be read past some point; null while it reads. */
  damage: string | null = null

  /** Whether the log turned out to be compressed (known once four bytes have come). */
  get compressed(): boolean {
    return this.kind === 'zstd'
  }

  *push(chunk: Uint8Array): Generator<Uint8Array> {
    if (this.kind === 'unknown') {
      const head = new Uint8Array(this.head.length + chunk.length)
      head.set(this.head)
      head.set(chunk, this.head.length)
      if (head.length < ZSTD_MAGIC.length) {
        this.head = head
        return
      }
      this.zstd = isZstd(head) ? new Decompress((piece) => void this.inflated.push(piece)) : null
      this.kind = this.zstd === null ? 'plain' : 'zstd'
      this.head = new Uint8Array(0)
      chunk = head
    }
    if (this.kind === 'plain') yield chunk
    else for (let rest = chunk; rest.length > 0 && this.zstd !== null; rest = rest.subarray(PIECE)) yield* this.inflate(rest.subarray(0, PIECE), false)
  }

  *end(): Generator<Uint8Array> {
    // Fewer than four bytes in all: too short to be compressed.
    if (this.kind === 'unknown') yield this.head
    // The last push says the stream ends here: a frame left open is damage.
    if (this.zstd !== null) yield* this.inflate(new Uint8Array(0), true)
  }

  private *inflate(piece: Uint8Array, final: boolean): Generator<Uint8Array> {
    try {
      this.zstd!.push(piece, final)
    } catch (error) {
      this.damage = (error as Error).message
      this.zstd = null
    }
    yield* this.inflated.splice(0)
  }
}

/** A log stream (bytes or text chunks) as its text's bytes; `decoder.damage` is set once it broke. */
export async function* decodeLog(input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>, decoder: LogDecoder): AsyncGenerator<Uint8Array> {
  for await (const chunk of input) {
    yield* decoder.push(Buffer.from(chunk))
    if (decoder.damage !== null) return
  }
  yield* decoder.end()
}
