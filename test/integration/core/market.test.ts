// Market data through the contract: commands against the embedded exchange's REST and streams from its shared
// WebSockets, coalesced per subscription.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isDecimalText } from '@shared/decimal'
import type { BookView, CandlesEvent, FundingView, TickerView, TradesEvent } from '@shared/ipc/views/market'
import { futuresServed, nextEvent, startRig, waitFor, type Rig } from './harness'

let rig: Rig
let futures = false
beforeAll(async () => {
  rig = await startRig({ embedded: { activity: true, seed: 11 } })
  futures = await futuresServed(rig)
})
afterAll(() => rig.close())

const dec = (v: unknown): boolean => isDecimalText(v)

describe('terminal core: market data', () => {
  it('lists symbols and contracts with their trading rules', async () => {
    const symbols = await rig.client.invoke('market.symbols', {})
    expect(symbols.find((s) => s.symbol === 'btcusdt')).toMatchObject({
      pricePrecision: 2,
      quantityPrecision: 6,
      limitVolumeMin: '0.0001',
      marketBuyMin: '5'
    })
    if (!futures) return
    const contracts = await rig.client.invoke('market.contracts', {})
    expect(contracts.find((c) => c.symbol === 'E-BTC-USDT')).toMatchObject({
      pricePrecision: 1,
      minOrderVolume: '1',
      multiplier: '0.001'
    })
  })

  it('answers tickers, depth, trades and candles with decimal strings', async () => {
    const tickers = await rig.client.invoke('market.tickers', { module: 'spot', symbols: ['btcusdt', 'ethusdt'] })
    expect(tickers.map((t) => t.symbol)).toEqual(['btcusdt', 'ethusdt'])
    expect(tickers.every((t) => dec(t.close) && dec(t.vol))).toBe(true)
    // The market bots lay their ladder shortly after start (later on a loaded machine).
    const book = await waitFor(
      async () => {
        const b = await rig.client.invoke('market.depth', { module: 'spot', symbol: 'btcusdt', limit: 10 })
        return b.bids.length > 0 && b.asks.length > 0 ? b : undefined
      },
      15_000,
      'a two-sided book'
    )
    expect(book.symbol).toBe('btcusdt')
    expect(book.bids.every(([p, q]) => dec(p) && dec(q))).toBe(true)
    expect(Number(book.bids[0]![0])).toBeLessThan(Number(book.asks[0]![0]))
    // A fresh exchange has candles once its market activity has traded.
    const candles = await waitFor(
      async () => {
        const list = await rig.client.invoke('market.candles', {
          module: 'spot',
          symbol: 'btcusdt',
          interval: '1min',
          limit: 5
        })
        return list.length > 0 ? list : undefined
      },
      15_000,
      'candles'
    )
    expect(candles.every((c, i) => i === 0 || c.id > candles[i - 1]!.id)).toBe(true)
    const trades = await rig.client.invoke('market.trades', { module: 'spot', symbol: 'btcusdt', limit: 5 })
    expect(trades.every((t) => dec(t.price) && (t.side === 'buy' || t.side === 'sell'))).toBe(true)
  })

  it('answers futures tickers, index, mark and funding', async () => {
    if (!futures) return
    const tickers = await rig.client.invoke('market.tickers', { module: 'futures', symbols: ['E-BTC-USDT'] })
    expect(tickers).toHaveLength(1)
    const index = await rig.client.invoke('market.index', { symbol: 'E-BTC-USDT' })
    expect(index).toHaveLength(1)
    expect(dec(index[0]!.markPrice)).toBe(true)
    const f = await rig.client.invoke('market.fundingRate', { symbol: 'E-ETH-USDT' })
    expect(f.symbol).toBe('E-ETH-USDT')
    expect(isDecimalText(f.lastFundingRate)).toBe(true)
    const book = await rig.client.invoke('market.depth', { module: 'futures', symbol: 'E-BTC-USDT' })
    expect(book.symbol).toBe('E-BTC-USDT')
    const candles = await rig.client.invoke('market.candles', {
      module: 'futures',
      symbol: 'E-BTC-USDT',
      interval: '1h',
      limit: 3
    })
    expect(Array.isArray(candles)).toBe(true)
    const trades = await rig.client.invoke('market.trades', { module: 'futures', symbol: 'E-BTC-USDT' })
    expect(Array.isArray(trades)).toBe(true)
  })

  it('streams books, tickers, trades and candles', async () => {
    const c = rig.client
    const book = await nextEvent<BookView>(
      (l, end) => c.subscribe('market.onBook', { module: 'spot', symbol: 'btcusdt' }, l, end),
      (b) => b.bids.length > 0
    )
    expect(book.symbol).toBe('btcusdt')
    const ticker = await nextEvent<TickerView>((l, end) =>
      c.subscribe('market.onTicker', { module: 'spot', symbol: 'ethusdt' }, l, end)
    )
    expect(dec(ticker.close)).toBe(true)
    const trades = await nextEvent<TradesEvent>(
      (l, end) => c.subscribe('market.onTrades', { module: 'spot', symbol: 'btcusdt' }, l, end),
      (t) => t.trades.length > 0,
      15_000
    )
    expect(trades.trades.every((t) => dec(t.vol))).toBe(true)
    const candles = await nextEvent<CandlesEvent>(
      (l, end) => c.subscribe('market.onCandles', { module: 'spot', symbol: 'btcusdt', interval: '1min' }, l, end),
      (e) => e.candles.length > 0
    )
    expect(candles.interval).toBe('1min')
    if (!futures) return
    const mark = await nextEvent<FundingView>((l, end) =>
      c.subscribe('market.onMarkPrice', { symbol: 'E-BTC-USDT' }, l, end)
    )
    expect(dec(mark.markPrice)).toBe(true)
    const fbook = await nextEvent<BookView>((l, end) =>
      c.subscribe('market.onBook', { module: 'futures', symbol: 'E-BTC-USDT' }, l, end)
    )
    expect(fbook.symbol).toBe('E-BTC-USDT')
  })

  it('ends a stream of an unknown profile with a clear error', async () => {
    const err = await nextEvent<BookView>((l, end) =>
      rig.client.subscribe(
        'market.onBook',
        { profileId: '7d3c5b2e-1f7a-4c4b-9a59-3f3b1c2d4e5f', module: 'spot', symbol: 'btcusdt' },
        l,
        end
      )
    ).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'not-found', field: 'profileId' })
  })

  it('reports feeds, latency, clock and rate budget on app.onStatus', async () => {
    const s = await nextEvent<import('@shared/ipc/views/status').StatusView>(
      (l, end) => rig.client.subscribe('app.onStatus', {}, l, end),
      (v) => v.feeds.some((f) => f.state === 'open')
    )
    expect(s.profileId).toBe((await rig.client.invoke('profiles.list', {})).activeProfileId)
    expect(s.rest.lastLatencyMs).not.toBeNull()
    expect(s.clock.synced).toBe(true)
    expect(s.rateBudget.buckets.length).toBeGreaterThan(0)
    expect(s.polling).toEqual({ multiplier: 1, reason: null })
  })
})
