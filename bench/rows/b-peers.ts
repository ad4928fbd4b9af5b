// Row (b): our pipeline against the same pipeline written on zod 4 and on ajv. Each peer
// must first answer every input exactly as we do (peers/agree.ts); only then is it timed.
import { callTodoWrite } from '../../src/core/call.js'
import { DEFAULT_OPTIONS } from '../../src/core/options.js'
import { checkArguments } from '../../src/core/schema.js'
import { MemorySession } from '../../src/log/events.js'
import { invalidArgumentsText, validArgumentsText } from '../data.js'
import { agreementInputs, firstDisagreement } from '../peers/agree.js'
import { ajvPipeline, ajvSchemaOnly } from '../peers/ajv.js'
import type { Pipeline } from '../peers/finish.js'
import { zodPipeline, zodSchemaOnly } from '../peers/zod.js'
import type { MeasuredCase, Row, Target } from '../row.js'
import { median, medianRatio, sideBySide, type Side } from '../timing.js'

const PEERS: { name: string; pipeline: Pipeline; schemaOnly: (args: unknown) => unknown; target: Target }[] = [
  { name: 'zod', pipeline: zodPipeline, schemaOnly: zodSchemaOnly, target: { op: '>=', value: 3 } },
  { name: 'ajv', pipeline: ajvPipeline, schemaOnly: ajvSchemaOnly, target: { op: '>=', value: 1 } },
]

/** Timing `run` on `text` freshly parsed each time; the session is emptied after each call. */
function onFreshArguments(text: string, run: (args: unknown) => unknown, after: () => void = () => {}): Side['batch'] {
  return (n) => {
    let last: unknown
    for (let i = 0; i < n; i++) {
      last = run(JSON.parse(text))
      after()
    }
    return last
  }
}

const INPUTS = [
  { label: '10 items', text: validArgumentsText(10) },
  { label: '100 items', text: validArgumentsText(100) },
  { label: '1,000 items', text: validArgumentsText(1000) },
  { label: '100 violations', text: invalidArgumentsText(100) },
]

export const peers: Row = {
  id: 'b',
  what: 'the same pipeline on zod 4 and on ajv (identical answers checked first)',
  ratio:
    'peer / ours: (T(parse + peer) − T(parse)) / (T(parse + ours) − T(parse)), per repetition, all four timed side by side on freshly parsed arguments; > 1 means we are faster',
  target: null,
  targetText: '≥ 3 (zod), ≥ 1 (ajv)',
  async run({ timing, root, log }) {
    const inputs = agreementInputs(root)
    for (const { name, pipeline } of PEERS) {
      const disagreement = firstDisagreement(pipeline, inputs)
      if (disagreement !== null) throw new Error(`(b) the ${name} pipeline does not answer as we do, so it is not timed: ${disagreement}`)
      log(`(b) ${name} answers all ${inputs.length} inputs exactly as we do`)
    }
    const cases: MeasuredCase[] = []
    for (const { label, text } of INPUTS) {
      log(`(b) ${label}`)
      const session = new MemorySession()
      const exec = { agent: { session } }
      const timed = (run: Pipeline): Side['batch'] =>
        onFreshArguments(
          text,
          (args) => run(args, exec),
          () => (session.events.length = 0),
        )
      const sides: Side[] = [
        { label: 'parse', batch: onFreshArguments(text, (args) => args) },
        { label: 'ours', batch: timed((args, exec) => callTodoWrite(args, exec)) },
        ...PEERS.map(({ name, pipeline }) => ({ label: name, batch: timed(pipeline) })),
      ]
      const times = await sideBySide(sides, timing)
      const parse = median(times.map((t) => t[0]!))
      PEERS.forEach(({ name, target }, p) => {
        const { ratio, spread } = medianRatio(times, (t) => (t[2 + p]! - t[0]!) / (t[1]! - t[0]!))
        cases.push({
          label: `${name} / ours, ${label}`,
          ratio,
          spread,
          target,
          context: { 'parse ns': parse, 'ours ns': median(times.map((t) => t[1]!)) - parse, [`${name} ns`]: median(times.map((t) => t[2 + p]!)) - parse },
        })
      })
    }
    // Context: the schema layer alone, where the libraries differ most (our compiled TypeBox
    // check). Each check only reads, so all run on one parsed value: a parse beside a check
    // of a few microseconds would leave a difference smaller than its own noise.
    log('(b) schema layers alone, 100 items')
    const args: unknown = JSON.parse(validArgumentsText(100))
    const repeat =
      (check: (args: unknown) => unknown): Side['batch'] =>
      (n) => {
        let passed = 0
        for (let i = 0; i < n; i++) if (check(args)) passed++
        return passed
      }
    const layers = await sideBySide(
      [
        { label: 'TypeBox', batch: repeat((value) => checkArguments(DEFAULT_OPTIONS, value)) },
        ...PEERS.map(({ name, schemaOnly }) => ({ label: name, batch: repeat(schemaOnly) })),
      ],
      timing,
    )
    PEERS.forEach(({ name }, p) => {
      cases.push({
        label: `schema layer alone: ${name} / our TypeBox check, 100 items`,
        ...medianRatio(layers, (t) => t[1 + p]! / t[0]!),
        informational: true,
      })
    })
    return {
      cases,
      note: `identical answers checked first on ${inputs.length} inputs: the spec's and golden calls with default options, 3,000 generated arguments, and the timed ones`,
    }
  },
}
