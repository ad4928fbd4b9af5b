// What a conform run tells its user (TW-KIT-REPORT-1): progress on a terminal, a JSON
// report file, and the last line `N passed, N failed`.
import type { ProfileName } from '../core/options.js'
import { closeSync, constants, fstatSync, ftruncateSync, openSync, statSync, writeSync } from 'node:fs'
import { terminalSafe } from '../log/render.js'
import { PROTOCOL_VERSION } from './protocol.js'
import { ARGS_NOTATION } from './compare.js'
import type { PortRun } from './runner.js'
import { asciiJson, type Suite } from './vectors.js'

/** Where the kit's text goes: each write resolves once the stream can take more. */
export interface Writer {
  write(text: string): Promise<void>
}

/**
 * A one-line progress display on stderr: `line(label)` shows steps under a label, every label
 * that has a step in progress side by side (ports run at once); `clear()` wipes it before
 * every line the kit prints. Steps are awaited like lines: on a pipe
 * (`--progress 2>&1 | less`) a paused reader pauses the run rather than let steps pile up.
 */
export class Progress {
  private shown = false
  private readonly steps = new Map<string, string>()

  constructor(
    private readonly stream: { columns?: number },
    private readonly out: Writer,
    readonly enabled: boolean,
  ) {}

  line(label: string): (text: string) => Promise<void> {
    return async (text) => {
      if (!this.enabled) return
      if (text === '') this.steps.delete(label)
      else this.steps.set(label, text)
      if (this.steps.size === 0) return this.clear()
      const all = [...this.steps].map(([name, step]) => `[${name}] ${step}`).join('  ')
      const line = terminalSafe(all).slice(0, Math.max(20, (this.stream.columns ?? 80) - 1))
      this.shown = true
      await this.out.write(`\r\x1b[K${line}`)
    }
  }

  async clear(): Promise<void> {
    if (!this.shown) return
    this.shown = false
    await this.out.write('\r\x1b[K')
  }
}

/**
 * The reports of ports that run at once, each whole and in the order of the ports: the first
 * unfinished port's lines go out as they come (awaited, so a slow reader slows it), a later
 * port's wait in memory until every port before it is done.
 */
export class OrderedReports {
  private readonly held: string[][]
  private readonly done: boolean[]
  private turn = 0
  private chain: Promise<void> = Promise.resolve()

  constructor(
    private readonly print: (line: string) => Promise<void>,
    ports: number,
  ) {
    this.held = Array.from({ length: ports }, () => [])
    this.done = Array.from({ length: ports }, () => false)
  }

  /** How port `index` prints a line. */
  printer(index: number): (line: string) => Promise<void> {
    return (line) => {
      this.held[index]!.push(line)
      return index === this.turn ? this.flush() : Promise.resolve()
    }
  }

  /** Port `index` printed its last line: the next port's lines follow. */
  finish(index: number): Promise<void> {
    this.done[index] = true
    return this.flush()
  }

  /** One flush at a time, in the order asked, so lines never overtake each other. */
  private flush(): Promise<void> {
    this.chain = this.chain.then(async () => {
      while (this.turn < this.held.length) {
        const lines = this.held[this.turn]!
        while (lines.length > 0) await this.print(lines.shift()!)
        if (!this.done[this.turn]) return
        this.turn++
      }
    })
    return this.chain
  }
}

/** A port's command, short enough for a progress line: paths by their last part. */
export const commandLabel = (command: readonly string[]): string => {
  const label = command.map((arg) => (arg.includes('/') && !arg.endsWith('/') ? arg.slice(arg.lastIndexOf('/') + 1) : arg)).join(' ')
  return label.length > 40 ? label.slice(0, 39) + '…' : label
}

export interface RunSettings {
  seed: number
  runs: number
  /** The profiles the fuzzer draws deployments from. */
  profiles: readonly ProfileName[]
  timeoutMs: number
  startTimeoutMs: number
  maxRestarts: number
}

/** The header line naming everything needed to reproduce the run. */
export const header = (suite: Suite, settings: RunSettings, fuzzing: boolean): string =>
  `todo-write conform: protocol ${PROTOCOL_VERSION}, vectors ${suite.version} (${suite.spec.path} ${suite.spec.version}, sha256 ${suite.spec.sha256.slice(0, 12)}), ` +
  `${fuzzing ? `seed ${settings.seed}, ${settings.runs} generated sequences (profiles ${settings.profiles.join(', ')})` : 'no fuzzing'}, timeout ${settings.timeoutMs} ms (start ${settings.startTimeoutMs} ms)`

/** The line after a port's run: who it was and how it did. */
export function portSummary(run: PortRun): string {
  const impl = run.implementation
  const who = impl ? terminalSafe(`${impl.name} (${impl.language}${impl.version ? ' ' + impl.version : ''})`) : 'the port (no completed handshake)'
  const xfail = run.cases.filter((c) => c.expectedFailure && c.passed).length
  const extra = [xfail > 0 ? count(xfail, 'expected failure') : '', run.restarts > 0 ? count(run.restarts, 'restart') : ''].filter(Boolean).join(', ')
  return `${who}: ${run.passed} passed, ${run.failed} failed${extra ? ` (${extra})` : ''}`
}

/** `n` things, the noun in the plural unless there is one. */
export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`

const totals = (runs: readonly PortRun[]) => ({ passed: runs.reduce((n, r) => n + r.passed, 0), failed: runs.reduce((n, r) => n + r.failed, 0) })

/** The last line of every run, exactly. */
export const lastLine = (runs: readonly PortRun[]): string => `${totals(runs).passed} passed, ${totals(runs).failed} failed`

export interface Report {
  kit: { name: string; protocol: number }
  /** How failures show what was sent (TW-KIT-OUTPUT-1). */
  notation: string
  suite: { version: string; spec: Suite['spec'] }
  settings: RunSettings
  ports: PortRun[]
  passed: number
  failed: number
}

export function buildReport(suite: Suite, settings: RunSettings, ports: PortRun[]): Report {
  return {
    kit: { name: 'todo-write conform', protocol: PROTOCOL_VERSION },
    notation: ARGS_NOTATION,
    suite: { version: suite.version, spec: suite.spec },
    settings,
    ports,
    ...totals(ports),
  }
}

/** The report file, opened before the run (TW-KIT-REPORT-1): a path that cannot be written is a usage error at once, not a lost run. */
export class ReportFile {
  private constructor(
    private readonly fd: number,
    readonly path: string,
  ) {}

  /**
   * Opens (creates or empties) `path`, or throws why not: the system's error, a file that is
   * not a regular one (opened without blocking: a FIFO with no reader is refused, not waited
   * for), or one of `inputs`, the files the run reads, which it would empty.
   */
  static open(path: string, inputs: readonly string[]): ReportFile {
    const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | (constants.O_NONBLOCK ?? 0), 0o666)
    try {
      const stats = fstatSync(fd)
      if (!stats.isFile()) throw new Error('not a regular file')
      for (const input of inputs) {
        const read = statSync(input, { throwIfNoEntry: false })
        if (read?.ino === stats.ino && read.dev === stats.dev) throw new Error('the run reads it')
      }
      ftruncateSync(fd)
    } catch (error) {
      closeSync(fd)
      throw error
    }
    return new ReportFile(fd, path)
  }

  write(report: Report): void {
    try {
      // ASCII, as a regression case: a port's text shown with `cat` moves no cursor.
      writeSync(this.fd, asciiJson(report))
    } finally {
      closeSync(this.fd)
    }
  }
}
