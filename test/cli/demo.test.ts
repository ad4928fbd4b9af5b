// `todo-write demo`, in-process: its help, its refusals, and the command lines it shows.
// (test/e2e/demo.test.ts pastes those lines into sh, dash, bash and zsh.)
import { describe, expect, it } from 'vitest'
import { DEMO_HELP, demoCommand } from '../../src/cli/demo.js'
import { main } from '../../src/cli/cli.js'
import { run, sink, slowSink, source } from '../support/replay.js'

const USAGE = 'Run `todo-write --help` for usage.\n'

describe('todo-write demo: flags', () => {
  it('plays the session: six calls, each shown as a command line and the line it prints', async () => {
    const { status, stdout, stderr } = await run(['demo'])
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' })
    expect(stdout.split('\n').filter((line) => line.startsWith('$ '))).toHaveLength(6)
    expect(stdout).toMatch(/^One session fed all 6 calls logged 2 todo\/write events; current list:$/m)
  })

  it('waits for a slow stdout: no write while it asks to wait, everything taken before the status, the same text', async () => {
    const stdout = slowSink()
    const stderr = sink()
    expect(await main(['demo'], { stdin: source(), stdout, stderr })).toBe(0)
    expect(stdout.overruns).toBe(0)
    expect(stdout.writableLength).toBe(0)
    expect(stdout.text()).toBe((await run(['demo'])).stdout)
  })

  it('--help prints the demo usage and plays nothing', async () => {
    expect(await run(['demo', '--help'])).toEqual({ status: 0, stdout: DEMO_HELP + '\n', stderr: '' })
    expect(DEMO_HELP).toMatch(/^todo-write demo\n/)
    expect(DEMO_HELP).toContain('Plays 6 calls')
  })

  it('the overview lists demo', async () => {
    expect((await run(['--help'])).stdout).toMatch(/^ {2}todo-write demo {2,}play a short sample session$/m)
  })

  it('an unknown flag, or an argument, is a usage error: stderr, nothing on stdout, exit 2', async () => {
    expect(await run(['demo', '--bogus'])).toEqual({ status: 2, stdout: '', stderr: `todo-write: unknown flag "--bogus" for demo\n${USAGE}` })
    expect(await run(['demo', '-x'])).toEqual({ status: 2, stdout: '', stderr: `todo-write: unknown flag "-x" for demo\n${USAGE}` })
    expect(await run(['demo', 'again'])).toEqual({ status: 2, stdout: '', stderr: `todo-write: demo takes no argument, got "again"\n${USAGE}` })
  })
})

describe('todo-write demo: the command lines it shows', () => {
  it('feed the arguments through printf, never echo, each as one single-quoted word', () => {
    expect(demoCommand('{"todos":[{"content":"ship it\\n","status":"pending"}]}', true)).toBe(
      `printf '%s\\n' '{"todos":[{"content":"ship it\\n","status":"pending"}]}' | todo-write call`,
    )
    expect(demoCommand('{"todos":[]}', false)).toBe(`printf '%s\\n' '{"todos":[]}' | todo-write call --no-agent`)
  })

  it("a single quote inside the arguments closes the word, is escaped, and reopens it ('\\'')", () => {
    expect(demoCommand(`{"todos":[{"content":"it's","status":"pending"}]}`, true)).toBe(
      `printf '%s\\n' '{"todos":[{"content":"it'\\''s","status":"pending"}]}' | todo-write call`,
    )
  })

  it('every line the demo shows is such a command', async () => {
    const shown = (await run(['demo'])).stdout.split('\n').filter((line) => line.startsWith('$ '))
    for (const line of shown) expect(line).toMatch(/^\$ printf '%s\\n' '[^']*' \| todo-write call( --no-agent)?$/)
  })
})
