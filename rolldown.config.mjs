// The `todo-write` executable, bundled. A CLI process pays for every module it loads:
// typebox alone is some hundreds of small ES modules, about half a second of start-up on
// every `call`, `serve` and `replay`. tsc still builds all of dist/ (the library entries
// load their dependencies as usual); this rebundles the executable tsc built, in place,
// with its dependencies, so a command starts in about twice the time of a bare `node`.
// `conform` (the kit and fast-check) stays a chunk of its own, loaded when asked for.
// Outputs stay in dist/cli/: the bundle finds package.json and vectors/ two levels up.
import { defineConfig } from 'rolldown'

export default defineConfig({
  input: 'dist/cli/bin.js',
  platform: 'node',
  logLevel: 'warn',
  output: { dir: 'dist/cli', format: 'esm', entryFileNames: 'bin.js', chunkFileNames: 'bin-[name].js' },
})
