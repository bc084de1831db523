// Server clock against an embedded exchange whose clock is skewed. The embedded exchange accepts a timestamp at
// most 5000 ms old and at most 5000 ms ahead (the spec's "skew beyond +-5 s is rejected"). A synced client measures
// the skew and its signed calls pass; a client that has not measured a skew beyond the window is refused with
// -1021 once, resyncs and succeeds on its one retry. The skew is a variable, so it can also jump under a client
// that synced earlier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningExchange } from '../../../src-sim/exchange'
import { ServerClock } from '../../../src-main/client/clock'
import { OrderGateway } from '../../../src-main/orders/order-gateway'
import { clientFor, countingTransport, keyPairs, quietExchange, type KeyPair } from './helpers'

/** Measured offsets are exact to within half the best round trip; loopback on a loaded machine stays well inside,
 * and 1 s still tells a measured 3 or 9 s skew from none. Skews outside the window are 4 s past it: a request
 * stamped ahead of the server ages toward the window while a loaded machine sends and checks it. */
const TOLERANCE_MS = 1000

let skew = 0
let ex: RunningExchange
let keys: KeyPair

beforeAll(async () => {
  ;[keys] = keyPairs('clock') as [KeyPair]
  ex = await quietExchange({ keys: [keys], clock: () => Date.now() + skew })
})
afterAll(() => ex?.close())

/** A client whose clock has measured nothing: it stamps local time (offset 0, counted as synced). */
const unsynced = (transport = countingTransport()) => ({
  transport,
  client: clientFor(ex.url, keys, { transport, clock: new ServerClock({ offsetMs: 0 }) })
})

describe('skewed exchange clock', () => {
  it.each([3000, -3000])(
    'skew %i ms: the client measures the offset before its first signed call, which passes',
    async (s) => {
      skew = s
      const transport = countingTransport()
      const client = clientFor(ex.url, keys, { transport })
      const account = await client.call('spot.account')
      expect(account.balances.length).toBeGreaterThan(0)
      expect(Math.abs(client.executor.clock.state().offsetMs - s)).toBeLessThan(TOLERANCE_MS)
      expect(transport.codes.get(-1021) ?? 0).toBe(0)
      // An order too, through the gateway: signed POSTs are stamped the same way.
      const r = await new OrderGateway({ client }).place({
        market: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '50000',
        volume: '0.001'
      })
      expect(r.status).toBe('placed')
      expect(transport.codes.get(-1021) ?? 0).toBe(0)
    }
  )

  it.each([-9000, 9000])('skew %i ms, not synced: refused with -1021 once, then resync + retry succeeds', async (s) => {
    skew = s
    const { transport, client } = unsynced()
    const account = await client.call('spot.account')
    expect(account.balances.length).toBeGreaterThan(0)
    expect(transport.codes.get(-1021)).toBe(1) // without the resync this call would have failed
    expect(transport.paths.get('/spot/open/sapi/v1/account')).toBe(2) // the refused attempt and the retry
    expect(Math.abs(client.executor.clock.state().offsetMs - s)).toBeLessThan(TOLERANCE_MS)
    // From now on the offset is known: no more refusals.
    await client.call('spot.openOrders', { symbol: 'btcusdt' })
    expect(transport.codes.get(-1021)).toBe(1)
  })

  it.each([3000, -3000])(
    'skew %i ms, not synced: inside the +-5 s window, so it passes without a resync',
    async (s) => {
      skew = s
      const { transport, client } = unsynced()
      await client.call('spot.account')
      expect(transport.codes.get(-1021) ?? 0).toBe(0)
      expect(client.executor.clock.state().generation).toBe(0)
    }
  )

  it('the exchange clock jumps under a synced client: a place gets -1021, is re-signed after a resync, and placed once', async () => {
    skew = 0
    const transport = countingTransport()
    const client = clientFor(ex.url, keys, { transport })
    await client.call('spot.account')
    const before = client.executor.clock.state().generation
    skew = -9000
    const r = await new OrderGateway({ client }).place({
      market: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '50000',
      volume: '0.001'
    })
    expect(r.status).toBe('placed')
    expect(transport.codes.get(-1021)).toBe(1)
    expect(client.executor.clock.state().generation).toBe(before + 1)
    // -1021 proves the venue did not act, so the resend cannot duplicate: one order with this client id.
    const withId = [...ex.spot.records.orders.values()].filter((o) => o.clientOrderId === r.clientOrderId)
    expect(withId).toHaveLength(1)
  })
})
