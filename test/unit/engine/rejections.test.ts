import { describe, expect, it } from 'vitest'
import { SpotEngine } from '../../../src-sim/engine/engine'
import type { PlaceInput } from '../../../src-sim/engine/types'
import { ASSETS, BTC, expectSound, fund, limit, makeEngine, ok } from './helpers'

const L = (more: Partial<PlaceInput>): PlaceInput => ({
  symbol: 'btcusdt',
  side: 'BUY',
  type: 'LIMIT',
  price: 10000,
  qty: 10,
  ...more
})

describe('rejections: typed reasons, nothing changed', () => {
  it('input checks', () => {
    const { e } = makeEngine()
    fund(e, 'a')
    const cases: [Partial<PlaceInput> | Record<string, unknown>, string][] = [
      [{ symbol: 'nope' }, 'UNKNOWN_SYMBOL'],
      [{ side: 'HOLD' }, 'INVALID_SIDE'],
      [{ type: 'STOP' }, 'INVALID_TYPE'],
      [{ timeInForce: 'GTD' }, 'INVALID_TIF'],
      [{ price: undefined }, 'INVALID_PRICE'],
      [{ price: 0 }, 'INVALID_PRICE'],
      [{ price: -5 }, 'INVALID_PRICE'],
      [{ price: 1.5 }, 'INVALID_PRICE'],
      [{ price: 2 ** 53 }, 'INVALID_PRICE'],
      [{ price: '10000' }, 'INVALID_PRICE'],
      [{ qty: undefined }, 'INVALID_QUANTITY'],
      [{ qty: 0 }, 'INVALID_QUANTITY'],
      [{ qty: Number.NaN }, 'INVALID_QUANTITY'],
      [{ qty: 2 ** 60 }, 'INVALID_QUANTITY'],
      [{ type: 'MARKET', side: 'BUY', quoteQty: undefined }, 'INVALID_QUANTITY'],
      [{ type: 'MARKET', side: 'SELL', qty: -1 }, 'INVALID_QUANTITY'],
      [{ type: 'MARKET', timeInForce: 'POST_ONLY', quoteQty: 100 }, 'INVALID_TIF'],
      [{ price: 2 ** 40, qty: 2 ** 20 }, 'MAX_NOTIONAL'],
      [{ type: 'MARKET', side: 'BUY', quoteQty: 2 ** 50 }, 'MAX_NOTIONAL'],
      [{ price: 1_000_000_000, qty: 1000 }, 'INSUFFICIENT_BALANCE']
    ]
    for (const [more, reason] of cases)
      expect(e.place('a', L(more as Partial<PlaceInput>)), JSON.stringify(more)).toEqual({ ok: false, reason })
    expect(e.openOrders('a')).toEqual([])
    expect(e.balance('a', 'USDT').locked).toBe(0n)
    expect(e.orderIds.peek()).toBe('3176901856236716480')
    expectSound(e)
  })

  it('symbol minimums: limitPriceMin, limitVolumeMin, marketBuyMin, marketSellMin', () => {
    const e = new SpotEngine({
      clock: () => 0,
      assets: ASSETS,
      symbols: [{ ...BTC, limitPriceMin: 100, limitVolumeMin: 5, marketBuyMin: 5000, marketSellMin: 3 }]
    })
    fund(e, 'a')
    expect(limit(e, 'a', 'BUY', 99, 5)).toEqual({ ok: false, reason: 'MIN_PRICE' })
    expect(limit(e, 'a', 'BUY', 100, 4)).toEqual({ ok: false, reason: 'MIN_VOLUME' })
    expect(ok(limit(e, 'a', 'BUY', 100, 5)).status).toBe('NEW')
    expect(e.place('a', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 4999 })).toEqual({
      ok: false,
      reason: 'MIN_VOLUME'
    })
    expect(e.place('a', { symbol: 'btcusdt', side: 'SELL', type: 'MARKET', qty: 2 })).toEqual({
      ok: false,
      reason: 'MIN_VOLUME'
    })
    expect(ok(e.place('a', { symbol: 'btcusdt', side: 'SELL', type: 'MARKET', qty: 3 })).status).toBe('CANCELED') // own bid: STP
  })

  it('configuration errors throw at setup', () => {
    expect(() => new SpotEngine({ clock: () => 0, assets: {}, symbols: [BTC] })).toThrow(/declare assets/)
    expect(
      () => new SpotEngine({ clock: () => 0, assets: { BTC: { scale: 2 }, USDT: { scale: 8 } }, symbols: [BTC] })
    ).toThrow(/scale of BTC/)
    expect(
      () => new SpotEngine({ clock: () => 0, assets: { BTC: { scale: 8 }, USDT: { scale: 4 } }, symbols: [BTC] })
    ).toThrow(/scale of USDT/)
    expect(() => new SpotEngine({ clock: () => 0, assets: ASSETS, symbols: [{ ...BTC, takerFeePpm: 0.5 }] })).toThrow(
      /takerFeePpm/
    )
    expect(() => new SpotEngine({ clock: () => 0, assets: ASSETS, symbols: [BTC, BTC] })).toThrow(/exists/)
    expect(() => new SpotEngine({ clock: () => 0, assets: ASSETS, symbols: [{ ...BTC, quoteAsset: 'BTC' }] })).toThrow(
      /same asset/
    )
  })
})
