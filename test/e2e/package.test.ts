// The package as an installer gets it: `npm pack`, then `npm install <tarball>` into a fresh
// project. No warning on install; every entry, the vectors, the schemas and the spec
// resolve; the type declarations mention no Node type, so they need no @types/node.
// `npm test` has built dist/ already; packing with scripts would rebuild it (prepack) under
// the other e2e files, which run the built command meanwhile.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'todo-write-pack-'))
const app = join(work, 'app')
let install = { stdout: '', stderr: '', status: -1 as number | null }

beforeAll(() => {
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT, stdio: 'pipe' })
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!
  mkdirSync(app)
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }))
  const run = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball)], { cwd: app, encoding: 'utf8' })
  install = { stdout: run.stdout, stderr: run.stderr, status: run.status }
}, 120_000)

describe('npm pack, then npm install into a fresh project', () => {
  it('installs with no warning', () => {
    expect(install.status, install.stderr).toBe(0)
    expect(`${install.stdout}\n${install.stderr}`).not.toMatch(/warn/i)
  })

  it('every entry, the vectors, the schemas and the spec resolve', () => {
    const script = [
      "for (const entry of ['todo-write', 'todo-write/dsh-0.1.1-rc.2', 'todo-write/dsh-0.1.1-rc.2/invariant']) await import(entry)",
      "for (const file of ['todo-write/vectors/suite.json', 'todo-write/schemas/parameters.schema.json', 'todo-write/spec/todo.md']) console.log(import.meta.resolve(file).replace(/^.*node_modules\\//, ''))",
    ].join('\n')
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' })
    expect(out).toBe('todo-write/vectors/suite.json\ntodo-write/schemas/parameters.schema.json\ntodo-write/spec/todo.md\n')
  })

  it('the type declarations need no @types/node: no Node type in any declaration an entry reaches', () => {
    const pkg = join(app, 'node_modules/todo-write/')
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
    const out = execFileSync(join(app, 'node_modules/.bin/todo-write'), ['--version'], { encoding: 'utf8' })
    expect(out).toBe('todo-write 0.1.0\n')
  })
})
