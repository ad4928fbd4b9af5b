// TW-CLI-2, TW-RENDER-2: a usage error quotes argv, file names and the input; whatever it
// quotes reaches the terminal escaped, whichever subcommand refused and however the message
// quoted it (JSON.stringify leaves C1 controls, U+2028 and the bidirectional controls raw,
// and an fs error repeats the path it was given).
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/cli.js'
import { fileURLToPath } from 'node:url'
import { run, sink, slowSink, source } from '../support/replay.js'

const USAGE = 'Run `todo-write --help` for usage.\n'
/** What a usage error answers: status 2, nothing on stdout, the message and the hint on stderr. */
const usageError = (message: string) => ({ status: 2, stdout: '', stderr: `todo-write: ${message}\n${USAGE}` })
const SAMPLE = fileURLToPath(new URL('../../examples/logs/sample.jsonl', import.meta.url))

/** What must never reach a terminal raw: C0, DEL, C1, the separators, the bidirectional controls. */
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/

// ESC ] 0 ; … BEL retitles the terminal; CSI (U+009B) starts a sequence on its own.
const HOSTILE = '\u001b]0;pwned\u0007\u009b31m\u2028\u202e\u0085'
const ESCAPED = '\\u001b]0;pwned\\u0007\\u009b31m\\u2028\\u202e\\u0085'

describe('TW-CLI-2: usage errors are written terminal-safe', () => {
  it.each([
    ['an unknown command', [HOSTILE]],
    ['an unknown flag of call', ['call', `--${HOSTILE}`]],
    ['an unknown flag of replay', ['replay', `--${HOSTILE}`, '-']],
    ['a log path that cannot be opened (the fs message repeats it)', ['replay', `/nonexistent/${HOSTILE}`]],
    ['conform --run that matches nothing', ['conform', '--run', HOSTILE, '--', 'true']],
    ['a bad conform --profile, quoted as JSON', ['conform', '--profile', HOSTILE, '--', 'true']],
    ['a bad option flag value', ['call', '--unknown-item-keys', HOSTILE]],
  ])('%s', async (_what, argv) => {
    const { status, stdout, stderr } = await run(argv)
    expect(status).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(ESCAPED)
    expect(stderr.replaceAll('\n', '')).not.toMatch(RAW)
  })

  it('stdin that is not JSON: the parser quotes the bad character, escaped', async () => {
    const { status, stderr } = await run(['call'], `{"todos": \u009b}`)
    expect(status).toBe(2)
    expect(stderr).toContain('\\u009b')
    expect(stderr.replaceAll('\n', '')).not.toMatch(RAW)
  })
})

describe('TW-CLI-3: the help, the version and a usage error wait for a slow reader', () => {
  it.each([
    ['the help', ['--help'], 'stdout'],
    ["a subcommand's help", ['replay', '--help'], 'stdout'],
    ['the version', ['--version'], 'stdout'],
    ['a usage error', ['demo', '--bogus'], 'stderr'],
  ] as const)('%s: taken whole before the status', async (_what, argv, written) => {
    const streams = { stdout: slowSink(), stderr: slowSink() }
    const status = await main([...argv], { stdin: source(), ...streams })
    expect(status).toBe(written === 'stdout' ? 0 : 2)
    expect(streams[written].writableLength).toBe(0)
    expect(streams[written].text()).toBe((await run([...argv]))[written])
  })
})

// Issue 35, as a new user met the command line: each of these failed before it was fixed.
describe('help: every subcommand answers -h, --help and `help <command>` with its own usage', () => {
  const COMMANDS = ['call', 'demo', 'serve', 'conform', 'replay']

  it.each(COMMANDS)('%s', async (command) => {
    const help = await run(['help', command])
    expect(help.status).toBe(0)
    expect(help.stderr).toBe('')
    expect(help.stdout).toMatch(new RegExp(`^todo-write ${command}\\b`))
    // Its own usage: no other subcommand's.
    for (const other of COMMANDS.filter((c) => c !== command)) expect(help.stdout).not.toContain(`todo-write ${other} `)
    for (const flag of ['-h', '--help']) expect(await run([command, flag])).toEqual(help)
    // Before --, or among other flags, whatever they are; conform's port command may have its own --help.
    expect(await run([command, '--bogus', '-h'])).toEqual(help)
  })

  it('conform: a --help after -- belongs to the port, not to conform', async () => {
    expect((await run(['conform', '--runs', 'x', '--', 'port', '--help'])).stderr).toContain('--runs must be')
  })

  it('the overview is short: one line a subcommand, none of their flags', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const { status, stdout } = await run(argv)
      expect(status).toBe(0)
      expect(stdout.split('\n').length).toBeLessThanOrEqual(16)
      for (const command of COMMANDS) expect(stdout).toMatch(new RegExp(`^ {2}todo-write ${command} `, 'm'))
      expect(stdout).not.toContain('--no-agent')
    }
  })

  it('help of no such command, or of two, is a usage error', async () => {
    expect(await run(['help', 'replya'])).toEqual(usageError('unknown command "replya": did you mean replay?'))
    expect(await run(['help', 'call', 'demo'])).toEqual(usageError('help takes one command, got 2'))
  })
})

describe('near misses: a mistyped subcommand or flag gets a suggestion', () => {
  it.each([
    [['replya', 'x.jsonl'], 'unknown command "replya": did you mean replay?'],
    [['Demo'], 'unknown command "Demo": did you mean demo?'],
    [['conforn'], 'unknown command "conforn": did you mean conform?'],
    [['--verison'], 'unknown flag "--verison": did you mean --version?'],
    [['bogus'], 'unknown command "bogus"'],
    [['call', '--profle', 'seed'], 'unknown flag "--profle" for call: did you mean --profile?'],
    [['call', '--noagent'], 'unknown flag "--noagent" for call: did you mean --no-agent?'],
    [['replay', '--rendr', 'x'], 'unknown flag "--rendr" for replay: did you mean --render?'],
    [
      ['replay', '--verify', '--profile=seed', '--alow-parallel-in-progres', '-'],
      'unknown flag "--alow-parallel-in-progres" for replay: did you mean --allow-parallel-in-progress?',
    ],
    [['conform', '--sed', '1'], 'unknown flag "--sed" for conform: did you mean --seed?'],
    [['conform', '--rn', 'fuzz'], 'unknown flag "--rn" for conform: did you mean --run?'],
    [['demo', '--hlep'], 'unknown flag "--hlep" for demo: did you mean --help?'],
    [['demo', '--bogus'], 'unknown flag "--bogus" for demo'],
    [['serve', '-x'], 'unknown flag "-x" for serve'],
    // A value given to a flag that takes none is told so, whether the flag is known or not.
    [['--foo=1'], 'unknown flag "--foo"'],
    [['--help=1'], '--help takes no value'],
    [['--version=2'], '--version takes no value'],
    [['call', '--help=1'], '--help takes no value'],
    [['replay', '--help=', 'x'], '--help takes no value'],
    [['call', '--profle=seed'], 'unknown flag "--profle" for call: did you mean --profile?'],
  ])('%j', async (argv, message) => expect(await run(argv)).toEqual(usageError(message)))
})

describe("usage errors are the command's own words, one line and the hint, never the parser's", () => {
  const AFTER_DASHES = "conform takes the port's command after --: todo-write conform"
  it.each([
    [['conform', '--runs', '-1', '--', 'true'], '--runs must be an integer ≥ 0, got "-1"'],
    [['conform', '--runs', '--seed', '--', 'true'], '--runs must be an integer ≥ 0, got "--seed"'],
    [['conform', '--seed'], '--seed needs a value'],
    [['conform', 'python3'], `${AFTER_DASHES} -- python3`],
    // A forgotten --: the line to run instead, the port's own flags with it.
    [['conform', '--seed', '1', 'python3', 'my port.py', '--verbose', '-x'], `${AFTER_DASHES} --seed 1 -- python3 'my port.py' --verbose -x`],
    [['conform', 'python3', 'port.py', '--', '-x'], `${AFTER_DASHES} -- python3 port.py -- -x`],
    [['call', '--profile'], '--profile needs a value'],
    [['call', '--no-agent=1'], '--no-agent takes no value'],
    [['replay', '--render=yes', '-'], '--render takes no value'],
    [['demo', 'again'], 'demo takes no argument, got "again"'],
    [['serve', '-'], 'serve takes no argument, got "-"'],
    [['replay', '-x', '-'], 'unknown flag "-x" for replay'],
  ])('%j', async (argv, message) => expect(await run(argv)).toEqual(usageError(message)))

  it('a value that starts with a dash is a value: read, then checked', async () => {
    expect((await run(['call', '--profile', '-1'], '{"todos":[]}')).stderr).toBe('todo-write: --profile must be "seed" or "dsh-0.1.1-rc.2", got "-1"\n' + USAGE)
  })

  it('after --, every word is an operand, flag-like or not', async () => {
    expect((await run(['replay', '--', '--render'])).stderr).toMatch(/^todo-write: cannot open "--render": no such file or directory \(ENOENT\)\n/)
    expect(await run(['demo', '--', 'x'])).toEqual(usageError('demo takes no argument, got "x"'))
  })

  it('control characters of an echoed word are escaped, in the word and in a suggestion alike', async () => {
    expect((await run(['call', '--prof\u001bile'])).stderr).toBe(`todo-write: unknown flag "--prof\\u001bile" for call: did you mean --profile?\n${USAGE}`)
  })
})

describe('a command that reads no stdin never touches it (process.stdin costs a tenth of start-up)', () => {
  const untouchable = () => {
    const [stdout, stderr] = [sink(), sink()]
    const io = {
      get stdin(): NodeJS.ReadableStream {
        throw new Error('stdin was read')
      },
      stdout,
      stderr,
    }
    return { io, text: () => stdout.text() + stderr.text() }
  }

  const READ_NO_STDIN = [['--version'], ['--help'], ['help', 'replay'], ['replay', '--help'], ['replay', SAMPLE], ['replay', '--check', SAMPLE], ['demo']]
  it.each(READ_NO_STDIN.map((argv) => [argv]))('%j', async (argv) => {
    const { io, text } = untouchable()
    expect(await main(argv, io)).toBe(0)
    expect(text()).not.toBe('')
  })

  it('replay - reads it', async () => {
    await expect(main(['replay', '-'], untouchable().io)).rejects.toThrow('stdin was read')
  })
})
