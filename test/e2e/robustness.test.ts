// Issue 7, the short version of `npm run fuzz`: 4,000 fuzzed calls and every giant (1 MB
// contents, 10^5 items, 10^4 and 10^5 levels of nesting) checked against the model of the
// spec, with the input, the log and the built-ins watched; then the fuzzer itself shown
// to catch each kind of breakage. No time is measured here (npm run fuzz does that).
// In no mutation gate (test/e2e/): it covers every line of src/.
import { describe, expect, it } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { ProtocolServer } from '../../src/kit/reference.js'
import { runTodoWrite } from '../../src/core/tool.js'
import { FC_SEED } from '../support/seed.js'
import { REAL, fingerprint, runFuzz, sameTokens, type FuzzReport, type Subject } from './robustness/fuzz.js'

const failures = (report: FuzzReport) => report.failures.map((f) => `call ${f.call} (${f.source}, ${f.mode}): ${f.problem}\n    input ${f.input}`).join('\n')

describe('4,000 fuzzed calls and every giant (seed from FC_SEED; `npm run fuzz` makes a million)', () => {
  it('answer as the spec says, log only valid snapshots, leave the input and the built-ins alone', () => {
    const report = runFuzz({ calls: 4_000, seed: FC_SEED, giants: true, giantModes: ['call'] })
    expect(report.failureCount, `seed ${report.seed}:\n${failures(report)}`).toBe(0)
    expect(report.calls).toBeGreaterThan(4_000)
    // Every outcome and every way in was exercised, so "no failure" means something.
    for (const kind of ['accepted', 'lossless', 'arguments', 'empty', 'duplicate', 'in_progress', 'owner'])
      expect(report.byOutcome[kind], kind).toBeGreaterThan(20)
    for (const mode of ['call', 'execute', 'protocol', 'value']) expect(report.byMode[mode], mode).toBeGreaterThan(200)
    expect(report.giants).toHaveLength(25)
  })
})

describe('the fuzzer catches what it claims to catch', () => {
  const broken = (change: Partial<Subject>): Subject => ({ ...REAL, ...change })
  const problems = (subject: Subject, calls = 400) => runFuzz({ calls, seed: FC_SEED, giants: false, subject }).failures.map((f) => f.problem)

  it('fingerprints tell apart what a mutation would change, and only that', () => {
    const value = JSON.parse('{"todos":[{"content":"a","status":"pending","__proto__":{"x":1}}],"n":0}') as { todos: Record<string, unknown>[]; n: number }
    const same = JSON.parse('{"todos":[{"content":"a","status":"pending","__proto__":{"x":1}}],"n":0}') as unknown
    expect(sameTokens(fingerprint(value), fingerprint(same))).toBe(true)
    const before = fingerprint(value)
    for (const mutate of [
      () => (value.todos[0]!.content = 'b'),
      () => (value.n = -0),
      () => value.todos.push({}),
      () => Object.freeze(value.todos[0]),
      () => Object.setPrototypeOf(value.todos[0], null),
      () => (value.todos[0]![Symbol.for('seen') as unknown as string] = true),
    ]) {
      const copy = JSON.parse(JSON.stringify(value)) as typeof value
      mutate()
      expect(sameTokens(fingerprint(value), before)).toBe(false)
      Object.assign(value, copy)
      value.todos = copy.todos
    }
  })

  it('a call that changes its input', () => {
    const mutating = broken({
      callTodoWrite: (args, exec, options) => {
        const todos = (args as { todos?: unknown }).todos
        if (Array.isArray(todos)) todos.reverse()
        return callTodoWrite(args, exec, options)
      },
    })
    expect(problems(mutating)).toContain('the call changed its input')
  })

  it('a call that logs an untrimmed snapshot', () => {
    const untrimmed = broken({
      callTodoWrite: (args, exec, options) => {
        const result = callTodoWrite(args, exec, options)
        if (!result.isError) exec!.agent!.session.append('todo/write', { todos: [{ content: ' x ', status: 'pending' }] })
        return result
      },
    })
    expect(problems(untrimmed).some((p) => p.includes('an invalid snapshot was logged') && p.includes('is not trimmed'))).toBe(true)
  })

  it('a call that pollutes Object.prototype', () => {
    let calls = 0
    const polluting = broken({
      callTodoWrite: (args, exec, options) => {
        if (++calls === 10) (Object.prototype as Record<string, unknown>).polluted = true
        return callTodoWrite(args, exec, options)
      },
    })
    try {
      expect(problems(polluting, 1200)).toContain('Object.prototype[polluted] was added')
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted
    }
  })

  it('a body that trims like Python (U+001C–U+001F, U+0085) answers otherwise than the model', () => {
    const pythonic = broken({
      callTodoWrite: (args, exec, options) => {
        const todos = (args as { todos?: unknown }).todos
        if (!Array.isArray(todos)) return callTodoWrite(args, exec, options)
        const stripped = todos.map((t: unknown) =>
          typeof t === 'object' && t !== null && typeof (t as { content?: unknown }).content === 'string'
            ? { ...t, content: (t as { content: string }).content.replace(/^[\s\u001c-\u001f\u0085]+|[\s\u001c-\u001f\u0085]+$/g, '') }
            : t,
        )
        return callTodoWrite({ ...(args as object), todos: stripped }, exec, options)
      },
    })
    expect(problems(pythonic, 3000).some((p) => p.startsWith('text ') || p.startsWith('value '))).toBe(true)
  })

  it('a body that throws instead of refusing', () => {
    const throwing = broken({
      runTodoWrite: (args, exec, options) => {
        if (typeof args !== 'object' || args === null) throw new RangeError('Maximum call stack size exceeded')
        return runTodoWrite(args, exec, options)
      },
    })
    expect(problems(throwing, 2000).some((p) => p.includes('runTodoWrite threw'))).toBe(true)
  })

  it('a protocol server that throws', () => {
    const server = new ProtocolServer()
    const throwing = broken({
      createServer: () => ({
        handle: (line: string) => {
          if (line.includes('"cmd":"call"') && line.includes('__proto__')) throw new RangeError('Maximum call stack size exceeded')
          return server.handle(line)
        },
      }),
    })
    expect(problems(throwing, 3000).some((p) => p.startsWith('the protocol server threw RangeError'))).toBe(true)
  })
})
