// The package entry. Named exports only: a default export would make the cordis Loader
// take the bare default and drop `inject` (seed, "Export shape").
export { STATUSES, TodoWriteArgs, TodoWriteValue, Todo, Status, DEFAULT_OPTIONS, resolveOptions, parametersSchema, emitJsonSchema } from './schema.js'
export type { TodoWriteOptions, ResolvedOptions, UnknownItemKeys } from './schema.js'
export * as messages from './messages.js'
export { validate, checkSchema, checkList } from './validate.js'
export type { Validation, Failure, FailureKind } from './validate.js'
export { schemaViolations } from './violations.js'
export { createTodoWriteTool, executeTodoWrite, countStatuses, render, TodoWriteError } from './tool.js'
export type { TodoWriteTool, Exec, PresentedCall } from './tool.js'
export { callTodoWrite, resultText, errorResult, successResult } from './call.js'
export type { ToolResult } from './call.js'
export { TODO_WRITE, todoWriteEvent, currentTodos, MemorySession } from './log.js'
export type { LogEvent, Session, TodoWriteEvent, TodoWriteData } from './log.js'
