// The kinds of session-log event the log tooling reads (TW-LOG-2): the tool's own
// `todo/write`, and those of the harness around it.
export { TODO_WRITE, type LogEvent, type TodoWriteData } from '../core/event.js'

/** Opens a turn; it clears the standing plan (TW-STANDING-1). */
export const TURN_START = 'turn/start'
/** The agent loop's record of a tool call, and of its result (TW-VERIFY-1). */
export const TOOL_CALL = 'tool/call'
export const TOOL_RESULT = 'tool/result'
/** The first line of a log (TW-LOG-4). */
export const HEADER_TYPE = 'session'
export const HEADER_VERSION = 0
/**
 * The packed rows of the release's logs (TW-LOG-10), each with the key of its member array:
 * one line for a run of `assistant/chunk` deltas, which carries `seq0` rather than `seq`.
 */
export const PACKED_ROWS = { 'text-chunks': 'texts', 'reasoning-chunks': 'texts', 'tool-call-chunks': 'args' } as const
