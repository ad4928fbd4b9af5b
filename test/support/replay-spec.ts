// Reads the `replay-example` blocks of spec/replay.md (format: its section 0).
import { fencedBlocks, replaySpecText } from './spec.js'

export interface ReplayExample {
  line: number
  rules: string[]
  argv: string[]
  stdin: string
  stdout: string
  stderr: string
  exit: number
}

function parseBlock(lines: string[], start: number, rules: string[]): ReplayExample {
  const example: ReplayExample = { line: start, rules, argv: [], stdin: '', stdout: '', stderr: '', exit: NaN }
  lines.forEach((line, offset) => {
    const where = `spec/replay.md:${start + 1 + offset}`
    const match = /^(\$|<\||<|>|!|exit)(?: (.*))?$/s.exec(line)
    if (!match) throw new Error(`${where}: not a replay-example line: ${JSON.stringify(line)}`)
    const [, marker, rest = ''] = match
    if (marker === '$') {
      const words = rest.split(' ')
      if (words[0] !== 'todo-write') throw new Error(`${where}: the command must start with todo-write`)
      example.argv = words.slice(1)
    } else if (marker === '<') example.stdin += rest + '\n'
    else if (marker === '<|') example.stdin += rest
    else if (marker === '>') example.stdout += rest + '\n'
    else if (marker === '!') example.stderr += rest + '\n'
    else example.exit = Number(rest)
  })
  if (example.argv.length === 0 || !Number.isInteger(example.exit)) throw new Error(`spec/replay.md:${start}: a replay-example needs a $ line and an exit line`)
  return example
}

/** Every `replay-example` block of spec/replay.md, in document order. */
export const replayExamples = (text = replaySpecText()): ReplayExample[] => fencedBlocks(text, 'replay-example', 'spec/replay.md', parseBlock, 'replay-example')
