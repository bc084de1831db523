// Futures public endpoints over HTTP (contracts, depth, ticker, all_ticker, index, get_all_indexPrice,
// public_all_index_tag_price, klines, ping, time) with their errors, and the futures WebSocket's e_ channels. On a
// blank market (history: false): tickers and candles are checked against the trade made here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WsProbe } from '../sim/harness'
import { futuresRig, publicGet, type FClient, type FuturesRig } from './harness'

let rig: FuturesRig
let alice: FClient
let bob: FClient
const C = 'E-BTC-USDT'

beforeAll(async () => {
  rig = await futuresRig({ history: false, ws: { throttleMs: 10 } })
  alice = await rig.client({ usdt: '100000' })
  bob = await rig.client({ usdt: '100000' })
  await rig.setIndex('btcusdt', '65000.0')
  await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65010.0', volume: '7' })
  await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65020.0', volume: '3' })
  await alice.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '64990.0', volume: '4' })
  await alice.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '65010.0', volume: '2' }) // a trade
})
afterAll(() => rig.close())

describe('futures public REST', () => {
  it('ping and time', async () => {
    expect((await publicGet(rig.ex, 'ping')).body).toEqual({})
    expect((await publicGet(rig.ex, 'time')).body).toEqual({ timezone: 'UTC', serverTime: String(rig.clock.now) })
  })

  it('lists the contracts with every field of the spec, numbers as JSON numbers', async () => {
    const r = await publicGet(rig.ex, 'contracts')
    expect(r.body.map((c: any) => [c.symbol, c.side, c.multiplier, c.multiplierCoin])).toEqual([
      ['E-BTC-USDT', '1', '0.001', 'BTC'],
      ['E-ETH-USDT', '1', '0.01', 'ETH'],
      ['E-BTC-USD', '0', '100', 'USD']
    ])
    expect(Object.keys(r.body[0]).sort()).toEqual(
      [
        'symbol',
        'status',
        'type',
        'side',
        'multiplier',
        'multiplierCoin',
        'pricePrecision',
        'minOrderVolume',
        'minOrderMoney',
        'maxMarketVolume',
        'maxMarketMoney',
        'maxLimitVolume',
        'maxLimitMoney',
        'maxValidOrder'
      ].sort()
    )
    expect(r.text).toContain('"multiplier":0.001,')
    expect(r.body[0]).toMatchObject({ status: '1', type: 'E', maxValidOrder: '200', minOrderMoney: '5' })
  })

  it('depth, ticker and all_ticker from the book and the tape', async () => {
    const d = await publicGet(rig.ex, 'depth', { contractName: C, limit: 5 })
    expect(d.body.asks).toEqual([
      ['65010.0', '5'],
      ['65020.0', '3']
    ])
    expect(d.body.bids).toEqual([['64990.0', '4']])
    expect((await publicGet(rig.ex, 'depth', { contractName: C, limit: 101 })).body.code).toBe(-1102)
    const t = (await publicGet(rig.ex, 'ticker', { contractName: C })).body
    expect(t).toMatchObject({ last: '65010.0', vol: '2', high: '65010.0', low: '65010.0' })
    const all = (await publicGet(rig.ex, 'all_ticker')).body
    expect(Object.keys(all)).toEqual(['E-BTC-USDT', 'E-ETH-USDT', 'E-BTC-USD'])
    expect(all[C].last).toBe('65010.0')
    expect((await publicGet(rig.ex, 'ticker', { contractName: 'BTCUSDT' })).body.code).toBe(-1121)
  })

  it('index and mark: the spot mid, then the smoothed basis of the futures book', async () => {
    expect((await publicGet(rig.ex, 'index', { contractName: C })).body).toMatchObject({
      contractName: C,
      indexPrice: '65000.0',
      markPrice: '65000.0',
      lastFundingRate: '0.0001'
    })
    // the book's mid 65000.0 equals the index: no basis
    await rig.tick(60_000)
    expect((await publicGet(rig.ex, 'get_all_indexPrice')).body).toEqual({
      'E-BTC-USDT': '65000.0',
      'E-ETH-USDT': '3200.00',
      'E-BTC-USD': '65000.0'
    })
    expect((await publicGet(rig.ex, 'public_all_index_tag_price')).body[0]).toEqual({
      symbol: C,
      indexPrice: '65000.0',
      markPrice: '65000.0'
    })
    expect((await publicGet(rig.ex, 'index', {})).body.code).toBe(-1102)
  })

  it('klines in futures intervals (1h, not 60min), with time bounds', async () => {
    const k = await publicGet(rig.ex, 'klines', { contractName: C, interval: '1h', limit: 10 })
    expect(k.body.at(-1)).toMatchObject({ open: '65010.0', close: '65010.0', vol: '2' })
    expect((await publicGet(rig.ex, 'klines', { contractName: C, interval: '60min' })).body.code).toBe(-1102)
    const none = await publicGet(rig.ex, 'klines', {
      contractName: C,
      interval: '1min',
      startTime: rig.clock.now + 3_600_000
    })
    expect(none.body).toEqual([])
  })
})

describe('futures WebSocket', () => {
  it('serves the e_ channels: depth snapshot, trades and ticker as they happen', async () => {
    const ws = await WsProbe.open(`${rig.ex.url.replace('http', 'ws')}/futures/ws`)
    try {
      ws.sub('market_e_btcusdt_depth_step0')
      ws.sub('market_e_btcusdt_trade_ticker')
      ws.sub('market_e_btcusdt_ticker')
      const depth = await ws.waitFor((m) => m.channel === 'market_e_btcusdt_depth_step0' && m.tick)
      expect(depth.tick.asks[0]).toEqual(['65010.0', '5'])
      expect(depth.tick.buys[0]).toEqual(['64990.0', '4'])
      await alice.place({ contractName: C, side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '200' }) // 3 contracts at 65010.0
      const trade = await ws.waitFor((m) => m.channel === 'market_e_btcusdt_trade_ticker' && m.tick)
      expect(trade.tick.data[0]).toMatchObject({ side: 'buy', price: '65010.0', vol: '3' })
      const after = await ws.waitFor(
        (m) => m.channel === 'market_e_btcusdt_depth_step0' && m.tick?.asks?.[0]?.[1] === '2'
      )
      expect(after.tick.asks[0]).toEqual(['65010.0', '2'])
      // each path serves its own module only: a channel of the other module gets no reply, as an unknown one
      const spot = await WsProbe.open(`${rig.ex.url.replace('http', 'ws')}/spot/ws`)
      spot.sub('market_e_btcusdt_ticker')
      ws.sub('market_btcusdt_ticker')
      spot.sub('market_btcusdt_ticker')
      expect((await spot.waitFor((m) => m.channel === 'market_btcusdt_ticker' && m.tick)).tick).toBeDefined()
      ws.sub('market_e_btcusdt_kline_1min')
      await ws.waitFor((m) => m.channel === 'market_e_btcusdt_kline_1min' && m.event_rep === 'subed')
      // both sockets answered later subscriptions, so the cross-module ones were refused, not slow
      expect(spot.messages.some((m) => m.json?.channel === 'market_e_btcusdt_ticker')).toBe(false)
      expect(ws.messages.some((m) => m.json?.channel === 'market_btcusdt_ticker')).toBe(false)
      spot.close()
    } finally {
      ws.close()
    }
  })
})
