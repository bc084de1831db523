import { describe, expect, it } from 'vitest'
import { channelSymbol, MarketDataHub, type ChannelEvent } from '../../../src-sim/market/market-data-hub'
import type { BookLevels } from '../../../src-sim/market/depth'

const MIN = 60_000
const T0 = Date.UTC(2024, 0, 1, 0, 0) // Monday

function setup() {
  const clock = { t: T0 }
  const book: BookLevels = { bids: [['99.00', '1.000']], asks: [['101.00', '2.000']] }
  const depthCalls: [string, number][] = []
  const hub = new MarketDataHub({
    now: () => clock.t,
    symbols: [
      { kind: 'spot', name: 'btcusdt', pricePrecision: 2, quantityPrecision: 3 },
      { kind: 'futures', name: 'E-BTC-USDT', pricePrecision: 1, quantityPrecision: 0, initialPrice: '100' }
    ],
    getDepth: (name, levels) => {
      depthCalls.push([name, levels])
      return book
    }
  })
  return { hub, clock, depthCalls }
}

function record(hub: MarketDataHub, channel: string) {
  const events: ChannelEvent[] = []
  const sub = hub.subscribe(channel, (e) => events.push(e))
  return { events, sub }
}

let nextId = 1
const trade = (price: string, qty: string, time: number, side: 'BUY' | 'SELL' = 'BUY') => ({
  id: String(nextId++),
  price,
  qty,
  side,
  time
})

describe('MarketDataHub', () => {
  it('exports channelSymbol', () => {
    expect(channelSymbol('futures', 'E-BTC-USDT')).toBe('e_btcusdt')
  })

  it('answers REST queries from fed trades', () => {
    const { hub, clock } = setup()
    hub.onTrade('btcusdt', [trade('100', '1', T0 + 1000), trade('102', '0.5', T0 + 2000, 'SELL')])
    hub.onTrade('BTCUSDT', trade('101', '0.25', T0 + MIN + 1))
    clock.t = T0 + 2 * MIN + 5
    expect(hub.ticker('btcusdt')).toEqual({
      time: T0 + 2 * MIN + 5,
      high: '102.00',
      low: '100.00',
      last: '101.00',
      vol: '1.750',
      rose: '0.0100',
      open: '100.00',
      amount: '176.25000'
    })
    expect(hub.trades('btcusdt', 2)).toEqual([
      { price: '101.00', qty: '0.250', time: T0 + MIN + 1, side: 'BUY' },
      { price: '102.00', qty: '0.500', time: T0 + 2000, side: 'SELL' }
    ])
    // the current, still empty minute is carried flat so the chart reaches "now"
    expect(hub.klines('btcusdt', '1min')).toEqual([
      {
        idx: T0 / 1000,
        open: '100.00',
        close: '102.00',
        high: '102.00',
        low: '100.00',
        vol: '1.500',
        amount: '151.00000'
      },
      {
        idx: T0 / 1000 + 60,
        open: '101.00',
        close: '101.00',
        high: '101.00',
        low: '101.00',
        vol: '0.250',
        amount: '25.25000'
      },
      {
        idx: T0 / 1000 + 120,
        open: '101.00',
        close: '101.00',
        high: '101.00',
        low: '101.00',
        vol: '0.000',
        amount: '0.00000'
      }
    ])
    expect(hub.klines('btcusdt', '60min')).toHaveLength(1)
    expect(hub.klines('btcusdt', '2min')).toBeNull()
    expect(hub.klines('ethusdt', '1min')).toBeNull()
    expect(hub.ticker('nope')).toBeNull()
  })

  it('futures: 1h is 60min, startTime/endTime filter, all tickers by name, seeded price', () => {
    const { hub, clock } = setup()
    expect(hub.tickers('futures')).toEqual({
      'E-BTC-USDT': {
        time: T0,
        high: '100.0',
        low: '100.0',
        last: '100.0',
        vol: '0',
        rose: '0.0000',
        open: '100.0',
        amount: '0.0'
      }
    })
    for (let h = 0; h < 5; h++) hub.onTrade('E-BTC-USDT', trade(String(100 + h), '3', T0 + h * 60 * MIN))
    clock.t = T0 + 4 * 60 * MIN
    const all = hub.klines('E-BTC-USDT', '1h')!
    expect(all.map((c) => c.close)).toEqual(['100.0', '101.0', '102.0', '103.0', '104.0'])
    expect(hub.klines('e-btc-usdt', '60min')).toEqual(all)
    const mid = hub.klines('E-BTC-USDT', '1h', {
      startTime: T0 + 60 * MIN,
      endTime: String(T0 + 3 * 60 * MIN),
      limit: '2'
    })!
    expect(mid.map((c) => c.idx)).toEqual([(T0 + 2 * 60 * MIN) / 1000, (T0 + 3 * 60 * MIN) / 1000])
    expect(all[0]!.amount).toBe('300.0')
  })

  it('clamps limits', () => {
    const { hub, clock } = setup()
    for (let i = 0; i < 400; i++) hub.onTrade('btcusdt', trade('1', '1', T0 + i * MIN))
    clock.t = T0 + 399 * MIN
    expect(hub.klines('btcusdt', '1min', { limit: 1000 })).toHaveLength(300)
    expect(hub.klines('btcusdt', '1min')).toHaveLength(100)
    expect(hub.klines('btcusdt', '1min', { limit: 0 })).toHaveLength(1)
    expect(hub.trades('btcusdt')).toHaveLength(200)
    expect(hub.trades('btcusdt', 5000)).toHaveLength(400)
  })

  it('depth comes from the provider: REST up to 100 levels, WS snapshot 30 levels named buys', () => {
    const { hub, clock, depthCalls } = setup()
    clock.t = 777
    expect(hub.depth('btcusdt', 500)).toEqual({ time: 777, bids: [['99.00', '1.000']], asks: [['101.00', '2.000']] })
    const { events, sub } = record(hub, 'market_btcusdt_depth_step0')
    expect(sub!.snapshot()).toEqual({ asks: [['101.00', '2.000']], buys: [['99.00', '1.000']] })
    expect(depthCalls).toEqual([
      ['btcusdt', 100],
      ['btcusdt', 30]
    ])
    hub.onBookChanged('btcusdt')
    hub.onBookChanged('ethusdt') // unknown: ignored
    expect(events).toEqual([{ type: 'changed' }])
  })

  it('emits channel events to subscribers only, until they unsubscribe', () => {
    const { hub } = setup()
    const trades = record(hub, 'market_btcusdt_trade_ticker')
    const ticker = record(hub, 'market_btcusdt_ticker')
    const kline = record(hub, 'market_btcusdt_kline_1min')
    const other = record(hub, 'market_e_btcusdt_ticker')
    hub.onTrade('btcusdt', [
      { id: '11', price: '100', qty: '1', side: 'BUY', time: T0 },
      { id: '12', price: '101', qty: '2', side: 'SELL', time: T0 + 1 }
    ])
    expect(trades.events).toEqual([
      {
        type: 'trades',
        trades: [
          {
            id: '12',
            side: 'sell',
            price: '101.00',
            vol: '2.000',
            amount: '202.00000',
            ts: T0 + 1,
            ds: '2024-01-01 00:00:00'
          },
          {
            id: '11',
            side: 'buy',
            price: '100.00',
            vol: '1.000',
            amount: '100.00000',
            ts: T0,
            ds: '2024-01-01 00:00:00'
          }
        ]
      }
    ])
    expect(ticker.events).toEqual([{ type: 'changed' }])
    expect(kline.events).toEqual([
      {
        type: 'kline',
        candle: {
          id: T0 / 1000,
          open: '100.00',
          close: '101.00',
          high: '101.00',
          low: '100.00',
          vol: '3.000',
          amount: '302.00000'
        }
      }
    ])
    expect(other.events).toEqual([])
    trades.sub!.unsubscribe()
    hub.onTrade('btcusdt', trade('100', '1', T0 + 2))
    expect(trades.events).toHaveLength(1)
    expect(ticker.events).toHaveLength(2)
  })

  it('rejects unknown channels and symbols', () => {
    const { hub } = setup()
    expect(hub.subscribe('market_ethusdt_ticker', () => {})).toBeNull()
    expect(hub.subscribe('market_btcusdt_depth_step5', () => {})).toBeNull()
    expect(hub.subscribe('hello', () => {})).toBeNull()
    expect(hub.history('market_btcusdt_ticker', {})).toBeNull()
    expect(() => hub.onTrade('ethusdt', trade('1', '1', T0))).toThrow(/unknown symbol/)
  })

  it('tick() creates flat candles and moves the ticker window, telling subscribers', () => {
    const { hub, clock } = setup()
    hub.onTrade('btcusdt', trade('100', '1', T0))
    const kline = record(hub, 'market_btcusdt_kline_1min')
    const ticker = record(hub, 'market_btcusdt_ticker')
    clock.t = T0 + 30_000
    hub.tick()
    expect(kline.events).toEqual([])
    clock.t = T0 + MIN
    hub.tick()
    expect(kline.events).toEqual([
      {
        type: 'kline',
        candle: {
          id: T0 / 1000 + 60,
          open: '100.00',
          close: '100.00',
          high: '100.00',
          low: '100.00',
          vol: '0.000',
          amount: '0.00000'
        }
      }
    ])
    expect(ticker.events).toEqual([])
    clock.t = T0 + 1440 * MIN
    hub.tick()
    expect(ticker.events).toEqual([{ type: 'changed' }])
    expect(ticker.sub!.snapshot()).toMatchObject({ vol: '0.000', close: '100.00' })
    // a long gap sends only the newest few flat candles
    expect(kline.events.length).toBeLessThanOrEqual(11)
    expect(kline.events.at(-1)).toMatchObject({ candle: { id: (T0 + 1440 * MIN) / 1000 } })
  })

  it('history: klines up to endIdx inclusive (oldest first), trades up to an id (newest first)', () => {
    const { hub, clock } = setup()
    for (let i = 0; i < 10; i++)
      hub.onTrade('btcusdt', { id: String(500 + i), price: String(100 + i), qty: '1', side: 'BUY', time: T0 + i * MIN })
    clock.t = T0 + 9 * MIN
    const page = hub.history('market_btcusdt_kline_1min', { endIdx: String(T0 / 1000 + 4 * 60), pageSize: 3 })!
    expect(page.map((c) => (c as { id: number }).id)).toEqual([T0 / 1000 + 120, T0 / 1000 + 180, T0 / 1000 + 240])
    expect(hub.history('market_btcusdt_kline_1min', { pageSize: 1000 })).toHaveLength(10)
    const tr = hub.history('market_btcusdt_trade_ticker', { endIdx: 505, pageSize: 2 })!
    expect(tr.map((t) => (t as { id: string }).id)).toEqual(['505', '504'])
    expect(hub.history('market_btcusdt_trade_ticker')).toHaveLength(10)
    const ids = (endIdx: unknown) =>
      hub.history('market_btcusdt_trade_ticker', { endIdx, pageSize: 2 })!.map((t) => (t as { id: string }).id)
    // a trade id is a decimal integer: leading zeros are not part of it, and a bound that is no id is no bound
    expect(ids('000505')).toEqual(['505', '504'])
    for (const bad of ['abc', '9e9', '-1', 5.5]) expect(ids(bad)).toEqual(['509', '508'])
  })
})

describe('MarketDataHub dump and load (snapshots)', () => {
  it('restores candles of every interval, the 24 h ticker window and the tape exactly, and goes on from there', () => {
    const a = setup()
    const seeded = [
      trade('100.10', '0.5', T0 + 5_000),
      trade('100.30', '0.25', T0 + 61_000, 'SELL'),
      trade('99.95', '1.125', T0 + 3 * MIN + 1),
      trade('101.07', '0.001', T0 + 70 * MIN)
    ]
    for (const t of seeded) a.hub.onTrade('btcusdt', t)
    a.hub.onTrade('E-BTC-USDT', trade('100.5', '3', T0 + 2 * MIN))
    a.clock.t = T0 + 71 * MIN
    a.hub.tick()
    const dump = JSON.parse(JSON.stringify(a.hub.dump())) as ReturnType<MarketDataHub['dump']>

    const b = setup()
    b.clock.t = a.clock.t
    b.hub.load(dump)
    for (const iv of ['1min', '5min', '15min', '30min', '60min', '4h', '1day', '1week']) {
      expect(b.hub.klines('btcusdt', iv, { limit: 300 })).toEqual(a.hub.klines('btcusdt', iv, { limit: 300 }))
    }
    expect(b.hub.klines('btcusdt', '1min', { limit: 300 })!.length).toBeGreaterThan(60)
    expect(b.hub.ticker('btcusdt')).toEqual(a.hub.ticker('btcusdt'))
    expect(b.hub.ticker('btcusdt')!.vol).toBe('1.876')
    expect(b.hub.trades('btcusdt', 10)).toEqual(a.hub.trades('btcusdt', 10))
    expect(b.hub.ticker('E-BTC-USDT')).toEqual(a.hub.ticker('E-BTC-USDT'))

    // both go on alike: a new trade lands in the restored current candle
    for (const h of [a, b]) {
      h.clock.t = T0 + 71 * MIN + 10_000
      h.hub.onTrade('btcusdt', { id: '999', price: '102.00', qty: '2', side: 'BUY', time: h.clock.t })
    }
    expect(b.hub.klines('btcusdt', '1day', { limit: 1 })).toEqual(a.hub.klines('btcusdt', '1day', { limit: 1 }))
    expect(b.hub.klines('btcusdt', '1day', { limit: 1 })![0]!.high).toBe('102.00')
    expect(b.hub.trades('btcusdt', 1)![0]!.price).toBe('102.00')
  })

  it('refuses an unknown snapshot version and out-of-order candles, and skips symbols no longer configured', () => {
    const { hub } = setup()
    expect(() => hub.load({ v: 2 } as never)).toThrow(/version 2/)
    const row = (start: number): [number, string, string, string, string, string, string, number] => [
      start,
      '1',
      '1',
      '1',
      '1',
      '0',
      '0',
      0
    ]
    const bad = {
      v: 1 as const,
      symbols: {
        btcusdt: {
          candles: { '1min': [row(T0 + MIN), row(T0)] },
          ticker: { buckets: [], vol: '0', amount: '0', last: null, lastTime: null },
          tape: []
        }
      }
    }
    expect(() => hub.load(bad)).toThrow(/out of order/)
    expect(() => hub.load({ v: 1, symbols: { gone: bad.symbols.btcusdt } })).not.toThrow()
  })
})
