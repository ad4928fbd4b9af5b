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

// A reader that goes away (`todo-write … | head`) ends the command at once, quietly, with
// status 0 (TW-CLI-3): nothing more can be shown, and nothing is wrong with the input. The
// ports `conform` started are killed on the way out (src/kit/port.ts).
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
    process.exit(0)
  })
}

process.exitCode = await main(process.argv.slice(2))
