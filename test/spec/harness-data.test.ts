// The data `npm run test:harness` runs on, checked against what it stands for: the upstream
// tests listed as checking the release's wording (test/harness/release/wording-only.json)
// are the ones docs/harness.md lists.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const text = (path: string): string => readFileSync(resolve(ROOT, path), 'utf8')

describe('wording-only.json: the upstream tests expected to fail are the ones docs/harness.md lists', () => {
  it('the same names, in the same order', () => {
    const section =
      text('docs/harness.md')
        .split(/^## /m)
        .find((part) => part.startsWith("Upstream tests that check the release's own words")) ?? ''
    const listed = [...(section.split(/^### /m).find((part) => part.startsWith('dsh 0.1.1-rc.2')) ?? '').matchAll(/^- `([^`]+)`$/gm)].map((m) => m[1])
    const { tests } = JSON.parse(text('test/harness/release/wording-only.json')) as { tests: string[] }
    expect(tests.length).toBe(3)
    expect(listed).toEqual(tests)
  })
})
