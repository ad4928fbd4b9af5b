// TW-ARGS-11: a refusal lists the first 100 violations and counts the rest, so what a refused
// call holds and answers is bounded by its answer, whatever the number of bad items. Expected
// texts are written here from the spec's formula, never taken from the code.
import { describe, expect, it } from 'vitest'
import { callTodoWrite } from '../../src/core/call.js'
import { createTodoWriteTool, TodoWriteError } from '../../src/core/tool.js'
import { Violations } from '../../src/core/violations.js'

const notObjects = (from: number, to: number): string[] => Array.from({ length: to - from }, (_, i) => `"todos[${from + i}]" must be an object`)
const refusal = (violations: string[]): string => `Error: invalid arguments: ${violations.join('; ')}`
const zeros = (count: number): { todos: number[] } => ({ todos: new Array<number>(count).fill(0) })

describe('TW-ARGS-11: at most 100 violations are listed', () => {
  it('100 violations: all listed, as the harness lists them, with no summary', () => {
    expect(callTodoWrite(zeros(100)).text).toBe(refusal(notObjects(0, 100)))
  })

  it('101 violations: the first 100, then "and 1 more violation not listed"', () => {
    expect(callTodoWrite(zeros(101)).text).toBe(refusal([...notObjects(0, 100), 'and 1 more violation not listed']))
  })

  it('102 and 10^5 violations: the first 100, then how many more, in plain decimal', () => {
    expect(callTodoWrite(zeros(102)).text).toBe(refusal([...notObjects(0, 100), 'and 2 more violations not listed']))
    expect(callTodoWrite(zeros(100_000)).text).toBe(refusal([...notObjects(0, 100), 'and 99900 more violations not listed']))
  })

  it('counts violations, not items: the bound falls inside an item, and every kind counts', () => {
    const todos = [...new Array<unknown>(99).fill(0), {}, { content: 1, status: 'done' }, { status: 'x', id: 1 }]
    const listed = [...notObjects(0, 99), 'missing required property "todos[99].content"']
    // Past the bound: todos[99] missing status; todos[100] content and status; todos[101] missing content, status, and id under reject.
    expect(callTodoWrite({ todos }, {}, { unknownItemKeys: 'reject' }).text).toBe(refusal([...listed, 'and 6 more violations not listed']))
    expect(callTodoWrite({ todos }).text).toBe(refusal([...listed, 'and 5 more violations not listed']))
  })

  it("the error's violations are the listed ones, and the harness's error gets those", async () => {
    const tool = createTodoWriteTool()
    const error = await tool.execute(zeros(250), {}).then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(TodoWriteError)
    expect((error as TodoWriteError).violations).toEqual(notObjects(0, 100))
    expect((error as TodoWriteError).message).toBe(`invalid arguments: ${[...notObjects(0, 100), 'and 150 more violations not listed'].join('; ')}`)
  })

  it('the walk words a violation only while the list has room: the rest are counted, never built', () => {
    const found = new Violations()
    let worded = 0
    for (let i = 0; i < 250; i++)
      found.add(() => {
        worded++
        return `v${i}`
      })
    expect(worded).toBe(100)
    expect([found.listed.length, found.listed.at(-1), found.unlisted]).toEqual([100, 'v99', 150])
  })
})
