// TW-PLUGIN-5 in-process: a schema refusal is thrown as the harness's own ToolArgsError, with
// our message; other refusals and other errors pass through unchanged. The class comes from
// the module the host's cordis Loader imports as `@deepseek-ai/dsh-tools` when that module's
// default export is the class of the registry the plugin registers on; else from the
// package's own import of that name; else our own error stands in. (test/harness/ and the app
// test of `npm run test:harness` show the same on the real harness.)
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { TodoWriteTool } from '../src/core/tool.js'

class HarnessError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
  }
}
/** The class the package import finds (this file mocks the package). */
class ToolArgsError extends HarnessError {
  constructor(readonly violations: string[]) {
    super(`invalid arguments: ${violations.join('; ')}`, 'INVALID_ARGS')
    this.name = 'ToolArgsError'
  }
}
/** The class of the module the host's Loader imports. */
class HostToolArgsError extends ToolArgsError {}
vi.mock('@deepseek-ai/dsh-tools', () => ({ ToolArgsError }))

// A fresh src/plugin.ts: it looks the package's class up once per module instance, and where
// test files share their modules (the unit project sets isolate: false)
// another file may already have looked, without this mock.
vi.resetModules()
const { apply, argsErrorClassFrom, HARNESS_TOOLS, packageArgsErrorClass, pluginTool } = await import('../src/plugin.js')
const { DEFAULT_OPTIONS } = await import('../src/core/options.js')
const { TodoWriteError } = await import('../src/core/tool.js')
// Looked up while the mock stands: the module keeps what it found.
const packageClass = await packageArgsErrorClass()

// Another fresh one without the mock, where the package import finds nothing (the harness
// is not installed here); and the files after this one, in the same worker, get the module
// without the mock too.
vi.doUnmock('@deepseek-ai/dsh-tools')
vi.resetModules()
const unmocked = await import('../src/plugin.js')
afterAll(() => {
  vi.resetModules()
})

/** What a promise rejects with (or resolves to). */
const caught = (promise: Promise<unknown>) => promise.catch((error: unknown) => error)

/** A registry class of the host: the default export of the module its Loader imports. */
class Registry {
  tool: TodoWriteTool | undefined
  register(tool: TodoWriteTool): () => void {
    this.tool = tool
    return () => undefined
  }
}

/**
 * The main entry applied on a context whose `get('loader')` gives `loader`: what the context
 * was asked for, what the Loader was asked to import, and the error of a refused call.
 */
function hostWith(loader: ((name: string) => Promise<unknown>) | undefined, context: Record<string, unknown> = {}) {
  const tools = new Registry()
  const asked: string[] = []
  const imported: string[] = []
  const ctx = {
    tools,
    effect: (register: () => () => unknown) => register(),
    get: (service: string) => {
      asked.push(service)
      const importing = (name: string) => {
        imported.push(name)
        return loader!(name)
      }
      return loader && { import: importing }
    },
    ...context,
  }
  apply(ctx as never, DEFAULT_OPTIONS)
  const refuse = (args: unknown = { todos: 1 }) => caught(tools.tool!.execute(args, {}))
  return { asked, imported, refuse }
}

describe('TW-PLUGIN-5: refusals thrown as the harness throws them', () => {
  const tool = pluginTool(DEFAULT_OPTIONS, packageArgsErrorClass)

  it('finds the package import class', async () => {
    expect(HARNESS_TOOLS).toBe('@deepseek-ai/dsh-tools')
    expect(packageClass).toBe(ToolArgsError)
    expect(await packageArgsErrorClass()).toBe(ToolArgsError)
  })

  it('a schema refusal becomes the harness ToolArgsError, with its violations and our message', async () => {
    const error = await caught(tool.execute({ todos: [{ content: 1 }] }, {}))
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
    const error = await caught(pluginTool(DEFAULT_OPTIONS, async () => wording).execute({ todos: 1 }, {}))
    expect(error).toBeInstanceOf(wording)
    expect((error as Error).message).toBe('invalid arguments: "todos" must be an array')
  })

  it('other refusals and foreign errors are thrown unchanged', async () => {
    const owner = await caught(tool.execute({ todos: [] }, {}))
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
    const error = (await caught(pluginTool(DEFAULT_OPTIONS, async () => null).execute({ todos: 1 }, {}))) as InstanceType<typeof TodoWriteError>
    expect(error).toBeInstanceOf(TodoWriteError)
    expect([error.name, error.code, error.message]).toEqual(['ToolArgsError', 'INVALID_ARGS', 'invalid arguments: "todos" must be an array'])
  })
})

describe("TW-PLUGIN-5: the class of the host's own module first", () => {
  const hostModule = { default: Registry, ToolArgsError: HostToolArgsError }

  it("takes the host Loader's module when it holds the registry's class, asking once", async () => {
    const { asked, imported, refuse } = hostWith(async () => hostModule)
    expect(asked).toEqual([])
    const error = await refuse()
    expect(error).toBeInstanceOf(HostToolArgsError)
    expect((error as Error).message).toBe('invalid arguments: "todos" must be an array')
    expect(await refuse({ todos: [{ content: 'a', status: 'done' }] })).toBeInstanceOf(HostToolArgsError)
    expect(asked).toEqual(['loader'])
    expect(imported).toEqual(['@deepseek-ai/dsh-tools'])
  })

  it('a refusal that is not a schema refusal does not look', async () => {
    const { asked, refuse } = hostWith(async () => hostModule)
    expect(await refuse({ todos: [] })).toBeInstanceOf(TodoWriteError)
    expect(asked).toEqual([])
  })

  it.each<[string, ((name: string) => Promise<unknown>) | undefined]>([
    ['no Loader', undefined],
    ['an import that fails', () => Promise.reject(new Error("Cannot find module '…/dsh-tools/lib/index.js'"))],
    ['another copy of the module (its registry is another class)', async () => ({ default: class {}, ToolArgsError: HostToolArgsError })],
    ['a module with no class as default export', async () => ({ ToolArgsError: HostToolArgsError })],
    ["the registry's module without the class", async () => ({ default: Registry })],
  ])('%s: the package import class', async (_, loader) => {
    const { refuse } = hostWith(loader)
    const error = await refuse()
    expect(error).toBeInstanceOf(ToolArgsError)
    expect(error).not.toBeInstanceOf(HostToolArgsError)
  })

  it('a context with no service lookup at all: the package import class', async () => {
    const { refuse } = hostWith(async () => hostModule, { get: undefined })
    expect(await refuse()).not.toBeInstanceOf(HostToolArgsError)
    expect(await refuse()).toBeInstanceOf(ToolArgsError)
  })
})

describe('TW-PLUGIN-5: neither the host nor the package import', () => {
  it('our own error: named ToolArgsError with code INVALID_ARGS, our message', async () => {
    const tools = new Registry()
    unmocked.apply({ tools, effect: (register: () => unknown) => register(), get: () => undefined }, DEFAULT_OPTIONS)
    const error = await caught(tools.tool!.execute({ todos: 1 }, {}))
    expect(await unmocked.packageArgsErrorClass()).toBeNull()
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(ToolArgsError)
    expect(error).toMatchObject({ name: 'ToolArgsError', code: 'INVALID_ARGS', message: 'invalid arguments: "todos" must be an array' })
  })
})
