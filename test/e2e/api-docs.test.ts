// docs/api.md documents every export of every code entry of the package, and nothing else.
// The entries are read from package.json's `exports` (each one with an `import` condition);
// each has a section `## \`<entry>\`` in docs/api.md whose list items start with the export's
// name in a code span (`` - `name…` ``, `` - `class Name…` ``, `` - `interface Name…` ``,
// `` - `type Name…` ``). The exported names are those of the built module (`import()` of
// dist/, so run `npm run build` first) together with the type-only names of its `.d.ts`,
// which no runtime import can list. One item may name several exports (`` - `a`, `b` — … ``).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const DOC = readFileSync(join(ROOT, 'docs/api.md'), 'utf8')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string
  exports: Record<string, string | { types?: string; default?: string }>
}

/** Every code entry: `todo-write`, `todo-write/testing`, … with its built module and types. */
const ENTRIES = Object.entries(pkg.exports).flatMap(([key, target]) =>
  typeof target === 'object' && target.default !== undefined && target.types !== undefined
    ? [{ entry: pkg.name + key.slice(1), module: join(ROOT, target.default), types: join(ROOT, target.types) }]
    : [],
)

const IDENT = String.raw`[A-Za-z_$][\w$]*`
const DECLARATION = new RegExp(`^export (?:declare )?(?:abstract )?(?:interface|type|class|function|const|let|var|enum|namespace) (${IDENT})`, 'gm')

/**
 * The names a `.d.ts` exports: `export interface X`, `export type X`, `export declare
 * class|function|const X`, `export { A, B as C } from …`, `export type { … } from …` and
 * `export * as ns from …`. (An `export *` without a name would hide names: none is allowed.)
 */
function declaredExports(dts: string): string[] {
  const names = new Set<string>()
  for (const m of dts.matchAll(DECLARATION)) names.add(m[1]!)
  for (const m of dts.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type /, '')
        .split(/\s+as\s+/)
        .at(-1)!
        .trim()
      if (name !== '') names.add(name)
    }
  }
  for (const m of dts.matchAll(new RegExp(String.raw`^export \* as (${IDENT})`, 'gm'))) names.add(m[1]!)
  if (/^export \* from/m.test(dts)) throw new Error('an `export * from` hides which names an entry exports: list them')
  return [...names].sort()
}

/** The section of docs/api.md for one entry: from its `## \`entry\`` heading to the next `## `. */
function section(entry: string): string | undefined {
  return DOC.split(/^(?=## )/m).find((part) => part.startsWith(`## \`${entry}\`\n`))
}

/** The names a section documents: the first identifier of each code span that opens a list item (`- \`a\`, \`b\` — …` names two). */
function documentedNames(text: string): string[] {
  const names: string[] = []
  const span = new RegExp(String.raw`^\`(?:class |interface |type )?(${IDENT})[^\`]*\`(?:, )?`)
  for (const item of text.matchAll(/^- (.*)$/gm)) {
    let rest = item[1]!
    for (let m = span.exec(rest); m !== null; m = span.exec(rest)) {
      names.push(m[1]!)
      rest = rest.slice(m[0].length)
    }
  }
  return [...new Set(names)].sort()
}

/** The names an entry's built module exports at runtime. */
const runtimeExports = async (module: string): Promise<string[]> => Object.keys((await import(pathToFileURL(module).href)) as Record<string, unknown>)

/** Every one of `names` is in `list`: the message says what those that are not are. */
const allIn = (names: string[], list: string[], message: string) =>
  expect(
    names.filter((name) => !list.includes(name)),
    message,
  ).toEqual([])

describe('docs/api.md documents every export of every entry', () => {
  it('package.json names the four code entries, and each is built', () => {
    expect(ENTRIES.map((e) => e.entry)).toEqual(['todo-write', 'todo-write/testing', 'todo-write/dsh-0.1.1-rc.2', 'todo-write/dsh-0.1.1-rc.2/invariant'])
    for (const path of ENTRIES.flatMap(({ module, types }) => [module, types])) expect(existsSync(path), `${path} is missing: run npm run build`).toBe(true)
  })

  it.each(ENTRIES.map((e) => [e.entry, e] as const))('%s', async (entry, { module, types }) => {
    const text = section(entry)
    expect(text, `docs/api.md has no section "## \`${entry}\`"`).toBeDefined()
    const runtime = await runtimeExports(module)
    const declared = declaredExports(readFileSync(types, 'utf8'))
    // The .d.ts lists every runtime export too: the two agree.
    allIn(runtime, declared, 'exported at runtime but not in the .d.ts')
    const exported = [...new Set([...runtime, ...declared])].sort()
    const documented = documentedNames(text!)
    allIn(exported, documented, `exported by ${entry} but missing from its section of docs/api.md`)
    allIn(documented, exported, `documented under ${entry} but not exported by it`)
  })

  it('the main entry exports at most 30 names: what a harness author or a library user needs', async () => {
    const main = ENTRIES[0]!
    expect(new Set([...(await runtimeExports(main.module)), ...declaredExports(readFileSync(main.types, 'utf8'))]).size).toBeLessThanOrEqual(30)
  })

  it('the parsers see what they are meant to see', () => {
    const dts = [
      "export { a, b as c } from './x.js';",
      "export type { T, U as V } from './x.js';",
      'export interface I {',
      'export type R<T> = {',
      'export declare class K extends Error {',
      'export declare function f(): void;',
      'export declare const n = "x";',
      "export * as ns from './m.js';",
      'interface Hidden {',
      'export {};',
    ].join('\n')
    expect(declaredExports(dts)).toEqual(['I', 'K', 'R', 'T', 'V', 'a', 'c', 'f', 'n', 'ns'])
    expect(() => declaredExports("export * from './x.js';")).toThrow(/export \*/)
    const doc = [
      '- `f(x: number): string` — …',
      '- `class K extends Error` — …',
      '- `interface I` — …',
      '- `type R<T>` — …',
      '- `a: 1`, `b` — two at once',
      'prose `g` here',
      '  - `nested` — not an entry',
    ].join('\n')
    expect(documentedNames(doc)).toEqual(['I', 'K', 'R', 'a', 'b', 'f'])
  })
})
