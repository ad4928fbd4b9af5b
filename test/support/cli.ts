// Runs the built `todo-write` command exactly as package.json's `bin` names it.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { bin: Record<string, string> }
export const BIN = `${ROOT}${pkg.bin['todo-write']}`

export interface Run {
  status: number | null
  stdout: string
  stderr: string
}

export function runCli(args: string[], input = '', env: NodeJS.ProcessEnv = process.env): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', env, timeout: 60_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}
