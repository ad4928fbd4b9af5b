// Zstandard frames made of raw blocks (RFC 8878, 3.1.1: a block of type Raw_Block holds its
// bytes as they are): a valid zstd stream, readable by any decoder, written without a
// compressor, so the log reader's tests can cut frames and blocks wherever they like. Real
// compressed text comes from the shipped example (examples/logs/release-sample.jsonl.zstd,
// made with the zstd command) and from the fixtures.

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd]
/** Frame_Header_Descriptor 0: no content size, a Window_Descriptor, no checksum, no dictionary. */
const DESCRIPTOR = 0x00
/** Window_Descriptor: exponent 7, mantissa 0, so a window of 2^(10+7) = 128 KiB, the largest block. */
const WINDOW = 7 << 3
const MAX_BLOCK = 128 * 1024
/** Block_Type values. */
const [RAW, RLE, COMPRESSED] = [0, 1, 2]

/**
 * A frame with this Window_Descriptor holding `count` blocks, `block(i)` giving the i-th one's
 * Block_Type, Block_Size and content; the last is marked Last_Block.
 */
function frame(window: number, count: number, block: (i: number) => [type: number, size: number, content: Uint8Array | number[]]): Buffer {
  const parts = [Buffer.from([...MAGIC, DESCRIPTOR, window])]
  for (let i = 0; i < count; i++) {
    const [type, size, content] = block(i)
    const header = (size << 3) | (type << 1) | (i === count - 1 ? 1 : 0)
    parts.push(Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), Buffer.from(content))
  }
  return Buffer.concat(parts)
}

/** One frame holding `bytes` in raw blocks of at most `blockSize` bytes (an empty frame has one empty block). */
export function rawFrame(bytes: Uint8Array, blockSize = MAX_BLOCK): Buffer {
  return frame(WINDOW, Math.max(1, Math.ceil(bytes.length / blockSize)), (i) => {
    const content = bytes.subarray(i * blockSize, (i + 1) * blockSize)
    return [RAW, content.length, content]
  })
}

/** `text` as concatenated frames, cut at these byte offsets (anywhere: inside a line, a character). */
export function rawZstd(text: string | Uint8Array, cuts: readonly number[] = [], blockSize = MAX_BLOCK): Buffer {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text
  const bounds = [0, ...[...cuts].map((cut) => Math.min(Math.max(cut, 0), bytes.length)).sort((a, b) => a - b), bytes.length]
  const frames: Buffer[] = []
  for (let i = 0; i + 1 < bounds.length; i++) frames.push(rawFrame(bytes.subarray(bounds[i], bounds[i + 1]), blockSize))
  return Buffer.concat(frames)
}

/** A skippable frame (magic 0x184D2A5?): a decoder passes over its `size` bytes. */
export function skippableFrame(size: number, nibble = 0): Buffer {
  return Buffer.concat([
    Buffer.from([0x50 | nibble, 0x2a, 0x4d, 0x18, size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, size >>> 24]),
    Buffer.alloc(size, 0x41),
  ])
}

// Hostile streams (TW-LOG-9), each a few bytes that a decoder without the format's limits
// turns into seconds or gigabytes; `zstd -d` refuses every one at once.

/** Window_Descriptor of 1.875 GiB (exponent 20, mantissa 7: 2^30 + 7/8 of it), then `blocks` raw blocks of `size` bytes each. */
export const hugeWindow = (blocks = 12, size = 6): Buffer => frame((20 << 3) | 7, blocks, () => [RAW, size, Buffer.alloc(size, 0x0a)])

/** RLE blocks (4 bytes each) declaring `size` bytes each, past the format's 128 KiB largest block. */
export const oversizedBlocks = (count: number, size = 2 ** 21 - 1, byte = 0x0a): Buffer => frame(WINDOW, count, () => [RLE, size, [byte]])

/**
 * Compressed blocks that declare 98,047 sequences (the most a Sequences_Section_Header can)
 * of RLE-coded symbols, each a match of 64 KiB and more: gigabytes from a block of a few bytes,
 * far past the most any block may hold.
 */
export function sequenceBombs(count = 2): Buffer {
  // Literals_Section_Header 00: raw literals, none. Number_of_Sequences ff ff ff: 0x7F00 + 0xFFFF.
  // Symbol_Compression_Modes 54: literal lengths, offsets, match lengths all RLE. The RLE symbols
  // 00 00 34: no literals, offset code 0, match length code 52 (65,539 bytes and more). The
  // bitstream 80 80: no bits but its end mark.
  const body = Buffer.from([0x00, 0xff, 0xff, 0xff, 0x54, 0x00, 0x00, 0x34, 0x80, 0x80])
  return frame(WINDOW, count, () => [COMPRESSED, body.length, body])
}
