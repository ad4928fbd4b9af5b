// TW-PROTO-FRAME-1 in the reference's own serve: a request line ending in CR LF, or with
// whitespace between its tokens, is served; an id is read as its double; a line that is not
// UTF-8 or starts with a byte-order mark is answered with an error whose id is null, and serve
// goes on.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { BIN } from '../support/cli.js'

const serve = (input: Buffer) => spawnSync(process.execPath, [BIN, 'serve'], { input, encoding: 'utf8' })
const START = '{"id":0,"cmd":"start","protocol":1}\n'
const call = (id: string, content = 'a') =>
  `{"id":${id},"cmd":"call","session":"s","args":${JSON.stringify(JSON.stringify({ todos: [{ content, status: 'pending' }] }))},"agent":true,"options":{}}`
const lines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('serve: framing (TW-PROTO-FRAME-1)', () => {
  it('serves a CR LF request and one with spaces and tabs between its tokens', () => {
    const spaced = ' { "id" :\t2 , "cmd" : "end" , "session" : "s" }\t'
    const run = serve(Buffer.from(`${START}${call('1')}\r\n${spaced}\r\n{"id":3,"cmd":"stop"}\r\n`))
    expect(run.status).toBe(0)
    expect(lines(run.stdout).map((r) => [r.id, r.isError ?? null, r.error ?? null])).toEqual([
      [0, null, null],
      [1, false, null],
      [2, null, null],
      [3, null, null],
    ])
  })

  it('reads an id as its double: 1.0 is 1, 20e-1 2, -0 and -1e-400 0, 9007199254740991.4 2^53 - 1; 9007199254740993 (2^53) is none', () => {
    const ids = ['1.0', '20e-1', '-1e-400', '9007199254740991.4', '9007199254740993']
    const run = serve(Buffer.from(`${START}${ids.map((id) => `${call(id)}\n`).join('')}{"id":-0,"cmd":"end","session":"s"}\n`))
    expect(lines(run.stdout).map((r) => [r.id, r.error === undefined])).toEqual([
      [0, true],
      [1, true],
      [2, true],
      [0, true],
      [2 ** 53 - 1, true],
      [null, false],
      [0, true],
    ])
  })

  it('TW-PROTO-START-1: a refused start leaves serve as it was, unstarted: a call is refused until a start is answered', () => {
    const run = serve(Buffer.from(`{"id":0,"cmd":"start","protocol":2}\n${call('1')}\n${START}${call('2')}\n`))
    expect(lines(run.stdout).map((r) => [r.id, r.error ?? r.isError])).toEqual([
      [0, 'protocol 2 is not spoken here; this port speaks 1'],
      [1, 'the first request must be "start"'],
      [0, undefined],
      [2, false],
    ])
  })

  it('TW-PROTO-ERROR-1: a request without a command, or with one no port has, is told which', () => {
    const run = serve(Buffer.from(`${START}{"id":1}\n{"id":2,"cmd":null}\n{"id":3,"cmd":"explain"}\n`))
    expect(lines(run.stdout).slice(1)).toEqual([
      { id: 1, error: '"cmd" is missing' },
      { id: 2, error: 'unknown command null' },
      { id: 3, error: 'unknown command "explain"' },
    ])
  })

  it('TW-JSON-2 holds for args alone: a number no double keeps, in a key no command reads, is ignored', () => {
    const run = serve(Buffer.from(`${START}${call('1').replace('{"id":1,', '{"id":1,"x":[1e400,-0],')}\n`))
    expect(lines(run.stdout)[1]).toMatchObject({ id: 1, isError: false })
  })

  it.each([
    ['0xFF', [0xff]],
    ['a lone continuation byte', [0x80]],
    ['an overlong "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a cut sequence', [0xe2, 0x82]],
  ])('a request line holding %s is not UTF-8: an error with id null, naming the first bad byte; the next request is served', (_, bytes) => {
    const [head, tail] = call('1', 'a@b').split('@') as [string, string]
    const run = serve(Buffer.concat([Buffer.from(START + head), Buffer.from(bytes), Buffer.from(`${tail}\n${call('2')}\n`)]))
    const [, refused, served] = lines(run.stdout)
    expect(refused).toEqual({ id: null, error: expect.stringMatching(/^the request line is not UTF-8: byte 0x[0-9a-f]{2} at offset \d+$/) })
    const offset = Number(/offset (\d+)/.exec(refused!.error as string)![1])
    expect(offset - Buffer.byteLength(head)).toBeGreaterThanOrEqual(0)
    expect(offset - Buffer.byteLength(head)).toBeLessThanOrEqual(bytes.length)
    expect(served).toMatchObject({ id: 2, isError: false })
  })

  it.each([
    ['its line feed', '\n'],
    ['the end of input', ''],
  ])('a request line cut inside a sequence by %s: the error names the lead byte and its offset', (_, end) => {
    const head = call('1', 'a@').split('@')[0]!
    const run = serve(Buffer.concat([Buffer.from(START + head), Buffer.from([0xf0, 0x9f, 0x98]), Buffer.from(`${end}`)]))
    const offset = Buffer.byteLength(head)
    expect(lines(run.stdout)[1]).toEqual({
      id: null,
      error: `the request line is not UTF-8: byte 0xf0 at offset ${offset} starts a sequence cut short by the end`,
    })
  })

  it('TW-PROTO-ERROR-1: a request line that starts with a byte-order mark is not JSON: an error with id null that names the mark', () => {
    const run = serve(Buffer.concat([Buffer.from(START), Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${call('1')}\n${call('2')}\n`)]))
    const [, refused, served] = lines(run.stdout)
    expect(refused).toEqual({ id: null, error: 'the request starts with a byte-order mark (EF BB BF), which JSON does not allow' })
    expect(served).toMatchObject({ id: 2, isError: false })
  })
})
