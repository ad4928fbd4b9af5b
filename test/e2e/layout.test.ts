// The layering (test/support/layers.ts): core imports nothing else of ours; log builds on
// core, the kit on both, the CLI on all three; the package entries on core and log; no src/
// file reads from test/; bench/ and test/ do not import each other. And the shipped code
// stands alone: src/ imports only src/, node builtins and the package's runtime dependencies
// (the kit and the CLI, shipped as the command's bundle, also what the bundle carries).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join, matchesGlob, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import config, { testGlobs } from '../../vitest.config.js'
import { forbiddenEdges, importEdges, layerOf } from '../support/layers.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SRC = join(ROOT, 'src')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> }
const runtime = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})])
/** What the command's bundle carries inside it (rolldown.config.mjs): the kit's fast-check. The package ships the kit and the CLI only as that bundle. */
const bundled = new Set(['fast-check'])
const inBundleOnly = (file: string) => /^(kit|cli)\//.test(relative(SRC, file))

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

describe('layers', () => {
  const edges = importEdges(ROOT)

  it('every import follows the layering', () => {
    expect(edges.length).toBeGreaterThan(200)
    expect(forbiddenEdges(edges)).toEqual([])
  })

  it.each([
    ['a core module importing the log layer', { from: 'src/core/tool.ts', to: 'src/log/plan.ts' }],
    ['the log layer importing the kit', { from: 'src/log/verify.ts', to: 'src/kit/reference.ts' }],
    ['an entry importing the CLI', { from: 'src/plugin.ts', to: 'src/cli/io.ts' }],
    ['shipped code reading a test file', { from: 'src/kit/vectors.ts', to: 'test/golden/vectors/suite.json' }],
    ['a benchmark importing a test helper', { from: 'bench/peers/agree.ts', to: 'test/support/model.ts' }],
    ['a test importing a benchmark internal', { from: 'test/e2e/bench-report.test.ts', to: 'bench/report.ts' }],
  ])('fails on a planted back-edge: %s', (_, planted) => {
    expect(forbiddenEdges([...edges, planted])).toEqual([`${planted.from} (${layerOf(planted.from)}) imports ${planted.to} (${layerOf(planted.to)})`])
  })
})

describe('src/ imports', () => {
  it.each(files(SRC).map((file) => [relative(ROOT, file), file] as const))('%s imports only src, node: and runtime dependencies', (_, file) => {
    const text = readFileSync(file, 'utf8')
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^']+)'/g), ...text.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]!)
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) expect(relative(SRC, resolve(dirname(file), specifier)).startsWith('..')).toBe(false)
      else if (!specifier.startsWith('node:'))
        expect(inBundleOnly(file) ? new Set([...runtime, ...bundled]) : runtime, `${specifier} in ${file}`).toContain(packageOf(specifier))
    }
  })
})

describe('fast-check in test/', () => {
  const direct = (text: string) => /^import [^\n]*from 'fast-check'/m.test(text)
  it('is imported through test/support/fc.ts only, which pins its seed', () => {
    const tests = files(join(ROOT, 'test')).filter((file) => relative(ROOT, file) !== join('test', 'support', 'fc.ts'))
    expect(tests.length).toBeGreaterThan(50)
    expect(tests.filter((file) => direct(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file))).toEqual([])
  })

  it('the check sees a direct import', () => {
    expect(direct("import fc from 'fast-check'")).toBe(true)
    expect(direct("import fc from '../support/fc.js'")).toBe(false)
  })
})

// Every test file runs: in exactly one vitest project (a file in a folder no project names, as
// test/unit/ once was, would pass by never running).
describe('the vitest projects', () => {
  const projects = (config as { test: { projects: { test: { name: string; include: string[] } }[] } }).test.projects
  const testFiles = [...files(join(ROOT, 'test')), ...files(join(ROOT, 'bench'))]
    .map((file) => relative(ROOT, file))
    .filter((file) => file.endsWith('.test.ts'))

  it('hold every test file once', () => {
    expect(testFiles.length).toBeGreaterThan(70)
    const owners = (file: string) =>
      projects.filter((project) => project.test.include.some((glob) => matchesGlob(file, glob))).map((project) => project.test.name)
    expect(testFiles.filter((file) => owners(file).length !== 1).map((file) => `${file}: ${owners(file).join(', ') || 'no project'}`)).toEqual([])
  })
})

// The gates of stryker.conf.json (docs/mutation-testing.md), each its test folders.
describe('the mutation gates’ test files', () => {
  const { gates } = JSON.parse(readFileSync(join(ROOT, 'stryker.conf.json'), 'utf8')) as { gates: Record<string, { mutate: string[]; tests: string[] }> }
  const testFiles = files(join(ROOT, 'test')).map((file) => relative(ROOT, file))
  const gateFiles = (tests: string[]) => testFiles.filter((file) => testGlobs(tests).some((glob) => matchesGlob(file, glob)))
  const inGates = [...new Set(Object.values(gates).flatMap((gate) => gateFiles(gate.tests)))]
  const importsInside = (text: string) => text.split('\n').filter((line) => /^\s+.*\bimport\(/.test(line) && !/^\s*(\/\/|\*)/.test(line))

  it.each(Object.entries(gates))('%s: every folder it lists holds tests, and it mutates src/ only', (_, gate) => {
    for (const tests of gate.tests) expect(gateFiles([tests]), tests).not.toEqual([])
    for (const glob of gate.mutate) expect(glob).toMatch(/^src\//)
  })

  // A test that imports src/ inside its body makes every module-level mutant "covered" by
  // that test alone, which then reads it as a survivor.
  it('import src/ at the top of the file only, never inside a test', () => {
    expect(inGates.length).toBeGreaterThan(30)
    expect(inGates.flatMap((file) => importsInside(readFileSync(join(ROOT, file), 'utf8')).map((line) => `${file}: ${line.trim()}`))).toEqual([])
  })

  it('the check sees an import inside a test', () => {
    expect(importsInside("it('x', async () => {\n  const m = await import('../src/plugin.js')\n})")).toHaveLength(1)
    expect(importsInside("const m = await import('../src/plugin.js')")).toEqual([])
  })

  // Stryker's sandbox is not beside ../shared, and its dist/ is not built from the mutant.
  const outside = (text: string) => /\.\.\/shared\/|['/]dist\/cli\//.test(text)

  it('reach neither ../shared nor dist/, through any test module they import', () => {
    const edges = importEdges(ROOT)
    const reached = new Set(inGates)
    for (const file of reached) for (const { from, to } of edges) if (from === file && /^test\/.*\.js$/.test(to)) reached.add(to.replace(/\.js$/, '.ts'))
    expect([...reached].filter((file) => outside(readFileSync(join(ROOT, file), 'utf8')))).toEqual([])
  })

  it('the check sees a path into ../shared or dist/', () => {
    expect(outside("resolve(ROOT, '../shared/fixtures/x')")).toBe(true)
    expect(outside("join(ROOT, 'dist/cli/bin.js')")).toBe(true)
    expect(outside("import { Ajv2020 } from 'ajv/dist/2020.js'")).toBe(false)
  })
})

// Vite's pre-bundle folder is not safe to share between processes (vitest.config.ts): a gate's
// runner processes start together, so each keeps its own, in the sandbox.
describe('the mutation gates’ pre-bundle', () => {
  it('lives in a folder of this process, outside node_modules', async () => {
    vi.stubEnv('MUTATION_TESTS', 'test/core')
    try {
      // A query of its own makes the import evaluate the configuration again, for a gate.
      const specifier = '../../vitest.config.js?gate'
      const { default: gate } = (await import(specifier)) as { default: { cacheDir?: unknown; test: { isolate?: unknown } } }
      expect(gate.test.isolate).toBe(true)
      expect(typeof gate.cacheDir).toBe('string')
      expect(isAbsolute(gate.cacheDir as string)).toBe(false)
      expect((gate.cacheDir as string).split('/')).toContain(String(process.pid))
      expect(gate.cacheDir).not.toMatch(/node_modules/)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
