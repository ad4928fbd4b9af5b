// `property(name, [arbitraries], predicate)`: one vitest test running one fast-check
// property under the pinned global seed. We do not use @fast-check/vitest: importing it
// pulls in vitest's runner internals and cost ~4 s per test file here (measured), which
// multiplied across Stryker's runs.
import fc from './fc.js'
import { it } from 'vitest'

type Arbitraries<Ts extends unknown[]> = { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }

export function property<Ts extends [unknown, ...unknown[]]>(
  name: string,
  arbitraries: Arbitraries<Ts>,
  // biome-ignore lint/suspicious/noConfusingVoidType: fast-check's own predicate type
  predicate: (...args: Ts) => boolean | void,
  parameters: fc.Parameters<Ts> = {},
): void {
  const prop = (fc.property as (...a: unknown[]) => fc.IPropertyWithHooks<Ts>)(...arbitraries, predicate)
  it(name, () => fc.assert(prop, parameters))
}

/** The same for an async predicate (fc.asyncProperty). */
export function asyncProperty<Ts extends [unknown, ...unknown[]]>(
  name: string,
  arbitraries: Arbitraries<Ts>,
  // biome-ignore lint/suspicious/noConfusingVoidType: fast-check's own predicate type
  predicate: (...args: Ts) => Promise<boolean | void>,
  parameters: fc.Parameters<Ts> = {},
): void {
  const prop = (fc.asyncProperty as (...a: unknown[]) => fc.IAsyncPropertyWithHooks<Ts>)(...arbitraries, predicate)
  it(name, () => fc.assert(prop, parameters))
}
