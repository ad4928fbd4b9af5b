// The built `todo-write` command (TW-CLI-1, TW-CLI-2). These tests go through a
// subprocess, so they kill no mutants; test/golden/golden.test.ts pins the same bytes in-process.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { supportedNode } from '../../src/cli/runtime.js'
import { goldenCalls } from '../support/golden.js'
import { BIN, ROOT, runCli } from '../support/cli.js'

describe('todo-write call (TW-CLI-1)', () => {
  it.each(goldenCalls().map((c) => [c.name, c] as const))('%s prints the golden line', (_, golden) => {
    const stdout = golden.line ?? JSON.stringify({ isError: true, text: golden.text }) + '\n'
    expect(runCli(golden.agent ? ['call'] : ['call', '--no-agent'], golden.args)).toEqual({ status: 0, stdout, stderr: '' })
  })

  it('takes the option flags', () => {
    const args = '{"todos":[{"content":"a","status":"in_progress"},{"content":"b","status":"in_progress","id":1}]}'
    expect(runCli(['call', '--allow-parallel-in-progress'], args).stdout).toMatch(/"text":"Updated todo list: 0 pending, 2 in progress, 0 completed."/)
    expect(runCli(['call', '--allow-parallel-in-progress', '--unknown-item-keys', 'reject'], args).stdout).toBe(
      '{"isError":true,"text":"Error: invalid arguments: \\"todos[1].id\\" is not a declared property (additionalProperties: false)"}\n',
    )
  })

  it('--help explains the command', () => {
    const run = runCli(['--help'])
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('todo-write call')
    for (const help of ['call --help', 'call -h', 'help call'])
      for (const flag of ['--no-agent', '--unknown-item-keys']) expect(runCli(help.split(' ')).stdout).toContain(flag)
  })
})

describe('todo-write refusals (TW-CLI-2)', () => {
  it.each([
    ['not JSON', ['call'], '{"todos":[', /stdin is not JSON/],
    ['empty stdin', ['call'], '', /stdin is not JSON: the input is empty/],
    ['unknown flag', ['call', '--agent'], '{"todos":[]}', /^todo-write: unknown flag "--agent" for call\n/],
    ['a mistyped flag', ['call', '--profle', 'seed'], '{"todos":[]}', /^todo-write: unknown flag "--profle" for call: did you mean --profile\?\n/],
    ['bad flag value', ['call', '--unknown-item-keys', 'keep'], '{"todos":[]}', /--unknown-item-keys must be "drop" or "reject", got "keep"/],
    ['unknown command', ['cal'], '', /^todo-write: unknown command "cal": did you mean call\?\n/],
    ['no command', [], '', /no command given/],
  ] as const)('%s: message on stderr, nothing on stdout, exit 2', (_, args, input, message) => {
    expect(runCli([...args], input)).toEqual({ status: 2, stdout: '', stderr: expect.stringMatching(message) })
  })
})

describe('the built bin', () => {
  // npm makes a bin executable when it links it, and `npx todo-write` in a clone links it
  // once: a rebuild that dropped the mode would leave "Permission denied".
  it('is executable, as npm links it', () => {
    expect(statSync(BIN).mode & 0o111).toBe(0o111)
  })
})

describe('start-up: a command loads what it uses', () => {
  // Each file node loads, as a load hook sees it, and whether the bundle put a package's code in it.
  const HOOK = `data:text/javascript,${encodeURIComponent(
    "import { registerHooks } from 'node:module'; import { writeSync } from 'node:fs';" +
      "registerHooks({ load(url, context, next) { if (url.startsWith('file:')) writeSync(2, 'loaded ' + url + '\\n'); return next(url, context) } })",
  )}`
  const carries = (args: string[], input = ''): { typebox: boolean; 'fast-check': boolean } => {
    const run = spawnSync(process.execPath, ['--import', HOOK, BIN, ...args], { input, encoding: 'utf8', cwd: ROOT })
    expect(run.status).toBe(0)
    const texts = [...run.stderr.matchAll(/^loaded (file:.*)$/gm)].map((m) => readFileSync(fileURLToPath(m[1]!), 'utf8'))
    expect(texts.length).toBeGreaterThan(1)
    // The bundle heads each module's code with its path.
    const has = (pkg: string) => texts.some((text) => new RegExp(`^// .*node_modules/${pkg}/`, 'm').test(text))
    return { typebox: has('typebox'), 'fast-check': has('fast-check') }
  }

  const LIGHT = [[['--version']], [['--help']], [['replay', 'examples/logs/sample.jsonl']], [['replay', '--check', 'examples/logs/sample.jsonl']]]
  it.each(LIGHT)('%j: no TypeBox', (args) => {
    expect(carries(args)).toEqual({ typebox: false, 'fast-check': false })
  })

  it('call, serve and replay --verify: TypeBox, no kit; conform: the kit', () => {
    expect(carries(['call'], '{"todos":[]}')).toEqual({ typebox: true, 'fast-check': false })
    expect(carries(['serve'], '{"id":1,"cmd":"stop"}\n')).toEqual({ typebox: true, 'fast-check': false })
    expect(carries(['replay', '--verify', 'examples/logs/sample.jsonl'])).toEqual({ typebox: true, 'fast-check': false })
    expect(carries(['conform', '--help'])['fast-check']).toBe(true)
  })
})

describe('todo-write on an older Node.js', () => {
  // The machine's own node, when it is older than the supported releases (this machine's is
  // 20): found on PATH past the project's pinned one.
  const older = (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, 'node'))
    .find((node) => existsSync(node) && !supportedNode(spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()))

  it.skipIf(older === undefined)('prints the releases it needs in one line and exits 2', () => {
    const run = spawnSync(older!, [BIN, 'call'], { input: '{"todos":[]}', encoding: 'utf8' })
    const version = spawnSync(older!, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr: `todo-write: needs Node.js ^22.19.0 || >=24.0.0; this is ${version}\n`,
    })
  })
})
