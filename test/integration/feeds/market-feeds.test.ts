// MarketFeeds against the real embedded exchange over loopback: the four stream kinds follow orders placed
// through the ExchangeClient, two windows share one subscription, the heartbeat keeps the socket alive, and
// the live flavor's plain text frames decode too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ExchangeClient } from '../../../src-main/client'
import { Coalescer, type CoalescedUpdate } from '../../../src-main/feeds/coalescer'
import { MarketFeeds } from '../../../src-main/feeds/market-feeds'
import type { DepthBook, FeedCandle, FeedTarget, FeedTicker, FeedTrade } from '../../../src-main/feeds/types'
import type { RunningExchange } from '../../../src-sim/exchange'
import { quietExchange, recordingFactory, spotWs, subs, trader, waitFor } from './helpers'

const T: FeedTarget = { profileId: 'paper', gateway: 'spot' }
const DEPTH = 'market_btcusdt_depth_step0'

let ex: RunningExchange
let alice: ExchangeClient
let bob: ExchangeClient
const open: MarketFeeds[] = []

beforeAll(async () => {
  ex = await quietExchange({ ws: { pingIntervalMs: 50, throttleMs: 10 } })
  alice = await trader(ex)
  bob = await trader(ex)
})
afterEach(() => {
  for (const f of open.splice(0)) f.close()
})
afterAll(async () => {
  await ex.close()
})

function feeds(rec = recordingFactory(), url = spotWs(ex.port)) {
  const f = new MarketFeeds({ resolve: () => ({ url, rest: alice }), socketFactory: rec.factory, idleCloseMs: 0 })
  open.push(f)
  return { f, rec }
}

describe('market feeds on the embedded exchange', () => {
  it('depth, trades, ticker and kline follow orders placed through the ExchangeClient', async () => {
    const { f } = feeds()
    let book: DepthBook | null = null
    const tape: FeedTrade[] = []
    let ticker: FeedTicker | null = null
    const candles = new Map<number, FeedCandle>()
    f.depth(T, 'btcusdt', (b) => (book = b))
    f.trades(T, 'btcusdt', (t) => tape.push(...t))
    f.ticker(T, 'btcusdt', (t) => (ticker = t))
    f.klines(T, 'btcusdt', '1min', (cs) => cs.forEach((c) => candles.set(c.id, c)))
    await waitFor(() => f.status(T)?.state === 'open' && book !== null, 10_000, 'open + first book')

    await alice.spotOrderPlace({ symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '60000.00', volume: '0.5' })
    await bob.spotOrderPlace({ symbol: 'btcusdt', side: 'SELL', type: 'LIMIT', price: '61000.00', volume: '0.3' })
    await waitFor(() => book!.bids.length === 1 && book!.asks.length === 1, 10_000, 'book')
    expect(book!).toMatchObject({ bids: [['60000.00', '0.500000']], asks: [['61000.00', '0.300000']] })

    // a crossing order prints a trade, moves the ticker and the candle
    await bob.spotOrderPlace({ symbol: 'btcusdt', side: 'SELL', type: 'LIMIT', price: '60000.00', volume: '0.2' })
    await waitFor(() => tape.length === 1 && ticker?.close === '60000.00', 10_000, 'trade + ticker')
    expect(tape[0]).toMatchObject({ side: 'sell', price: '60000.00', vol: '0.200000' })
    expect(typeof tape[0]!.id).toBe('string')
    await waitFor(() => [...candles.values()].some((c) => c.vol === '0.200000'), 10_000, 'candle')
    await waitFor(() => book!.bids[0]?.[1] === '0.300000', 10_000, 'book after fill')
    expect(f.status(T)).toMatchObject({ state: 'open', reconnects: 0, channels: 4 })
  })

  it('two windows share one socket and one sub; unsub when the last leaves', async () => {
    const { f, rec } = feeds()
    const a: DepthBook[] = []
    const b: DepthBook[] = []
    const offA = f.depth(T, 'btcusdt', (x) => a.push(x))
    const offB = f.depth(T, 'btcusdt', (x) => b.push(x))
    await waitFor(() => a.length > 0 && b.length > 0, 10_000, 'both windows')
    expect(subs(rec.sent, 'sub', DEPTH)).toBe(1)
    offA()
    const before = b.length
    await alice.spotOrderPlace({ symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '59000.00', volume: '0.1' })
    await waitFor(() => b.length > before, 10_000, 'window B update')
    expect(subs(rec.sent, 'unsub', DEPTH)).toBe(0)
    const aCount = a.length
    offB()
    expect(subs(rec.sent, 'unsub', DEPTH)).toBe(1)
    expect(a.length).toBe(aCount)
    expect(rec.sockets()).toBe(1)
  })

  it('answers the heartbeat, so the server keeps the socket (ping every 50 ms, 3 missed close it)', async () => {
    const { f, rec } = feeds()
    f.ticker(T, 'btcusdt', () => undefined)
    await waitFor(() => f.status(T)?.state === 'open', 10_000, 'open')
    // 8 answered pings: an unanswered socket is closed on the 4th tick (waited for, as timer speed varies under load)
    const pongs = () => rec.sent.filter((m) => 'pong' in m).length
    await waitFor(() => pongs() >= 8 || f.status(T)?.state !== 'open', 10_000, '8 pongs')
    expect(pongs()).toBeGreaterThanOrEqual(8)
    expect(rec.sent.some((m) => typeof m !== 'object')).toBe(false)
    expect(f.status(T)).toMatchObject({ state: 'open', reconnects: 0, lastError: null })
    // frames still arrive (a ping after this moment), rather than a wall-clock bound on the last one
    const now = Date.now()
    await waitFor(() => (f.status(T)!.lastFrameAt ?? 0) >= now, 10_000, 'a later frame')
    expect(f.status(T)).toMatchObject({ state: 'open', reconnects: 0 })
  })

  it('a burst reaches the window as few coalesced pushes with the final book', async () => {
    const { f } = feeds()
    const pushes: CoalescedUpdate[][] = []
    const c = new Coalescer((batch) => pushes.push(batch), { intervalMs: 50 })
    f.subscribe(T, { kind: 'depth', symbol: 'ethusdt' }, (u) => c.push('eth-depth', u))
    await waitFor(() => pushes.length > 0)
    const n0 = pushes.length
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        alice.spotOrderPlace({ symbol: 'ethusdt', side: 'BUY', type: 'LIMIT', price: `${2000 + i}.00`, volume: '0.1' })
      )
    )
    await waitFor(
      () => {
        const last = pushes.at(-1)?.[0]?.update
        return last?.kind === 'depth' && last.book.bids.length === 20
      },
      10_000,
      '20 levels'
    )
    expect(pushes.length - n0).toBeLessThan(20)
    c.dispose()
  })
})

describe('live flavor', () => {
  it('decodes plain text frames', async () => {
    const live = await quietExchange({ flavor: 'live', ws: { pingIntervalMs: 100, throttleMs: 10 } })
    try {
      const client = await trader(live)
      const f = new MarketFeeds({ resolve: () => ({ url: spotWs(live.port), rest: client }), idleCloseMs: 0 })
      open.push(f)
      let book: DepthBook | null = null
      f.depth(T, 'btcusdt', (b) => (book = b))
      await waitFor(() => book !== null)
      await client.spotOrderPlace({ symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '50000.00', volume: '0.25' })
      await waitFor(() => book!.bids.length === 1, 10_000, 'live book')
      expect(book!.bids[0]![0]).toBe('50000.00')
      expect(f.status(T)).toMatchObject({ state: 'open', badFrames: 0 })
    } finally {
      for (const f of open.splice(0)) f.close()
      await live.close()
    }
  })
})
