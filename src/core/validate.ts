// Arguments → the normalized list, or the one failure the spec names. Pure: no I/O, no
// owner, the input never mutated. Order (TW-ORDER-1): the registry's copy (TW-JSON-2) →
// schema → per item in order (empty, then duplicate) → the in_progress count. Every check
// after the copy reads the copy, never the caller's value. The owner check follows in tool.ts.
import { EMPTY_CONTENT, INVALID_ARGUMENTS, VIOLATION_SEPARATOR, duplicateContent, tooManyInProgress } from './messages.js'
import { checkedStandIn, define, isRecord, NOT_LOSSLESS, NotLossless } from './copy.js'
import { DistinctStrings } from './distinct.js'
import { parametersSchema, type Status, type Todo } from './schema.js'
import type { ResolvedOptions } from './options.js'
import { schemaViolations } from './violations.js'

/** Which check refused the call; `message` is the text after the `Error: ` envelope. */
export type FailureKind = 'lossless' | 'thrown' | 'arguments' | 'empty' | 'duplicate' | 'in_progress' | 'owner'

export interface Failure {
  kind: FailureKind
  message: string
  /** For `arguments`: each schema violation, in walk order (the message joins them). */
  violations?: readonly string[]
}

export type Validation = { ok: true; todos: Todo[] } | { ok: false; failure: Failure }

const fail = (kind: FailureKind, message: string, violations?: readonly string[]): Validation => ({
  ok: false,
  failure: violations ? { kind, message, violations } : { kind, message },
})

/** The list checks, one item at a time: the first failure is kept, later items only counted. */
class ListCheck {
  readonly todos: Todo[] = []
  private readonly seen = new DistinctStrings()
  private inProgress = 0
  private failure: Validation | null = null

  add(content: string, status: Status): void {
    if (this.failure !== null) return
    const trimmed = content.trim()
    if (trimmed === '') this.failure = fail('empty', EMPTY_CONTENT)
    else if (!this.seen.add(trimmed)) this.failure = fail('duplicate', duplicateContent(trimmed))
    else {
      if (status === 'in_progress') this.inProgress++
      this.todos.push({ content: trimmed, status })
    }
  }

  result(options: ResolvedOptions): Validation {
    if (this.failure !== null) return this.failure
    if (!options.allowParallelInProgress && this.inProgress > 1) return fail('in_progress', tooManyInProgress(this.inProgress, options.activeLimitWording))
    return { ok: true, todos: this.todos }
  }
}

/** One of the three statuses, by comparison rather than a lookup: it runs once per item. */
export const isStatus = (value: unknown): value is Status => value === 'pending' || value === 'in_progress' || value === 'completed'

/** A schema-valid item, standing in for one already checked when the rest must be worded. */
const CHECKED_ITEM = Object.freeze({ content: '', status: 'pending' })

/**
 * Everything but the owner, in the order of TW-ORDER-1, reading the caller's value once
 * (TW-JSON-2): the registry's copy, the schema, then the list checks, every check on what
 * was read. The common call is checked as it is read; anything outside the schema is
 * copied as far as the schema walk reads it (copy.ts) and worded by that walk.
 */
export function validate(args: unknown, options: ResolvedOptions): Validation {
  try {
    return readAndCheck(args, options)
  } catch (error) {
    // The copy failed: not JSON data, or a getter or Proxy trap threw (the registry answers with what was thrown).
    if (error instanceof NotLossless) return fail('lossless', NOT_LOSSLESS)
    return fail('thrown', error instanceof Error ? error.message : String(error))
  }
}

// The fast path for the common call (the next three functions and the `counted` branches of
// readAndCheck) only decides HOW a value is read, never what the answer is: whatever it does
// not take goes down the general path, which reads and checks everything. A mutant that
// sends a value down the general path instead gives the same answers at a higher cost, so
// those mutants are marked equivalent where they are (docs/mutation-testing.md); one that
// lets a value onto the fast path that does not belong there is not, and is tested.

/** Whether Object.prototype has enumerable keys (pollution): then for…in counts would include them. */
function inheritsEnumerable(): boolean {
  for (const _ in Object.prototype) return true
  // Stryker disable next-line BooleanLiteral: "polluted" only sends every call down the general path.
  return false
}

/** How many keys for…in lists: own enumerable ones, when nothing enumerable is inherited. */
// Stryker disable next-line BlockStatement: no count only sends the call down the general path.
function keyCount(object: object): number {
  let n = 0
  // Stryker disable next-line UpdateOperator: a count other than 1 only sends the call down the general path.
  for (const _ in object) n++
  return n
}

/**
 * Whether for…in lists exactly `content` and `status`, so (with nothing enumerable
 * inherited) they are the item's only own enumerable keys. for…in allocates nothing for
 * objects of one shape: V8 caches their key list.
 */
// The mutants marked in this function only answer "not plain" more often. Those on the same
// lines that answer "plain" wrongly are the ones that matter: the equality mutants there let
// an unknown key or a missing one onto the fast path, and stay (docs/mutation-testing.md).
// Stryker disable next-line BlockStatement: see above.
function isPlainItem(item: object): boolean {
  let n = 0
  // Stryker disable next-line BlockStatement: see above.
  for (const key in item) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: see above.
    if (key !== 'content' && key !== 'status') return false
    // Stryker disable next-line UpdateOperator: see above.
    n++
  }
  // Stryker disable next-line ConditionalExpression: see above.
  return n === 2
}

function readAndCheck(args: unknown, options: ResolvedOptions): Validation {
  if (!isRecord(args)) return worded(checkedStandIn(args), options)
  // The common shapes are recognized by counting keys (no allocation) when no key is inherited.
  const counted = !inheritsEnumerable()
  let todos: unknown
  // Stryker disable next-line ConditionalExpression,StringLiteral: the fast path (see above).
  if (counted && keyCount(args) === 1 && Object.hasOwn(args, 'todos')) todos = args.todos
  else {
    let hasTodos = false
    for (const key of Object.keys(args)) {
      const value = args[key]
      if (key === 'todos') {
        todos = value
        hasTodos = true
      } else {
        // Allowed and unused, but JSON data all the same.
        checkedStandIn(value, [args])
      }
    }
    if (!hasTodos) return worded({}, options)
  }
  if (!Array.isArray(todos)) {
    return worded({ todos: checkedStandIn(todos, [args]) }, options)
  }
  if (Object.getPrototypeOf(todos) !== Array.prototype) throw new NotLossless()
  const closed = options.unknownItemKeys === 'reject'
  const list = new ListCheck()
  const length = todos.length
  // Set once an item is outside the schema: from then on, every item's copy (earlier ones as CHECKED_ITEM).
  let copies: unknown[] | null = null
  for (let i = 0; i < length; i++) {
    if (!Object.hasOwn(todos, i)) throw new NotLossless()
    const item: unknown = todos[i]
    // The common item: a record with exactly its own `content` and `status`, read once each.
    // Stryker disable next-line BlockStatement,ConditionalExpression: the fast path (see above); made true, the condition would let wrong items onto it, as the line's `||` mutants do, which stay.
    if (counted && isRecord(item) && isPlainItem(item)) {
      const { content, status } = item
      if (typeof content === 'string' && isStatus(status)) {
        if (copies === null) list.add(content, status)
        else copies.push(CHECKED_ITEM)
        continue
      }
      copies ??= new Array<unknown>(i).fill(CHECKED_ITEM)
      copies.push({ content: checkedStandIn(content, [args, todos, item]), status: checkedStandIn(status, [args, todos, item]) })
      continue
    }
    const read = readItem(item, closed, [args, todos])
    if (read.valid && copies === null) list.add(read.content, read.status)
    else {
      copies ??= new Array<unknown>(i).fill(CHECKED_ITEM)
      copies.push(read.valid ? CHECKED_ITEM : read.copy)
    }
  }
  return copies === null ? list.result(options) : worded({ todos: copies }, options)
}

type ItemRead = { valid: true; content: string; status: Status } | { valid: false; copy: unknown }

/**
 * Read one item, its keys and values once: valid when content is a string, status one of
 * the three and, under `closed`, there is no other key; else its copy, in its key order.
 */
function readItem(item: unknown, closed: boolean, path: readonly object[]): ItemRead {
  if (!isRecord(item)) return { valid: false, copy: checkedStandIn(item, path) }
  const keys = Object.keys(item)
  const values = keys.map((key) => item[key])
  // By position among the item's own keys: an absent key is undefined, never values[-1], which a polluted Array.prototype could answer.
  const own = (key: string): unknown => {
    const at = keys.indexOf(key)
    return at === -1 ? undefined : values[at]
  }
  const content = own('content')
  const status = own('status')
  // A string content and a status mean both keys are there: any other key is an extra one.
  const valid = typeof content === 'string' && isStatus(status) && !(closed && keys.length > 2)
  const inner = [...path, item]
  // Extra keys are dropped (TW-OPT-KEYS-1) or refused, but must be JSON data all the same;
  // an item outside the schema is copied with all its keys, in their order.
  const copy: Record<string, unknown> | null = valid ? null : {}
  for (const [k, value] of values.entries()) {
    const standIn = checkedStandIn(value, inner)
    if (copy !== null) define(copy, keys[k]!, standIn)
  }
  return valid ? { valid, content: content as string, status: status as Status } : { valid, copy }
}

/**
 * The worded schema refusal of a copy outside the schema. The walk, not the compiled check:
 * it asks for own keys only, so a key that Object.prototype holds (pollution) never stands in
 * for a missing one. Only a copy the reading above found outside the schema comes here; a
 * copy the walk finds nothing wrong with means the two disagree, which is a bug, said so.
 */
function worded(copy: unknown, options: ResolvedOptions): Validation {
  const violations = schemaViolations(parametersSchema(options), copy)
  // Stryker disable next-line ConditionalExpression,StringLiteral: reached only if the reading and the schema disagree, a bug no test can plant.
  if (violations.length === 0) throw new Error('todo_write: internal error: a call read as outside the schema has no schema violation')
  return fail('arguments', INVALID_ARGUMENTS + violations.join(VIOLATION_SEPARATOR), violations)
}
