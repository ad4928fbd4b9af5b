// TW-CLI-3: this process's stdout and stderr as the commands write them (processSink): on the
// descriptor while it takes the text, through node's stream once it would block; a reader
// gone ends the command quietly, any other failure with one line on stderr.
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
    const written = writeFails('EPIPE')
    exits()
    expect(() => processSink(1).write('a')).toThrow('exit 0')
    expect(written.mock.calls).toEqual([[1, 'a']])
  })

  it('any other failure of stdout (a full disk): one line on stderr, status 2', () => {
    const written = vi.spyOn(fs, 'writeSync').mockImplementation((fd) => {
      if (fd === 1) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 })
      return 1
    })
    exits()
    expect(() => processSink(1).write('a')).toThrow('exit 2')
    expect(written.mock.calls).toEqual([
      [1, 'a'],
      [2, 'todo-write: cannot write stdout: no space left on device (ENOSPC)\n'],
    ])
  })

  it('a failure of stderr itself: status 2, nothing more written', () => {
    const written = writeFails('EIO')
    exits()
    expect(() => processSink(2).write('a')).toThrow('exit 2')
    expect(written.mock.calls).toEqual([[2, 'a']])
  })

  it('through node’s stream, the same: a reader gone, status 0; another failure, status 2', () => {
    const written = vi.spyOn(fs, 'writeSync').mockImplementation(() => 1)
    exits()
    processSink(2).useStream!()
    expect(() => process.stderr.emit('error', Object.assign(new Error('EPIPE'), { code: 'EPIPE' }))).toThrow('exit 0')
    expect(() => process.stderr.emit('error', Object.assign(new Error('EIO'), { code: 'EIO' }))).toThrow('exit 2')
    expect(written).not.toHaveBeenCalled()
  })
})

/** process.exit, which throws `exit <status>` instead of ending the test's process. */
const exits = () =>
  vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Error(`exit ${code}`)
  })
