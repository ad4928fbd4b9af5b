#!/usr/bin/env node
// The installed `todo-write` executable.
import { main } from './cli.js'

process.exitCode = await main(process.argv.slice(2))
