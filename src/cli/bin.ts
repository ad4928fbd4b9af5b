#!/usr/bin/env node
// The installed `todo-write` executable.
import { runtimeRefusal } from './runtime.js'

const refusal = runtimeRefusal(process.versions.node)
if (refusal !== null) {
  process.stderr.write(refusal)
  process.exit(2)
}
// V8's code of the modules below is kept between runs, where node keeps it (the system's
// temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a quarter of `call`'s start.
process.getBuiltinModule('node:module').enableCompileCache()
// Loaded only once the runtime is known to be one it runs on.
const { main } = await import('./cli.js')

process.exitCode = await main(process.argv.slice(2))
