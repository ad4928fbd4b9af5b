// The pairing of a log's `todo_write` calls with what the log says of them (TW-VERIFY-1):
// a `tool/call` opens a call under its callId; a `todo/write` goes to the earliest open call
// without one that may write, else to the earliest without one; a `tool/result`, in either
// release's shape (TW-VERIFY-4), answers the open call of its callId. A callId used again
// names the new call: the release logs every call as `mock-call-1`, so calls pair by order
// as well as by id. The owner (the Verifier, the History) keeps what it needs of each call,
// closes it, and gives up the oldest when they hold too much.
import { digest } from '../core/distinct.js'
import { isNonArrayObject } from '../core/violations.js'

/** A call's place in a CallList. The list's own link, its two ends, holds no call. */
export interface Link<C> {
  readonly call: C | undefined
  prev: Link<C>
  next: Link<C>
}

/**
 * Calls in order, any of which can leave at once: a ring of links through the list's own,
 * so a list holds exactly its calls (memory follows them, with nothing to compact) and a
 * call leaves without a search. (A Map's first entry is not this: V8 leaves a deleted
 * entry's slot in place until the table is rebuilt, so reading the oldest of a Map that
 * keeps losing its oldest walks every hole.)
 */
export class CallList<C> {
  private readonly ends: Link<C>

  constructor() {
    const ends = { call: undefined } as Link<C>
    ends.prev = ends
    ends.next = ends
    this.ends = ends
  }

  /** The earliest call in the list, or undefined. */
  first(): C | undefined {
    return this.ends.next.call
  }

  /** Puts a call last; `leave` takes its link out again. */
  add(call: C): Link<C> {
    const last = this.ends.prev
    const link: Link<C> = { call, prev: last, next: this.ends }
    last.next = link
    this.ends.prev = link
    return link
  }
}

/** Takes a link out of its list: its two neighbours are all it changes. */
export const leave = <C>(link: Link<C>): void => {
  link.prev.next = link.next
  link.next.prev = link.prev
}

/** What the pairing keeps in an open call; an owner's calls carry what it needs besides. */
export interface Paired<C> {
  /**
   * The callId's SHA-256 digest (src/core/distinct.ts), its key among the open calls: V8
   * hashes a string of more than 16,383 characters by its length alone, and a log's callIds are anything.
   */
  readonly key: string
  /** Its place among the open calls, oldest first. */
  age: Link<C>
  /** Its place among the calls without a todo/write yet; null once one is paired. */
  waiting: Link<C> | null
}

export class OpenCalls<C extends Paired<C>> {
  /** By key; null, the key of a result whose callId is no string, is none's. */
  private readonly byKey = new Map<string | null, C>()
  private readonly byAge = new CallList<C>()
  /** Open calls without a todo/write yet: those that may write, and the others. */
  private readonly writers = new CallList<C>()
  private readonly nonWriters = new CallList<C>()

  get size(): number {
    return this.byKey.size
  }

  /** The open call of a callId's key (`digest(callId)`). */
  get(key: string | null): C | undefined {
    return this.byKey.get(key)
  }

  /** The earliest open call. */
  oldest(): C | undefined {
    return this.byAge.first()
  }

  /** The open calls, oldest first. */
  values(): IterableIterator<C> {
    return this.byKey.values()
  }

  /** Opens a call, its key not open (the owner closes the call that had it first); `writes: false` for one that may not write. */
  add(call: C, writes?: boolean): void {
    call.age = this.byAge.add(call)
    call.waiting = (writes === false ? this.nonWriters : this.writers).add(call)
    this.byKey.set(call.key, call)
  }

  close(call: C): void {
    this.byKey.delete(call.key)
    leave(call.age)
    if (call.waiting !== null) leave(call.waiting)
  }

  /** The open call a `todo/write` belongs to, now paired with it; undefined when none is waiting. */
  write(): C | undefined {
    const owner = this.writers.first() ?? this.nonWriters.first()
    if (owner === undefined) return undefined
    leave(owner.waiting!)
    owner.waiting = null
    return owner
  }
}

/**
 * What a `tool/result` says (TW-VERIFY-4), in either harness's shape: the seed's flat
 * `{callId, isError, content}`, or the release's message, whose one `tool-result` part
 * carries them (`answer` null when the message holds not exactly that). `key`: its callId's
 * key among the open calls, null when the callId is no string (it names no call).
 */
export interface LoggedResult {
  key: string | null
  answer: { isError: unknown; content: unknown } | null
}

export function loggedResult(data: Record<string, unknown>): LoggedResult {
  const key = (callId: unknown) => (typeof callId === 'string' ? digest(callId) : null)
  if (!isNonArrayObject(data.message)) return { key: key(data.callId), answer: { isError: data.isError, content: data.content } }
  const { source, content } = data.message
  const callId = isNonArrayObject(source) ? source.callId : undefined
  const part: unknown = Array.isArray(content) && content.length === 1 ? content[0] : undefined
  if (!isNonArrayObject(part) || part.type !== 'tool-result' || part.toolCallId !== callId) return { key: key(callId), answer: null }
  return { key: key(callId), answer: { isError: part.isError, content: part.content } }
}

/** The one text part of a result's content, or null when the content is not exactly that. */
export function loggedText(content: unknown): string | null {
  if (!Array.isArray(content) || content.length !== 1) return null
  const part: unknown = content[0]
  return isNonArrayObject(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : null
}
