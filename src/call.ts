// One call as the model experiences it: the registry's argument check and the tool body,
// folded into the harness result shape with the `Error: ` envelope (harness-contract §1.5).
import { ERROR_PREFIX } from './messages.js'
import type { TodoWriteValue } from './schema.js'
import { resolveOptions, type TodoWriteOptions } from './options.js'
import { successText, runTodoWrite, type Exec } from './tool.js'

export interface ToolResult {
  content: [{ type: 'text'; text: string }]
  isError: boolean
  value?: TodoWriteValue
}

const textResult = (text: string, isError: boolean): ToolResult => ({ content: [{ type: 'text', text }], isError })

/** The model-facing result of a failure: the registry prefixes the thrown message. */
export const errorResult = (error: unknown): ToolResult =>
  textResult(ERROR_PREFIX + (error instanceof Error ? error.message : String(error)), true)

/**
 * The model-facing result of an accepted call. Written out rather than spread from
 * textResult: V8 copies a spread object on a slow path, which cost ~0.8 µs a call (a fifth
 * of parsing a 10-item call; `npm run bench`, row (a)).
 */
export const successResult = (value: TodoWriteValue): ToolResult => ({ content: [{ type: 'text', text: successText(value) }], isError: false, value })

/**
 * Run one todo_write call synchronously, exactly as the harness would answer it. A refusal
 * is a returned failure, not a thrown error; anything thrown (a session whose append
 * throws) is answered with its message, as the registry would.
 */
export function callTodoWrite(args: unknown, exec: Exec, options: TodoWriteOptions = {}): ToolResult {
  try {
    const outcome = runTodoWrite(args, exec, resolveOptions(options))
    return outcome.ok ? successResult(outcome.value) : textResult(ERROR_PREFIX + outcome.failure.message, true)
  } catch (error) {
    return errorResult(error)
  }
}

/** The one text the model reads. */
export const resultText = (result: ToolResult): string => result.content[0].text
