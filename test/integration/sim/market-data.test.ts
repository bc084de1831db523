// Public market data over HTTP, built from real trades between two accounts: symbols, depth, ticker, trades,
// candles of every interval and the page bounds of each; and the determinism of seeded market activity. The
// exchange starts without seeded history (history: false): these tests build every number from known trades on a
// blank market (seeded history: market-history.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import { clientsOf, control, keyPairs, type SimClient } from './harness'

const MIN = 60_000
/** Moved forward by the last test to make flat candles; signed requests use the same clock. */
let shift = 0
const clock = (): number => Date.now() + shift

let ex: RunningExchange
let alice: SimClient
let bob: SimClient

beforeAll(async () => {
  ex = await startExchange({
    activity: false,
    history: false,
    control: true,
    clock,
    keys: keyPairs('alice', 'bob'),
    unlimitedKeys: true
  })
  ;[alice, bob] = clientsOf(ex, clock) as [SimClient, SimClient]
})
afterAll(() => ex.close())

const pub = (path: string, q: Record<string, string | number> = {}) => alice.public(`/spot/open/sapi/v1/${path}`, q)

async function batch(client: SimClient, symbol: string, orders: Record<string, string>[]): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < orders.length; i += 10) {
    const r = await client.signed('POST', '/spot/open/sapi/v1/batchOrders', { symbol, orders: orders.slice(i, i + 10) })
    expect(r.status).toBe(200)
    expect(r.body.failed).toBeUndefined()
    ids.push(...r.body.ids)
  }
  return ids
}

describe('symbols', () => {
  it('lists at least four symbols with every spec field and differing precisions', async () => {
    const r = await pub('symbols')
    expect(r.status).toBe(200)
    const symbols: any[] = r.body.symbols
    expect(symbols.length).toBeGreaterThanOrEqual(4)
    for (const s of symbols) {
      expect(Object.keys(s).sort()).toEqual(
        [
          'baseAsset',
          'limitPriceMin',
          'limitVolumeMin',
          'marketBuyMin',
          'marketSellMin',
          'pricePrecision',
          'quantityPrecision',
          'quoteAsset',
          'symbol'
        ].sort()
      )
      expect(s.symbol).toBe(s.symbol.toLowerCase())
      expect(s.symbol).toBe(`${s.baseAsset}${s.quoteAsset}`.toLowerCase())
      expect(Number.isInteger(s.pricePrecision) && Number.isInteger(s.quantityPrecision)).toBe(true)
      for (const f of ['limitPriceMin', 'limitVolumeMin', 'marketBuyMin', 'marketSellMin'])
        expect(s[f]).toMatch(/^\d+(\.\d+)?$/)
      // The minimum price step is one unit of the last price decimal; minimum sizes fit the size decimals.
      expect(s.limitPriceMin).toBe(s.pricePrecision === 0 ? '1' : `0.${'0'.repeat(s.pricePrecision - 1)}1`)
      expect((s.limitVolumeMin.split('.')[1] ?? '').length).toBeLessThanOrEqual(s.quantityPrecision)
    }
    expect(new Set(symbols.map((s) => s.pricePrecision)).size).toBeGreaterThanOrEqual(2)
    expect(new Set(symbols.map((s) => s.quantityPrecision)).size).toBeGreaterThanOrEqual(2)
    expect(symbols.map((s) => s.symbol)).toEqual(expect.arrayContaining(['btcusdt', 'ethusdt', 'solusdt', 'dogeusdt']))
  })
})

describe('depth', () => {
  it('aggregates levels best first; limit defaults to 100 and may not exceed 100', async () => {
    // 120 bid levels 0.10000, 0.09990, ... plus a second order on the best level, and 3 ask levels.
    const bids = Array.from({ length: 120 }, (_, i) => ({
      side: 'BUY',
      batchType: 'LIMIT',
      price: (0.1 - i * 0.0001).toFixed(5),
      volume: '100'
    }))
    await control(ex, 'credit', { apiKey: bob.keys.apiKey, asset: 'DOGE', amount: '1000' })
    await batch(alice, 'dogeusdt', [...bids, { side: 'BUY', batchType: 'LIMIT', price: '0.10000', volume: '50' }])
    await batch(bob, 'dogeusdt', [
      { side: 'SELL', batchType: 'LIMIT', price: '0.10200', volume: '30' },
      { side: 'SELL', batchType: 'LIMIT', price: '0.10100', volume: '20' },
      { side: 'SELL', batchType: 'LIMIT', price: '0.10300', volume: '10' }
    ])

    const full = await pub('depth', { symbol: 'dogeusdt' })
    expect(full.status).toBe(200)
    expect(full.body.bids).toHaveLength(100)
    expect(full.body.bids[0]).toEqual(['0.10000', '150'])
    expect(full.body.bids[1]).toEqual(['0.09990', '100'])
    expect(full.body.bids[99]).toEqual(['0.09010', '100'])
    expect(full.body.asks).toEqual([
      ['0.10100', '20'],
      ['0.10200', '30'],
      ['0.10300', '10']
    ])
    expect(Math.abs(full.body.time - clock())).toBeLessThan(60_000)

    const five = await pub('depth', { symbol: 'dogeusdt', limit: 5 })
    expect(five.body.bids).toEqual(full.body.bids.slice(0, 5))
    expect((await pub('depth', { symbol: 'dogeusdt', limit: 100 })).body.bids).toHaveLength(100)
    for (const limit of [101, 0]) {
      const bad = await pub('depth', { symbol: 'dogeusdt', limit })
      expect([bad.status, bad.body.code]).toEqual([400, -1102])
    }
  })
})

describe('trades and ticker', () => {
  it('returns the newest 200 trades by default, up to 1000 on request', async () => {
    await bob.order({ symbol: 'solusdt', side: 'SELL', type: 'LIMIT', price: '150.000', volume: '2.1' })
    // 210 fills of 0.01 SOL at 150.000, then one at 151.000.
    await batch(
      alice,
      'solusdt',
      Array.from({ length: 210 }, () => ({ side: 'BUY', batchType: 'LIMIT', price: '150.000', volume: '0.01' }))
    )
    await bob.order({ symbol: 'solusdt', side: 'SELL', type: 'LIMIT', price: '151.000', volume: '0.5' })
    await alice.order({ symbol: 'solusdt', side: 'BUY', type: 'MARKET', volume: '15.1' })

    const def = await pub('trades', { symbol: 'solusdt' })
    expect(def.status).toBe(200)
    expect(def.body).toHaveLength(200)
    expect(def.body[0]).toEqual({ price: '151.000', qty: '0.10', time: expect.any(Number), side: 'BUY' })
    expect(def.body.slice(1).every((t: any) => t.price === '150.000' && t.qty === '0.01' && t.side === 'BUY')).toBe(
      true
    )
    const times = def.body.map((t: any) => t.time)
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a)) // newest first

    expect((await pub('trades', { symbol: 'solusdt', limit: 5 })).body).toEqual(def.body.slice(0, 5))
    expect((await pub('trades', { symbol: 'solusdt', limit: 1000 })).body).toHaveLength(211)
    expect((await pub('trades', { symbol: 'solusdt', limit: 1001 })).body.code).toBe(-1102)
    expect((await pub('trades', { symbol: 'ethusdt' })).body).toEqual([])
  })

  it('reports the 24 h ticker from those trades', async () => {
    const t = await pub('ticker', { symbol: 'solusdt' })
    expect(t.status).toBe(200)
    // 2.10 SOL at 150 and 0.10 at 151: turnover 315 + 15.1.
    expect(t.body).toEqual({
      time: expect.any(Number),
      high: '151.000',
      low: '150.000',
      last: '151.000',
      vol: '2.20',
      rose: '0.0067',
      open: '150.000',
      amount: '330.10000'
    })
    // A symbol without trades: last is the initial price, no volume.
    const doge = await pub('ticker', { symbol: 'dogeusdt' })
    expect(doge.body).toMatchObject({ vol: '0', rose: '0.0000' })
    expect(doge.body.high).toBe(doge.body.last)
    expect((await pub('ticker', { symbol: 'nopeusdt' })).body.code).toBe(-1121)
  })
})

describe('klines', () => {
  const INTERVALS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1month'] as const
  /** Open time (ms, UTC) of the bucket holding t; weeks start Monday 00:00 UTC. */
  function bucket(interval: (typeof INTERVALS)[number], t: number): number {
    const d = new Date(t)
    if (interval === '1month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
    if (interval === '1week') {
      const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
      return day - ((d.getUTCDay() + 6) % 7) * 86_400_000
    }
    const len = { '1min': 1, '5min': 5, '15min': 15, '30min': 30, '60min': 60, '1day': 1440 }[interval] * MIN
    return Math.floor(t / len) * len
  }
  let tradeTime = 0

  it('builds a candle of every interval from a real trade', async () => {
    await bob.order({ symbol: 'ethusdt', side: 'SELL', type: 'LIMIT', price: '3210.55', volume: '0.5' })
    expect(
      (await alice.order({ symbol: 'ethusdt', side: 'BUY', type: 'LIMIT', price: '3210.55', volume: '0.5' })).status
    ).toBe(200)
    const [trade] = (await pub('trades', { symbol: 'ethusdt' })).body
    expect(trade).toMatchObject({ price: '3210.55', qty: '0.5000' })
    tradeTime = trade.time

    for (const interval of INTERVALS) {
      const r = await pub('klines', { symbol: 'ethusdt', interval })
      expect(r.status).toBe(200)
      const candles: any[] = r.body
      expect(candles.length).toBeGreaterThanOrEqual(1)
      const c = candles.find((k) => k.idx === bucket(interval, tradeTime) / 1000)
      expect(c, interval).toEqual({
        idx: bucket(interval, tradeTime) / 1000,
        open: '3210.55',
        close: '3210.55',
        high: '3210.55',
        low: '3210.55',
        vol: '0.5000',
        amount: '1605.275000'
      })
      // Nothing before the first trade; anything after it is a flat candle at its close.
      expect(candles[0].idx).toBe(c.idx)
      expect(candles.at(-1)).toMatchObject({ close: '3210.55' })
      expect(candles.slice(1).every((k) => k.vol === '0.0000')).toBe(true)
    }
  })

  it('fills gaps with flat candles; limit defaults to 100 and may not exceed 300', async () => {
    expect(tradeTime).toBeGreaterThan(0)
    shift = 400 * MIN // 400 minutes later, without another trade
    const def = await pub('klines', { symbol: 'ethusdt', interval: '1min' })
    expect(def.body).toHaveLength(100)
    const idx = def.body.map((k: any) => k.idx)
    // oldest first, contiguous
    expect(idx.slice(1).map((v: number, i: number) => v - idx[i])).toEqual(Array(99).fill(60))
    expect(idx.at(-1)).toBe(bucket('1min', clock()) / 1000)
    expect(def.body.every((k: any) => k.open === '3210.55' && k.close === '3210.55' && k.vol === '0.0000')).toBe(true)

    const max = await pub('klines', { symbol: 'ethusdt', interval: '1min', limit: 300 })
    expect(max.body).toHaveLength(300)
    expect(max.body.at(-1)).toEqual(def.body.at(-1))
    const hourly = await pub('klines', { symbol: 'ethusdt', interval: '60min', limit: 300 })
    expect(hourly.body.length).toBeGreaterThanOrEqual(7)
    expect(hourly.body.length).toBeLessThanOrEqual(8)
    for (const limit of [301, 0])
      expect((await pub('klines', { symbol: 'ethusdt', interval: '1min', limit })).body.code).toBe(-1102)
    expect((await pub('klines', { symbol: 'ethusdt', interval: '1h' })).body.code).toBe(-1102) // spot spells it 60min
  })
})

describe('seeded market activity', () => {
  const STEPS = 25
  const SYMBOLS = ['btcusdt', 'ethusdt', 'solusdt', 'dogeusdt']

  async function market(seed: number): Promise<{ trades: Record<string, string[][]>; depth: Record<string, unknown> }> {
    // The bots' trades only: the seeded history before them (the same for every activity seed) ends before the start.
    const since = Date.now()
    const e = await startExchange({ activity: true, activityTimer: false, seed })
    try {
      expect(e.activity).not.toBeNull()
      for (let i = 0; i < STEPS; i++) await e.activity!.step()
      const trades: Record<string, string[][]> = {}
      const depth: Record<string, unknown> = {}
      for (const symbol of SYMBOLS) {
        const t = (await fetch(`${e.url}/spot/open/sapi/v1/trades?symbol=${symbol}&limit=1000`).then((r) =>
          r.json()
        )) as any[]
        trades[symbol] = t.filter((x: any) => x.time >= since).map((x: any) => [x.price, x.qty, x.side])
        const d: any = await fetch(`${e.url}/spot/open/sapi/v1/depth?symbol=${symbol}`).then((r) => r.json())
        depth[symbol] = { bids: d.bids, asks: d.asks }
      }
      return { trades, depth }
    } finally {
      await e.close()
    }
  }

  it('gives identical trades and books for the same seed, and a different market for another seed', async () => {
    const a = await market(42)
    const b = await market(42)
    const c = await market(43)
    // Not vacuous: the bots traded and quoted on every symbol.
    for (const s of SYMBOLS) {
      expect(a.trades[s]!.length, s).toBeGreaterThan(3)
      expect((a.depth[s] as any).bids.length).toBeGreaterThan(5)
      expect((a.depth[s] as any).asks.length).toBeGreaterThan(5)
    }
    expect(b.trades).toEqual(a.trades)
    expect(b.depth).toEqual(a.depth)
    expect(c.trades).not.toEqual(a.trades)
    expect(c.depth).not.toEqual(a.depth)
  })

  it('exposes no activity generator when activity is off', () => {
    expect(ex.activity).toBeNull()
  })
})
