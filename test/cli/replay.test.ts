// `todo-write replay`, in-process (TW-REPLAY-CLI-1 … 3): modes, flags, exit status,
// streams and the shipped sample logs. (What docs/logs.md shows is run by test/e2e/docs.test.ts;
// values 10^5 levels deep, by test/e2e/deep-nesting.test.ts, outside the mutation gate.)
import { chmodSync, createReadStream, openSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { counted, REPLAY_HELP, runReplay } from '../../src/cli/replay.js'
import '../../src/log/verify.js' // for --verify: test/support/replay.ts says why
import { ASSUMED, HEADER, run, sink, WARN } from '../support/replay.js'
import { suiteDir, testDir } from '../support/temp.js'
import { rawZstd } from '../support/zstd.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SAMPLE = join(ROOT, 'examples/logs/sample.jsonl')
const DAMAGED = join(ROOT, 'examples/logs/damaged.jsonl')
const USAGE = 'Run `todo-write --help` for usage.\n'
const write = (seq: number, todos: string) => `{"type":"todo/write","seq":${seq},"time":0,"data":{"todos":${todos}}}\n`

const FINAL =
  '[{"content":"read the tokenizer","status":"completed"},{"content":"fix the off-by-one","status":"in_progress"},{"content":"run the tests","status":"pending"}]'
/** The last good list of the damaged sample. */
const DAMAGED_LIST = '[{"content":"read the tokenizer","status":"in_progress"},{"content":"fix the off-by-one","status":"pending"}]\n'

const replay = (args: string[], input?: string | Buffer) => run(['replay', ...args], input)
/** A run's exit status and streams, as `run` gives them. */
const ran = (status: number, stdout: string, stderr = '') => ({ status, stdout, stderr })
/** A usage error: exit 2, nothing on stdout, the message and where to find usage on stderr. */
const usage = (message: string) => ran(2, '', `todo-write: ${message}\n${USAGE}`)
const notALog = (name: string, first = 'not JSON') => usage(`${name} is not a session log: no line is a session header or an event (line 1: ${first})`)
/** The warning of a file read from its end (`n`: "1 problem", "3 problems"). */
const WARN_READ = (n: string) => `todo-write: warning: ${n} in the lines read; the output holds what the readable lines say\n`

describe('replay on the shipped sample log (TW-REPLAY-CLI-1)', () => {
  it('prints the current list', async () => {
    expect(await replay([SAMPLE])).toEqual(ran(0, FINAL + '\n'))
  })

  it('--standing: a later turn/start cleared it', async () => {
    expect(await replay(['--standing', SAMPLE])).toEqual(ran(0, 'null\n'))
    expect(await replay(['--standing', '--render', SAMPLE])).toEqual(ran(0, ''))
  })

  it('--render, --check, --acp, --verify', async () => {
    expect((await replay(['--render', SAMPLE])).stdout).toBe('Plan\n✓ read the tokenizer\n● fix the off-by-one\n○ run the tests\n')
    expect(await replay(['--check', SAMPLE])).toEqual(ran(0, 'check: 17 events, 2 todo/write, 0 problems\n'))
    expect((await replay(['--acp', SAMPLE])).stdout.split('\n')).toEqual([
      '{"sessionUpdate":"plan","entries":[{"content":"read the tokenizer","priority":"medium","status":"in_progress"},{"content":"fix the off-by-one","priority":"medium","status":"pending"},{"content":"run the tests","priority":"medium","status":"pending"}]}',
      '{"sessionUpdate":"plan","entries":[{"content":"read the tokenizer","priority":"medium","status":"completed"},{"content":"fix the off-by-one","priority":"medium","status":"in_progress"},{"content":"run the tests","priority":"medium","status":"pending"}]}',
      '',
    ])
    // TW-VERIFY-5: the sample has no request/header: the seed profile, said on stderr.
    expect(await replay(['--verify', SAMPLE])).toEqual(ran(0, 'verify: 3 todo_write calls, 0 mismatches\n', ASSUMED))
  })

  it('TW-REPLAY-TAIL-1: a file is read from its end for the list and the plan, and streamed for the other modes', async () => {
    const fromEnd = 'todo-write: line 1 from the end: truncated last line (not JSON, no final line break)\n'
    for (const mode of [[], ['--render']]) expect((await replay([...mode, DAMAGED])).stderr.startsWith(fromEnd)).toBe(true)
    expect(await replay(['--check', SAMPLE])).toEqual(ran(0, expect.stringMatching(/^check: \d+ events, \d+ todo\/write, 0 problems\n$/)))
    expect((await replay(['--acp', DAMAGED])).stderr).toContain('todo-write: line 6: not JSON\n')
  })

  it('TW-LOG-6: the damaged sample streamed: last good list, problems by line, exit 1', async () => {
    const stderr =
      'todo-write: line 6: not JSON\n' +
      'todo-write: line 7: todo/write seq 5 breaks the durable-log invariant: todos[1].content is not trimmed\n' +
      'todo-write: line 8: truncated last line (not JSON, no final line break)\n' +
      WARN('3 problems')
    expect(await replay(['-'], readFileSync(DAMAGED))).toEqual(ran(1, DAMAGED_LIST, stderr))
  })

  it('TW-REPLAY-TAIL-1: the same file read from its end: the same list, the problems of the lines read by position from the end', async () => {
    const stderr =
      'todo-write: line 1 from the end: truncated last line (not JSON, no final line break)\n' +
      'todo-write: line 2 from the end: todo/write seq 5 breaks the durable-log invariant: todos[1].content is not trimmed\n' +
      'todo-write: line 3 from the end: not JSON\n' +
      WARN_READ('3 problems')
    expect(await replay([DAMAGED])).toEqual(ran(1, DAMAGED_LIST, stderr))
  })
})

describe('replay modes (TW-REPLAY-CLI-1, TW-REPLAY-CLI-3)', () => {
  it('no list: null, and --render prints nothing', async () => {
    expect(await replay(['-'], HEADER)).toEqual(ran(0, 'null\n'))
    expect(await replay(['--render', '-'], HEADER)).toEqual(ran(0, ''))
  })

  it('--standing with --render renders the standing plan', async () => {
    const log = HEADER + write(0, '[{"content":"a","status":"pending"}]') + '{"type":"turn/end","seq":1,"time":0}\n'
    expect(await replay(['--render', '--standing', '-'], log)).toEqual(ran(0, 'Plan\n○ a\n'))
  })

  it('--check counts in the singular and the plural', async () => {
    expect((await replay(['--check', '-'], HEADER)).stdout).toBe('check: 0 events, 0 todo/write, 0 problems\n')
    expect((await replay(['--check', '-'], HEADER + write(0, '[]'))).stdout).toBe('check: 1 event, 1 todo/write, 0 problems\n')
    const two = await replay(['--check', '-'], HEADER + write(0, '[]') + 'x\n' + write(2, '[{"content":"","status":"pending"}]'))
    const stderr = 'todo-write: line 3: not JSON\ntodo-write: line 4: todo/write seq 2 breaks the durable-log invariant: todos[0].content is empty\n'
    expect(two).toEqual(ran(1, 'check: 2 events, 2 todo/write, 2 problems\n', stderr + WARN('2 problems')))
  })

  it('--acp skips a broken snapshot and reports it', async () => {
    const log = HEADER + write(0, '[{"content":"a","status":"pending"}]') + write(1, '[{"content":"a","status":"later"}]') + write(2, '[]')
    const acp = '{"sessionUpdate":"plan","entries":[{"content":"a","priority":"medium","status":"pending"}]}\n{"sessionUpdate":"plan","entries":[]}\n'
    const stderr =
      'todo-write: line 3: todo/write seq 1 breaks the durable-log invariant: todos[0].status is not one of ["pending","in_progress","completed"]\n'
    expect(await replay(['--acp', '-'], log)).toEqual(ran(1, acp, stderr + WARN('1 problem')))
  })

  it('--verify: no calls at all', async () => {
    expect(await replay(['--verify', '-'], HEADER)).toEqual(ran(0, 'verify: 0 todo_write calls, 0 mismatches\n'))
  })

  it('TW-LOG-6: --verify: log problems alone make the exit 1', async () => {
    expect(await replay(['--verify', '-'], HEADER + 'x\n')).toEqual(
      ran(1, 'verify: 0 todo_write calls, 0 mismatches\n', 'todo-write: line 2: not JSON\n' + WARN('1 problem')),
    )
  })

  it('--verify takes the option flags', async () => {
    const log =
      HEADER +
      '{"type":"tool/call","seq":0,"time":0,"data":{"callId":"c","name":"todo_write","arguments":"{\\"todos\\":[{\\"content\\":\\"a\\",\\"status\\":\\"pending\\",\\"id\\":1}]}"}}\n' +
      '{"type":"tool/result","seq":1,"time":0,"data":{"callId":"c","content":[{"type":"text","text":"Error: invalid arguments: \\"todos[0].id\\" is not a declared property (additionalProperties: false)"}],"isError":true}}\n'
    expect((await replay(['--verify', '--unknown-item-keys', 'reject', '-'], log)).status).toBe(0)
    const dropped = await replay(['--verify', '--unknown-item-keys=drop', '-'], log)
    expect(dropped.status).toBe(1)
    // TW-VERIFY-5: the other setting of --unknown-item-keys answers as logged; no note on stderr, as flags were given.
    expect(dropped.stdout).toMatch(
      /^seq 1: call "c": isError true, the reference says false \(the log's deployment may reject unknown item keys: --unknown-item-keys reject\)\n/,
    )
    expect(dropped.stderr).toBe('')
    expect((await replay(['--verify', '--unknown-item-keys', 'keep', '-'], log)).stderr).toBe(
      'todo-write: --unknown-item-keys must be "drop" or "reject", got "keep"\n' + USAGE,
    )
  })

  it('a mismatch alone makes the exit 1; each is a line of its own', async () => {
    const call = (seq: number, id: string) => `{"type":"tool/call","seq":${seq},"time":0,"data":{"callId":"${id}","name":"todo_write","arguments":"{}"}}\n`
    expect(await replay(['--verify', '-'], HEADER + call(0, 'c'))).toEqual(
      ran(1, 'seq 0: call "c": no tool/result logged\nverify: 1 todo_write call, 1 mismatch\n', ASSUMED),
    )
    expect((await replay(['--verify', '-'], HEADER + call(0, 'c') + call(1, 'd'))).stdout).toBe(
      'seq 0: call "c": no tool/result logged\nseq 1: call "d": no tool/result logged\nverify: 2 todo_write calls, 2 mismatches\n',
    )
  })
})

describe('replay usage errors: stderr, nothing on stdout, exit 2 (TW-REPLAY-CLI-2)', () => {
  it.each([
    [['--render', '--check'], '--render and --check cannot be combined'],
    [['--check', '--acp'], '--check and --acp cannot be combined'],
    [['--verify', '--acp'], '--acp and --verify cannot be combined'],
    [['--render', '--acp', '--verify'], '--render and --acp cannot be combined'],
    [['--standing', '--acp'], '--standing cannot be combined with --acp'],
    [['--standing', '--verify'], '--standing cannot be combined with --verify'],
    [['--allow-parallel-in-progress', '--render'], '--allow-parallel-in-progress applies only to --verify'],
    [['--unknown-item-keys', 'drop'], '--unknown-item-keys applies only to --verify'],
    [['--acp', '--allow-parallel-in-progress'], '--allow-parallel-in-progress applies only to --verify'],
    [['--bogus'], 'unknown flag "--bogus" for replay'],
    [['--verfy'], 'unknown flag "--verfy" for replay: did you mean --verify?'],
  ])('%j', async (flags, message) => {
    const result = await replay([...flags, '-'], HEADER)
    expect(result.status).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr.startsWith(`todo-write: ${message}`)).toBe(true)
    expect(result.stderr.endsWith(USAGE)).toBe(true)
  })

  it('exactly one log', async () => {
    for (const argv of [['replay'], ['replay', '-', '-'], ['replay', '--render']])
      expect(await run(argv, HEADER)).toEqual(usage('replay takes exactly one log: a file, or - for stdin'))
  })

  it('a value forgotten after --profile: the log taken as the value is named, not a missing log', async () => {
    expect(await run(['replay', '--verify', '--profile', 'x.jsonl'], HEADER)).toEqual(usage('--profile must be "seed" or "dsh-0.1.1-rc.2", got "x.jsonl"'))
  })

  describe('a log that cannot be opened or read', () => {
    const dir = suiteDir('replay')

    it('a missing file', async () => {
      const missing = join(dir(), 'missing.jsonl')
      const result = await replay([missing])
      expect(result).toMatchObject({ status: 2, stdout: '' })
      expect(result).toEqual(usage(`cannot open ${JSON.stringify(missing)}: no such file or directory (ENOENT)`))
    })

    it('a directory, in every mode', async () => {
      for (const mode of [[], ['--render'], ['--check'], ['--acp'], ['--verify'], ['--history']])
        expect(await replay([...mode, dir()])).toEqual(usage(`cannot read ${JSON.stringify(dir())}: it is a directory`))
    })

    it('a device, in every mode: /dev/zero is never read for ever', async () => {
      for (const mode of [[], ['--render'], ['--check'], ['--acp'], ['--verify'], ['--history']])
        expect(await replay([...mode, '/dev/zero'])).toEqual(usage('cannot read "/dev/zero": it is a device'))
    })

    // A regular file no one may read: as root, a write-only sysctl (root's file permissions
    // do not override those); for anyone else, a file of mode 000.
    const unreadable = (): string => {
      if (process.getuid?.() === 0) return '/proc/sys/vm/drop_caches'
      const file = join(dir(), 'unreadable.jsonl')
      writeFileSync(file, HEADER)
      chmodSync(file, 0o000)
      return file
    }

    it('a regular file that cannot be read: read from its end, or streamed', async () => {
      const file = unreadable()
      const denied = `${JSON.stringify(file)}: permission denied (EACCES)`
      for (const mode of [[], ['--render'], ['--standing']]) expect(await replay([...mode, file])).toEqual(usage(`cannot read ${denied}`))
      expect(await replay(['--check', file])).toEqual(usage(`cannot open ${denied}`))
    })

    it('stdin that reads a directory is refused, not read as an empty log', async () => {
      const stdin = createReadStream('', { fd: openSync(dir(), 'r') })
      try {
        const [stdout, stderr] = [sink(), sink()]
        await expect(runReplay(['-'], { stdin, stdout, stderr })).rejects.toThrow(/^cannot read stdin: it is a directory$/)
        expect(stdout.text() + stderr.text()).toBe('')
      } finally {
        stdin.destroy()
      }
    })

    it('a file read like any other', async () => {
      const file = join(dir(), 'log.jsonl')
      writeFileSync(file, HEADER + write(0, '[]'))
      expect(await replay([file])).toEqual(ran(0, '[]\n'))
    })

    it('stdin that fails', async () => {
      const stdin = new Readable({
        read() {
          this.destroy(new Error('boom'))
        },
      })
      await expect(runReplay(['-'], { stdin, stdout: sink(), stderr: sink() })).rejects.toThrow(/^cannot read stdin: boom$/)
    })
  })

  it('replay --help', async () => {
    expect(await replay(['--help'])).toEqual(ran(0, REPLAY_HELP + '\n'))
    expect(REPLAY_HELP).toContain('--verify')
  })
})

describe('output', () => {
  it('counted: singular for exactly 1', () => {
    expect([0, 1, 2].map((n) => counted(n, 'mismatch', 'mismatches'))).toEqual(['0 mismatches', '1 mismatch', '2 mismatches'])
  })

  it('waits for a slow stdout instead of piling output up in memory', async () => {
    let buffered = 0
    let written = ''
    const stdout = new Writable({
      highWaterMark: 64,
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.toString()
        setImmediate(callback)
      },
    })
    const original = stdout.write.bind(stdout)
    stdout.write = ((chunk: string) => {
      const ok = original(chunk)
      buffered = Math.max(buffered, stdout.writableLength)
      return ok
    }) as typeof stdout.write
    let log = HEADER
    for (let seq = 0; seq < 200; seq++) log += write(seq, `[{"content":"task ${seq}","status":"pending"}]`)
    // What one piece of input (256 bytes here) makes is written, then drained, before the next is read.
    const pieces = Array.from({ length: Math.ceil(log.length / 256) }, (_, i) => Buffer.from(log.slice(i * 256, (i + 1) * 256)))
    expect(await runReplay(['--acp', '-'], { stdin: Readable.from(pieces), stdout, stderr: sink() })).toBe(0)
    expect(written.split('\n')).toHaveLength(201)
    expect(written.split('\n')[199]).toBe('{"sessionUpdate":"plan","entries":[{"content":"task 199","priority":"medium","status":"pending"}]}')
    expect(buffered).toBeLessThan(500)
  })
})

describe('TW-LOG-8: at most 100 problems are written', () => {
  it('the rest are counted in the closing warning', async () => {
    const { status, stdout, stderr } = await replay(['-'], HEADER + 'not json\n'.repeat(150))
    expect({ status, stdout }).toEqual({ status: 1, stdout: 'null\n' })
    const lines = stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(101)
    expect(lines[99]).toBe('todo-write: line 101: not JSON')
    expect(lines[100]).toBe('todo-write: warning: 150 problems in the log (the first 100 shown); the output holds what the readable lines say')
  })

  it('at exactly 100 none is hidden; a file read from its end shows 100 too', async () => {
    expect((await replay(['-'], HEADER + 'not json\n'.repeat(100))).stderr.split('\n').at(-2)).toBe(
      'todo-write: warning: 100 problems in the log; the output holds what the readable lines say',
    )
    const path = join(testDir('problems'), 'log.jsonl')
    for (const [n, hidden] of [
      [100, ''],
      [150, ' (the first 100 shown)'],
    ] as const) {
      writeFileSync(path, HEADER + 'not json\n'.repeat(n))
      const { status, stdout, stderr } = await replay([path])
      expect({ status, stdout }).toEqual({ status: 1, stdout: 'null\n' })
      const lines = stderr.trimEnd().split('\n')
      expect(lines).toHaveLength(101)
      expect(lines[99]).toBe('todo-write: line 100 from the end: not JSON')
      expect(lines[100]).toBe(`todo-write: warning: ${n} problems in the lines read${hidden}; the output holds what the readable lines say`)
    }
  })

  it('TW-LOG-6: each problem is written as it is found, before the rest of the log is read', async () => {
    const stderr = sink()
    const seen: string[] = []
    async function* log() {
      yield HEADER + 'not json\n'
      seen.push(stderr.text())
      yield write(1, '[]')
    }
    // An async iterable, not a Readable, which would read ahead into its buffer.
    expect(await runReplay(['--check', '-'], { stdin: log() as unknown as NodeJS.ReadableStream, stdout: sink(), stderr })).toBe(1)
    expect(seen).toEqual(['todo-write: line 2: not JSON\n'])
  })

  it('a problem naming hostile bytes is written terminal-safe', async () => {
    const log = HEADER.replace('"version":0', '"version":"\\u001b[2J\\u0085"')
    expect((await replay(['-'], log)).stderr).toContain('wrong header: version must be 0, got "\\u001b[2J\\u0085"')
  })
})

describe('output the reader closes', () => {
  it('a closed stdout (… | head) ends the replay quietly, status 0', async () => {
    const stdout = new Writable({ write: (_chunk, _encoding, done) => done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })) })
    stdout.on('error', () => undefined)
    const stderr = sink()
    // Nothing is read once no one reads: not the damaged line after the first update either.
    const log = HEADER + write(0, '[{"content":"a","status":"pending"}]') + write(1, '[]') + 'not json\n'
    expect(await runReplay(['--acp', '-'], { stdin: Readable.from([log]), stdout, stderr })).toBe(0)
    expect(stderr.text()).toBe('')
  })
})

describe('TW-REPLAY-CLI-4: input that is no session log is said so in one line', () => {
  const dir = suiteDir('not-a-log')
  const README = join(ROOT, 'README.md')
  const MODES = [[], ['--standing'], ['--render'], ['--check'], ['--acp'], ['--verify']]

  it.each(MODES)('the README, as a file and on stdin, in every mode (%s)', async (...mode) => {
    expect(await replay([...mode, README])).toEqual(notALog(`"${README}"`))
    expect(await replay([...mode, '-'], readFileSync(README))).toEqual(notALog('stdin'))
  })

  it('JSON Lines of other objects, blank lines, a line too long: each names line 1', async () => {
    const cases: [string, string][] = [
      ['{"a":1}\n{"b":2}\n', 'not an event: "type" is not a string'],
      ['\n\n', 'blank line'],
      ['[1]\n', 'not a JSON object (an array)'],
      ['{"type":"x"}\n', 'not an event: "seq" is not a non-negative integer'],
      // Line 1's own problem, not the last one found.
      ['# Notes\n\n', 'not JSON'],
    ]
    for (const [text, first] of cases) {
      const path = join(dir(), 'x.jsonl')
      writeFileSync(path, text)
      expect(await replay([path])).toEqual(notALog(JSON.stringify(path), first))
      expect(await replay(['--check', '-'], text)).toEqual(notALog('stdin', first))
    }
  })

  it('one line a log would hold is enough: then every problem is said, in order', async () => {
    const stderr = 'todo-write: line 1: not JSON\ntodo-write: line 2: not an event: "type" is not a string\n' + WARN('2 problems')
    expect(await replay(['--check', '-'], 'not json\n{"a":1}\n' + write(0, '[]'))).toEqual(ran(1, 'check: 1 event, 1 todo/write, 2 problems\n', stderr))
  })

  it('a run of blank lines is said line by line, once the input is a log', async () => {
    const stderr = `${[1, 2, 4, 5].map((line) => `todo-write: line ${line}: blank line\n`).join('')}${WARN('4 problems')}`
    expect(await replay(['--check', '-'], `\n\n${write(0, '[]')}\n\n`)).toEqual(ran(1, 'check: 1 event, 1 todo/write, 4 problems\n', stderr))
  })

  it('an empty input is an empty log, not "no session log" (TW-LOG-4)', async () => {
    expect(await replay(['-'], '')).toEqual(ran(1, 'null\n', 'todo-write: line 1: the log is empty (no header)\n' + WARN('1 problem')))
  })

  it('a compressed file of something else is no session log either', async () => {
    const path = join(dir(), 'readme.zstd')
    for (const text of ['# Title\n\ntext\n', '# Title\n\n']) {
      writeFileSync(path, rawZstd(text))
      expect(await replay([path])).toEqual(notALog(JSON.stringify(path)))
    }
  })
})

describe('TW-LOG-9: a compressed log, on stdin and as a file, in every mode', () => {
  const PLAIN = join(ROOT, 'examples/logs/release-sample.jsonl')
  const ZSTD = join(ROOT, 'examples/logs/release-sample.jsonl.zstd')
  const MODES = [[], ['--standing'], ['--render'], ['--check'], ['--acp'], ['--verify', '--profile', 'dsh-0.1.1-rc.2']]

  it.each(MODES)('the same answer as the plain log (%s)', async (...mode) => {
    const plain = await replay([...mode, PLAIN])
    expect(plain.status).toBe(0)
    expect(plain.stderr).toBe('')
    expect(await replay([...mode, ZSTD])).toEqual(plain)
    expect(await replay([...mode, '-'], readFileSync(ZSTD))).toEqual(plain)
  })

  it('what the release sample says', async () => {
    const LIST = '[{"content":"read the tokenizer","status":"completed"},{"content":"fix the off-by-one","status":"in_progress"}]\n'
    expect((await replay([ZSTD])).stdout).toBe(LIST)
    expect((await replay(['--standing', ZSTD])).stdout).toBe(LIST)
    expect((await replay(['--check', ZSTD])).stdout).toBe('check: 34 events, 2 todo/write, 0 problems\n')
    expect((await replay(['--verify', ZSTD])).stdout).toBe('verify: 3 todo_write calls, 0 mismatches\n')
  })

  it('a damaged compressed log: the lines before the damage, the damage named, exit 1', async () => {
    const z = rawZstd(HEADER + write(0, '[{"content":"a","status":"pending"}]') + write(1, '[]'), [HEADER.length + 20])
    // Cut two bytes short: libzstd gives a raw block's bytes as they come, so line 2 is read
    // whole, and line 3, cut, is where the damage is.
    const damaged = z.subarray(0, z.length - 2)
    const damage = 'todo-write: line 3: the compressed log is damaged (unexpected end of file): nothing after this point can be read\n'
    expect(await replay(['--check', '-'], damaged)).toEqual(ran(1, 'check: 1 event, 1 todo/write, 1 problem\n', damage + WARN('1 problem')))
    const path = join(testDir('damaged'), 'log.zstd')
    writeFileSync(path, damaged)
    expect(await replay([path])).toEqual(ran(1, '[{"content":"a","status":"pending"}]\n', damage + WARN_READ('1 problem')))
  })
})
