// TW-PROP-WHOLE-MODEL: for generated argument TEXTS — schema-valid, near misses, hostile
// (repeated and `__proto__` keys, -0, overflowing numbers, deep nesting, traps, lists of bad
// items around the bound of TW-ARGS-11), in every
// layout and spelling a caller writes (whitespace, escapes, number forms) — under options
// valid and not (every profile and override; values of the wrong type, unknown and
// inherited keys, not an object at all), with no owner or an owner whose session appends
// synchronously, asynchronously or fails, through each entry point (`callTodoWrite`,
// `callTodoWriteAsync` and the tool object the harness registers), the whole result equals
// what the independent model says: isError, the text, the canonical value, the event, the
// error thrown and its fields, the events appended; and the tool object's own fields
// (description, parameter schema, presentCall, render). Texts the harness could not parse
// never reach the tool and are not drawn.
import { expect } from 'vitest'
import fc from '../support/fc.js'
import { callTodoWrite, callTodoWriteAsync } from '../../src/core/call.js'
import { createTodoWriteTool, TodoWriteError } from '../../src/core/tool.js'
import {
  modelCall,
  modelDescription,
  modelIsThenable,
  modelOptions,
  modelOptionsMessage,
  modelPresentCall,
  modelThrownMessage,
  OUTPUT_SCHEMA_KEYWORDS,
  type ModelItem,
} from '../support/model.js'
import { schemaFile } from '../support/golden.js'
import { asyncProperty } from '../support/property.js'
import { argsNode, layout, optionsFor, writeJsonNode } from '../../src/kit/generators.js'
import { hostileArguments, seededRandom } from '../../fixtures/generators.js'
import { PROFILE_NAMES } from '../../src/core/options.js'

// Lists of bad items (one to three violations each, more under reject): refusals just under,
// at and past the 100 violations TW-ARGS-11 lists.
const badItem = fc.constantFrom(
  '0',
  '{}',
  '{"content":"a"}',
  '{"content":1,"status":"x"}',
  '{"status":null,"id":1}',
  '{"content":"b","status":"pending","id":1}',
)
const manyViolations = fc.array(badItem, { minLength: 40, maxLength: 120 }).map((items) => `{"todos":[${items.join(',')}]}`)

const argumentText = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(argsNode, layout).map(([node, form]) => writeJsonNode(node, form)) },
  { weight: 1, arbitrary: fc.integer().map((seed) => hostileArguments(seededRandom(seed))) },
  { weight: 1, arbitrary: manyViolations },
)

const parses = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

// Options a deployment might hand any entry point: mostly good ones, else each problem of TW-OPT-1.
const cyclic = fc.constant(null).map(() => {
  const value: Record<string, unknown> = {}
  value.self = value
  return value
})
const optionValue = fc.oneof(
  fc.boolean(),
  fc.constantFrom('seed', 'dsh-0.1.1-rc.2', 'drop', 'reject', 'comma', 'parentheses', 'Seed', '', 'true'),
  fc.constantFrom<unknown>(null, undefined, 0, 1, [], {}, ['drop'], 10n, Symbol('x'), () => true),
  cyclic,
)
const optionKey = fc.constantFrom(
  'profile',
  'allowParallelInProgress',
  'unknownItemKeys',
  'activeLimitWording',
  'Profile',
  'allowParallel',
  '__proto__',
  'toString',
  'constructor',
  '0',
)
const options: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: optionsFor(PROFILE_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null) },
  { weight: 2, arbitrary: fc.array(fc.tuple(optionKey, optionValue), { maxLength: 4 }).map((entries) => Object.fromEntries(entries)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(optionsFor(PROFILE_NAMES), fc.array(fc.tuple(optionKey, optionValue), { maxLength: 2 }))
      .map(([own, inherited]) => Object.assign(Object.create(Object.fromEntries(inherited)) as object, own)),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), fc.array(fc.boolean(), { maxLength: 2 }), optionValue) },
)

// How the owner's session takes the append: it returns a value (not a thenable), throws, or
// returns a promise, an object thenable or a callable thenable that resolves or rejects.
type Thrown = Error | string
type Behaviour =
  | { kind: 'none'; exec: 'empty' | 'undefined' }
  | { kind: 'returns'; value: unknown }
  | { kind: 'throws'; error: Thrown }
  | { kind: 'resolves' | 'rejects'; form: 'promise' | 'thenable' | 'callable'; error: Thrown }
const thrown: fc.Arbitrary<Thrown> = fc.oneof(
  fc.string({ maxLength: 6 }).map((text) => new Error(`disk ${text}`)),
  fc.string({ maxLength: 6 }).map((text) => `no space ${text}`),
)
const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('none' as const), exec: fc.constantFrom('empty' as const, 'undefined' as const) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('returns' as const),
      // biome-ignore lint/suspicious/noThenProperty: a `then` that is not a function makes no thenable: the case
      value: fc.constantFrom<unknown>(undefined, undefined, null, 0, '', 'ok', {}, { then: 1 }, { then: null }, () => 1),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('throws' as const), error: thrown }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('resolves' as const, 'rejects' as const),
      form: fc.constantFrom('promise' as const, 'thenable' as const, 'callable' as const),
      error: thrown,
    }),
  },
)

type Entry = 'call' | 'callAsync' | 'tool'
const entry = fc.constantFrom<Entry>('call', 'callAsync', 'tool')

/** A session that records each append and answers it as `behaviour` says; `handled` is whether a rejected promise it returned got a handler. */
function sessionFor(behaviour: Behaviour) {
  const appends: { type: string; data: unknown }[] = []
  const state = { handled: null as boolean | null }
  const settle = (resolve: (value?: unknown) => void, reject: (reason: unknown) => void) =>
    behaviour.kind === 'rejects' ? reject((behaviour as { error: Thrown }).error) : resolve()
  const answer = (): unknown => {
    if (behaviour.kind === 'returns') return behaviour.value
    if (behaviour.kind === 'throws') throw behaviour.error
    if (behaviour.kind !== 'resolves' && behaviour.kind !== 'rejects') return undefined
    // biome-ignore lint/suspicious/noThenProperty: an object thenable is the case
    if (behaviour.form === 'thenable') return { then: settle }
    // biome-ignore lint/suspicious/noThenProperty: a callable thenable is the case
    if (behaviour.form === 'callable') return Object.assign(() => undefined, { then: settle })
    const promise = behaviour.kind === 'rejects' ? Promise.reject(behaviour.error) : Promise.resolve()
    if (behaviour.kind === 'rejects') {
      state.handled = false
      const then = promise.then.bind(promise)
      Object.defineProperty(promise, 'then', {
        value: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) => {
          if (typeof onRejected === 'function') state.handled = true
          return then(onFulfilled, onRejected)
        },
      })
    }
    return promise
  }
  const append = (type: string, data: unknown) => {
    appends.push({ type, data })
    return answer()
  }
  const exec = behaviour.kind !== 'none' ? { agent: { session: { append } } } : behaviour.exec === 'empty' ? {} : { agent: undefined }
  return { exec, appends, state }
}

/** An error as the properties compare it: its class as documented, and its fields. */
function seen(error: unknown, sessionError: Thrown | undefined): unknown {
  if (sessionError !== undefined && error === sessionError) return { sessionError: true }
  if (!(error instanceof Error)) return { notAnError: error }
  const fields = error as Error & { issues?: unknown; kind?: unknown; code?: unknown; violations?: unknown }
  return error instanceof TodoWriteError
    ? { todoWriteError: true, name: error.name, message: error.message, kind: fields.kind, code: fields.code, violations: fields.violations }
    : { typeError: error instanceof TypeError, name: error.name, message: error.message, issues: fields.issues }
}

const PARAMETERS = {
  drop: JSON.parse(schemaFile('parameters.schema.json').toString('utf8')) as unknown,
  reject: JSON.parse(schemaFile('parameters.reject.schema.json').toString('utf8')) as unknown,
}

/** Where a schema steps outside plain JSON (a symbol or non-enumerable key) or the registry's output subset (TW-PLUGIN-4). */
function outsideSubset(schema: unknown, path = '$'): string[] {
  if (typeof schema !== 'object' || schema === null) return [`${path} is not a schema`]
  const out: string[] = []
  for (const key of Reflect.ownKeys(schema)) {
    const at = `${path}.${String(key)}`
    if (typeof key === 'symbol' || !Object.prototype.propertyIsEnumerable.call(schema, key)) out.push(`${at} is not plain JSON`)
    else if (!OUTPUT_SCHEMA_KEYWORDS.includes(key)) out.push(`${at} is outside the subset`)
  }
  const node = schema as { properties?: Record<string, unknown>; items?: unknown; oneOf?: unknown[] }
  for (const [key, child] of Object.entries(node.properties ?? {})) out.push(...outsideSubset(child, `${path}.properties.${key}`))
  if (node.items !== undefined) out.push(...outsideSubset(node.items, `${path}.items`))
  for (const [i, child] of (node.oneOf ?? []).entries()) out.push(...outsideSubset(child, `${path}.oneOf[${i}]`))
  return out
}

async function observe(entryPoint: Entry, args: unknown, raw: unknown, behaviour: Behaviour, modelValue: unknown) {
  const { exec, appends, state } = sessionFor(behaviour)
  const sessionError = 'error' in behaviour ? behaviour.error : undefined
  const result = async (): Promise<unknown> => {
    try {
      if (entryPoint === 'call') return { outcome: callTodoWrite(args, exec, raw as never) }
      if (entryPoint === 'callAsync') return { outcome: await callTodoWriteAsync(args, exec, raw as never) }
      const tool = createTodoWriteTool(raw as never)
      const shape = {
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters,
        outputSchema: outsideSubset(tool.output.schema),
        presentCall: tool.presentCall(args),
        render: modelValue === null ? null : tool.output.render(args, modelValue as never),
      }
      try {
        return { tool: shape, resolved: await tool.execute(args, exec) }
      } catch (error) {
        return { tool: shape, rejected: seen(error, sessionError) }
      }
    } catch (error) {
      return { threw: seen(error, sessionError) }
    }
  }
  // The probe sees handlers attached through `then`, as `callTodoWrite` must attach one; `await` attaches its own without it.
  return { result: await result(), appends, handled: entryPoint === 'call' ? state.handled : null }
}

/** The canonical value the model gives an accepted call (TW-VALUE-1), or null. */
function modelValue(snapshot: ModelItem[] | null) {
  const count = (todos: ModelItem[], status: string) => todos.filter((todo) => todo.status === status).length
  return snapshot === null
    ? null
    : { todos: snapshot, counts: { pending: count(snapshot, 'pending'), inProgress: count(snapshot, 'in_progress'), completed: count(snapshot, 'completed') } }
}

/** What the model says `observe` sees. */
function expected(entryPoint: Entry, args: unknown, raw: unknown, behaviour: Behaviour) {
  const read = modelOptions(raw)
  if (!read.ok) {
    const threw = { typeError: true, name: 'OptionsError', message: modelOptionsMessage(read.issues), issues: read.issues }
    return { result: { threw }, appends: [], handled: null }
  }
  const { settings } = read
  const model = modelCall(args, behaviour.kind !== 'none', settings)
  const snapshot = model.snapshot
  const value = modelValue(snapshot)
  const appends = snapshot === null ? [] : [{ type: 'todo/write', data: { todos: snapshot } }]
  const failed = (text: string) => ({ outcome: { isError: true, text, value: null, event: null } })
  // What the session's answer to the append makes of an accepted call (TW-APPEND-1).
  const appended =
    snapshot === null || behaviour.kind === 'none' || (behaviour.kind === 'returns' && !modelIsThenable(behaviour.value)) || behaviour.kind === 'resolves'
      ? 'written'
      : behaviour.kind === 'returns'
        ? 'unexpected thenable'
        : 'failed'
  const asynchronous = behaviour.kind === 'resolves' || behaviour.kind === 'rejects'
  const handled = entryPoint === 'call' && behaviour.kind === 'rejects' && behaviour.form === 'promise' && snapshot !== null ? true : null
  const out = (result: unknown) => ({ result, appends, handled })
  if (appended === 'unexpected thenable') throw new Error('the generator returns no thenable from a synchronous append')
  if (entryPoint === 'call' && asynchronous && snapshot !== null)
    return out({ threw: { typeError: true, name: 'TypeError', message: expect.stringContaining('callTodoWriteAsync'), issues: undefined } })
  const sessionError = (behaviour as { error?: Thrown }).error
  if (entryPoint !== 'tool') {
    if (snapshot === null) return out(failed(model.text))
    if (appended === 'failed') return out(failed(`Error: ${modelThrownMessage(sessionError!)}`))
    return out({ outcome: { isError: false, text: model.text, value, event: { type: 'todo/write', data: { todos: snapshot } } } })
  }
  const reject = settings.unknownItemKeys === 'reject'
  const tool = {
    name: 'todo_write',
    description: modelDescription(settings.allowParallelInProgress),
    parameters: PARAMETERS[settings.unknownItemKeys],
    outputSchema: [],
    presentCall: modelPresentCall(args, reject),
    render: value === null ? null : [{ type: 'text', text: model.text }],
  }
  if (snapshot !== null) return out(appended === 'failed' ? { tool, rejected: { sessionError: true } } : { tool, resolved: value })
  const schema = model.kind === 'arguments'
  const rejected = {
    todoWriteError: true,
    name: schema ? 'ToolArgsError' : 'TodoWriteError',
    message: model.text.slice('Error: '.length),
    kind: model.kind,
    code: schema ? 'INVALID_ARGS' : undefined,
    violations: model.violations,
  }
  return out({ tool, rejected })
}

// A call whose append rejects: the one case in which `handled` is checked, which the seed's runs do not draw.
const REJECTED_APPEND: [string, unknown, Behaviour, Entry] = [
  '{"todos":[{"content":"a","status":"pending"}]}',
  undefined,
  { kind: 'rejects', form: 'promise', error: new Error('disk') },
  'call',
]

asyncProperty(
  "TW-PROP-WHOLE-MODEL: every field of the result, the error thrown, the tool's own fields and the log are the model's",
  [argumentText.filter(parses), options, behaviour, entry],
  async (text, raw, how, entryPoint) => {
    const read = modelOptions(raw)
    const value = read.ok ? modelValue(modelCall(JSON.parse(text), how.kind !== 'none', read.settings).snapshot) : null
    expect(await observe(entryPoint, JSON.parse(text), raw, how, value)).toEqual(expected(entryPoint, JSON.parse(text), raw, how))
  },
  { numRuns: 300, examples: [REJECTED_APPEND] },
)
