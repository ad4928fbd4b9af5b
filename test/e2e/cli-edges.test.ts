// The edges of the command line (TW-CLI-2, TW-PROTO-FRAME-1, TW-PROTO-ERROR-1): input too
// large, not UTF-8, with a byte-order mark; serve with a bare CR, a line too long, a reader
// that goes away, a response too long for one string; replay with stdin a directory. Every one answers or exits with a
// message, never a stack trace.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, openSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/cli.js'
import { runCall } from '../../src/cli/call.js'
import { answerPieces, MAX_INPUT_BYTES } from '../../src/cli/io.js'
import { MAX_FILE_BYTES } from '../../src/kit/vectors.js'
import { BIN, ROOT } from '../support/cli.js'
import { sink } from '../support/replay.js'
import { testDir } from '../support/temp.js'

async function cli(argv: string[], input: Iterable<Uint8Array | string> | AsyncIterable<Uint8Array | string> = []) {
  const stdout = sink()
  const stderr = sink()
  const status = await main(argv, { stdin: Readable.from(input), stdout, stderr } as never)
  return { status, stdout: stdout.text(), stderr: stderr.text() }
}
const call = (input: Iterable<Uint8Array | string> | AsyncIterable<Uint8Array | string>) => cli(['call'], input)

const USAGE = 'Run `todo-write --help` for usage.\n'
/** What stderr says of a usage error, and the whole outcome of one. */
const says = (message: string) => `todo-write: ${message}\n` + USAGE
const usage = (message: string) => ({ status: 2, stdout: '', stderr: says(message) })

describe('TW-CLI-2: call refuses input it cannot read, naming the problem', () => {
  it('more than 256 MiB: refused without holding more', async () => {
    async function* zeros(): AsyncGenerator<Uint8Array> {
      const chunk = new Uint8Array(8 << 20).fill(0x20)
      for (let i = 0; i < 40; i++) yield chunk
    }
    expect(await call(zeros())).toEqual(usage('stdin holds more than 256 MiB: not read'))
  })

  it('bytes that are not UTF-8, and a byte-order mark, are named', async () => {
    for (const [input, message] of [
      [[Buffer.from('{"todos":[{"content":"a\xff","status":"pending"}]}', 'latin1')], 'stdin is not UTF-8: byte 0xff at offset 23'],
      // Input that ends inside a sequence: its lead byte, not the last byte that came.
      [[Buffer.from('{"todos":[{"content":"a\xe2\x82', 'latin1')], 'stdin is not UTF-8: byte 0xe2 at offset 23 starts a sequence cut short by the end'],
      [[Buffer.from([0xef, 0xbb, 0xbf]), '{"todos":[]}'], 'stdin starts with a byte-order mark (EF BB BF), which JSON does not allow'],
    ] as const)
      expect((await call(input)).stderr).toBe(says(message))
  })

  it('a control character JSON.parse quotes raw is written escaped', async () => {
    expect((await call(['{"todos":[\u001b[2J]}'])).stderr).toContain('\\u001b[2J')
  })
})

describe('serve keeps answering (TW-PROTO-FRAME-1, TW-PROTO-ERROR-1)', () => {
  const START = '{"id":0,"cmd":"start","protocol":1}'
  const STARTED = '{"id":0,"protocol":1,"implementation":{"name":"todo-write","language":"typescript"}}'
  /** The answer to a call accepting one pending item, its content elided. */
  const todos = [{ content: '', status: 'pending' }]
  const ONE_PENDING = {
    isError: false,
    text: 'Updated todo list: 1 pending, 0 in progress, 0 completed.',
    value: { todos, counts: { pending: 1, inProgress: 0, completed: 0 } },
    event: { type: 'todo/write', data: { todos } },
  }
  /** `pipeline`, then the exit status of its first command. */
  const firstStatus = (pipeline: string, input: string, cwd?: string) =>
    spawnSync('bash', ['-c', `${pipeline}; echo "\${PIPESTATUS[0]}"`], { input, encoding: 'utf8', cwd })
  const serve = (input: string | Buffer) => spawnSync(process.execPath, [BIN, 'serve'], { input, encoding: 'utf8', maxBuffer: 1 << 30 })

  it('splits requests on LF only: a bare CR is part of a line, so one line, one answer', () => {
    const run = serve(`${START}\n{"id":1,"cmd":"end","session":"a"}\r{"id":2,"cmd":"end","session":"b"}\n{"id":3,"cmd":"stop"}\n`)
    expect(run.stdout.split('\n')).toEqual([STARTED, '{"id":null,"error":"the request is not JSON"}', '{"id":3}', ''])
    expect(run.status).toBe(0)
  })

  it('a request line over 256 MiB is answered with an error and the next one is served', async () => {
    const child = spawn(process.execPath, [BIN, 'serve'], { stdio: ['pipe', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    child.stdin.write(START + '\n')
    const chunk = Buffer.alloc(16 << 20, 0x61)
    for (let i = 0; i < 17; i++) if (!child.stdin.write(chunk)) await new Promise((resolve) => child.stdin.once('drain', resolve))
    child.stdin.end('\n{"id":5,"cmd":"stop"}\n')
    const status = await new Promise((resolve) => child.on('close', resolve))
    expect(out.split('\n')).toEqual([STARTED, '{"id":null,"error":"the request line is 285,212,672 bytes, longer than 256 MiB: not read"}', '{"id":5}', ''])
    expect(status).toBe(0)
  }, 60_000)

  it('a reader that goes away (serve | head -c 10): serve ends quietly, status 0', () => {
    const lines = Array.from({ length: 2000 }, () => START).join('\n')
    const run = firstStatus(`node ${BIN} serve | head -c 10 >/dev/null`, lines)
    expect(run.stderr).toBe('')
    expect(run.stdout).toBe('0\n')
  })

  // TW-CLI-3: `| true` closes the pipe before the command writes a byte.
  const bigCall = JSON.stringify({ todos: [{ content: 'x'.repeat(1 << 20), status: 'pending' }] })
  it.each([
    ['call', `node ${BIN} call`, bigCall],
    ['demo', `node ${BIN} demo`, ''],
    ['conform', `node ${BIN} conform --runs 0 --run 'golden/*' -- node ${BIN} serve`, ''],
    ['replay', `node ${BIN} replay --check examples/logs/release-sample.jsonl`, ''],
  ])('TW-CLI-3: a reader that goes away (%s | true): the command ends quietly, status 0', (_name, command, input) => {
    const run = firstStatus(`${command} | true`, input, ROOT)
    expect(run.stderr).toBe('')
    expect(run.stdout).toBe('0\n')
  })

  // TW-CLI-3: any other failure to write stdout (Linux's /dev/full: every write fails with ENOSPC).
  it.skipIf(process.platform !== 'linux').each([
    ['call', `node ${BIN} call`, bigCall],
    ['--version', `node ${BIN} --version`, ''],
    ['conform', `node ${BIN} conform --runs 0 --run 'golden/*' -- node ${BIN} serve`, ''],
    ['replay', `node ${BIN} replay --check examples/logs/release-sample.jsonl`, ''],
  ])('TW-CLI-3: a full disk (%s > /dev/full): one line on stderr, status 2', (_name, command, input) => {
    const run = firstStatus(`${command} 2>&1 >/dev/full`, input, ROOT)
    expect(run.stdout).toBe('todo-write: cannot write stdout: no space left on device (ENOSPC)\n2\n')
  })

  it('TW-CLI-3: a call of exactly 256 MiB is answered whole, though its line is longer than any string', async () => {
    const [pre, post] = ['{"todos":[{"content":"', '","status":"pending"}]}']
    const content = 'x'.repeat(MAX_INPUT_BYTES - pre.length - post.length)
    let bytes = 0
    let head = ''
    let tail = Buffer.alloc(0)
    const stdout = new Writable({
      write(chunk: Buffer, _encoding, next) {
        if (head.length < 100) head = (head + chunk.subarray(0, 100).toString('utf8')).slice(0, 100)
        tail = Buffer.concat([tail, chunk.subarray(-100)]).subarray(-100)
        bytes += chunk.length
        next()
      },
    })
    const status = await runCall([], Readable.from([Buffer.from(pre + content + post)]), stdout)
    expect(status).toBe(0)
    const empty = `${JSON.stringify(ONE_PENDING)}\n`
    expect(head).toBe(empty.slice(0, 100))
    // What follows the content, the second time it is written.
    const after = empty.slice(empty.lastIndexOf('"content":"') + '"content":"'.length)
    expect(tail.toString('utf8')).toBe('x'.repeat(100 - after.length) + after)
    expect(bytes).toBe(empty.length + 2 * content.length)
  }, 120_000)

  it('a response too long for one string is answered with an error', () => {
    let deep: unknown = []
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(() => answerPieces({ id: 1, isError: false, text: 'x', value: { todos: deep, counts: {} } })).toThrow(RangeError)
  })

  it('a call accepting a 180 MB content is answered whole: its list is encoded once', () => {
    const content = 'x'.repeat(180 * 1000 * 1000)
    const request = `{"id":1,"cmd":"call","session":"s","args":${JSON.stringify(JSON.stringify({ todos: [{ content, status: 'pending' }] }))},"agent":true,"options":{}}`
    const run = spawnSync(process.execPath, [BIN, 'serve'], { input: `${START}\n${request}\n{"id":2,"cmd":"stop"}\n`, maxBuffer: 1 << 30 })
    expect(run.stderr.toString('utf8')).toBe('')
    expect(run.status).toBe(0)
    // Too long for one string on this side too: read the bytes.
    const out = run.stdout
    const ends = [out.indexOf(10), out.indexOf(10, out.indexOf(10) + 1)]
    const answer = out.subarray(ends[0]! + 1, ends[1])
    const empty = JSON.stringify({ id: 1, ...ONE_PENDING, current: todos })
    expect(answer.subarray(0, 80).toString('utf8')).toBe(empty.slice(0, 80))
    expect(answer.length).toBe(empty.length + 3 * content.length)
    expect(out.subarray(ends[1]! + 1).toString('utf8')).toBe('{"id":2}\n')
  }, 120_000)
})

describe('TW-CLI-3: a command writes on the descriptors', () => {
  // Making node's stream costs a tenth of node's start-up (src/cli/io.ts): a preload says when it is made.
  const TRAP = `data:text/javascript,${encodeURIComponent(
    "for (const name of ['stdout', 'stderr']) { const { get } = Object.getOwnPropertyDescriptor(process, name); Object.defineProperty(process, name, { get() { process.getBuiltinModule('node:fs').writeSync(2, name + ' made\\n'); return get.call(process) } }) }",
  )}`
  it.each([
    [['--version'], /^todo-write \d+\.\d+\.\d+\n$/],
    [['replay', 'examples/logs/sample.jsonl'], /^\[\{"content":"read the tokenizer"/],
    [['bogus'], /^$/],
  ])('TW-CLI-3: %j writes on the descriptors: node makes neither stream', (argv, stdout) => {
    const run = spawnSync(process.execPath, ['--import', TRAP, BIN, ...argv], { encoding: 'utf8', cwd: ROOT })
    expect(run.stdout).toMatch(stdout)
    expect(run.stderr).not.toMatch(/made/)
  })

  it('TW-CLI-3: conform writes through node’s streams from the start: its timers and signal handlers run while a reader is slow', async () => {
    const used: string[] = []
    const [stdout, stderr] = (['stdout', 'stderr'] as const).map((name) => Object.assign(sink(), { useStream: () => void used.push(name) }))
    expect(await main(['conform', '--runs', 'x', '--', 'true'], { stdin: Readable.from([]), stdout: stdout!, stderr: stderr! })).toBe(2)
    expect(used).toEqual(['stdout', 'stderr'])
    expect(stderr!.text()).toContain('--runs must be')
  })
})

describe('a command reads stdin only when it is a stream of bytes', () => {
  it.each([['replay', '-'], ['call'], ['serve']])('stdin that is a directory is refused with exit 2, not read as empty (%s)', (...argv) => {
    const dir = openSync(tmpdir(), 'r')
    try {
      const run = spawnSync(process.execPath, [BIN, ...argv], { stdio: [dir, 'pipe', 'pipe'], encoding: 'utf8' })
      expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual(usage('cannot read stdin: it is a directory'))
    } finally {
      closeSync(dir)
    }
  })
})

describe('conform names what is wrong with its flags', () => {
  const conform = (flags: string[]) => cli(['conform', ...flags, '--', 'true'])

  it('--seed: a 32-bit integer, said as a range', async () => {
    for (const seed of ['x', '2147483648', '-2147483649', '1.5'])
      expect(await conform([`--seed=${seed}`])).toEqual(usage(`--seed must be an integer from -2147483648 to 2147483647, got "${seed}"`))
  })

  it('--timeout, --start-timeout: at most 2^31 - 1 ms, the longest a timer waits (a longer one fires at once)', async () => {
    for (const flag of ['--timeout', '--start-timeout'])
      for (const ms of ['2147483648', '3000000000', '0'])
        expect(await conform([flag, ms])).toEqual(usage(`${flag} must be an integer from 1 to 2147483647, got "${ms}"`))
  })

  it.each(['--cases', '--vectors', '--expected-failures'])('%s: a file that is not a regular file, or too large, is refused unread', async (flag) => {
    const dir = testDir('flag-file')
    const fifo = join(dir, 'fifo')
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0)
    // A sparse file: its size is one byte past the bound, and it takes no disk.
    const large = join(dir, 'large.json')
    writeFileSync(large, '')
    truncateSync(large, MAX_FILE_BYTES + 1)
    const refused = (file: string, why: string) => usage(`cannot read ${file}: ${why}`)
    expect(await conform([flag, fifo])).toEqual(refused(fifo, 'not a regular file'))
    expect(await conform([flag, '/dev/zero'])).toEqual(refused('/dev/zero', 'not a regular file'))
    expect(await conform([flag, large])).toEqual(refused(large, 'it holds more than 64 MiB'))
  })

  it('--vectors: a JSON file that is not a suite, and a directory', async () => {
    expect(await conform(['--vectors', 'package.json'])).toEqual(
      usage(
        'package.json: not a vectors suite: one has "name", "version", "protocol", "spec", "files" (case files, *.json) and "cases" (vectors/suite.schema.json)',
      ),
    )
    expect(await conform(['--vectors', 'vectors'])).toEqual(usage('cannot read vectors: it is a directory'))
  })
})
