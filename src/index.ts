// The package's main entry: the harness plugin of the seed's harness (`name`, `inject`,
// `Config`, `apply`) and the library a harness author or a log reader needs. Named exports
// only: a default export would make the cordis Loader take the bare default
// (`exports.default ?? exports`) and drop `inject` (TW-PLUGIN-1). docs/api.md has a line
// for each.
export { name, inject, apply, Config } from './plugin.js'

export { callTodoWrite, callTodoWriteAsync } from './core/call.js'
export type { CallOutcome } from './core/call.js'
export { createTodoWriteTool, TodoWriteError } from './core/tool.js'
export type { TodoWriteTool, Exec } from './core/tool.js'
export { TODO_WRITE } from './core/event.js'
export type { Session, TodoWriteEvent } from './core/event.js'
export { Todo, parametersSchema } from './core/schema.js'
export { resolveOptions } from './core/options.js'
export type { TodoWriteOptions } from './core/options.js'

export { MemorySession } from './log/events.js'
export type { LogEvent } from './log/events.js'
export { readLog } from './log/reader.js'
export type { LogRecord } from './log/reader.js'
export { currentTodos, standingPlan } from './log/plan.js'
export { planFromEnd } from './log/tail.js'
export type { TailPlan } from './log/tail.js'
export { checkLog } from './log/invariant.js'
export { renderPlan } from './log/render.js'
export { planUpdate } from './log/acp.js'
export { Verifier } from './log/verify.js'
