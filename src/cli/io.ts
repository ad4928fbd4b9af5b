// Shared plumbing of the `todo-write` subcommands: usage errors, stdin, option flags.
import { parseArgs, type ParseArgsConfig } from 'node:util'
import type { TodoWriteOptions, UnknownItemKeys } from '../options.js'

/** A problem with how the command was invoked or fed: stderr, nothing on stdout, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** The flags every subcommand that runs calls accepts (spec TW-OPT-*). */
export const OPTION_FLAGS = {
  'allow-parallel-in-progress': { type: 'boolean' },
  'unknown-item-keys': { type: 'string' },
} as const satisfies ParseArgsConfig['options']

/** node:util parseArgs, with its refusals turned into usage errors. */
export function parseFlags<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

export function toolOptions(values: { 'allow-parallel-in-progress'?: boolean; 'unknown-item-keys'?: string }): TodoWriteOptions {
  const keys = values['unknown-item-keys']
  if (keys !== undefined && keys !== 'drop' && keys !== 'reject') {
    throw new UsageError(`--unknown-item-keys must be "drop" or "reject", got ${JSON.stringify(keys)}`)
  }
  const options: TodoWriteOptions = {}
  if (values['allow-parallel-in-progress']) options.allowParallelInProgress = true
  if (keys !== undefined) options.unknownItemKeys = keys as UnknownItemKeys
  return options
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

/** Parse a JSON text, turning a syntax error into a usage error that names the problem. */
export function parseJsonText(text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const detail = text.trim() === '' ? 'the input is empty' : (error as Error).message
    throw new UsageError(`${what} is not JSON: ${detail}`)
  }
}
