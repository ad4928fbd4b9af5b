// The layers of the code and which may import which (docs/architecture.md):
// core → log → kit → cli, the package entries on top; tests and benchmarks use src/ and the
// unshipped fixtures (generators they share), but not each other. `forbiddenEdges` lists every import that breaks the rule.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export type Layer = 'core' | 'log' | 'kit' | 'cli' | 'entry' | 'fixtures' | 'test' | 'bench' | 'other'

/** The layer of a repository-relative path. */
export function layerOf(path: string): Layer {
  const [top, sub] = path.split('/')
  if (top === 'src') return sub === 'core' || sub === 'log' || sub === 'kit' || sub === 'cli' ? sub : 'entry'
  return top === 'fixtures' || top === 'test' || top === 'bench' ? top : 'other'
}

/** What each layer may import, besides itself. */
// `other` is the package's data (vectors/, spec/, examples/, the root): shipped code may read it.
const ALLOWED: Record<Layer, readonly Layer[]> = {
  core: [],
  log: ['core'],
  kit: ['core', 'log', 'other'],
  cli: ['core', 'log', 'kit', 'other'],
  entry: ['core', 'log'],
  fixtures: ['core', 'log', 'kit'],
  test: ['core', 'log', 'kit', 'cli', 'entry', 'fixtures', 'other'],
  bench: ['core', 'log', 'kit', 'cli', 'entry', 'fixtures', 'other'],
  other: ['core', 'log', 'kit', 'cli', 'entry'],
}

export interface Edge {
  from: string
  to: string
}

const sources = (root: string, dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(root, path)
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : []
  })

const SPECIFIER = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)|new URL\('(\.[^']+)', import\.meta\.url\)/g

/** Every relative import (and `new URL(…, import.meta.url)` read) of src/, test/ and bench/, as repository-relative paths. */
export function importEdges(root: string): Edge[] {
  return ['src', 'fixtures', 'test', 'bench'].flatMap((dir) =>
    sources(root, dir).flatMap((from) => {
      const text = readFileSync(join(root, from), 'utf8')
      return [...text.matchAll(SPECIFIER)].map((m) => ({ from, to: relative(root, resolve(root, dirname(from), m[1] ?? m[2] ?? m[3]!)) }))
    }),
  )
}

/** The edges that break the layering, with the reason. */
export function forbiddenEdges(edges: readonly Edge[]): string[] {
  return edges.flatMap(({ from, to }) => {
    const [a, b] = [layerOf(from), layerOf(to)]
    if (a === b || ALLOWED[a].includes(b)) return []
    return [`${from} (${a}) imports ${to} (${b})`]
  })
}
