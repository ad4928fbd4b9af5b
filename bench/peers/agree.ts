// Before anything is timed, each peer must answer exactly as we do, input by input: the
// text byte for byte (so the harness-worded schema violations too, in the harness's
// order), isError, the value and the appended event as JSON. Default options only: the
// peers implement the seed's behaviour (open items, one in_progress), not section 9.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { callTodoWrite, type CallOutcome } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import type { Exec } from '../../src/core/tool.js'
import { anyArgs } from '../../fixtures/generators.js'
import { invalidArgumentsText, validArgumentsText } from '../data.js'
import type { Pipeline } from './finish.js'

export interface AgreementInput {
  args: unknown
  agent: boolean
  /** Where it comes from, for a report. */
  source: string
}

interface VectorCall {
  args?: unknown
  argsText?: string
  agent: boolean
  options: Record<string, unknown>
}

/** The calls of the vector files that use the default options. */
function vectorInputs(root: string): AgreementInput[] {
  const inputs: AgreementInput[] = []
  for (const file of ['spec-examples.json', 'golden-calls.json']) {
    const { cases } = JSON.parse(readFileSync(join(root, 'vectors', file), 'utf8')) as { cases: { id: string; calls: VectorCall[] }[] }
    for (const c of cases) {
      for (const call of c.calls) {
        if (Object.keys(call.options).length > 0) continue
        inputs.push({ args: call.argsText !== undefined ? JSON.parse(call.argsText) : call.args, agent: call.agent, source: c.id })
      }
    }
  }
  return inputs
}

/** The benchmark's own seed: the same sample on every run. */
const SAMPLE_SEED = 20261130

/** The vectors, `generated` values of the shared `anyArgs` generator, and the benchmark's own inputs. */
export function agreementInputs(root: string, generated = 3000): AgreementInput[] {
  const sampled = fc.sample(fc.tuple(anyArgs, fc.boolean()), { numRuns: generated, seed: SAMPLE_SEED })
  return [
    ...vectorInputs(root),
    ...sampled.map(([args, agent], i) => ({ args: JSON.parse(JSON.stringify(args)) as unknown, agent, source: `anyArgs #${i}` })),
    ...[10, 100, 1000].flatMap((size) => [true, false].map((agent) => ({ args: JSON.parse(validArgumentsText(size)), agent, source: `valid ${size}` }))),
    ...[1, 100, 10_000].map((size) => ({ args: JSON.parse(invalidArgumentsText(size)), agent: true, source: `${size} violations` })),
  ]
}

const outcome = (result: CallOutcome, session: MemorySession, before: number): string =>
  JSON.stringify({
    isError: result.isError,
    text: result.text,
    value: result.value ?? null,
    events: session.events.slice(before).map(({ type, data }) => ({ type, data })),
  })

const ours: Pipeline = (args, exec) => callTodoWrite(args, exec)

/** The first input on which `peer` answers otherwise than we do, or null when they agree on all. */
export function firstDisagreement(peer: Pipeline, inputs: readonly AgreementInput[]): string | null {
  for (const input of inputs) {
    const answers = [ours, peer].map((pipeline) => {
      const session = new MemorySession()
      const exec: Exec = input.agent ? { agent: { session } } : {}
      return outcome(pipeline(input.args, exec), session, 0)
    })
    if (answers[0] !== answers[1]) return `${input.source}: ours ${answers[0]!.slice(0, 400)} — peer ${answers[1]!.slice(0, 400)}`
  }
  return null
}
