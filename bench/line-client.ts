// A child process spoken to one line at a time: write a line, wait for the one line it
// answers (the protocol's "exactly one request in flight", spec/protocol.md).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'

export class LineClient {
  private readonly child: ChildProcessWithoutNullStreams
  private buffered = ''
  private waiting: ((line: string) => void) | null = null
  private readonly exited: Promise<number | null>

  constructor(command: string, args: string[]) {
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] })
    this.child.stdout.setEncoding('utf8')
    this.child.stdout.on('data', (chunk: string) => {
      this.buffered += chunk
      const end = this.buffered.indexOf('\n')
      if (end < 0) return
      const line = this.buffered.slice(0, end)
      this.buffered = this.buffered.slice(end + 1)
      const waiting = this.waiting
      this.waiting = null
      waiting?.(line)
    })
    let stderr = ''
    this.child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)))
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)))
    void this.exited.then((code) => {
      if (this.waiting) throw new Error(`${command} ${args.join(' ')} exited (${code}) while a line was awaited: ${stderr}`)
    })
  }

  /** Send one line, resolve with the line answered. */
  request(line: string): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = resolve
      this.child.stdin.write(line + '\n')
    })
  }

  /** Close stdin and wait for the exit status. */
  async close(): Promise<number | null> {
    this.child.stdin.end()
    return this.exited
  }
}
