// The package's main entry: the harness plugin of the seed's harness (`name`, `inject`,
// `Config`, `apply`) and the library. Named exports only: a default export would make the
// cordis Loader take the bare default (`exports.default ?? exports`) and drop `inject`
// (TW-PLUGIN-1). docs/api.md describes every export.
export { name, inject, apply, Config, ConfigSchema, ConfigError } from './plugin.js'
export type { PluginContext, ToolRegistry, HostLoader, PluginConfig, ConfigIssue, ConfigResult } from './plugin.js'

export { callTodoWrite, callTodoWriteAsync } from './core/call.js'
export type { CallOutcome } from './core/call.js'
export { createTodoWriteTool, TodoWriteError } from './core/tool.js'
export type { TodoWriteTool, Exec, PresentedCall, TextBlock } from './core/tool.js'
export { TODO_WRITE } from './core/event.js'
export type { Session, TodoWriteEvent, TodoWriteData } from './core/event.js'
export { MemorySession } from './log/events.js'
export type { LogEvent } from './log/events.js'
export { STATUSES, TodoWriteArgs, TodoWriteValue, Todo, Status, parametersSchema } from './core/schema.js'
export type { JsonSchema } from './core/schema.js'
export { DEFAULT_OPTIONS, PROFILES, PROFILE_NAMES, OptionsSchema, OptionsError, parseOptions, resolveOptions } from './core/options.js'
export type { TodoWriteOptions, ResolvedOptions, UnknownItemKeys, ActiveLimitWording, ProfileName, OptionIssue, OptionsResult } from './core/options.js'
export * as messages from './core/messages.js'

export { readLog, LogParser } from './log/reader.js'
export type { LogRecord, ReadEvent } from './log/reader.js'
export { PlanReplay, currentTodos, standingPlan, currentFromEnd, standingStep } from './log/plan.js'
export { planFromEnd, latestPlanOf, standingPlanOf } from './log/tail.js'
export type { TailPlan, TailProblem, Which } from './log/tail.js'
export type { Step } from './log/plan.js'
export { checkLog, snapshotViolation } from './log/invariant.js'
export type { LogViolation } from './log/invariant.js'
export { renderPlan } from './log/render.js'
export { planUpdate } from './log/acp.js'
export type { AcpPlanUpdate, AcpPlanEntry } from './log/acp.js'
export { MAX_OPEN_BYTES, Verifier } from './log/verify.js'
export type { Mismatch, VerifyPolicy } from './log/verify.js'
