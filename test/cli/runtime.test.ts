// The command's own runtime check (src/cli/runtime.ts): the releases package.json's engines
// names, and one line for any other. The built command on this machine's older node is
// tried in test/e2e/cli.test.ts.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NODE_RANGE, runtimeRefusal, supportedNode } from '../../src/cli/runtime.js'

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }

describe('the supported Node.js releases', () => {
  it('are the ones package.json declares', () => {
    expect(pkg.engines.node).toBe(NODE_RANGE)
  })

  it.each(['22.19.0', '22.20.1', '24.0.0', '24.21.0', '25.1.0', '30.0.0'])('%s is supported', (version) => {
    expect(supportedNode(version)).toBe(true)
    expect(runtimeRefusal(version)).toBeNull()
  })

  it.each(['20.20.2', '21.9.0', '22.18.9', '22.0.0', '23.11.0', '18.20.8'])('%s is refused in one line', (version) => {
    expect(supportedNode(version)).toBe(false)
    expect(runtimeRefusal(version)).toBe(`todo-write: needs Node.js ^22.19.0 || >=24.0.0; this is ${version}\n`)
  })

  it('this test runs on a supported release', () => {
    expect(supportedNode(process.versions.node)).toBe(true)
  })
})
