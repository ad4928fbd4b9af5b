// TW-PLUGIN-5 in-process: where the harness's `@deepseek-ai/dsh-tools` can be loaded, a
// schema refusal is thrown as its own ToolArgsError, with our message; other refusals and
// other errors pass through unchanged. (test/harness/ shows the same on the real harness.)
import { afterAll, describe, expect, it, vi } from 'vitest'

class HarnessError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
  }
}
class ToolArgsError extends HarnessError {
  constructor(readonly violations: string[]) {
    super(`invalid arguments: ${violations.join('; ')}`, 'INVALID_ARGS')
    this.name = 'ToolArgsError'
  }
}
vi.mock('@deepseek-ai/dsh-tools', () => ({ ToolArgsError }))

// A fresh src/plugin.ts: it looks the harness class up once per module instance, and where
// test files share their modules (the unit project and the mutation run set isolate: false)
// another file may already have looked, without this mock.
vi.resetModules()
// ...and the files after this one, in the same worker, get the module without the mock.
afterAll(() => {
  vi.doUnmock('@deepseek-ai/dsh-tools')
  vi.resetModules()
})

const { argsErrorClassFrom, harnessArgsErrorClass, pluginTool } = await import('../../../src/plugin.js')
const { DEFAULT_OPTIONS } = await import('../../../src/core/options.js')
const { TodoWriteError } = await import('../../../src/core/tool.js')

describe('TW-PLUGIN-5: refusals thrown as the harness throws them', () => {
  const tool = pluginTool(DEFAULT_OPTIONS)

  it('finds the harness class', async () => {
    expect(await harnessArgsErrorClass()).toBe(ToolArgsError)
  })

  it('a schema refusal becomes the harness ToolArgsError, with its violations and our message', async () => {
    const error = await tool.execute({ todos: [{ content: 1 }] }, {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ToolArgsError)
    expect((error as ToolArgsError).violations).toEqual(['missing required property "todos[0].status"', '"todos[0].content" must be a string'])
    expect((error as Error).message).toBe('invalid arguments: missing required property "todos[0].status"; "todos[0].content" must be a string')
  })

  it('keeps our message where the harness words it otherwise', async () => {
    const wording = class extends ToolArgsError {
      constructor(violations: string[]) {
        super(violations)
        this.message = 'bad arguments'
      }
    }
    const error = await pluginTool(DEFAULT_OPTIONS, undefined, async () => wording)
      .execute({ todos: 1 }, {})
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(wording)
    expect((error as Error).message).toBe('invalid arguments: "todos" must be an array')
  })

  it('other refusals and foreign errors are thrown unchanged', async () => {
    const owner = await tool.execute({ todos: [] }, {}).catch((e: unknown) => e)
    expect(owner).toBeInstanceOf(TodoWriteError)
    expect((owner as Error).message).toBe('todo_write requires an owning agent session')
    const disk = new Error('disk full')
    const failing = {
      agent: {
        session: {
          append: () => {
            throw disk
          },
        },
      },
    }
    await expect(tool.execute({ todos: [] }, failing)).rejects.toBe(disk)
  })

  it('a module without the class, or none at all, leaves our own error', async () => {
    expect(await argsErrorClassFrom(async () => ({ ToolArgsError: 'not a class' }))).toBeNull()
    expect(await argsErrorClassFrom(async () => ({}))).toBeNull()
    expect(await argsErrorClassFrom(() => Promise.reject(new Error('Cannot find package')))).toBeNull()
    expect(await argsErrorClassFrom(async () => ({ ToolArgsError }))).toBe(ToolArgsError)
    const error = await pluginTool(DEFAULT_OPTIONS, undefined, async () => null)
      .execute({ todos: 1 }, {})
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TodoWriteError)
    expect((error as Error).name).toBe('ToolArgsError')
    expect((error as { code: string }).code).toBe('INVALID_ARGS')
    expect((error as Error).message).toBe('invalid arguments: "todos" must be an array')
  })
})
