import { describe, expect, it } from 'vitest'
import { bal, expectSound, fund, limit, makeEngine, ok } from './helpers'

function book() {
  const f = makeEngine()
  for (const a of ['m1', 'm2', 't']) fund(f.e, a)
  ok(limit(f.e, 'm1', 'SELL', 10000, 10))
  ok(limit(f.e, 'm2', 'SELL', 10100, 10))
  ok(limit(f.e, 'm1', 'BUY', 9900, 10))
  ok(limit(f.e, 'm2', 'BUY', 9800, 10))
  return f
}

describe('time in force', () => {
  it('GTC (the default) rests its rest', () => {
    const { e } = book()
    const o = ok(limit(e, 't', 'BUY', 10000, 15))
    expect(o).toMatchObject({ timeInForce: 'GTC', status: 'PARTIALLY_FILLED', executedQty: 10 })
    expect(e.getOpenOrder(o.orderId)?.status).toBe('PARTIALLY_FILLED')
    expect(e.depth('btcusdt')!.bids[0]).toEqual([10000, 5])
  })

  it('IOC fills what it can and cancels the rest, unlocking it', () => {
    const { e } = book()
    const before = bal(e, 't', 'USDT')
    const o = ok(limit(e, 't', 'BUY', 10100, 25, { timeInForce: 'IOC' }))
    expect(o).toMatchObject({ status: 'CANCELED', executedQty: 20 })
    expect(e.getOpenOrder(o.orderId)).toBeUndefined()
    expect(bal(e, 't', 'USDT')).toEqual([before[0] - BigInt(10000 * 10 + 10100 * 10) * 1000n, 0n])
    const full = ok(limit(e, 't', 'SELL', 9900, 10, { timeInForce: 'IOC' }))
    expect(full).toMatchObject({ status: 'FILLED', executedQty: 10 })
    const none = ok(limit(e, 't', 'SELL', 9900, 1, { timeInForce: 'IOC' }))
    expect(none).toMatchObject({ status: 'CANCELED', executedQty: 0 })
    expect(e.depth('btcusdt')).toEqual({ bids: [[9800, 10]], asks: [] })
    expectSound(e)
  })

  it('FOK fills completely or is rejected without touching anything', () => {
    const { e, trades } = book()
    const depth = e.depth('btcusdt')
    const usdt = bal(e, 't', 'USDT')
    expect(limit(e, 't', 'BUY', 10100, 21, { timeInForce: 'FOK' })).toEqual({ ok: false, reason: 'FOK_NOT_FILLABLE' })
    expect(limit(e, 't', 'BUY', 10000, 11, { timeInForce: 'FOK' })).toEqual({ ok: false, reason: 'FOK_NOT_FILLABLE' })
    expect(trades).toEqual([])
    expect(e.depth('btcusdt')).toEqual(depth)
    expect(bal(e, 't', 'USDT')).toEqual(usdt)
    const o = ok(limit(e, 't', 'BUY', 10100, 20, { timeInForce: 'FOK' }))
    expect(o).toMatchObject({ status: 'FILLED', executedQty: 20, timeInForce: 'FOK' })
    expect(trades).toHaveLength(2)
    expectSound(e)
  })

  it('POST_ONLY rests when it does not cross and is rejected when it would take', () => {
    const { e, trades } = book()
    expect(limit(e, 't', 'BUY', 10000, 1, { timeInForce: 'POST_ONLY' })).toEqual({
      ok: false,
      reason: 'POST_ONLY_WOULD_TAKE'
    })
    expect(limit(e, 't', 'SELL', 9900, 1, { timeInForce: 'POST_ONLY' })).toEqual({
      ok: false,
      reason: 'POST_ONLY_WOULD_TAKE'
    })
    const o = ok(limit(e, 't', 'BUY', 9999, 1, { timeInForce: 'POST_ONLY' }))
    expect(o).toMatchObject({ status: 'NEW', timeInForce: 'POST_ONLY' })
    expect(e.bestBid('btcusdt')).toBe(9999)
    expect(trades).toEqual([])
    expectSound(e)
  })
})

describe('market orders', () => {
  it('MARKET SELL is sized in lots and walks the bids', () => {
    const { e, trades } = book()
    const o = ok(e.place('t', { symbol: 'btcusdt', side: 'SELL', type: 'MARKET', qty: 15 }))
    expect(o).toMatchObject({ status: 'FILLED', executedQty: 15, price: 0, origQty: 15, executedQuote: '148000' })
    expect(trades.map((t) => [t.price, t.qty])).toEqual([
      [9900, 10],
      [9800, 5]
    ])
    expectSound(e)
  })

  it('MARKET SELL larger than the bids: the rest is canceled', () => {
    const { e } = book()
    const [free0] = bal(e, 't', 'BTC')
    const o = ok(e.place('t', { symbol: 'btcusdt', side: 'SELL', type: 'MARKET', qty: 50 }))
    expect(o).toMatchObject({ status: 'CANCELED', executedQty: 20 })
    expect(bal(e, 't', 'BTC')).toEqual([free0 - 20n * 100_000n, 0n])
    expect(e.depth('btcusdt')!.bids).toEqual([])
    expectSound(e)
  })

  it('MARKET BUY is sized in notional and leaves dust below one lot unspent', () => {
    const { e, trades } = book()
    const [usdt0] = bal(e, 't', 'USDT')
    // 10 lots at 10000 = 100000, then 150 left buys 0 lots at 10100: dust
    const o = ok(e.place('t', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 100_150 }))
    expect(o).toMatchObject({
      status: 'FILLED',
      executedQty: 10,
      quoteQty: 100_150,
      origQty: 0,
      executedQuote: '100000'
    })
    expect(trades.map((t) => [t.price, t.qty])).toEqual([[10000, 10]])
    expect(bal(e, 't', 'USDT')).toEqual([usdt0 - 100_000n * 1000n, 0n])
    // walks into the next level and stops inside it
    const p = ok(e.place('t', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 10100 * 3 + 7 }))
    expect(p).toMatchObject({ status: 'FILLED', executedQty: 3, executedQuote: '30300' })
    expect(e.depth('btcusdt')!.asks).toEqual([[10100, 7]])
    expectSound(e)
  })

  it('MARKET BUY that empties the asks with money left is CANCELED; one that buys nothing too', () => {
    const { e } = book()
    const o = ok(e.place('t', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 1_000_000 }))
    expect(o).toMatchObject({ status: 'CANCELED', executedQty: 20, executedQuote: '201000' })
    expect(bal(e, 't', 'USDT')[1]).toBe(0n)
    const none = ok(e.place('t', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 5 }))
    expect(none).toMatchObject({ status: 'CANCELED', executedQty: 0 })
    expectSound(e)
  })

  it('MARKET BUY too small for one lot at the best ask buys nothing', () => {
    const { e, trades } = book()
    const o = ok(e.place('t', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 9999 }))
    expect(o).toMatchObject({ status: 'CANCELED', executedQty: 0 })
    expect(trades).toEqual([])
  })

  it('MARKET with FOK is all-or-nothing; with POST_ONLY it is refused', () => {
    const { e } = book()
    expect(e.place('t', { symbol: 'btcusdt', side: 'SELL', type: 'MARKET', qty: 21, timeInForce: 'FOK' })).toEqual({
      ok: false,
      reason: 'FOK_NOT_FILLABLE'
    })
    expect(
      e.place('t', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 300_000, timeInForce: 'FOK' })
    ).toEqual({ ok: false, reason: 'FOK_NOT_FILLABLE' })
    expect(e.place('t', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 100, timeInForce: 'FOK' })).toEqual(
      { ok: false, reason: 'FOK_NOT_FILLABLE' }
    )
    expect(
      e.place('t', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 100, timeInForce: 'POST_ONLY' })
    ).toEqual({ ok: false, reason: 'INVALID_TIF' })
    expect(
      ok(e.place('t', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 150_000, timeInForce: 'FOK' }))
    ).toMatchObject({ status: 'FILLED', executedQty: 14 })
    expect(
      ok(e.place('t', { symbol: 'btcusdt', side: 'SELL', type: 'MARKET', qty: 20, timeInForce: 'FOK' }))
    ).toMatchObject({ status: 'FILLED', executedQty: 20 })
    expectSound(e)
  })

  it('a market order on an empty side is accepted and canceled', () => {
    const { e } = makeEngine()
    fund(e, 't')
    expect(ok(e.place('t', { symbol: 'ethusdt', side: 'SELL', type: 'MARKET', qty: 5 }))).toMatchObject({
      status: 'CANCELED',
      executedQty: 0
    })
    expect(e.balance('t', 'ETH').locked).toBe(0n)
  })
})
