// What a conform run tells its user (TW-KIT-REPORT-1): progress on a terminal, a JSON
// report file, and the last line `N passed, N failed`.
import type { ProfileName } from '../core/options.js'
import { writeFileSync } from 'node:fs'
import { PROTOCOL_VERSION } from './protocol.js'
import type { PortRun } from './runner.js'
import type { Suite } from './vectors.js'

/** A one-line progress display on a terminal; `''` clears it. Without a terminal, nothing. */
export function progressLine(stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }, enabled: boolean): (prefix: string) => (text: string) => void {
  let shown = false
  return (prefix) => (text) => {
    if (!enabled) return
    if (text === '') {
      if (shown) stream.write('\r\x1b[K')
      shown = false
      return
    }
    const line = `${prefix}${text}`.slice(0, Math.max(20, (stream.columns ?? 80) - 1))
    stream.write(`\r\x1b[K${line}`)
    shown = true
  }
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
  const who = impl ? `${impl.name} (${impl.language}${impl.version ? ' ' + impl.version : ''})` : 'the port (no completed handshake)'
  const xfail = run.cases.filter((c) => c.expectedFailure && c.passed).length
  const extra = [xfail > 0 ? `${xfail} expected failure${xfail === 1 ? '' : 's'}` : '', run.restarts > 0 ? `${run.restarts} restart${run.restarts === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(', ')
  return `${who}: ${run.passed} passed, ${run.failed} failed${extra ? ` (${extra})` : ''}`
}

const totals = (runs: readonly PortRun[]) => ({
  passed: runs.reduce((n, r) => n + r.passed, 0),
  failed: runs.reduce((n, r) => n + r.failed, 0),
})

/** The last line of every run, exactly. */
export const lastLine = (runs: readonly PortRun[]): string => {
  const { passed, failed } = totals(runs)
  return `${passed} passed, ${failed} failed`
}

export interface Report {
  kit: { name: string; protocol: number }
  suite: { version: string; spec: Suite['spec'] }
  settings: RunSettings
  ports: PortRun[]
  passed: number
  failed: number
}

export function buildReport(suite: Suite, settings: RunSettings, ports: PortRun[]): Report {
  return { kit: { name: 'todo-write conform', protocol: PROTOCOL_VERSION }, suite: { version: suite.version, spec: suite.spec }, settings, ports, ...totals(ports) }
}

export const writeReport = (path: string, report: Report): void => writeFileSync(path, JSON.stringify(report, null, 2) + '\n')
