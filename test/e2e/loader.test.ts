// The plugin through the real cordis Loader (@cordisjs/loader 0.13.1): a config file names
// the registry and the built package; the Loader imports both and applies them.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Context } from 'cordis'
import { Loader } from 'cordis/loader'
import { describe, expect, it } from 'vitest'
import * as entry from '../../src/index.js'
import { TestAgent, type ToolRegistryService } from '../../src/testing.js'

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url))

describe('Loader.prototype.unwrapExports', () => {
  it('keeps the namespace, and with it inject, name and Config', () => {
    const plugin = Loader.prototype.unwrapExports(entry)
    expect(plugin.inject).toEqual(['tools'])
    expect(plugin.name).toBe('tool-todo')
    expect(plugin.apply).toBe(entry.apply)
    expect(plugin.Config).toBe(entry.Config)
  })
})

type Settled = (tools: ToolRegistryService | undefined, errors: unknown[]) => boolean
const registeredOrFailed: Settled = (tools, errors) => (tools?.names().length ?? 0) > 0 || errors.length > 0

/**
 * Start a Loader on a config file and wait until `until` holds (by default: a tool is
 * registered or an error was reported) or `within` ms have passed: the Loader imports and
 * applies asynchronously, slower on a busy machine and a cold disk.
 */
async function loadConfig(
  yaml: string,
  modules: Record<string, string> = {},
  { until = registeredOrFailed, within = 10_000, dir = mkdtempSync(join(tmpdir(), 'todo-write-loader-')), nodeResolution = false } = {},
) {
  for (const [name, text] of Object.entries(modules)) writeFileSync(join(dir, name), text)
  writeFileSync(join(dir, 'cordis.yml'), yaml.replaceAll('$DIR', dir).replaceAll('$DIST', DIST))
  const ctx = new Context()
  const errors: unknown[] = []
  ctx.on('internal/error', (error: unknown) => void errors.push(error))
  const warnings: unknown[] = []
  ctx.on('internal/warning', (warning: unknown) => void warnings.push(warning))
  ctx.plugin(Loader as never, { name: 'cordis', filename: join(dir, 'cordis.yml') })
  // The cordis command (`cordis/worker`) hands the Loader Node's own module loader, which
  // resolves a row's name from the config file; without it the Loader imports from its own
  // folder. This stand-in resolves as Node does, from the file the Loader names.
  if (nodeResolution) {
    const internal = { import: (name: string, parentURL: string) => import(pathToFileURL(createRequire(parentURL).resolve(name)).href) }
    ;(ctx.get('loader') as { internal?: unknown }).internal = internal
  }
  await ctx.start()
  const deadline = Date.now() + within
  while (!until(ctx.get('tools') as ToolRegistryService | undefined, errors) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
  return { ctx, tools: ctx.get('tools') as ToolRegistryService | undefined, errors, warnings }
}

const REGISTRY = `export { ToolRegistryService as default } from '${pathToFileURL(join(DIST, 'testing.js')).href}'\n`
const REGISTRY_MODULE = { 'registry.mjs': REGISTRY }
/** Rows of a config file: the registry beside it, and the built package. */
const REGISTRY_ROW = '- id: registry\n  name: $DIR/registry.mjs\n'
const TODO_ROW = '- id: todo\n  name: $DISTindex.js\n'

describe('the real Loader and a config file', () => {
  it('loads the registry and tool-todo with its options', async () => {
    const { ctx, tools, errors } = await loadConfig(`${REGISTRY_ROW}${TODO_ROW}  config:\n    allowParallelInProgress: true\n`, REGISTRY_MODULE)
    expect(errors).toEqual([])
    expect(tools?.names()).toEqual(['todo_write'])
    const agent = new TestAgent()
    const args = {
      todos: [
        { content: 'a', status: 'in_progress' },
        { content: 'b', status: 'in_progress' },
      ],
    }
    const result = await tools!.execute({ name: 'todo_write', arguments: args, agent })
    expect(result.content[0]!.text).toBe('Updated todo list: 0 pending, 2 in progress, 0 completed.')
    await ctx.stop()
  })

  it('TW-PLUGIN-3: a config with a typo is reported as an error naming the option, and registers nothing', async () => {
    const { ctx, tools, errors } = await loadConfig(`${REGISTRY_ROW}${TODO_ROW}  config:\n    allowParallel: true\n`, REGISTRY_MODULE, {
      until: (tools, errors) => tools !== undefined && errors.length > 0,
    })
    expect(errors.map(String)).toEqual([
      'ConfigError: tool-todo: unknown option "allowParallel" (the options are profile, allowParallelInProgress, unknownItemKeys, activeLimitWording)',
    ])
    expect(tools?.names()).toEqual([])
    await ctx.stop()
  })

  it('waits for the registry even when listed before it: inject defers apply', async () => {
    const { ctx, tools, errors } = await loadConfig(TODO_ROW + REGISTRY_ROW, REGISTRY_MODULE)
    expect(errors).toEqual([])
    expect(tools?.names()).toEqual(['todo_write'])
    await ctx.stop()
  })

  it("a schema refusal is thrown as the class of the module the Loader resolves, which the package's own import cannot reach (TW-PLUGIN-5)", async () => {
    // `@deepseek-ai/dsh-tools` installed beside the config file only: the Loader imports it
    // from there, as the registry row; the package's own import, from dist/, finds nothing.
    const tools = [
      `export { ToolRegistryService as default } from '${pathToFileURL(join(DIST, 'testing.js')).href}'`,
      'export class ToolArgsError extends Error {',
      "  constructor(violations) { super(violations.join('; ')); this.name = 'ToolArgsError'; this.code = 'INVALID_ARGS (the host module)' }",
      '}',
      '',
    ].join('\n')
    const yaml = "- id: registry\n  name: '@deepseek-ai/dsh-tools'\n" + TODO_ROW
    const dir = mkdtempSync(join(tmpdir(), 'todo-write-loader-host-'))
    const pkg = join(dir, 'node_modules/@deepseek-ai/dsh-tools')
    mkdirSync(pkg, { recursive: true })
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@deepseek-ai/dsh-tools', type: 'module', exports: './index.js' }))
    writeFileSync(join(pkg, 'index.js'), tools)
    const { ctx, tools: registry, errors } = await loadConfig(yaml, {}, { dir, nodeResolution: true })
    expect(errors).toEqual([])
    await expect(import('@deepseek-ai/dsh-tools' as string)).rejects.toThrow()
    const refused = await registry!.execute({ name: 'todo_write', arguments: { todos: 'x' }, agent: new TestAgent() })
    expect(refused).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Error: invalid arguments: "todos" must be an array' }],
      error: { message: 'invalid arguments: "todos" must be an array', info: { name: 'ToolArgsError', code: 'INVALID_ARGS (the host module)' } },
    })
    await ctx.stop()
  })

  it('a copy of the module with a stray export default loses inject and fails to load (seed, Export shape)', async () => {
    const index = pathToFileURL(join(DIST, 'index.js')).href
    const stray = `export * from '${index}'\nexport { apply as default } from '${index}'\n`
    const dir = mkdtempSync(join(tmpdir(), 'todo-write-stray-'))
    writeFileSync(join(dir, 'stray.mjs'), stray)
    const unwrapped = Loader.prototype.unwrapExports(await import(pathToFileURL(join(dir, 'stray.mjs')).href))
    expect(typeof unwrapped).toBe('function')
    expect(unwrapped.name).toBe('apply')
    expect(unwrapped.inject).toBeUndefined()

    // No registry at all: the real module waits for `tools`; the stray copy, without
    // inject, runs at once and fails. (With a registry in the file, which one the Loader
    // applies first depends on import timing.)
    const waiting = await loadConfig(TODO_ROW, {}, { until: (_, errors) => errors.length > 0, within: 200 })
    expect(waiting.errors).toEqual([])
    await waiting.ctx.stop()
    const { ctx, errors } = await loadConfig('- id: todo\n  name: $DIR/stray.mjs\n', { 'stray.mjs': stray })
    expect(errors.map(String).join('\n')).toMatch(/Cannot read properties of undefined \(reading 'register'\)/)
    await ctx.stop()
  })
})
