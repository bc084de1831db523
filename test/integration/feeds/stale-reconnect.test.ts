// Dead feeds on real sockets: a connection black-holed mid-stream (through a proxy, the exchange still sees
// its heartbeat answered) is detected by the terminal's own silence check, torn down, reconnected and
// resubscribed, and the REST snapshot delivers what happened in the gap, each trade once. A server that
// accepts and never speaks is abandoned and retried with backoff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExchangeClient } from '../../../src-main/client'
import type { ParamsOf } from '../../../src-shared/api/typed'
import type { ConnectionState } from '../../../src-main/feeds/feed-connection'
import { MarketFeeds } from '../../../src-main/feeds/market-feeds'
import type { RestMarketData } from '../../../src-main/feeds/snapshots'
import type { DepthBook, FeedTarget, FeedTrade } from '../../../src-main/feeds/types'
import type { RunningExchange } from '../../../src-sim/exchange'
import {
  quietExchange,
  recordingFactory,
  spotWs,
  startProxy,
  startSilentServer,
  subs,
  trader,
  waitFor
} from './helpers'

const T: FeedTarget = { profileId: 'p', gateway: 'spot' }
const DEPTH = 'market_btcusdt_depth_step0'
const TRADES = 'market_btcusdt_trade_ticker'

let ex: RunningExchange
let alice: ExchangeClient
let bob: ExchangeClient

beforeAll(async () => {
  ex = await quietExchange({ ws: { pingIntervalMs: 100, throttleMs: 10 } })
  alice = await trader(ex)
  bob = await trader(ex)
})
afterAll(async () => {
  await ex.close()
})

/** The client as RestMarketData, counting the snapshot calls. */
function countingRest(c: ExchangeClient): { rest: RestMarketData; calls: string[] } {
  const calls: string[] = []
  const rest: RestMarketData = {
    depth: (...a) => (calls.push('depth'), c.depth(...a)),
    klines: (...a) => (calls.push('klines'), c.klines(...a)),
    call: ((id: 'spot.trades', p: ParamsOf<'spot.trades'>, o?: object) => (
      calls.push(id),
      c.call(id, p, o)
    )) as RestMarketData['call']
  }
  return { rest, calls }
}

async function cross(price: string, vol: string): Promise<void> {
  await alice.spotOrderPlace({ symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price, volume: vol })
  await bob.spotOrderPlace({ symbol: 'btcusdt', side: 'SELL', type: 'LIMIT', price, volume: vol })
}

describe('stale detection on real sockets', () => {
  it('a black-holed feed is reconnected and resubscribed; the REST snapshot fills the gap', async () => {
    const proxy = await startProxy(spotWs(ex.port))
    const rec = recordingFactory()
    const { rest, calls } = countingRest(alice)
    const states: ConnectionState[] = []
    const f = new MarketFeeds({
      // 15 heartbeats of silence: a loaded machine's event-loop stall (the watchdog's timer runs before the
      // frames that queued meanwhile) must not pass for a dead feed before the freeze
      resolve: () => ({
        url: proxy.url,
        rest,
        connection: { staleAfterMs: 1500, watchdogMs: 50, backoff: { baseMs: 50, capMs: 200 } }
      }),
      socketFactory: rec.factory,
      idleCloseMs: 0
    })
    let tapeAtStale = -1
    const tape: FeedTrade[] = []
    f.onStatus((_t, s) => {
      states.push(s.state)
      if (s.state === 'stale' && tapeAtStale < 0) tapeAtStale = tape.length
    })
    try {
      let book: DepthBook | null = null
      f.depth(T, 'btcusdt', (b) => (book = b))
      f.trades(T, 'btcusdt', (t) => tape.push(...t))
      await waitFor(() => book !== null && calls.length === 2, 10_000, 'first snapshot')

      await cross('60100.00', '0.010000')
      await cross('60200.00', '0.020000')
      await waitFor(() => tape.length === 2, 10_000, 'live trades')

      // the network goes quiet; meanwhile the market moves
      proxy.freeze()
      await cross('60300.00', '0.030000')
      await cross('60400.00', '0.040000')
      await alice.spotOrderPlace({ symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '59000.00', volume: '0.5' })

      await waitFor(() => f.status(T)?.reconnects === 1 && f.status(T)?.state === 'open', 10_000, 'reconnect')
      expect(tapeAtStale).toBe(2) // nothing got through until the feed was declared stale
      expect(f.status(T)!.lastError).toMatch(/^stale: no frame/)
      expect(states).toEqual(['connecting', 'open', 'stale', 'reconnecting', 'connecting', 'open'])
      expect(proxy.connections()).toBe(2)
      expect(subs(rec.sent, 'sub', DEPTH)).toBe(2)
      expect(subs(rec.sent, 'sub', TRADES)).toBe(2)

      // the gap is filled from REST: the two missed trades, once each, and the book with the new bid
      await waitFor(() => tape.length === 4 && book!.bids[0]?.[0] === '59000.00', 10_000, 'gap filled')
      expect(calls.filter((c) => c === 'depth')).toHaveLength(2)
      expect(calls.filter((c) => c === 'spot.trades')).toHaveLength(2)
      expect(
        tape
          .slice(2)
          .map((t) => t.price)
          .sort()
      ).toEqual(['60300.00', '60400.00'])

      // live frames resume, and trades still arrive once
      await cross('60500.00', '0.050000')
      await cross('60600.00', '0.060000') // a barrier: a repeat of the one before would arrive ahead of it
      await waitFor(() => tape.length >= 6, 10_000, 'live again')
      expect(tape.map((t) => t.price)).toEqual([
        '60100.00',
        '60200.00',
        expect.any(String),
        expect.any(String),
        '60500.00',
        '60600.00'
      ])
      expect(tape.at(-1)!.id).not.toBeNull()
    } finally {
      f.close()
      await proxy.close()
    }
  })

  it('a server that accepts and never speaks is abandoned and retried, the sub re-sent each time', async () => {
    const silent = await startSilentServer()
    const f = new MarketFeeds({
      resolve: () => ({
        url: silent.url,
        connection: { staleAfterMs: 200, watchdogMs: 25, backoff: { baseMs: 20, capMs: 100 } }
      }),
      idleCloseMs: 0
    })
    try {
      f.depth(T, 'btcusdt', () => undefined)
      const subsSent = (): number =>
        silent.received.filter((m) => m.event === 'sub' && m.params.channel === DEPTH).length
      // the third sub can land a moment after the third accept, so wait for both rather than race them
      await waitFor(
        () => (f.status(T)?.reconnects ?? 0) >= 2 && silent.accepted() >= 3 && subsSent() >= 3,
        10_000,
        'retries'
      )
      expect(f.status(T)!.lastError).toMatch(/^stale/)
      expect(f.status(T)!.lastFrameAt).toBeNull()
      // one sub per connection: never more subs than connections accepted
      expect(subsSent()).toBeLessThanOrEqual(silent.accepted())
    } finally {
      f.close()
      await silent.close()
    }
  })
})
