// The Node.js releases the command runs on: the harness's own (its package.json engines).
// Checked before anything else is loaded, so an older node gets one line, not a stack trace
// from a module it cannot link.

/** The supported releases, as package.json's `engines.node` says them. */
export const NODE_RANGE = '^22.19.0 || >=24.0.0'

/** Whether a `process.versions.node` string (`24.21.0`) is in NODE_RANGE. */
export function supportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  return major >= 24 || (major === 22 && minor >= 19)
}

/** The line an unsupported node gets, or null on a supported one. */
export const runtimeRefusal = (version: string): string | null =>
  supportedNode(version) ? null : `todo-write: needs Node.js ${NODE_RANGE}; this is ${version}\n`
