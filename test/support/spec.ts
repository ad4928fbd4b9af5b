// Reads the spec: spec/todo.md (the tool; its worked examples in the `todo-example` block
// form of its section 0), spec/replay.md (session logs; its `replay-example` blocks are read
// by replay-spec.ts) and spec/protocol.md (the conformance protocol): rule and property IDs,
// and examples.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const SPEC_PATH = fileURLToPath(new URL('../../spec/todo.md', import.meta.url))
export const specText = (): string => readFileSync(SPEC_PATH, 'utf8')

export const REPLAY_SPEC_PATH = fileURLToPath(new URL('../../spec/replay.md', import.meta.url))
export const replaySpecText = (): string => readFileSync(REPLAY_SPEC_PATH, 'utf8')

/** The info strings of every fenced block of a text, e.g. `todo-example TW-JSON-1`. */
export const fenceKinds = (text: string): string[] => [...text.matchAll(/^```([a-z-]+)/gm)].map((m) => m[1]!)

export interface ExampleCall {
  args: string
  agent: boolean
  options: Record<string, unknown>
  text: string
  value?: string
  event: string
  current?: string
}

export interface Example {
  line: number
  rules: string[]
  calls: ExampleCall[]
}

const ID = /TW-[A-Z0-9]+(?:-[A-Z0-9]+)*/g

/**
 * Every fenced block of one kind (`todo-example`, …) of a spec file, in document order, each
 * read by `read`: the lines inside, the fence's line number, and the IDs its info string names.
 */
export function fencedBlocks<T>(text: string, kind: string, file: string, read: (body: string[], line: number, rules: string[]) => T, what = 'example'): T[] {
  const lines = text.split('\n')
  const opening = new RegExp(`^\`\`\`${kind}(.*)$`)
  const found: T[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = opening.exec(lines[i]!)
    if (!open) continue
    const end = lines.indexOf('```', i + 1)
    if (end < 0) throw new Error(`${file}:${i + 1}: unterminated ${what}`)
    const rules = [...open[1]!.matchAll(ID)].map((m) => m[0])
    found.push(read(lines.slice(i + 1, end), i + 1, rules))
    i = end
  }
  return found
}

/** Rule IDs are the `### TW-…` headings; property IDs are the rows of the properties table. */
export function definedIds(text = specText()): { rules: string[]; properties: string[] } {
  const rules = [...text.matchAll(/^#{3,4} (TW-[A-Z0-9-]+) — /gm)].map((m) => m[1]!)
  const properties = [...text.matchAll(/^\| (TW-PROP-[A-Z0-9-]+) \|/gm)].map((m) => m[1]!)
  return { rules, properties }
}

const KEYS = new Set(['args', 'agent', 'options', 'text', 'value', 'event', 'current'])

function parseCalls(lines: string[], startLine: number): ExampleCall[] {
  const calls: Partial<ExampleCall>[] = []
  lines.forEach((line, offset) => {
    const match = /^([a-z]+): (.*)$/s.exec(line)
    const where = `spec/todo.md:${startLine + offset}`
    if (!match || !KEYS.has(match[1]!)) throw new Error(`${where}: not an example line: ${JSON.stringify(line)}`)
    const [, key, rest] = match as unknown as [string, keyof ExampleCall, string]
    if (key === 'args') calls.push({ args: rest, options: {} })
    const call = calls.at(-1)
    if (!call) throw new Error(`${where}: an example call must start with args:`)
    if (key === 'agent') {
      if (rest !== 'yes' && rest !== 'no') throw new Error(`${where}: agent must be yes or no`)
      call.agent = rest === 'yes'
    } else if (key === 'options') call.options = JSON.parse(rest)
    else if (key !== 'args') (call as Record<string, unknown>)[key] = rest
  })
  return calls.map((call, index) => {
    for (const key of ['agent', 'text', 'event'] as const) {
      if (call[key] === undefined) throw new Error(`spec/todo.md:${startLine}: call ${index + 1} has no ${key}:`)
    }
    if ((call.value === undefined) !== (call.event === 'none')) {
      throw new Error(`spec/todo.md:${startLine}: call ${index + 1}: value: must be present exactly when event: is not none`)
    }
    return call as ExampleCall
  })
}

/** Every `todo-example` block of the spec, in document order. */
export const examples = (text = specText()): Example[] =>
  fencedBlocks(text, 'todo-example', 'spec/todo.md', (body, line, rules) => ({ line, rules, calls: parseCalls(body, line + 1) }))

export const PROTOCOL_PATH = fileURLToPath(new URL('../../spec/protocol.md', import.meta.url))
export const protocolText = (): string => readFileSync(PROTOCOL_PATH, 'utf8')

/** A `protocol-example` block of spec/protocol.md: request lines (`> `), each followed by its response line (`< `). */
export interface ProtocolExample {
  line: number
  rules: string[]
  exchanges: { request: string; response: string }[]
}

export function protocolExamples(text = protocolText()): ProtocolExample[] {
  return fencedBlocks(text, 'protocol-example', 'spec/protocol.md', (body, line, rules) => {
    const exchanges: ProtocolExample['exchanges'] = []
    for (let j = 0; j < body.length; j += 2) {
      const [request, response] = [body[j]!, body[j + 1] ?? '']
      if (!request.startsWith('> ') || !response.startsWith('< ')) {
        throw new Error(`spec/protocol.md:${line + 1 + j}: each "> request" line is followed by its "< response" line`)
      }
      exchanges.push({ request: request.slice(2), response: response.slice(2) })
    }
    return { line, rules, exchanges }
  })
}
