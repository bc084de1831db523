// MarketFeeds over a fake socket and fake REST: reference counting across windows, typed helpers, the gap
// fill that puts the REST snapshot before the live frames, trade dedup, idle close.
import { describe, expect, it } from 'vitest'
import { MarketFeeds, type MarketFeedsOptions } from '../../../src-main/feeds/market-feeds'
import type { RestMarketData } from '../../../src-main/feeds/snapshots'
import type { FeedTarget, FeedUpdate } from '../../../src-main/feeds/types'
import type { PublicTrade } from '../../../src-shared/api/wire'
import { FakeServer, FakeTimers, settle } from './fakes'

const SPOT: FeedTarget = { profileId: 'p1', gateway: 'spot' }
const FUT: FeedTarget = { profileId: 'p1', gateway: 'futures' }
const DEPTH = 'market_btcusdt_depth_step0'
const TRADES = 'market_btcusdt_trade_ticker'

interface Deferred<T> {
  promise: Promise<T>
  resolve(v: T): void
  reject(e: unknown): void
}
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((a, b) => ((resolve = a), (reject = b)))
  return { promise, resolve, reject }
}

/** REST whose answers the test releases by hand. */
class FakeRest {
  depthCalls: Deferred<any>[] = []
  tradeCalls: Deferred<PublicTrade[]>[] = []
  klineCalls: { args: unknown[]; d: Deferred<any> }[] = []
  calls: unknown[][] = []
  readonly api: RestMarketData = {
    depth: (...args: unknown[]) => {
      this.calls.push(['depth', ...args])
      const d = deferred<any>()
      this.depthCalls.push(d)
      return d.promise
    },
    klines: (...args: unknown[]) => {
      this.calls.push(['klines', ...args])
      const d = deferred<any>()
      this.klineCalls.push({ args, d })
      return d.promise
    },
    call: ((id: string, params: unknown) => {
      this.calls.push([id, params])
      const d = deferred<any>()
      if (id === 'spot.trades') this.tradeCalls.push(d)
      return d.promise
    }) as RestMarketData['call']
  }
}

function setup(o: Partial<MarketFeedsOptions> = {}) {
  const timers = new FakeTimers()
  const server = new FakeServer()
  const rest = new FakeRest()
  const feeds = new MarketFeeds({
    resolve: (t) => ({
      url: `ws://venue/${t.gateway}/ws`,
      rest: rest.api,
      connection: { random: () => 0, staleAfterMs: 60_000 }
    }),
    timers,
    socketFactory: server.factory,
    idleCloseMs: 0,
    ...o
  })
  return { timers, server, rest, feeds }
}

const trade = (id: string, ts: number, price = '100', vol = '1') => ({
  id,
  side: 'buy',
  price,
  vol,
  amount: '100',
  ts,
  ds: ''
})

describe('MarketFeeds: reference counting', () => {
  it('one sub for two windows, unsub only when the last leaves; one socket per (profile, module)', async () => {
    const { server, feeds } = setup()
    const a: FeedUpdate[] = []
    const b: FeedUpdate[] = []
    const offA = feeds.subscribe(SPOT, DEPTH, (u) => a.push(u))
    const offB = feeds.subscribe(SPOT, { kind: 'depth', symbol: 'btcusdt' }, (u) => b.push(u))
    const offT = feeds.trades(SPOT, 'btcusdt', () => undefined)
    expect(server.sockets).toHaveLength(1)
    expect(server.last.url).toBe('ws://venue/spot/ws')
    server.last.open()
    expect(server.last.commands('sub')).toEqual([DEPTH, TRADES])
    expect(feeds.refCount(SPOT, DEPTH)).toBe(2)

    server.last.push({ channel: DEPTH, ts: 5, tick: { asks: [['101', '1']], buys: [['99', '2', '2', '198']] } })
    await settle()
    // snapshot pending: the live frame waits; a failed snapshot releases it
    expect(a).toEqual([])
    offA()
    offA() // idempotent
    expect(feeds.refCount(SPOT, DEPTH)).toBe(1)
    expect(server.last.commands('unsub')).toEqual([])
    offB()
    expect(server.last.commands('unsub')).toEqual([DEPTH])
    offT()
    // idle (idleCloseMs 0): the socket is closed with its last channel
    expect(server.last.closed).toBe(true)
    expect(feeds.status(SPOT)).toBeNull()
  })

  it('a late joiner gets the current state first', async () => {
    const { server, feeds } = setup({ resolve: (t) => ({ url: `ws://venue/${t.gateway}/ws` }) }) // no REST: no gating
    const first: FeedUpdate[] = []
    feeds.subscribe(SPOT, DEPTH, (u) => first.push(u))
    server.last.open()
    server.last.push({ channel: DEPTH, ts: 5, tick: { asks: [['101', '1']], buys: [['99', '2']] } })
    expect(first).toEqual([{ kind: 'depth', book: { asks: [['101', '1']], bids: [['99', '2']], ts: 5 } }])
    const late: FeedUpdate[] = []
    feeds.depth(SPOT, 'btcusdt', (book) => late.push({ kind: 'depth', book }))
    expect(late).toEqual([]) // never inside subscribe()
    await settle()
    expect(late).toEqual(first)
    expect(server.last.commands('sub')).toEqual([DEPTH])
  })

  it('futures contracts map to e_ channels; trades gap-fill through req', async () => {
    const { server, feeds } = setup()
    const got: unknown[] = []
    feeds.trades(FUT, 'E-BTC-USDT', (t) => got.push(t))
    feeds.klines(FUT, 'E-BTC-USDT', '1h', () => undefined)
    feeds.ticker(FUT, 'E-ETH-USDT', () => undefined)
    expect(server.last.url).toBe('ws://venue/futures/ws')
    server.last.open()
    expect(server.last.commands('sub')).toEqual([
      'market_e_btcusdt_trade_ticker',
      'market_e_btcusdt_kline_60min',
      'market_e_ethusdt_ticker'
    ])
    const req = server.last.messages.find((m) => m.event === 'req')!
    expect(req.params).toMatchObject({ channel: 'market_e_btcusdt_trade_ticker', pageSize: 100 })
    server.last.push({
      event_rep: 'rep',
      channel: req.params.channel,
      cb_id: req.params.cb_id,
      ts: 1,
      data: [trade('7', 10)]
    })
    await settle()
    expect(got).toEqual([[{ id: '7', side: 'buy', price: '100', vol: '1', amount: '100', ts: 10 }]])
  })
})

describe('MarketFeeds: gap fill', () => {
  it('after a reconnect the REST snapshot comes before the held live frames; trades are delivered once', async () => {
    const { timers, server, rest, feeds } = setup()
    const books: unknown[] = []
    const tape: unknown[][] = []
    feeds.depth(SPOT, 'btcusdt', (b) => books.push(b))
    feeds.trades(SPOT, 'btcusdt', (t) => tape.push(t.map((x) => x.id ?? `rest@${x.ts}`)))
    server.last.open()
    expect(rest.calls).toEqual([
      ['depth', 'spot', 'btcusdt', 30, { priority: 'background' }],
      ['spot.trades', { symbol: 'btcusdt', limit: 100 }]
    ])
    rest.depthCalls[0]!.resolve({ time: 1, bids: [['99', '1']], asks: [] })
    rest.tradeCalls[0]!.resolve([{ price: '100', qty: '1', time: 10, side: 'BUY' }])
    await settle()
    server.last.push({ channel: TRADES, ts: 20, tick: { id: '2', ts: 20, data: [trade('2', 20), trade('1', 10)] } })
    expect(tape).toEqual([['rest@10'], ['2']]) // trade 1 was the REST one

    // the socket drops; trades happen in the gap; the feed comes back
    server.last.drop()
    timers.advance(0)
    server.last.open()
    expect(rest.depthCalls).toHaveLength(2)
    // live frames while the snapshot is out are held back
    server.last.push({ channel: DEPTH, ts: 50, tick: { asks: [['101', '3']], buys: [] } })
    server.last.push({
      channel: TRADES,
      ts: 50,
      tick: { id: '5', ts: 50, data: [trade('5', 50), trade('4', 40, '101')] }
    })
    await settle()
    expect(books).toHaveLength(1)
    rest.depthCalls[1]!.resolve({ time: 45, bids: [['98', '1']], asks: [['102', '1']] })
    rest.tradeCalls[1]!.resolve([
      { price: '101', qty: '1', time: 40, side: 'BUY' }, // = live trade 4 (held)
      { price: '100', qty: '1', time: 30, side: 'BUY' }, // missed in the gap
      { price: '100', qty: '1', time: 20, side: 'BUY' }, // = trade 2, seen
      { price: '100', qty: '1', time: 10, side: 'BUY' } // = first REST trade, seen
    ])
    await settle()
    expect(books.slice(1)).toEqual([
      { asks: [['102', '1']], bids: [['98', '1']], ts: 45 }, // snapshot first
      { asks: [['101', '3']], bids: [], ts: 50 } // then live
    ])
    expect(tape.slice(2)).toEqual([['rest@40', 'rest@30'], ['5']])
  })

  it('a failed or slow snapshot releases the live frames', async () => {
    const { timers, server, rest, feeds } = setup({ snapshotTimeoutMs: 1000 })
    const errors: string[] = []
    const books: unknown[] = []
    const f2 = new MarketFeeds({
      resolve: () => ({ url: 'ws://v2', rest: rest.api }),
      timers,
      socketFactory: server.factory,
      onError: (_e, where) => errors.push(where)
    })
    f2.depth(SPOT, 'btcusdt', (b) => books.push(b))
    server.last.open()
    server.last.push({ channel: DEPTH, ts: 1, tick: { asks: [], buys: [] } })
    rest.depthCalls[0]!.reject(new Error('429'))
    await settle()
    expect(errors).toEqual(['snapshot market_btcusdt_depth_step0'])
    expect(books).toHaveLength(1)

    feeds.depth(SPOT, 'ethusdt', (b) => books.push(b))
    server.last.open()
    server.last.push({ channel: 'market_ethusdt_depth_step0', ts: 2, tick: { asks: [], buys: [] } })
    timers.advance(999)
    await settle()
    expect(books).toHaveLength(1)
    timers.advance(1)
    expect(books).toHaveLength(2)
    rest.depthCalls[1]!.resolve({ time: 0, bids: [], asks: [] }) // too late: ignored
    await settle()
    expect(books).toHaveLength(2)
  })

  it('klines: REST candles first (oldest first), then live upserts', async () => {
    const { server, rest, feeds } = setup()
    const got: unknown[] = []
    feeds.klines(SPOT, 'btcusdt', '1min', (c) => got.push(c.map((x) => `${x.id}:${x.close}`)))
    server.last.open()
    expect(rest.klineCalls[0]!.args).toEqual(['spot', 'btcusdt', '1min', 100, { priority: 'background' }])
    server.last.push({
      channel: 'market_btcusdt_kline_1min',
      ts: 1,
      tick: { id: 120, open: '1', close: '3', high: '3', low: '1', vol: '2', amount: '4' }
    })
    rest.klineCalls[0]!.d.resolve([
      { idx: 120, open: '1', close: '2', high: '2', low: '1', vol: '1' },
      { idx: 60, open: '1', close: '1', high: '1', low: '1', vol: '0' }
    ])
    await settle()
    expect(got).toEqual([['60:1', '120:2'], ['120:3']])
  })

  it('a throwing listener does not starve the others', () => {
    const errors: string[] = []
    const { server, feeds } = setup({ resolve: () => ({ url: 'ws://v' }), onError: (_e, w) => errors.push(w) })
    const got: unknown[] = []
    feeds.depth(SPOT, 'btcusdt', () => {
      throw new Error('boom')
    })
    feeds.depth(SPOT, 'btcusdt', (b) => got.push(b))
    server.last.open()
    server.last.push({ channel: DEPTH, ts: 1, tick: { asks: [], buys: [] } })
    expect(got).toHaveLength(1)
    expect(errors).toEqual(['listener of market_btcusdt_depth_step0'])
  })

  it('status follows the connection; idle sockets close after idleCloseMs', () => {
    const { timers, server, feeds } = setup({ idleCloseMs: 5000 })
    const seen: string[] = []
    feeds.onStatus((t, s) => seen.push(`${t.profileId}/${t.gateway}:${s.state}`))
    const off = feeds.ticker(SPOT, 'btcusdt', () => undefined)
    server.last.open()
    expect(feeds.status(SPOT)).toMatchObject({ state: 'open', channels: 1, reconnects: 0 })
    off()
    timers.advance(4000)
    const again = feeds.ticker(SPOT, 'btcusdt', () => undefined) // back before the idle close: same socket
    timers.advance(10_000)
    expect(server.sockets).toHaveLength(1)
    again()
    timers.advance(5000)
    expect(server.last.closed).toBe(true)
    expect(seen).toEqual(['p1/spot:connecting', 'p1/spot:open', 'p1/spot:closed'])
  })
})
