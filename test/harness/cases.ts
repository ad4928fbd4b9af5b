// The spec's worked examples as the vectors carry them, for the harness tests: plain data
// read with node:fs, so the file runs unchanged in either harness rig.
import { readFileSync } from 'node:fs'

export interface Expected {
  isError: boolean
  text: string
  value: unknown
  event: { type: string; data: unknown } | null
  current: unknown
}

export interface CaseCall {
  args?: unknown
  argsText?: string
  agent: boolean
  options: Record<string, unknown>
  expect: Expected
}

export interface Case {
  id: string
  calls: CaseCall[]
}

const read = (name: string): Case[] => (JSON.parse(readFileSync(new URL(`../../vectors/${name}`, import.meta.url), 'utf8')) as { cases: Case[] }).cases

/** Every spec example and golden call, each a sequence of calls against one session. */
export const CASES: Case[] = [...read('spec-examples.json'), ...read('golden-calls.json')]

/** The call's arguments as the harness hands them to a tool: the value its JSON text parses to. */
export const argumentsOf = (call: CaseCall): unknown => (call.argsText === undefined ? call.args : JSON.parse(call.argsText))

/** The text of a result's content blocks. */
export const textOf = (content: readonly { type: string; text?: string }[]): string =>
  content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('')
