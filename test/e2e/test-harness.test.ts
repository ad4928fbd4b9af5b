// scripts/test-harness.mjs reports a step that fails by its command and the tail of what it
// printed, and prints no success summary after it. The rig is replaced by scripts that fail.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../support/cli.js'
import { testDir } from '../support/temp.js'

const FIXTURES = join(ROOT, '../shared/fixtures/dsh-0.1.1-rc.2-sessions')

describe('npm run test:harness when a step fails', () => {
  it.skipIf(!existsSync(FIXTURES))('names the command and the end of its stderr, with no success summary', () => {
    const dir = testDir('harness-script')
    const app = join(dir, 'run-app')
    writeFileSync(app, '#!/bin/sh\necho "starting" >&2\necho "the mock model did not start" >&2\nexit 3\n')
    chmodSync(app, 0o755)
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/test-harness.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, CI: 'false', TODO_WRITE_HARNESS_RIG: join(dir, 'no-rig'), TODO_WRITE_APP_RIG: app },
    })
    expect(run.status).toBe(1)
    expect(run.stdout).toContain(`test:harness: app: one-call: ${app} --tool `)
    expect(run.stdout).toContain(' exited 3; its output ended:\nstarting\nthe mock model did not start\n')
    expect(run.stdout).toMatch(/test:harness: app: 5 of 5 sessions of dsh 0\.1\.1-rc\.2 FAILED in /)
    expect(run.stdout).not.toMatch(/app: 5 sessions of dsh/)
  })
})
