#!/usr/bin/env node
// The installed `todo-write` executable.
import { runtimeRefusal } from './runtime.js'

const refusal = runtimeRefusal(process.versions.node)
if (refusal !== null) {
  process.stderr.write(refusal)
  process.exit(2)
}
// Loaded only once the runtime is known to be one it runs on.
const { main } = await import('./cli.js')

process.exitCode = await main(process.argv.slice(2))
