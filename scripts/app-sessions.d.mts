// Types of app-sessions.mjs, for the tests that import it.
export interface AppSession {
  name: string
  runApp: string[]
  patches: string[]
  /** The option flags of `replay --verify`; none for a refused session, which writes no log. */
  verify?: string[]
  /** A session of no fixture: the lines `replay --history` must print for its log. */
  history?: string[]
  /** A session the app must refuse to start: the text dsh's stderr must hold. */
  refused?: string
}
export declare const APP_SESSIONS: { description: string; fixtures: string; sessions: AppSession[] }
export declare const COMPARED_TYPES: string[]
export declare const SET_ASIDE: string
export declare function runAppArgs(session: AppSession, paths: { tool: string; cwd: string; out: string; zstd: string }): string[]
export declare function replayModes(session: AppSession): string[][]
export declare function comparedLines(text: string): string[]
export declare function compareLogs(ours: string, upstream: string): string[]
