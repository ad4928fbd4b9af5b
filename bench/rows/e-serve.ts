// Row (e): `todo-write serve` (spec/protocol.md) answering calls one at a time over a pipe,
// against an echo process over the same kind of pipe with the same I/O (bench/echo.ts).
import { fileURLToPath } from 'node:url'
import { validArgumentsText } from '../data.js'
import { LineClient } from '../line-client.js'
import type { Row } from '../row.js'
import { median, medianRatio } from '../timing.js'

const SERVE = fileURLToPath(new URL('../../src/cli/bin.js', import.meta.url))
const ECHO = fileURLToPath(new URL('../echo.js', import.meta.url))

/** Wall-clock milliseconds of `count` round trips, each request waiting for its answer. */
async function roundTrips(client: LineClient, count: number, line: (i: number) => string, check: (answer: string) => void): Promise<number> {
  const start = process.hrtime.bigint()
  for (let i = 0; i < count; i++) check(await client.request(line(i)))
  return Number(process.hrtime.bigint() - start) / 1e6
}

export const serve: Row = {
  id: 'e',
  what: '`todo-write serve`: calls per second vs an echo process over the same pipe',
  ratio:
    'serve rate / echo rate = T(echo) / T(serve) for the same number of round trips, per repetition, the two processes alternating; the call is a valid 10-item list (about 800 bytes), all in one long session, as an agent would send them',
  target: { op: '>=', value: 0.6 },
  async run({ timing, log }) {
    log('(e) serve vs echo')
    const args = validArgumentsText(10)
    const server = new LineClient(process.execPath, [SERVE, 'serve'])
    const echo = new LineClient(process.execPath, [ECHO])
    try {
      const started = await server.request(JSON.stringify({ id: 0, cmd: 'start', protocol: 1 }))
      if (!started.includes('"protocol":1')) throw new Error(`(e) serve refused the handshake: ${started}`)
      // Both sides get the same work on this side of the pipe: a request built per call, a
      // cheap check of the answer.
      let id = 1
      let sent = ''
      const call = () => (sent = JSON.stringify({ id: id++, cmd: 'call', session: 'bench', args, agent: true, options: {} }))
      const serveCheck = (answer: string) => {
        if (!answer.startsWith(`{"id":${id - 1},"isError":false,`)) throw new Error(`(e) serve did not accept the call: ${answer.slice(0, 300)}`)
      }
      const echoCheck = (answer: string) => {
        if (answer.length !== sent.length) throw new Error('(e) the echo process answered another line')
      }
      // Warm-up, and the count that makes a batch last about batchMs.
      const warm = await roundTrips(server, 200, call, serveCheck)
      await roundTrips(echo, 200, call, echoCheck)
      const count = Math.max(200, Math.round((timing.batchMs / warm) * 200))
      const times: number[][] = []
      for (let rep = 0; rep < timing.reps; rep++) {
        const row = [0, 0]
        const order = rep % 2 === 0 ? [0, 1] : [1, 0]
        for (const side of order) {
          row[side] = side === 0 ? await roundTrips(server, count, call, serveCheck) : await roundTrips(echo, count, call, echoCheck)
        }
        times.push(row)
      }
      const perSecond = (ms: number) => Math.round((count / ms) * 1000)
      return {
        cases: [
          {
            label: `${count.toLocaleString('en-US')} round trips per batch`,
            ...medianRatio(times, ([serveMs, echoMs]) => echoMs! / serveMs!),
            context: { 'serve calls/s': perSecond(median(times.map((t) => t[0]!))), 'echo lines/s': perSecond(median(times.map((t) => t[1]!))) },
          },
        ],
        note: `${id - 1} calls in one session`,
      }
    } finally {
      await server.request(JSON.stringify({ id: 999_999_999, cmd: 'stop' }))
      await Promise.all([server.close(), echo.close()])
    }
  },
}
