// A port under test as a subprocess speaking the protocol: spawn, handshake, requests
// answered in order, each with a timeout, stderr kept for reports; a port that hangs, exits
// or prints a non-protocol line is killed and restarted, and given up on past a budget
// (TW-KIT-FAULT-1). Requests go out without waiting for the answers before them
// (TW-PROTO-FRAME-1): waiting would cost two process switches a request.
import { spawn, type ChildProcess } from 'node:child_process'
import { LineSplitter, strictUtf8, type ByteLine } from '../log/lines.js'
import { encodeLine, PROTOCOL_VERSION, readResponse, shown, startProblem, type Implementation, type Request, type RequestBody } from './protocol.js'

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
 * Kills a port's whole process group (spawned detached, its group id is its pid), helpers
 * and a shell wrapper's children included; once more the moment the leader exits. Linux
 * does not reuse a pid that is still a living group's id, so it cannot name a stranger.
 */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // No such group left (or not ours to signal): the leader alone, if it still runs.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
}

const living = new Set<ChildProcess>()
/** Kill every port still running, with its process group (the kit's exit and signal handlers call this). */
export const killAll = (): void => living.forEach(killGroup)
process.once('exit', killAll)

/** The id a line that is a JSON object carries; undefined for any other line. */
const idOf = (line: string): unknown => {
  try {
    return (JSON.parse(line) as { id?: unknown } | null)?.id
  } catch {
    return undefined
  }
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null }

/** What `promise` gives, or null when it has not settled after `timeoutMs`. */
async function within<T>(promise: Promise<T>, timeoutMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)))
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** A request sent and not answered yet; it is timed once the requests before it are answered. */
type Waiting = {
  id: number | null
  orNull: boolean
  what: string
  timeoutMs: number
  resolve(v: Record<string, unknown>): void
  reject(e: PortFault): void
  timer?: NodeJS.Timeout
}

/** One live subprocess: lines in, lines out, each answer to the oldest request waiting. */
export class Process {
  readonly child: ChildProcess
  /** Settles when the process has exited (its group killed with it). */
  readonly exited: Promise<Exit>
  // No limit on a complete line: the line held is checked against LINE_MAX after each chunk.
  private readonly lines = new LineSplitter(Infinity, (line, terminated): ByteLine => line.finishBytes(terminated))
  private stderr = ''
  private fault: string | null = null
  /** Whether the first fault came after the last answer: while no request waited, or as a second answer. */
  private unasked = false
  private answered: number | null = null
  /** The requests sent and not answered, oldest first. */
  private readonly queue: Waiting[] = []
  /** Once the leader has exited and its group was killed, its pid is no longer ours to signal. */
  private ended = false

  constructor(options: PortOptions) {
    const [file, ...args] = options.command
    this.child = spawn(file!, args, { stdio: ['pipe', 'pipe', 'pipe'], env: options.env ?? process.env, cwd: options.cwd, detached: true })
    living.add(this.child)
    this.child.stdout!.on('data', (chunk: Buffer) => this.onStdout(chunk))
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEEP)))
    this.child.stdin!.on('error', () => {}) // EPIPE after an exit: the exit itself is reported
    this.child.on('error', (error) => this.broken(`could not be started: ${error.message}`))
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        living.delete(this.child)
        killGroup(this.child) // helpers die with their port
        this.ended = true
        resolve({ code, signal })
        // Output already in the pipe arrives before the exit is called one; then the pipes go:
        // a helper outside the group (setsid) may hold them open (TW-KIT-FAULT-1).
        setTimeout(() => {
          this.broken(signal ? `was killed by ${signal}` : `exited with status ${code}`)
          this.child.stdout!.destroy()
          this.child.stderr!.destroy()
        }, 50)
      })
      // A process that never started never exits.
      this.child.on('error', () => resolve({ code: null, signal: null }))
    })
  }

  get stderrTail(): string {
    return this.stderr.split('\n').slice(-12).join('\n').trimEnd()
  }

  /**
   * The stderr tail once the process is gone and its pipe has given what it held: a port's
   * last words may still be in the pipe when its stdout shows the fault (at most a second).
   */
  async lastWords(): Promise<string> {
    this.kill()
    const stderr = this.child.stderr!
    if (!stderr.closed) await within(new Promise((resolve) => stderr.once('close', resolve)), 1000)
    return this.stderrTail
  }

  private onStdout(chunk: Buffer): void {
    for (const read of this.lines.push(chunk)) {
      if (this.fault !== null) return
      // A run of empty lines: the first is already no response.
      this.onLine(read.kind === 'line' ? read.bytes : new Uint8Array())
    }
    if (this.lines.held > LINE_MAX) this.broken(`printed more than ${LINE_MAX} bytes without a line feed`)
  }

  private onLine(raw: Uint8Array): void {
    let line: string
    try {
      line = strictUtf8(raw)
    } catch {
      this.broken(`printed a line that is not UTF-8: ${shown(Buffer.from(raw).toString('latin1'), 200)}`)
      return
    }
    const waiting = this.queue[0]
    const response = waiting ? readResponse(line, waiting.id, waiting.orNull) : `printed a line while no request was waiting: ${shown(line, 200)}`
    if (typeof response === 'string') {
      // The request answered last, answered again: its fault, even while the next one waits.
      if (waiting && this.answered !== null && idOf(line) === this.answered) this.broken(`answered request ${this.answered} again: ${shown(line, 200)}`, true)
      else this.broken(response)
      return
    }
    this.answered = waiting!.id
    this.settle()?.resolve(response)
  }

  /** The oldest request, answered or failed: the next one's time starts. */
  private settle(): Waiting | undefined {
    const waiting = this.queue.shift()
    clearTimeout(waiting?.timer)
    this.timeOldest()
    return waiting
  }

  private timeOldest(): void {
    const oldest = this.queue[0]
    if (oldest === undefined || oldest.timer !== undefined) return
    oldest.timer = setTimeout(() => this.broken(`did not answer ${oldest.what} within ${oldest.timeoutMs} ms ${this.heard()}`), oldest.timeoutMs)
  }

  /** Record the first fault, fail every request waiting, and kill the process group. */
  broken(message: string, late = this.queue.length === 0): void {
    if (this.fault === null) {
      this.fault = message
      this.unasked = late
    }
    for (const waiting of this.queue.splice(0)) {
      clearTimeout(waiting.timer)
      waiting.reject(new PortFault(this.fault, this.stderrTail))
    }
    this.kill()
  }

  request(request: Request, timeoutMs: number): Promise<Record<string, unknown>> {
    return this.send(encodeLine(request), request.id, JSON.stringify(request.cmd), timeoutMs)
  }

  /**
   * Send one line, whatever it holds, and wait for the response carrying `id` (null for an
   * id the port cannot read, TW-PROTO-ERROR-1; `orNull`: either), after the answers to the
   * requests sent before it. The lines sent in one turn of the event loop go in one write.
   */
  send(line: string | Buffer, id: number | null, what: string, timeoutMs: number, orNull = false): Promise<Record<string, unknown>> {
    if (this.fault !== null) return Promise.reject(new PortFault(this.fault, this.stderrTail))
    return new Promise((resolve, reject) => {
      this.queue.push({ id, orNull, what, timeoutMs, resolve, reject })
      this.timeOldest()
      const stdin = this.child.stdin!
      if (stdin.writableCorked === 0) {
        stdin.cork()
        process.nextTick(() => stdin.uncork())
      }
      stdin.write(line)
    })
  }

  /** What came of an answer that is late: part of its line, or nothing (a port that waits to fill a read buffer, or holds its output unflushed). */
  private heard(): string {
    const held = this.lines.held
    return held > 0 ? `(${held} bytes came, with no line feed)` : '(nothing came: a port answers each line as it comes, and flushes)'
  }

  /** The end of input (TW-PROTO-STOP-1). */
  endInput(): void {
    this.child.stdin!.end()
  }

  /** How the process ended, or null when it still runs after `timeoutMs`. */
  exit(timeoutMs: number): Promise<Exit | null> {
    return within(this.exited, timeoutMs)
  }

  /** Kill the process group, unless it is already gone. */
  kill(): void {
    if (!this.ended) killGroup(this.child)
  }

  get alive(): boolean {
    return this.fault === null
  }

  /** The fault seen after the last answer, before any other request: null when there is none. */
  get faultAfterAnswer(): string | null {
    return this.unasked ? this.fault : null
  }
}

/** A fault a port showed after it had answered a case's last request, and that case. */
export type LateFault = { caseId: string; message: string }

/** The port across restarts: requests start it on demand; faults restart it, then give up. */
export class Port {
  private process: Process | null = null
  /** The running process once its handshake is done: every request sent meanwhile waits for it. */
  private started: Promise<Process> | null = null
  private nextId = 0
  restarts = 0
  /** Restarts allowed before giving up: --max-restarts, raised once for shrinking. */
  private budget: number
  /** Why the port was given up on (every later request fails at once), and its stderr then. */
  givenUp: string | null = null
  givenUpStderr = ''
  implementation: Implementation | null = null
  /** The case whose requests are being sent (the runner sets it), and the case of the last answer. */
  caseId = ''
  private answeredFor = ''
  private late: LateFault[] = []

  constructor(readonly options: PortOptions) {
    this.budget = options.maxRestarts
  }

  /** Shrinking has begun: each smaller input that still crashes the port costs a restart; 10 × --max-restarts more, so shrinking can finish (TW-KIT-FAULT-1). */
  shrinking(): void {
    this.budget = this.restarts + 10 * this.options.maxRestarts
  }

  private async start(): Promise<Process> {
    this.nextId = 0
    const process = new Process(this.options)
    this.process = process
    let response: Record<string, unknown>
    try {
      response = await process.request({ id: this.nextId++, cmd: 'start', protocol: PROTOCOL_VERSION }, this.options.startTimeoutMs)
    } catch (error) {
      // A port that cannot finish the handshake will not finish it next time either.
      throw await this.giveUp(`failed the start handshake: it ${(error as PortFault).message}`, process)
    }
    const started = startProblem(response)
    if (typeof started === 'string') throw await this.giveUp(`failed the start handshake: it ${started}`, process)
    this.implementation = started
    return process
  }

  private async giveUp(message: string, process: Process): Promise<PortFault> {
    this.givenUp = message
    this.givenUpStderr = await process.lastWords()
    return new PortFault(message, this.givenUpStderr)
  }

  /** The running process, started (or restarted after a fault) when there is none. */
  private async running(): Promise<Process> {
    if (this.givenUp !== null) throw new PortFault(`was given up on: it ${this.givenUp}`, '')
    if (this.process && !this.process.alive) {
      this.noteLateFault(this.process)
      if (this.restarts >= this.budget) {
        const budget = this.budget === this.options.maxRestarts ? 'the budget (--max-restarts)' : 'the budget while shrinking'
        throw await this.giveUp(`kept failing: ${this.restarts} restarts, ${budget}`, this.process)
      }
      this.restarts++
      this.process = null
    }
    // start() sets this.process at once: the requests of a case that find none share one start.
    if (this.process === null) this.started = this.start()
    return this.started!
  }

  /** A fault after the last answer, while no request waited (a second answer, an exit): the case of that answer fails by name, not a silent restart (TW-KIT-FAULT-1). */
  private noteLateFault(process: Process): void {
    const message = process.faultAfterAnswer
    if (message !== null && this.answeredFor !== '') this.late.push({ caseId: this.answeredFor, message })
    this.answeredFor = ''
  }

  /** The late faults seen since the last call, oldest first; the current process's too, if it has one now. */
  takeLateFaults(): LateFault[] {
    if (this.process && !this.process.alive) this.noteLateFault(this.process)
    const late = this.late
    this.late = []
    return late
  }

  /** Whether the running process broke: the next request restarts it, or gives the port up. */
  get broken(): boolean {
    return this.process !== null && !this.process.alive
  }

  /** End the running process, not counted as a restart, its faults not looked at: it ran requests whose answers no longer matter. */
  discard(): void {
    this.process?.kill()
    this.process = null
  }

  /** Start the port and complete the handshake; false when it cannot be started (it is then given up on). */
  async begin(): Promise<boolean> {
    try {
      await this.running()
      return true
    } catch (error) {
      if (error instanceof PortFault) return false
      throw error
    }
  }

  /** Send one request (ids are assigned here) and return its response object. */
  request(request: Exclude<RequestBody, { cmd: 'start' }>): Promise<Record<string, unknown>> {
    return this.requestLine((id) => JSON.stringify({ ...request, id }), 'id', JSON.stringify(request.cmd))
  }

  /**
   * Send the line `line(id)` builds with the next id (text, or bytes that are not UTF-8 on
   * purpose), without its line feed; the response must carry that id (`'id'`), null, or either.
   */
  async requestLine(line: (id: number) => string | Buffer, answersWith: 'id' | null | 'id or null', what: string): Promise<Record<string, unknown>> {
    const process = await this.running()
    const id = this.nextId++
    const sent = line(id)
    const framed = typeof sent === 'string' ? sent + '\n' : Buffer.concat([sent, Buffer.from('\n')])
    const response = await process.send(framed, answersWith === null ? null : id, what, this.options.timeoutMs, answersWith === 'id or null')
    this.answeredFor = this.caseId
    return response
  }

  /** Ask the port to stop, then make sure it is gone, with its process group. */
  async close(): Promise<void> {
    const process = this.process
    this.process = null
    if (!process) return
    if (process.alive && this.givenUp === null) {
      try {
        await process.request({ id: this.nextId++, cmd: 'stop' }, this.options.timeoutMs)
        process.endInput()
        await process.exit(this.options.timeoutMs)
      } catch {
        // A port that fails to stop is killed below; the cases already have their results.
      }
    }
    process.kill()
    this.noteLateFault(process)
  }
}
