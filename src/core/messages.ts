// Every model-facing string of todo_write, and nothing else. The seed's texts are law
// (spec/todo.md, TW-ERR-*); a changed byte here changes what every model reads.

/** The registry prefixes every failure with this envelope (TW-ENVELOPE-1). */
export const ERROR_PREFIX = 'Error: '

/** Prefix of every schema failure; the listed violations follow, joined by `VIOLATION_SEPARATOR` (TW-ARGS-1). */
export const INVALID_ARGUMENTS = 'invalid arguments: '
export const VIOLATION_SEPARATOR = '; '

/** The path the registry names when the top-level value itself is wrong (TW-ARGS-2). */
export const ARGUMENTS_PATH = 'arguments'

export const mustBeObject = (path: string): string => `"${path}" must be an object`
export const mustBeArray = (path: string): string => `"${path}" must be an array`
export const mustBeString = (path: string): string => `"${path}" must be a string`
export const missingProperty = (path: string): string => `missing required property "${path}"`
export const mustBeOneOf = (path: string, allowed: readonly string[]): string => `"${path}" must be one of ${JSON.stringify(allowed)}`
export const notDeclared = (path: string): string => `"${path}" is not a declared property (additionalProperties: false)`

/** A refusal lists this many violations at most; the rest are only counted (TW-ARGS-11). */
export const VIOLATIONS_LISTED = 100
/** After the listed violations, how many more the walk found (TW-ARGS-11). */
export const notListed = (more: number): string => `and ${more} more ${more === 1 ? 'violation' : 'violations'} not listed`

export const EMPTY_CONTENT = 'invalid todo: `content` must be a non-empty string'
/** The content is quoted exactly as `JSON.stringify` quotes it (TW-DUP-2). */
export const duplicateContent = (trimmed: string): string => `invalid todos: duplicate content ${JSON.stringify(trimmed)}`
/** The in_progress refusal: the seed writes `, got N`, dsh 0.1.1-rc.2 ` (got N)` (TW-OPT-WORDING-1). */
export const tooManyInProgress = (count: number, wording: 'comma' | 'parentheses'): string =>
  wording === 'comma' ? `invalid todos: at most one task may be in_progress, got ${count}` : `invalid todos: at most one task may be in_progress (got ${count})`
export const NO_OWNER = 'todo_write requires an owning agent session'

export const updated = (pending: number, inProgress: number, completed: number): string =>
  `Updated todo list: ${pending} pending, ${inProgress} in progress, ${completed} completed.`

export const TOOL_NAME = 'todo_write'
export const CALL_TITLE = 'Update todo list'

/**
 * The tool description the model reads; it states the in_progress policy in force. Built
 * inside the function so that each of its words can be mutation-tested per test, not as a
 * module-load constant.
 */
export function toolDescription(allowParallelInProgress: boolean): string {
  const activePolicy = allowParallelInProgress
    ? 'Several tasks may be in_progress at once when you work on them in parallel.'
    : 'At most one task may be in_progress at a time.'
  return [
    'Keep your task list for this session. Send the ENTIRE list on every call: it replaces the previous list, there are no partial edits.',
    'Each item has `content` (what to do) and `status`: pending, in_progress or completed.',
    activePolicy,
    'Mark a task completed as soon as it is done, and move the next one to in_progress.',
    'Skip this tool for trivial work that takes a single step.',
  ].join(' ')
}

export const TODOS_DESCRIPTION = 'The complete, ordered task list; replaces the previous list.'
export const CONTENT_DESCRIPTION = 'What the task is, in a short imperative sentence.'
export const STATUS_DESCRIPTION = 'pending, in_progress or completed.'
