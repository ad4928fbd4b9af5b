// The package as an installer gets it: `npm pack`, then `npm install <tarball>` into fresh
// projects: one with no peer, and one beside each harness's cordis (cordis 3, the cordis 4
// prereleases the seed's harness runs, the release's @deepseek-ai/cordis with its
// prerelease @deepseek-ai/dsh-tools). No ERESOLVE and no warning on any install; every
// entry, the vectors, the schemas and the spec resolve; the docs ship with their links
// whole; `todo-write/testing` without cordis says which peer to install; the type
// declarations mention no Node type, so they need no @types/node.
// `npm test` has built dist/ already; packing with scripts would rebuild it (prepack) under
// the other e2e files, which run the built command meanwhile.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { suiteDir } from '../support/temp.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const work = suiteDir('pack')

/** The projects the tarball is installed into: what each has beside it, as npm install arguments. */
const PROJECTS = {
  bare: [],
  cordis3: ['cordis@3.18.1'],
  // The seed's harness runs 4.0.0-rc.7, which is not on the registry; rc.8 is the next.
  cordis4: ['cordis@4.0.0-rc.8'],
  // The release's dsh-tools 0.1.1-rc.2 is not on the registry: a stand-in with its name and
  // version is all a peer check reads.
  release: ['@deepseek-ai/cordis@4.0.1', 'STAND_IN'],
  // A host that loads its plugins from a config file, as the app does.
  loader: ['@deepseek-ai/cordis@4.0.4', '@deepseek-ai/cordis-plugin-loader@1.0.5', '@deepseek-ai/cordis-plugin-include@1.0.9'],
} as const satisfies Record<string, readonly string[]>
type Project = keyof typeof PROJECTS

type Output = { stdout: string; stderr: string; status: number | null }
type Deps = Record<string, string>
const app = (project: Project): string => join(work(), project)
/** The package as installed in the project with no peer. */
const installed = (): string => join(app('bare'), 'node_modules/todo-write')
const json = <T>(...path: string[]): T => JSON.parse(readFileSync(join(...path), 'utf8')) as T
const installs = {} as Record<Project, Output>

function npm(args: string[], cwd: string): Promise<Output> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (status) => resolve({ stdout, stderr, status }))
  })
}

function packDir(dir: string): string {
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: dir === work() ? ROOT : dir, stdio: 'pipe' })
  return join(dir, readdirSync(dir).find((name) => name.endsWith('.tgz'))!)
}

beforeAll(async () => {
  const tarball = packDir(work())
  const standIn = join(work(), 'dsh-tools')
  mkdirSync(standIn)
  writeFileSync(join(standIn, 'package.json'), JSON.stringify({ name: '@deepseek-ai/dsh-tools', version: '0.1.1-rc.2' }))
  const standInTarball = packDir(standIn)
  // Concurrently: each install mostly waits on the npm cache and the registry.
  await Promise.all(
    (Object.entries(PROJECTS) as [Project, readonly string[]][]).map(async ([project, peers]) => {
      mkdirSync(app(project))
      writeFileSync(join(app(project), 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }))
      const specs = peers.map((spec) => (spec === 'STAND_IN' ? standInTarball : spec))
      installs[project] = await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', ...specs, tarball], app(project))
    }),
  )
}, 180_000)

/** The package a bare specifier names: `a` of `a/b`, `@s/a` of `@s/a/b`. */
const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** Runs node with `args` in a project; its status, stdout and stderr. */
const inProject = (project: Project, args: string[]) => spawnSync(process.execPath, args, { cwd: app(project), encoding: 'utf8' })
/** Runs an ES module script in a project. */
const node = (project: Project, script: string) => inProject(project, ['--input-type=module', '-e', script])

describe('npm pack, then npm install into a fresh project', () => {
  for (const project of Object.keys(PROJECTS) as Project[]) {
    const beside = PROJECTS[project].map((spec) => (spec === 'STAND_IN' ? '@deepseek-ai/dsh-tools@0.1.1-rc.2' : spec)).join(' and ')
    it(`installs with no ERESOLVE and no warning ${beside === '' ? 'alone' : `beside ${beside}`}`, () => {
      const { status, stdout, stderr } = installs[project]
      expect(status, stderr).toBe(0)
      expect(`${stdout}\n${stderr}`).not.toMatch(/warn|ERESOLVE/i)
    })
  }

  it('the peers installed are the versions asked for (so the checks above met them)', () => {
    const version = (project: Project, name: string) => json<{ version: string }>(app(project), 'node_modules', name, 'package.json').version
    expect(version('cordis3', 'cordis')).toBe('3.18.1')
    expect(version('cordis4', 'cordis')).toBe('4.0.0-rc.8')
    expect(version('release', '@deepseek-ai/cordis')).toBe('4.0.1')
    expect(version('release', '@deepseek-ai/dsh-tools')).toBe('0.1.1-rc.2')
    const loader = ['@deepseek-ai/cordis', '@deepseek-ai/cordis-plugin-loader', '@deepseek-ai/cordis-plugin-include'].map((name) => version('loader', name))
    expect(loader).toEqual(['4.0.4', '1.0.5', '1.0.9'])
    expect(existsSync(join(app('bare'), 'node_modules/cordis'))).toBe(false)
    const declared = json<{ peerDependencies: Deps; peerDependenciesMeta: Record<string, { optional?: boolean }> }>(installed(), 'package.json')
    expect(Object.keys(declared.peerDependencies).sort()).toEqual(['@deepseek-ai/cordis', '@deepseek-ai/dsh-tools', 'cordis'])
    for (const peer of Object.keys(declared.peerDependencies)) expect(declared.peerDependenciesMeta[peer]?.optional, peer).toBe(true)
  })

  it('every entry, the vectors, the schemas and the spec resolve', () => {
    const script = [
      "for (const entry of ['todo-write', 'todo-write/dsh-0.1.1-rc.2', 'todo-write/dsh-0.1.1-rc.2/invariant']) await import(entry)",
      "for (const file of ['todo-write/vectors/suite.json', 'todo-write/schemas/parameters.schema.json', 'todo-write/spec/todo.md']) console.log(import.meta.resolve(file).replace(/^.*node_modules\\//, ''))",
    ].join('\n')
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app('bare'), encoding: 'utf8' })
    expect(out).toBe('todo-write/vectors/suite.json\ntodo-write/schemas/parameters.schema.json\ntodo-write/spec/todo.md\n')
  })

  it('every relative link of the README and of each page of docs/ leads to a file of the package', () => {
    const pkg = installed()
    // The pages of the repository: each must be in the package too.
    const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`)].filter((page) => page.endsWith('.md'))
    expect(pages.length).toBeGreaterThanOrEqual(9)
    const links: string[] = []
    const broken = pages.filter((page) => !existsSync(join(pkg, page))).map((page) => `${page}: not in the package`)
    for (const page of pages.filter((page) => existsSync(join(pkg, page)))) {
      const prose = readFileSync(join(pkg, page), 'utf8').replace(/^```[\s\S]*?^```$/gm, '')
      for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        const path = m[1]!.split('#')[0]!
        if (/^[a-z]+:/.test(m[1]!) || path === '') continue
        const file = join(pkg, dirname(page), path)
        links.push(file)
        if (relative(pkg, file).startsWith('..') || !existsSync(file)) broken.push(`${page}: ${m[1]}`)
      }
    }
    expect(links.length).toBeGreaterThan(20)
    expect(broken).toEqual([])
  })

  it('require() loads every entry, as import does', () => {
    const script =
      "for (const entry of ['todo-write', 'todo-write/dsh-0.1.1-rc.2', 'todo-write/dsh-0.1.1-rc.2/invariant']) console.log(entry, typeof require(entry).apply)"
    const run = inProject('bare', ['-e', script])
    expect(run.stderr).toBe('')
    expect(run.stdout).toBe('todo-write function\ntodo-write/dsh-0.1.1-rc.2 function\ntodo-write/dsh-0.1.1-rc.2/invariant function\n')
  })

  it('the command ships once, as its bundle, and nothing shipped imports a package it does not depend on', () => {
    const pkg = installed()
    const files = (dir: string): string[] =>
      readdirSync(join(pkg, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
    const dist = files('dist')
    // The bin and its chunks (each subcommand loads its own), and no module tsc built.
    const command = dist.filter((file) => /^dist\/(cli|kit)\//.test(file))
    expect(command).toContain('dist/cli/bin.js')
    expect(command.filter((file) => !/^dist\/cli\/(bin(-[\w-]+)?\.js|LICENSES\.txt)$/.test(file))).toEqual([])
    expect(command.filter((file) => file.startsWith('dist/cli/bin-')).length).toBeGreaterThan(2)
    // ASCII only: V8 decodes, hashes and keeps other source at two bytes a character.
    expect(command.filter((file) => file.endsWith('.js') && readFileSync(join(pkg, file)).some((byte) => byte > 0x7f))).toEqual([])
    // The packages the bundle carries, each with its licence.
    const licensed = readFileSync(join(pkg, 'dist/cli/LICENSES.txt'), 'utf8').match(/^\S+ \d+\.\d+\.\d+$/gm)
    expect(licensed).toEqual(['fast-check 4.11.0', 'pure-rand 8.4.2', 'typebox 1.4.3'])
    const declared = json<{ dependencies: Deps; peerDependencies: Deps }>(pkg, 'package.json')
    const allowed = new Set([...Object.keys(declared.dependencies), ...Object.keys(declared.peerDependencies)])
    const imported = new Set<string>()
    // Import statements and dynamic imports of bare names (a package), not what prose or strings say.
    const specifiers = /^(?:import|export)\b[^'"\n]*?from\s*['"]([^'".][^'"]*)['"]|\bimport\(['"]([^'".][^'"]*)['"]\)/gm
    for (const file of dist.filter((name) => name.endsWith('.js') || name.endsWith('.d.ts')))
      for (const m of readFileSync(join(pkg, file), 'utf8').matchAll(specifiers)) {
        const specifier = m[1] ?? m[2]!
        if (!specifier.startsWith('node:')) imported.add(packageName(specifier))
      }
    expect([...imported].filter((name) => !allowed.has(name))).toEqual([])
    expect(existsSync(join(app('bare'), 'node_modules/fast-check'))).toBe(false)
    // The kit runs from the bundle alone: conform's own suite against the package's reference.
    const conform = spawnSync(join(app('bare'), 'node_modules/.bin/todo-write'), ['conform', '--runs', '3', '--seed', '1', '--', 'todo-write', 'serve'], {
      cwd: app('bare'),
      encoding: 'utf8',
      env: { ...process.env, PATH: `${join(app('bare'), 'node_modules/.bin')}:${process.env.PATH}` },
    })
    expect(conform.stderr).toBe('')
    expect(conform.stdout).toContain('ok fuzz: all 3 sequences from seed 1 agree with the reference')
    expect(conform.status).toBe(0)
  })

  it('todo-write/testing without cordis: the error names the missing peer', () => {
    const { status, stderr } = node('bare', "await import('todo-write/testing')")
    expect(status).toBe(1)
    expect(stderr).toContain("Cannot find package 'cordis'")
  })

  for (const project of ['cordis3', 'cordis4'] as const)
    it(`todo-write/testing beside ${project}: its host runs the plugin, and answers as callTodoWrite does`, () => {
      const script = [
        "const { createTestHost, loadPlugin, TestAgent } = await import('todo-write/testing')",
        "const { callTodoWrite, MemorySession } = await import('todo-write')",
        'const { ctx, tools } = await createTestHost()',
        "const fiber = loadPlugin(ctx, await import('todo-write'))",
        'await fiber',
        "console.log(tools.names().join(','))",
        "const item = () => ({ content: 'a', status: 'pending' })",
        'const held = [',
        "  { todos: [{ get content() { return 'a' }, status: 'pending' }] },",
        "  { todos: [Object.defineProperty(item(), 'secret', { value: 1, enumerable: false })] },",
        "  { todos: [{ ...item(), [Symbol('s')]: 1 }] },",
        '  { todos: [{ ...item(), estimate: -0 }] },',
        ']',
        'for (const args of held) {',
        "  const hosted = (await tools.execute({ name: 'todo_write', arguments: args, agent: new TestAgent() })).content[0].text",
        '  const direct = callTodoWrite(args, { agent: { session: new MemorySession() } }).text',
        "  console.log(hosted === direct ? hosted : hosted + ' != ' + direct)",
        '}',
        'await fiber.dispose()',
        'console.log(JSON.stringify(tools.names()))',
      ].join('\n')
      const { status, stdout, stderr } = node(project, script)
      expect(stderr).toBe('')
      expect(status).toBe(0)
      const accepted = 'Updated todo list: 1 pending, 0 in progress, 0 completed.\n'
      expect(stdout).toBe(`todo_write\n${accepted.repeat(3)}Error: tool execution arguments must be losslessly JSON-serializable\n[]\n`)
    })

  for (const project of ['cordis3', 'cordis4'] as const)
    it(`require() loads todo-write/testing beside ${project}`, () => {
      const run = inProject(project, ['-e', "console.log(typeof require('todo-write/testing').createTestHost)"])
      expect(run.stderr).toBe('')
      expect(run.stdout).toBe('function\n')
    })

  for (const project of ['cordis3', 'cordis4'] as const)
    it(`the bare-cordis example runs beside ${project} as docs/harness.md shows`, () => {
      const run = inProject(project, ['node_modules/todo-write/examples/bare-cordis.mjs'])
      expect(run.stderr).toBe('')
      expect(run.stdout).toBe(
        [
          'Updated todo list: 0 pending, 1 in progress, 0 completed.',
          'Error: invalid arguments: "todos[0].status" must be one of ["pending","in_progress","completed"]',
          '[{"type":"todo/write","data":{"todos":[{"content":"plan","status":"in_progress"}]}}]',
          '0',
          '',
        ].join('\n'),
      )
    })

  it('a config error under the Loader is printed by the exporter the bare-cordis example registers, and by nothing else', () => {
    const exporter = /^ctx\.logger\.exporter.*$/m.exec(readFileSync(join(ROOT, 'examples/bare-cordis.mjs'), 'utf8'))![0]
    writeFileSync(
      join(app('loader'), 'tools.mjs'),
      "import { Service } from '@deepseek-ai/cordis'\nexport default class extends Service { constructor(ctx) { super(ctx, 'tools') } register() { return () => {} } }\n",
    )
    writeFileSync(join(app('loader'), 'cordis.yml'), '- name: ./tools.mjs\n- name: todo-write\n  config:\n    allowParallel: true\n')
    const host = (lines: string[]) =>
      node(
        'loader',
        [
          "import { Context } from '@deepseek-ai/cordis'",
          "import Loader from '@deepseek-ai/cordis-plugin-loader'",
          "import Include from '@deepseek-ai/cordis-plugin-include'",
          "import { pathToFileURL } from 'node:url'",
          'const ctx = new Context()',
          ...lines,
          "ctx.baseUrl = pathToFileURL(process.cwd()).href + '/'",
          'await ctx.plugin(Loader)',
          'ctx.loader.builtins.include = Include',
          "await ctx.loader.create({ name: 'cordis:include', config: { path: pathToFileURL('cordis.yml').href } })",
          'await ctx.loader.await()',
          "console.log(ctx.get('tools') === undefined ? 'no tools' : 'tools')",
        ].join('\n'),
      )
    const unknown = 'tool-todo: unknown option "allowParallel" (the options are profile, allowParallelInProgress, unknownItemKeys, activeLimitWording)'
    expect(host([])).toMatchObject({ status: 0, stdout: 'tools\n', stderr: '' })
    const shown = host([exporter])
    expect(shown).toMatchObject({ status: 0, stdout: 'tools\n' })
    expect(shown.stderr).toContain(unknown)
  })

  // A harness author's TypeScript project: strict, `bundler` resolution, no skipLibCheck, no @types/node.
  const cordis = [
    "import { Context } from 'cordis'",
    "import { createTestHost, loadPlugin } from 'todo-write/testing'",
    'const { ctx } = await createTestHost()',
    'await loadPlugin(ctx, todo, { allowParallelInProgress: true })',
  ]
  const consumers = {
    cordis3: cordis,
    cordis4: cordis,
    release: [
      "import { Context } from '@deepseek-ai/cordis'",
      "import * as release from 'todo-write/dsh-0.1.1-rc.2'",
      "import * as companion from 'todo-write/dsh-0.1.1-rc.2/invariant'",
      'new Context().plugin(release, { allowParallelInProgress: true })',
      'new Context().plugin(companion)',
      '// @ts-expect-error: the release takes a boolean flag',
      "new Context().plugin(release, { allowParallelInProgress: 'yes' })",
    ],
  } as const
  it('a TypeScript project beside each cordis: ctx.plugin(todo, config) type-checks, with no augmentation, and a config of another type does not', () => {
    // One program for the three: each file resolves its imports from its own project, and tsc
    // reads typebox's declarations (the same package in each) once, some seconds of its time.
    const files = (Object.entries(consumers) as [keyof typeof consumers, readonly string[]][]).map(([project, lines]) => {
      const file = join(app(project), 'consumer.ts')
      const source = [
        "import * as todo from 'todo-write'",
        ...lines,
        'new Context().plugin(todo, { allowParallelInProgress: true })',
        '// @ts-expect-error: a config is an options object',
        'new Context().plugin(todo, 42)',
        'export {}',
      ].join('\n')
      writeFileSync(file, `${source}\n`)
      return file
    })
    const compilerOptions = { target: 'es2022', lib: ['es2022'], module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true, types: [] }
    writeFileSync(join(work(), 'tsconfig.json'), JSON.stringify({ compilerOptions, files }))
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', work()], { encoding: 'utf8' })
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.status).toBe(0)
  }, 60_000)

  it('the type declarations need no @types/node: no Node type in any declaration an entry reaches', () => {
    const pkg = installed()
    const seen = new Set<string>()
    const queue = ['dist/index.d.ts', 'dist/release.d.ts', 'dist/release-invariant.d.ts']
    const found: string[] = []
    while (queue.length > 0) {
      const file = queue.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      const text = readFileSync(join(pkg, file), 'utf8')
      for (const m of text.matchAll(/\bNodeJS\.\w+|\bBuffer\b|from ['"]node:[^'"]+['"]|\bprocess\./g)) found.push(`${file}: ${m[0]}`)
      for (const m of text.matchAll(/from ['"](\.[^'"]+)\.js['"]/g)) queue.push(join(file, '..', `${m[1]}.d.ts`))
    }
    expect(seen.size).toBeGreaterThan(10)
    expect(found).toEqual([])
  })

  it('the command runs from the installed package, and says its version', () => {
    const out = execFileSync(join(app('bare'), 'node_modules/.bin/todo-write'), ['--version'], { encoding: 'utf8' })
    expect(out).toBe('todo-write 0.1.0\n')
  })
})
