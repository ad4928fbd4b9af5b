// A port under test as a subprocess speaking the protocol: spawn, handshake, one request
// at a time with a timeout, stderr kept for reports; a port that hangs, exits or prints a
// non-protocol line is killed and restarted, and given up on past a budget (TW-KIT-FAULT-1).
import { spawn, type ChildProcess } from 'node:child_process'
import { encodeLine, PROTOCOL_VERSION, responseProblem, shown, startProblem, type Implementation, type Request, type RequestBody } from './protocol.js'

export interface PortOptions {
  command: readonly string[]
  /** Milliseconds a port has to answer one request. */
  timeoutMs: number
  /** Milliseconds a freshly started port has to answer `start` (start-up can be slow). */
  startTimeoutMs: number
  /** Restarts after a fault before the port is given up on. */
  maxRestarts: number
  env?: NodeJS.ProcessEnv
  cwd?: string
}

/** A port that broke the protocol: hung, exited, printed garbage, or cannot start. */
export class PortFault extends Error {
  constructor(
    message: string,
    readonly stderrTail: string,
  ) {
    super(message)
    this.name = 'PortFault'
  }
}

const STDERR_KEEP = 4000
const LINE_MAX = 16 * 1024 * 1024

/**
 * Kills the port's whole process group (it was spawned detached, as a group leader), so a
 * shell wrapper's children die too. Only while the leader runs: once it has exited, its
 * id may be reused by a process that is none of ours.
 */
function kill(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    child.kill('SIGKILL')
  }
}

const living = new Set<ChildProcess>()
/** Kill every port still running (the kit's exit and signal handlers call this). */
export const killAll = (): void => living.forEach(kill)
process.once('exit', killAll)
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** One live subprocess: lines in, lines out, one request in flight. */
class Process {
  readonly child: ChildProcess
  private buffered = ''
  private stderr = ''
  private fault: string | null = null
  private waiting: { id: number; resolve(v: Record<string, unknown>): void; reject(e: PortFault): void; timer: NodeJS.Timeout } | null = null

  constructor(options: PortOptions) {
    const [file, ...args] = options.command
    this.child = spawn(file!, args, { stdio: ['pipe', 'pipe', 'pipe'], env: options.env ?? process.env, cwd: options.cwd, detached: true })
    living.add(this.child)
    this.child.stdout!.on('data', (chunk: Buffer) => this.onStdout(chunk))
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEEP)))
    this.child.stdin!.on('error', () => {}) // EPIPE after an exit: the exit itself is reported
    this.child.on('error', (error) => this.broken(`could not be started: ${error.message}`))
    this.child.on('exit', (code, signal) => {
      living.delete(this.child)
      // Let output already in the pipe arrive before calling it an exit.
      setTimeout(() => this.broken(signal ? `was killed by ${signal}` : `exited with status ${code}`), 50)
    })
  }

  get stderrTail(): string {
    return this.stderr.split('\n').slice(-12).join('\n').trimEnd()
  }

  private onStdout(chunk: Buffer): void {
    const lines = (this.buffered + chunk.toString('latin1')).split('\n')
    this.buffered = lines.pop()!
    if (this.buffered.length > LINE_MAX) return this.broken(`printed more than ${LINE_MAX} bytes without a line feed`)
    for (const raw of lines) {
      let line: string
      try {
        line = utf8.decode(Buffer.from(raw, 'latin1'))
      } catch {
        return this.broken(`printed a line that is not UTF-8: ${shown(raw, 200)}`)
      }
      const waiting = this.waiting
      const problem = waiting ? responseProblem(line, waiting.id) : `printed a line while no request was waiting: ${shown(line, 200)}`
      if (problem) return this.broken(problem)
      this.settle()?.resolve(JSON.parse(line) as Record<string, unknown>)
    }
  }

  private settle() {
    const waiting = this.waiting
    if (waiting) clearTimeout(waiting.timer)
    this.waiting = null
    return waiting
  }

  /** Record the first fault, fail the request in flight, and kill the process. */
  broken(message: string): void {
    if (this.fault === null) this.fault = message
    this.settle()?.reject(new PortFault(this.fault, this.stderrTail))
    kill(this.child)
  }

  request(request: Request, timeoutMs: number): Promise<Record<string, unknown>> {
    if (this.fault !== null) return Promise.reject(new PortFault(this.fault, this.stderrTail))
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.broken(`did not answer ${JSON.stringify(request.cmd)} within ${timeoutMs} ms`), timeoutMs)
      this.waiting = { id: request.id, resolve, reject, timer }
      this.child.stdin!.write(encodeLine(request))
    })
  }

  get alive(): boolean {
    return this.fault === null
  }
}

/** The port across restarts: requests start it on demand; faults restart it, then give up. */
export class Port {
  private process: Process | null = null
  private nextId = 0
  private restarts = 0
  /** Why the port was given up on; every later request fails at once with it. */
  givenUp: string | null = null
  /** The tail of stderr when the port was given up on. */
  givenUpStderr = ''
  implementation: Implementation | null = null

  constructor(readonly options: PortOptions) {}

  private async start(): Promise<Process> {
    this.nextId = 0
    const process = new Process(this.options)
    this.process = process
    let response: Record<string, unknown>
    try {
      response = await process.request({ id: this.nextId++, cmd: 'start', protocol: PROTOCOL_VERSION }, this.options.startTimeoutMs)
    } catch (error) {
      // A port that cannot finish the handshake will not finish it next time either.
      throw this.giveUp(`failed the start handshake: it ${(error as PortFault).message}`, (error as PortFault).stderrTail)
    }
    const started = startProblem(response)
    if (typeof started === 'string') throw this.giveUp(`failed the start handshake: it ${started}`, process.stderrTail)
    this.implementation = started
    return process
  }

  private giveUp(message: string, stderrTail: string): PortFault {
    this.givenUp = message
    this.givenUpStderr = stderrTail
    if (this.process) kill(this.process.child)
    return new PortFault(message, stderrTail)
  }

  /** Send one request (ids are assigned here) and return its response object. */
  async request(request: Exclude<RequestBody, { cmd: 'start' }>): Promise<Record<string, unknown>> {
    if (this.givenUp !== null) throw new PortFault(`was given up on: it ${this.givenUp}`, '')
    if (this.process && !this.process.alive) {
      if (this.restarts >= this.options.maxRestarts) throw this.giveUp(`kept failing: ${this.restarts} restarts, the budget (--max-restarts)`, this.process.stderrTail)
      this.restarts++
      this.process = null
    }
    const process = this.process ?? (await this.start())
    return process.request({ ...request, id: this.nextId++ } as Request, this.options.timeoutMs)
  }

  /** Ask the port to stop, then make sure it is gone. */
  async close(): Promise<void> {
    const process = this.process
    this.process = null
    if (!process) return
    if (process.alive && this.givenUp === null) {
      const exited = new Promise((resolve) => process.child.once('exit', resolve))
      try {
        await process.request({ id: this.nextId++, cmd: 'stop' }, this.options.timeoutMs)
        process.child.stdin!.end()
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, this.options.timeoutMs).unref())])
      } catch {
        // A port that fails to stop is killed below; the cases already have their results.
      }
    }
    kill(process.child)
  }

  get restartCount(): number {
    return this.restarts
  }
}
