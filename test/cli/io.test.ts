// TW-CLI-3: this process's stdout and stderr as the commands write them (processSink): on the
// descriptor while it takes the text, through node's stream once it would block, and a
// reader gone ends the command quietly.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { processSink } from '../../src/cli/io.js'

const fs = process.getBuiltinModule('node:fs')
const writeFails = (code: string) =>
  vi.spyOn(fs, 'writeSync').mockImplementation(() => {
    throw Object.assign(new Error(code), { code })
  })

describe('processSink', () => {
  // A sink that hands over to node's stream listens for its errors: removed after each test.
  const listeners = process.stderr.listeners('error')
  afterEach(() => {
    vi.restoreAllMocks()
    for (const listener of process.stderr.listeners('error')) if (!listeners.includes(listener)) process.stderr.off('error', listener as () => void)
  })

  it('writes on the descriptor, whole', () => {
    const written = vi.spyOn(fs, 'writeSync').mockImplementation((_fd, text) => Buffer.byteLength(text as string))
    const stream = vi.spyOn(process.stderr, 'write')
    expect(processSink(2).write('todo-write 0.1.0\n')).toBe(true)
    expect(written.mock.calls).toEqual([[2, 'todo-write 0.1.0\n']])
    expect(stream).not.toHaveBeenCalled()
  })

  it('a descriptor that takes part of a text: the rest, and every text after, through node’s stream', () => {
    const written = vi.spyOn(fs, 'writeSync').mockImplementation(() => 2)
    const stream = vi.spyOn(process.stderr, 'write').mockImplementation(() => false)
    const sink = processSink(2)
    expect(sink.write('aé b')).toBe(false)
    expect(sink.write('c')).toBe(false)
    expect(written).toHaveBeenCalledTimes(1)
    // The rest starts inside "é": the bytes after the two taken.
    expect(stream.mock.calls.map(([text]) => Buffer.from(text as Uint8Array))).toEqual([Buffer.from('aé b').subarray(2), Buffer.from('c')])
  })

  it('a descriptor that would block (EAGAIN): the text, and every one after, through node’s stream, whose drain it waits for', () => {
    const written = writeFails('EAGAIN')
    const stream = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const drain = vi.spyOn(process.stderr, 'once')
    const sink = processSink(2)
    expect(sink.write('a')).toBe(true)
    expect(sink.write('b')).toBe(true)
    expect(written).toHaveBeenCalledTimes(1)
    expect(stream.mock.calls.map(([text]) => text)).toEqual(['a', 'b'])
    const listener = () => undefined
    sink.once('drain', listener)
    expect(drain).toHaveBeenCalledWith('drain', listener)
  })

  it('after useStream, every text through node’s stream', () => {
    const written = vi.spyOn(fs, 'writeSync')
    const stream = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const sink = processSink(2)
    sink.useStream!()
    expect(sink.write('a')).toBe(true)
    expect(written).not.toHaveBeenCalled()
    expect(stream).toHaveBeenCalledWith('a')
  })

  it('on Windows, node’s stream: it writes a console in UTF-16', () => {
    const written = vi.spyOn(fs, 'writeSync')
    const stream = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!
    Object.defineProperty(process, 'platform', { ...platform, value: 'win32' })
    try {
      expect(processSink(2).write('é')).toBe(true)
    } finally {
      Object.defineProperty(process, 'platform', platform)
    }
    expect(written).not.toHaveBeenCalled()
    expect(stream).toHaveBeenCalledWith('é')
  })

  it('a reader gone (EPIPE): the process ends with status 0, nothing more written', () => {
    writeFails('EPIPE')
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`)
    })
    expect(() => processSink(2).write('a')).toThrow('exit 0')
    expect(exit).toHaveBeenCalledWith(0)
  })

  it('any other failure is thrown as it is', () => {
    writeFails('EIO')
    expect(() => processSink(2).write('a')).toThrow('EIO')
  })
})
