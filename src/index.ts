// The package entry and the harness plugin: `name`, `inject`, `apply` and `Config`, plus
// the library. Named exports only — a default export would make the cordis Loader take the
// bare default (`exports.default ?? exports`) and silently drop `inject` (seed, "Export shape").
export { name, inject, apply, Config, ConfigSchema } from './plugin.js'
export type { PluginContext, ToolRegistry } from './plugin.js'
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
export { TODO_WRITE, TURN_START, todoWriteEvent, currentTodos, standingPlan, MemorySession } from './log.js'
export type { LogEvent, Session, TodoWriteEvent, TodoWriteData } from './log.js'
export { checkLog, snapshotViolation } from './invariant.js'
export type { LogViolation } from './invariant.js'
