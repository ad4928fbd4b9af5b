// The `todo-write` executable, bundled. A CLI process pays for every module it loads, and
// typebox alone is some hundreds of small ES modules. tsc still builds all of dist/ (the
// library entries load their dependencies as usual); this rebundles the executable tsc
// built, in place, with its dependencies. The command and `replay` are one chunk; each other
// subcommand is a chunk of its own, loaded when asked for (src/cli/cli.ts): `--version` and
// `replay` load no TypeBox, `call` no kit.
// Outputs stay in dist/cli/: the bundle finds package.json and vectors/ two levels up.
// The packages the bundle carries keep their licence: each one's is written beside it.
// The chunks are ASCII, without doc comments: V8 keeps a source with any other character at
// two bytes a character, and decoding and hashing it cost `replay` a millisecond at start.
import { chmodSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'rolldown'

/** dist/cli/LICENSES.txt: the name, version and licence text of each package a chunk holds code of. */
const licenses = {
  name: 'licenses',
  generateBundle(_options, bundle) {
    const packages = new Set()
    for (const chunk of Object.values(bundle))
      for (const id of chunk.moduleIds ?? []) {
        const m = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)
        if (m) packages.add(m[1])
      }
    const texts = [...packages].sort().map((name) => {
      const dir = join('node_modules', name)
      const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
      const file = readdirSync(dir).find((entry) => /^licen[cs]e/i.test(entry))
      return `${name} ${version}\n\n${readFileSync(join(dir, file), 'utf8').trim()}\n`
    })
    this.emitFile({ type: 'asset', fileName: 'LICENSES.txt', source: texts.join(`\n${'-'.repeat(72)}\n\n`) })
  },
}

/** The bin executable, as npm makes it when it links one: `npx todo-write` runs it by its `#!` line, also after a rebuild. */
const executable = {
  name: 'executable',
  writeBundle: () => chmodSync('dist/cli/bin.js', 0o755),
}

/**
 * The command and `replay`, with every module of ours they use, in one chunk: a module costs
 * its load however small it is, and rolldown would otherwise split out each one that another
 * subcommand shares. The rest (TypeBox, the kit, `--verify`) stays split, loaded when used.
 */
const codeSplitting = {
  groups: [
    { name: 'cli', test: /dist[\\/](cli[\\/](cli|flags|io|replay)|log[\\/](?!verify\.)[a-z-]+|core[\\/](near-miss|messages|event|distinct|violations))\.js$/ },
  ],
}

export default defineConfig({
  input: 'dist/cli/bin.js',
  platform: 'node',
  logLevel: 'warn',
  plugins: [licenses, executable],
  output: {
    dir: 'dist/cli',
    format: 'esm',
    charset: 'ascii',
    comments: { jsdoc: false },
    entryFileNames: 'bin.js',
    chunkFileNames: 'bin-[name].js',
    codeSplitting,
  },
})
