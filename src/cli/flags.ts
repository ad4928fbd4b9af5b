// Reading a subcommand's arguments: `--name`, `--name value`, `--name=value`, operands, and
// after `--` operands only. Every refusal is worded here, naming the word it refuses and,
// for a mistyped flag, the flag it nearly is (TW-CLI-2). A bare `-h` or `--help` never
// reaches it: the dispatcher answers them first (cli.ts).
import { nearMiss } from '../core/near-miss.js'
import { UsageError } from './io.js'

export type Flags = Readonly<Record<string, { type: 'string' | 'boolean'; multiple?: true }>>

/** What the flags given say: a boolean flag given is true; a string flag its value, or every value when it is repeatable. */
export type FlagValues<F extends Flags> = {
  -readonly [K in keyof F]?: F[K]['type'] extends 'boolean' ? true : F[K] extends { multiple: true } ? string[] : string
}

/**
 * The refusal of a flag the command does not take: "unknown flag …", with the flag it nearly
 * is when there is one (one slip forgiven); `--help=…`, or `=…` after one of `flags` that
 * takes no value, "takes no value".
 */
export function unknownFlag(word: string, flags: readonly string[], command?: string): UsageError {
  const written = word.split('=', 1)[0]!
  const known = [...flags, '--help']
  if (written !== word && known.includes(written)) return new UsageError(`${written} takes no value`)
  const near = nearMiss(written, known, 1)
  return new UsageError(
    `unknown flag ${JSON.stringify(written)}${command === undefined ? '' : ` for ${command}`}${near === undefined ? '' : `: did you mean ${near}?`}`,
  )
}

/**
 * `argv` read against `command`'s flags. A later value of a flag that is not repeatable
 * replaces an earlier one. Operands are refused unless `operands` says the command takes them;
 * `'rest'`: the first operand and every word after it, flag-like or not, are operands.
 */
export function parseFlags<F extends Flags>(
  command: string,
  argv: readonly string[],
  flags: F,
  operands: boolean | 'rest' = false,
): { values: FlagValues<F>; operands: string[] } {
  const values: Record<string, true | string | string[]> = {}
  const words: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!
    if (word === '--') {
      words.push(...argv.slice(i + 1))
      break
    }
    if (!word.startsWith('-') || word === '-') {
      if (operands === 'rest') {
        words.push(...argv.slice(i))
        break
      }
      words.push(word)
      continue
    }
    // A single dash starts no flag but -h, which the dispatcher took.
    const long = word.startsWith('--')
    const at = long ? word.indexOf('=') : -1
    const written = at < 0 ? word : word.slice(0, at)
    const inline = at < 0 ? undefined : word.slice(at + 1)
    const name = written.slice(2)
    const flag = long && Object.hasOwn(flags, name) ? flags[name] : undefined
    if (flag === undefined)
      throw unknownFlag(
        word,
        Object.keys(flags).map((key) => `--${key}`),
        command,
      )
    if (flag.type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`${written} takes no value`)
      values[name] = true
      continue
    }
    // The next word is the value, whatever it looks like: `--runs -1` is refused as a number, by the command.
    const value = inline ?? argv[++i]
    if (value === undefined) throw new UsageError(`${written} needs a value`)
    values[name] = flag.multiple ? [...((values[name] as string[] | undefined) ?? []), value] : value
  }
  if (!operands && words.length > 0) throw new UsageError(`${command} takes no argument, got ${JSON.stringify(words[0])}`)
  return { values: values as FlagValues<F>, operands: words }
}
