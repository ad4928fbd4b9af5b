// The terminal plan (TW-RENDER-1): a `Plan` heading, then one line per todo, its mark, a
// space and its content. Content comes from a log and may be hostile: characters that move
// the cursor, break the line or start a terminal escape are shown escaped (TW-RENDER-2).
import type { Status, Todo } from '../core/schema.js'
import { escapeUnit } from './json.js'

export const PLAN_HEADING = 'Plan'

export const MARKS: Readonly<Record<Status, string>> = {
  completed: '\u2713', // ✓
  in_progress: '\u25cf', // ●
  pending: '\u25cb', // ○
}

/**
 * C0 controls, DEL, C1 controls, the line and paragraph separators, the bidirectional
 * formatting controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which would
 * reorder what follows them on the line, and lone surrogates, which no terminal can show.
 */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * Text made safe for one terminal line (TW-RENDER-2): each unsafe code unit becomes
 * `\uXXXX`. The one formatter of everything shown that came from outside — content, a
 * log's problems, usage errors, what a port supplies (TW-KIT-OUTPUT-1).
 */
export const terminalSafe = (text: string): string => text.replace(UNSAFE, escapeUnit)

/**
 * A count as the messages write it: its digits in groups of three, split by commas, as
 * `toLocaleString('en-US')` writes a non-negative integer, without the locale data that
 * costs a process some 8 MB of memory.
 */
export const thousands = (count: number): string => String(count).replace(/\B(?=(\d{3})+$)/g, ',')

/**
 * A string with storage of its own, code unit for code unit. A part V8 cuts from a string
 * (slice, or a concatenation of one) keeps the whole string alive as long as the part lives.
 */
export const copied = (text: string): string => Buffer.from(text, 'utf16le').toString('utf16le')

/**
 * What a failed system call says, without the call and the path node's message repeats:
 * `no such file or directory (ENOENT)`. Anything else that was thrown, its message.
 */
export function systemMessage(error: unknown): string {
  const { errno, code } = error as NodeJS.ErrnoException
  if (typeof errno === 'number' && code !== undefined) return `${process.getBuiltinModule('node:util').getSystemErrorMessage(errno)} (${code})`
  return error instanceof Error ? error.message : String(error)
}

/** The whole plan, every line ending in `\n`. */
export function renderPlan(todos: readonly Todo[]): string {
  return [PLAN_HEADING, ...todos.map(({ content, status }) => `${MARKS[status]} ${terminalSafe(content)}`)].map((line) => line + '\n').join('')
}
