// Shared plumbing of the `todo-write` subcommands: usage errors, stdin, option flags.
import type { TodoWriteOptions } from '../core/options.js'
import type { FlagValues } from './flags.js'
import { invalidUtf8, STARTS_WITH_BOM, strictUtf8 } from '../log/lines.js'
import { systemMessage } from '../log/render.js'

/**
 * node:fs as node has loaded it already. An ES import of node:fs would build its namespace,
 * and load with it fs/promises, its streams and readline: a tenth of node's start-up, which
 * `--version` has no use for.
 */
export const fs = (): typeof import('node:fs') => process.getBuiltinModule('node:fs')

/** A problem with how the command was invoked or fed: stderr, nothing on stdout, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** The flags every subcommand that runs calls accepts (spec TW-OPT-*). */
export const OPTION_FLAGS = {
  profile: { type: 'string' },
  'allow-parallel-in-progress': { type: 'boolean' },
  'unknown-item-keys': { type: 'string' },
  'active-limit-wording': { type: 'string' },
} as const

/** The option flags, as every subcommand's help lists them. */
export const OPTION_FLAGS_HELP = `  --profile NAME                 seed (default) or dsh-0.1.1-rc.2: sets the three below
  --allow-parallel-in-progress   accept any number of in_progress items
  --unknown-item-keys MODE       drop or reject extra item keys
  --active-limit-wording MODE    comma (", got N") or parentheses (" (got N)")`

/** The options the flags name (TW-OPT-1), each checked; a bad value is a usage error naming its flag. */
export async function toolOptions(values: FlagValues<typeof OPTION_FLAGS>): Promise<TodoWriteOptions> {
  // Loaded when asked for: the options' schema is TypeBox's, and `replay` without --verify has no use for it.
  const { parseOptions } = await import('../core/options.js')
  const options: Record<string, unknown> = {}
  if (values.profile !== undefined) options.profile = values.profile
  if (values['allow-parallel-in-progress']) options.allowParallelInProgress = true
  if (values['unknown-item-keys'] !== undefined) options.unknownItemKeys = values['unknown-item-keys']
  if (values['active-limit-wording'] !== undefined) options.activeLimitWording = values['active-limit-wording']
  const result = parseOptions(options)
  if (!result.ok) {
    // Every issue here names its key (the flags give an object with known keys only).
    const { key, message } = result.issues[0]!
    const flag = key!.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())
    throw new UsageError(`--${flag}${message.slice(key!.length)}`)
  }
  return options as TodoWriteOptions
}

/** The most stdin `call` reads: a call's arguments, however large, are far below it. */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024

/**
 * All of `stream` as text (TW-CLI-2). Refused with a message naming the problem: more than
 * MAX_INPUT_BYTES (nothing more is held), bytes that are not UTF-8 (the offset of the first
 * one), a byte-order mark (JSON has none, and it is invisible in a message).
 */
export async function readAll(stream: NodeJS.ReadableStream, what = 'stdin'): Promise<string> {
  refuseDirectory(stream)
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    length += bytes.length
    if (length > MAX_INPUT_BYTES) throw new UsageError(`${what} holds more than ${MAX_INPUT_BYTES / (1024 * 1024)} MiB: not read`)
    chunks.push(bytes)
  }
  const bytes = Buffer.concat(chunks)
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) throw new UsageError(`${what} ${STARTS_WITH_BOM}`)
  try {
    return strictUtf8(bytes)
  } catch {
    throw new UsageError(`${what} is not UTF-8: ${invalidUtf8(bytes)}`)
  }
}

/** Parse a JSON text, turning a syntax error into a usage error that names the problem. */
export function parseJsonText(text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const detail = text.trim() === '' ? 'the input is empty' : (error as Error).message
    throw new UsageError(`${what} is not JSON: ${detail}`)
  }
}

/** What a command writes its text to: a stream, or this process's stdout or stderr (`processSink`). */
export interface Sink {
  write(text: string): boolean
  on(event: 'error', listener: (error: Error) => void): unknown
  once(event: 'drain', listener: () => void): unknown
  readonly isTTY?: boolean
  readonly columns?: number
  /** From now on, every write through node's stream, which never stops the process (processSink). */
  useStream?(): void
}

/**
 * This process's stdout (1) or stderr (2), written with write(2) on its descriptor. Node makes
 * process.stdout (a socket, a TTY or a file stream) only when asked for, and making it costs
 * a tenth of node's start-up, which `--version` has no use for. Such a write waits while the
 * reader is slower, and the whole process with it: harmless to a command that has nothing
 * else to do, so one that has (timers, ports, signal handlers: `conform`) calls `useStream`
 * first, and every write after goes through node's stream, which keeps what the reader has
 * not taken yet. So do the texts after a write the descriptor would block (another process
 * set it non-blocking) or took in part. A reader that goes away ends the command at once,
 * quietly, with status 0 (TW-CLI-3): nothing more can be shown, and nothing is wrong with
 * the input; the ports `conform` started are killed on the way out (src/kit/port.ts). Any
 * other failure (a full disk) ends it with one line on stderr and status 2.
 */
export function processSink(fd: 1 | 2): Sink {
  let stream: NodeJS.WriteStream | undefined
  const node = (): NodeJS.WriteStream => {
    if (stream === undefined) {
      stream = fd === 1 ? process.stdout : process.stderr
      stream.on('error', (error: NodeJS.ErrnoException) => writeFailed(fd, error))
    }
    return stream
  }
  return {
    get isTTY() {
      return node().isTTY
    },
    get columns() {
      return node().columns
    },
    useStream: () => void node(),
    write(text) {
      // A Windows console takes UTF-16, which node's stream writes it; bytes would be read in its code page.
      if (stream !== undefined || process.platform === 'win32') return node().write(text)
      try {
        const written = fs().writeSync(fd, text)
        // A descriptor that blocks takes the text whole; one that does not may take a part.
        if (written < Buffer.byteLength(text)) return node().write(Buffer.from(text).subarray(written))
        return true
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') writeFailed(fd, error as NodeJS.ErrnoException)
        return node().write(text)
      }
    },
    // No event: a failed write ends the process (writeFailed).
    on: () => undefined,
    once: (_event, listener) => node().once('drain', listener),
  }
}

/** The end of a process whose write to `fd` failed (processSink). */
function writeFailed(fd: 1 | 2, error: NodeJS.ErrnoException): never {
  if (error.code === 'EPIPE') process.exit(0)
  try {
    // A failure of stderr itself has nowhere to be told.
    if (fd === 1) fs().writeSync(2, `todo-write: cannot write stdout: ${systemMessage(error)}\n`)
  } finally {
    process.exit(2)
  }
}

/**
 * A sink the command writes to, which the reader may close (`… | head`): each write waits
 * for `drain` when the reader is slower, so output never piles up in memory; once a stream
 * fails (EPIPE), writes are dropped and `closed` says so, and the command stops quietly
 * rather than blame its input (this process's own sinks end the process instead).
 */
export interface Output {
  write(text: string): Promise<void>
  readonly closed: boolean
}

export function output(stream: Sink): Output {
  let closed = false
  let wake: (() => void) | null = null
  stream.on('error', () => {
    closed = true
    wake?.()
  })
  return {
    get closed() {
      return closed
    },
    async write(text) {
      if (closed || text === '') return
      if (stream.write(text)) return
      await new Promise<void>((resolve) => {
        wake = resolve
        stream.once('drain', resolve)
      })
      wake = null
    },
  }
}

/**
 * An answer line — a call's outcome, with the protocol's `id` and `current` when serve
 * answers — as the pieces of its text: together exactly `JSON.stringify(answer)` and a LF.
 * An accepted call's list appears in `value`, `event` and `current`: it is written as JSON
 * once and its text reused, and a long list's pieces are written one by one, so a list of
 * hundreds of megabytes never has to fit into one string more than once (TW-CLI-3).
 * Throws JSON.stringify's RangeError when even one piece cannot be a string.
 */
export function answerPieces(answer: Record<string, unknown>): string[] {
  const value = answer.value as { todos: unknown; counts: unknown } | null | undefined
  if (answer.isError !== false || value === null || value === undefined) return [JSON.stringify(answer), '\n']
  const list = JSON.stringify(value.todos)
  const fields = Object.keys(answer).map((key) => {
    const name = `${JSON.stringify(key)}:`
    if (key === 'value') return [`${name}{"todos":`, list, `,"counts":${JSON.stringify(value.counts)}}`]
    if (key === 'event') return [`${name}{"type":"todo/write","data":{"todos":`, list, '}}']
    if (key === 'current') return [name, list]
    return [name + JSON.stringify(answer[key])]
  })
  const pieces = ['{', ...fields.flatMap((field, i) => (i === 0 ? field : [',', ...field])), '}\n']
  // One write for an everyday list: a write per piece would cost a system call each.
  return list.length < 1 << 20 ? [pieces.join('')] : pieces
}

/** Refuses stdin that reads a directory (`< dir`), which process.stdin would read as an empty input. */
export function refuseDirectory(stdin: NodeJS.ReadableStream): void {
  const fd = (stdin as { fd?: unknown }).fd
  let directory = false
  try {
    directory = typeof fd === 'number' && fs().fstatSync(fd).isDirectory()
  } catch {}
  if (directory) throw new UsageError('cannot read stdin: it is a directory')
}
