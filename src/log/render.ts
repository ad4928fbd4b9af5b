// The terminal plan (TW-RENDER-1): a `Plan` heading, then one line per todo, its mark, a
// space and its content. Content comes from a log and may be hostile: characters that move
// the cursor, break the line or start a terminal escape are shown escaped (TW-RENDER-2).
import type { Status, Todo } from '../core/schema.js'

export const PLAN_HEADING = 'Plan'

export const MARKS: Readonly<Record<Status, string>> = {
  completed: '\u2713', // ✓
  in_progress: '\u25cf', // ●
  pending: '\u25cb', // ○
}

/** C0 controls, DEL, C1 controls, and the line and paragraph separators. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

const escapeUnit = (unit: string): string => '\\u' + unit.charCodeAt(0).toString(16).padStart(4, '0')

/** Content made safe for one terminal line: each unsafe code unit becomes `\uXXXX`. */
export const terminalSafe = (text: string): string => text.replace(UNSAFE, escapeUnit)

/** The whole plan, every line ending in `\n`. */
export function renderPlan(todos: readonly Todo[]): string {
  return [PLAN_HEADING, ...todos.map(({ content, status }) => `${MARKS[status]} ${terminalSafe(content)}`)].map((line) => line + '\n').join('')
}
