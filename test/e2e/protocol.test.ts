// spec/protocol.md's examples against `todo-write serve`, byte for byte: in-process through
// runServe, and once through the built command (TW-PROTO-FRAME-1: stdout is protocol only).
import { spawnSync } from 'node:child_process'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { runServe } from '../../src/cli/serve.js'
import { BIN } from '../support/cli.js'
import { protocolExamples } from '../support/spec.js'

const all = protocolExamples()

async function serve(input: string): Promise<{ status: number; stdout: string }> {
  const stdin = new PassThrough()
  const stdout = new PassThrough()
  const chunks: Buffer[] = []
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
  stdin.end(input)
  const status = await runServe([], stdin, stdout)
  return { status, stdout: Buffer.concat(chunks).toString('utf8') }
}

const requests = (example: (typeof all)[number]) => example.exchanges.map((e) => e.request + '\n').join('')
const responses = (example: (typeof all)[number]) => example.exchanges.map((e) => e.response + '\n').join('')

describe('spec/protocol.md examples against serve', () => {
  it('the document holds examples of the handshake, calls, end, stop and errors', () => {
    const named = new Set(all.flatMap((e) => e.rules))
    for (const id of ['TW-PROTO-START-1', 'TW-PROTO-CALL-1', 'TW-PROTO-END-1', 'TW-PROTO-STOP-1', 'TW-PROTO-ERROR-1']) expect(named).toContain(id)
  })

  it.each(all.map((example) => [`line ${example.line} (${example.rules.join(' ')})`, example] as const))('%s', async (_, example) => {
    const run = await serve(requests(example))
    expect(run.status).toBe(0)
    expect(run.stdout).toBe(responses(example))
  })
})

describe('todo-write serve as a command (TW-PROTO-FRAME-1, TW-PROTO-STOP-1)', () => {
  it('answers every line with one line on stdout, nothing else, and exits 0 at the end of stdin', () => {
    const example = all.find((e) => e.rules.includes('TW-PROTO-CALL-1'))!
    const run = spawnSync(process.execPath, [BIN, 'serve'], { input: requests(example), encoding: 'utf8', timeout: 60_000 })
    expect(run.status).toBe(0)
    expect(run.stdout).toBe(responses(example))
    expect(run.stderr).toBe('')
  })

  it('stops at "stop" even though more input follows', () => {
    const input = '{"id":0,"cmd":"start","protocol":1}\n{"id":1,"cmd":"stop"}\n{"id":2,"cmd":"end","session":"x"}\n'
    const run = spawnSync(process.execPath, [BIN, 'serve'], { input, encoding: 'utf8', timeout: 60_000 })
    expect(run.status).toBe(0)
    expect(
      run.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).id),
    ).toEqual([0, 1])
  })

  it('keeps U+2028 and U+0085 inside a request (they are not line breaks)', async () => {
    const args = JSON.stringify({ todos: [{ content: 'a\u2028b\u0085', status: 'pending' }] })
    const input = `{"id":0,"cmd":"start","protocol":1}\n${JSON.stringify({ id: 1, cmd: 'call', session: 's', args, agent: true, options: {} })}\n`
    expect(input).toContain('\u2028')
    const lines = (await serve(input)).stdout.split('\n').filter(Boolean)
    expect(lines).toHaveLength(2)
    expect(JSON.parse(lines[1]!).event.data.todos[0].content).toBe('a\u2028b\u0085')
  })
})
