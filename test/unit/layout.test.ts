// The shipped code stands alone: src/ imports only src/, node builtins and the package's
// runtime dependencies — never test-only code or dev dependencies.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SRC = join(ROOT, 'src')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}
const runtime = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})])

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))

const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')

describe('src/ imports', () => {
  it.each(sources(SRC).map((file) => [relative(ROOT, file), file] as const))('%s imports only src, node: and runtime dependencies', (_, file) => {
    const text = readFileSync(file, 'utf8')
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^']+)'/g), ...text.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]!)
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) expect(relative(SRC, resolve(dirname(file), specifier)).startsWith('..')).toBe(false)
      else if (!specifier.startsWith('node:')) expect(runtime, `${specifier} in ${file}`).toContain(packageOf(specifier))
    }
  })
})
