// Values nested 10^5 levels deep: JSON.parse takes any depth, JSON.stringify throws from
// about 10^4 levels. Each place that meets such a value checks it without a stack overflow
// (the tool's copy) or writes it whole, as JSON.stringify would if it could, and answers
// instead of crashing. Not in the mutation gate: a mutant that loops forever is stopped
// after 100 times the hits its code had in the dry run, and these values make that
// hundreds of millions of steps (docs/mutation-testing.md).
import { describe, expect, it } from 'vitest'
import { ProtocolServer } from '../../src/kit/reference.js'
import { UNWRITABLE, jsonText, writeJson } from '../../src/log/json.js'
import { callTodoWrite } from '../../src/core/call.js'
import { MemorySession } from '../../src/log/events.js'
import { MAX_ANSWER_DEPTH, nestedDeeperThan } from '../../src/kit/protocol.js'
import { Config } from '../../src/plugin.js'
import { hostileRequests } from '../../fixtures/generators.js'
import { ASSUMED, HEADER, run, WARN } from '../support/replay.js'

const DEEP = '['.repeat(100_000) + ']'.repeat(100_000)
const CYCLIC: Record<string, unknown> = {}
CYCLIC.self = CYCLIC

describe('jsonText', () => {
  it('is JSON.stringify where that can write the value, "undefined" where it writes nothing', () => {
    expect(jsonText({ a: [1, '\ud800'] })).toBe('{"a":[1,"\\ud800"]}')
    expect(jsonText('x')).toBe('"x"')
    expect(jsonText(undefined)).toBe('undefined')
  })

  it('writes 10^5 levels whole, byte for byte', () => {
    expect(jsonText(JSON.parse(DEEP))).toBe(DEEP)
  })

  it('describes what no JSON writer can write, a cycle or a BigInt, in these words', () => {
    expect(UNWRITABLE).toBe('(a value JSON cannot write: cyclic or a BigInt)')
    for (const value of [CYCLIC, 1n]) expect(jsonText(value)).toBe(UNWRITABLE)
  })
})

describe('the deepest values the tool and the writer meet', () => {
  it('a cycle or a BigInt 10^5 levels down throws as JSON.stringify would; jsonText describes it', () => {
    const cyclic: unknown[] = []
    cyclic.push(cyclic)
    for (const inner of [cyclic, [1n]]) {
      let value: unknown = inner
      for (let i = 0; i < 100_000; i++) value = [value]
      expect(() => writeJson(value)).toThrow(TypeError)
      expect(jsonText(value)).toBe(UNWRITABLE)
    }
  })

  it('TW-JSON-2: an extra value 10^5 levels deep is checked without a stack overflow', () => {
    const answer = (args: unknown) => callTodoWrite(args, { agent: { session: new MemorySession() } }).text
    let deep: unknown = 0
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(answer({ todos: [{ content: 'a', status: 'pending', deep }] })).toBe('Updated todo list: 1 pending, 0 in progress, 0 completed.')
    expect(answer({ todos: [{ content: 'a', status: 'pending', deep: [deep, -0] }] })).toBe(
      'Error: tool execution arguments must be losslessly JSON-serializable',
    )
  })
})

describe('todo-write replay: JSON of any depth', () => {
  it('a current list holding a value nested 10^5 deep is written whole, byte for byte', async () => {
    const log = HEADER + `{"type":"todo/write","seq":0,"time":0,"data":{"todos":[{"content":"a","status":"pending","x":${DEEP}}]}}\n`
    const { status, stdout } = await run(['replay', '-'], log)
    expect(status).toBe(0)
    expect(stdout).toBe(`[{"content":"a","status":"pending","x":${DEEP}}]\n`)
  })

  it('under --verify, a header and a tool/result holding a value nested 10^5 deep are line problems and mismatches, written whole', async () => {
    const callLine = '{"type":"tool/call","seq":0,"time":0,"data":{"callId":"c","name":"todo_write","arguments":"{}"}}\n'
    const deepHeader = HEADER.replace('"version":0', `"version":${DEEP}`)
    expect(await run(['replay', '--verify', '-'], deepHeader + callLine)).toEqual({
      status: 1,
      stdout: 'seq 0: call "c": no tool/result logged\nverify: 1 todo_write call, 1 mismatch\n',
      // The log states no todo_write policy (TW-VERIFY-5): the note comes before the warning.
      stderr: `todo-write: line 1: wrong header: version must be 0, got ${DEEP}\n${ASSUMED}${WARN('1 problem')}`,
    })
    const resultLine = `{"type":"tool/result","seq":1,"time":0,"data":{"callId":"c","isError":${DEEP},"content":[]}}\n`
    const { status, stdout, stderr } = await run(['replay', '--verify', '-'], HEADER + callLine + resultLine)
    expect({ status, stderr }).toEqual({ status: 1, stderr: ASSUMED })
    expect(stdout.startsWith(`seq 1: call "c": isError ${DEEP}, the reference says true\n`)).toBe(true)
  })
})

describe('TW-KIT-COMPARE-1: the depth of an answer the kit compares', () => {
  const nested = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels))
  it('1,000 levels are compared, 1,001 are not; scalars are level 0', () => {
    expect(MAX_ANSWER_DEPTH).toBe(1000)
    expect(nestedDeeperThan(nested(1000), 1000)).toBe(false)
    expect(nestedDeeperThan(nested(1001), 1000)).toBe(true)
    expect(nestedDeeperThan(JSON.parse(DEEP), 1000)).toBe(true)
    expect(nestedDeeperThan('x', 0)).toBe(false)
    expect(nestedDeeperThan({ a: [1, { b: null }] }, 3)).toBe(false)
    expect(nestedDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true)
  })
})

describe('the protocol server and the plugin config', () => {
  it('the protocol server answers every hostile request and keeps serving', () => {
    const server = new ProtocolServer()
    server.handle('{"id":0,"cmd":"start","protocol":1}')
    for (const request of hostileRequests()) {
      const { response } = server.handle(request.line)
      if (request.answer === 'error') expect(typeof response.error, request.label).toBe('string')
      else expect(response.text, request.label).toBe('Error: invalid arguments: "arguments" must be an object')
    }
    const { response } = server.handle('{"id":9,"cmd":"call","session":"s","args":"{\\"todos\\":[]}","agent":true,"options":{}}')
    expect(response.text).toBe('Updated todo list: 0 pending, 0 in progress, 0 completed.')
  })

  it('an option value nested 10^5 deep is named as one JSON cannot write; the kit messages quote the value whole', () => {
    const server = new ProtocolServer()
    server.handle('{"id":0,"cmd":"start","protocol":1}')
    const { response } = server.handle(`{"id":1,"cmd":"call","session":"s","args":"{}","agent":true,"options":{"unknownItemKeys":${DEEP}}}`)
    // Options are read by the core, which holds no deep writer (JSON.stringify throws past ~10^4 levels).
    expect(response).toEqual({ id: 1, error: 'unknownItemKeys must be "drop" or "reject", got (a value JSON cannot write)' })
    expect(server.handle(`{"id":2,"cmd":${DEEP}}`).response).toEqual({ id: 2, error: `unknown command ${DEEP}` })
    expect(server.handle(`{"id":3,"cmd":"start","protocol":${DEEP}}`).response).toEqual({
      id: 3,
      error: `protocol ${DEEP} is not spoken here; this port speaks 1`,
    })
  })

  it('TW-PLUGIN-3: a config nested 10^5 deep, or cyclic, is refused with a message that names it, never a crash', () => {
    const deep = JSON.parse(DEEP) as unknown
    // Values no config type allows: what a config file may hold all the same.
    const resolve = Config as (config: unknown) => unknown
    expect(() => resolve({ allowParallelInProgress: deep })).toThrow('tool-todo: allowParallelInProgress must be a boolean, got (a value JSON cannot write)')
    expect(() => resolve(deep)).toThrow('tool-todo: options must be an object, got (a value JSON cannot write)')
    expect(() => resolve({ allowParallelInProgress: CYCLIC })).toThrow('tool-todo: allowParallelInProgress must be a boolean, got (a value JSON cannot write)')
    expect(() => resolve(CYCLIC)).toThrow(TypeError)
  })
})
