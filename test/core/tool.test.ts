// The tool object (harness-contract §5): description, schemas, render, presentCall.
import { describe, expect, it } from 'vitest'
import { callTodoWrite, callTodoWriteAsync } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { createTodoWriteTool, TodoWriteError } from '../../src/core/tool.js'
import { TodoWriteValue } from '../../src/core/schema.js'
import { emitJsonSchema, schemaFile } from '../support/golden.js'

const DEFAULT_DESCRIPTION =
  'Keep your task list for this session. Send the ENTIRE list on every call: it replaces the previous list, there are no partial edits. ' +
  'Each item has `content` (what to do) and `status`: pending, in_progress or completed. ' +
  'At most one task may be in_progress at a time. ' +
  'Mark a task completed as soon as it is done, and move the next one to in_progress. ' +
  'Skip this tool for trivial work that takes a single step.'

describe('the tool object', () => {
  it('carries the harness shape', () => {
    const tool = createTodoWriteTool()
    expect(tool.name).toBe('todo_write')
    expect(tool.output.schema).toEqual(JSON.parse(JSON.stringify(TodoWriteValue)))
    expect(tool.output.render({}, { todos: [], counts: { pending: 3, inProgress: 1, completed: 12 } })).toEqual([
      { type: 'text', text: 'Updated todo list: 3 pending, 1 in progress, 12 completed.' },
    ])
  })

  it('TW-OPT-PARALLEL-2: the description states the in_progress policy in force', () => {
    expect(createTodoWriteTool().description).toBe(DEFAULT_DESCRIPTION)
    expect(createTodoWriteTool({ allowParallelInProgress: true }).description).toBe(
      DEFAULT_DESCRIPTION.replace(
        'At most one task may be in_progress at a time.',
        'Several tasks may be in_progress at once when you work on them in parallel.',
      ),
    )
  })

  it('TW-OPT-KEYS-2: the reject option closes the emitted item schema (golden)', () => {
    expect(emitJsonSchema(createTodoWriteTool({ unknownItemKeys: 'reject' }).parameters)).toBe(schemaFile('parameters.reject.schema.json').toString('utf8'))
    expect(emitJsonSchema(createTodoWriteTool().parameters)).toBe(schemaFile('parameters.schema.json').toString('utf8'))
  })

  it('execute throws the bare message; the registry adds the envelope (TW-ENVELOPE-1)', async () => {
    const tool = createTodoWriteTool()
    await expect(tool.execute({ todos: [] }, {})).rejects.toThrow(new TodoWriteError({ kind: 'owner', message: 'todo_write requires an owning agent session' }))
    const owner = (await tool.execute({ todos: [] }, {}).catch((e: unknown) => e)) as TodoWriteError
    expect([owner.name, owner.code, owner.violations]).toEqual(['TodoWriteError', undefined, []])
    const error = (await tool.execute({ todos: 3 }, {}).catch((e: unknown) => e)) as TodoWriteError
    expect(error).toBeInstanceOf(TodoWriteError)
    expect([error.message, error.kind, error.name]).toEqual(['invalid arguments: "todos" must be an array', 'arguments', 'ToolArgsError'])
    expect([error.code, error.violations]).toEqual(['INVALID_ARGS', ['"todos" must be an array']])
  })
})

describe('TW-PRESENT-1: presentCall', () => {
  it('presents schema-valid arguments as the generic card, rawInput as sent', () => {
    const todos = [
      { content: ' a ', status: 'pending', id: 1 },
      { content: 'a', status: 'in_progress' },
    ]
    const card = createTodoWriteTool().presentCall({ todos })
    expect(card).toEqual({ card: 'generic', title: 'Update todo list', kind: 'other', rawInput: todos })
    expect(card!.rawInput).toBe(todos)
  })

  it.each([[null], [{}], [{ todos: {} }], [{ todos: [{ content: 'a' }] }], [{ todos: [{ content: 'a', status: 'done' }] }]])(
    'presents nothing for %j',
    (args) => {
      expect(createTodoWriteTool().presentCall(args)).toBeUndefined()
    },
  )

  it('follows the schema of the options in force', () => {
    const args = { todos: [{ content: 'a', status: 'pending', id: 1 }] }
    expect(createTodoWriteTool().presentCall(args)).toBeDefined()
    expect(createTodoWriteTool({ unknownItemKeys: 'reject' }).presentCall(args)).toBeUndefined()
  })
})

describe('TW-EVENT-1: what a call returns is not what it logged', () => {
  const args = { todos: [{ content: ' a ', status: 'pending' }] }
  const logged = [{ type: 'todo/write', seq: 0, data: { todos: [{ content: 'a', status: 'pending' }] } }]
  /** Every object of an outcome changed: the log must not see it. */
  const scribble = (outcome: { value: unknown; event: unknown }) => {
    const { value, event } = outcome as { value: { todos: { content: string }[] }; event: { data: { todos: { content: string }[] } } }
    value.todos[0]!.content = 'changed'
    value.todos.push({ content: 'more' })
    event.data.todos[0]!.content = 'changed'
    event.data.todos.push({ content: 'more' })
  }

  it('callTodoWrite and callTodoWriteAsync: the outcome can be changed, the log stays as appended', async () => {
    for (const call of [callTodoWrite, callTodoWriteAsync]) {
      const session = new MemorySession()
      scribble(await call(args, { agent: { session } }))
      expect(session.events).toEqual(logged)
    }
  })

  it('execute: the value can be changed, the log stays as appended', async () => {
    const session = new MemorySession()
    const value = await createTodoWriteTool().execute(args, { agent: { session } })
    scribble({ value, event: { data: { todos: [{}] } } })
    expect(session.events).toEqual(logged)
  })
})

describe('a session whose append throws', () => {
  const failing = (thrown: unknown) => ({
    agent: {
      session: {
        append: () => {
          throw thrown
        },
      },
    },
  })
  const args = { todos: [{ content: 'a', status: 'pending' }] }
  const refused = (text: string) => ({ isError: true, text, value: null, event: null })

  it('callTodoWrite answers with the thrown message, as the registry would (TW-ENVELOPE-1)', () => {
    expect(callTodoWrite(args, failing(new Error('disk full')))).toEqual(refused('Error: disk full'))
    expect(callTodoWrite(args, failing('no space'))).toEqual(refused('Error: no space'))
  })

  it('execute lets the error through unchanged (it is not a TodoWriteError)', async () => {
    const error = new Error('disk full')
    await expect(createTodoWriteTool().execute(args, failing(error))).rejects.toBe(error)
  })

  it('a refusal is decided before the append: the failing session is never asked', () => {
    expect(callTodoWrite({ todos: [{ content: '', status: 'pending' }] }, failing(new Error('disk full')))).toEqual(
      refused('Error: invalid todo: `content` must be a non-empty string'),
    )
  })
})
