// The layering (test/support/layers.ts): core imports nothing else of ours; log builds on
// core, the kit on both, the CLI on all three; the package entries on core and log; no src/
// file reads from test/; bench/ and test/ do not import each other. And the shipped code
// stands alone: src/ imports only src/, node builtins and the package's runtime dependencies
// (the kit and the CLI, shipped as the command's bundle, also what the bundle carries).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { forbiddenEdges, importEdges, layerOf } from '../support/layers.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SRC = join(ROOT, 'src')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}
const runtime = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})])
/** What the command's bundle carries inside it (rolldown.config.mjs): the kit's fast-check. The package ships the kit and the CLI only as that bundle. */
const bundled = new Set(['fast-check'])
const inBundleOnly = (file: string) => /^(kit|cli)\//.test(relative(SRC, file))

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))

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
  it.each(sources(SRC).map((file) => [relative(ROOT, file), file] as const))('%s imports only src, node: and runtime dependencies', (_, file) => {
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
    const files = sources(join(ROOT, 'test')).filter((file) => relative(ROOT, file) !== join('test', 'support', 'fc.ts'))
    expect(files.length).toBeGreaterThan(50)
    expect(files.filter((file) => direct(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file))).toEqual([])
  })

  it('the check sees a direct import', () => {
    expect(direct("import fc from 'fast-check'")).toBe(true)
    expect(direct("import fc from '../support/fc.js'")).toBe(false)
  })
})

// docs/mutation-testing.md: a test of a mutation gate that imports src/ inside its body makes
// every module-level mutant "covered" by that test alone, so it reads as a survivor.
describe('the mutation gates’ test files', () => {
  const config = readFileSync(join(ROOT, 'vitest.mutation.config.ts'), 'utf8')
  const files = [...new Set([...config.matchAll(/'((?:test|bench)\/[^']+\.test\.ts)'/g)].map((m) => m[1]!))]
  const importsInside = (text: string) => text.split('\n').filter((line) => /^\s+.*\bimport\(/.test(line) && !/^\s*(\/\/|\*)/.test(line))

  it('import src/ at the top of the file only, never inside a test', () => {
    expect(files.length).toBeGreaterThan(20)
    expect(files.flatMap((file) => importsInside(readFileSync(join(ROOT, file), 'utf8')).map((line) => `${file}: ${line.trim()}`))).toEqual([])
  })

  it('the check sees an import inside a test', () => {
    expect(importsInside("it('x', async () => {\n  const m = await import('../src/plugin.js')\n})")).toHaveLength(1)
    expect(importsInside("const m = await import('../src/plugin.js')")).toEqual([])
  })
})

// Vite's pre-bundle folder is not safe to share between processes (vitest.mutation.config.ts):
// a gate's runner processes start together, so each keeps its own, in the sandbox.
describe('the mutation gates’ pre-bundle', () => {
  it('lives in a folder of this process, outside node_modules, for every project of every gate', async () => {
    const gates = ['core', 'properties', 'entries', 'log']
    const cacheDirs: unknown[] = []
    try {
      for (const gate of gates) {
        // A query of its own makes each import evaluate the configuration again, for this gate.
        vi.stubEnv('MUTATION_SUITE', gate)
        const specifier = `../../vitest.mutation.config.js?gate=${gate}`
        const { default: config } = (await import(specifier)) as { default: { test: { projects: { cacheDir?: unknown }[] } } }
        cacheDirs.push(...config.test.projects.map((project) => project.cacheDir))
      }
    } finally {
      vi.unstubAllEnvs()
    }
    expect(cacheDirs.length).toBeGreaterThanOrEqual(gates.length)
    for (const dir of cacheDirs) {
      expect(typeof dir).toBe('string')
      expect(isAbsolute(dir as string)).toBe(false)
      expect((dir as string).split('/')).toContain(String(process.pid))
      expect(dir).not.toMatch(/node_modules/)
    }
  })
})
