// `todo-write/dsh-0.1.1-rc.2/invariant`: the companion plugin the release's invariant service
// loads beside the tool (TW-PLUGIN-7). It checks every `todo/write` event with the
// durable-log invariant (TW-LOG-1, the in_progress count left out): those already in the
// harness's sessions when it starts, those a session is created with, and each later one
// while it is being appended, so a refused event never reaches a live log.
import { jsonText, writtenData } from './log/json.js'
import { snapshotFault, type SnapshotFault } from './log/invariant.js'
import { TODO_WRITE } from './core/event.js'
import type { LogEvent } from './log/events.js'

export const name = 'tool-todo-invariant'
export const inject = ['invariants']

/** The name the checks are registered under with the invariant service: this package. */
export const PACKAGE_NAME = 'todo-write'

/** The companion's wording of a fault; the release's tests match these phrases. */
export function companionWording(fault: SnapshotFault): string {
  switch (fault.kind) {
    case 'not-array':
      return 'todo/write data.todos must be an array'
    case 'not-object':
      return `todo/write entries must be objects (todos[${fault.index}] is not)`
    case 'content-not-string':
    case 'content-empty':
      return `todos[${fault.index}].content must be non-empty text`
    case 'content-untrimmed':
      return `todos[${fault.index}].content must be already trimmed, got ${jsonText(fault.content)}`
    case 'content-repeated':
      return `todos[${fault.index}] repeats content ${jsonText(fault.content)} of todos[${fault.first}]`
    case 'unknown-status':
      return `todos[${fault.index}] has an unknown status ${jsonText(fault.status)}`
  }
}

type Fail = (message: string) => never

/** What the companion says of data that cannot be written as JSON at all. */
export const UNWRITABLE_WORDING = 'todo/write data must be JSON data: it cannot be written (a cycle, a BigInt, or a getter or toJSON that throws)'

/**
 * An event is judged as its log line will hold it (`writtenData`): what `toJSON`, a getter
 * or a non-enumerable key make of its data is what is written, so that is what must hold.
 */
function check(event: LogEvent, fail: Fail): void {
  if (event?.type !== TODO_WRITE) return
  let data: unknown
  try {
    data = writtenData(event.data)
  } catch {
    fail(UNWRITABLE_WORDING)
  }
  const fault = snapshotFault(data)
  if (fault !== null) fail(companionWording(fault))
}

interface LoggedSession {
  events: readonly LogEvent[]
}

interface InstallContext {
  sessions: { list(): LoggedSession[] }
  on(name: 'session/created', listener: (session: LoggedSession) => void, options: { global: boolean }): unknown
  on(name: 'internal/dispatch', listener: (mode: unknown, event: string, args: unknown[]) => void, options: { global: boolean }): unknown
}

/**
 * Installed by the invariant service in its own child context, with `sessions`. Events
 * enter a log three ways, and each is judged: the sessions there at install, a session
 * created with a seed (a fork, a replay, a restore), and each append.
 */
export const install = Object.assign(
  (ctx: InstallContext, fail: Fail): void => {
    const checkAll = (session: LoggedSession) => {
      for (const event of session.events) check(event, fail)
    }
    for (const session of ctx.sessions.list()) checkAll(session)
    // The store announces a new session before it is live: a throw here takes it back.
    ctx.on('session/created', checkAll, { global: true })
    // `internal/dispatch` runs before the session commits the event: a throw here refuses it.
    ctx.on(
      'internal/dispatch',
      (_mode, eventName, args) => {
        if (eventName === 'session/event') check(args[1] as LogEvent, fail)
      },
      { global: true },
    )
  },
  { inject: ['sessions'] },
)

interface InvariantContext {
  invariants: { register(packageName: string, installer: typeof install): () => void }
}

/**
 * An arrow function, not a function declaration: cordis calls a plugin function that has a
 * prototype with `new`, and then ignores what it returns — here, the promise that tells
 * whether the checks of the events already logged passed. `ctx` is typed `object`, so the
 * release's `Context` fits as it is.
 */
export const apply = (ctx: object): Promise<() => void> => Promise.resolve((ctx as InvariantContext).invariants.register(PACKAGE_NAME, install))
