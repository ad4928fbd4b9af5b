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

function block(bytes: Uint8Array, last: boolean): Uint8Array {
  const header = (bytes.length << 3) | (0 << 1) | (last ? 1 : 0) // Block_Type 0: Raw_Block
  return Uint8Array.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff, ...bytes])
}

/** One frame holding `bytes` in raw blocks of at most `blockSize` bytes (an empty frame has one empty block). */
export function rawFrame(bytes: Uint8Array, blockSize = MAX_BLOCK): Buffer {
  const parts: Uint8Array[] = [Uint8Array.from([...MAGIC, DESCRIPTOR, WINDOW])]
  if (bytes.length === 0) parts.push(block(bytes, true))
  for (let at = 0; at < bytes.length; at += blockSize) parts.push(block(bytes.subarray(at, at + blockSize), at + blockSize >= bytes.length))
  return Buffer.concat(parts)
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
