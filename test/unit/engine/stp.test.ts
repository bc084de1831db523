import { describe, expect, it } from 'vitest'
import { bal, expectSound, fund, limit, makeEngine, ok } from './helpers'

describe('self-trade prevention: the resting order of the same account is canceled', () => {
  it('cancels the own maker and keeps matching others behind it', () => {
    const { e, trades, updates } = makeEngine()
    fund(e, 'a')
    fund(e, 'b')
    const own = ok(limit(e, 'a', 'SELL', 10000, 10))
    const other = ok(limit(e, 'b', 'SELL', 10000, 10))
    const own2 = ok(limit(e, 'a', 'SELL', 10100, 5))
    const lockedBefore = bal(e, 'a', 'BTC')[1]
    expect(lockedBefore).toBe(15n * 100_000n)
    const t = ok(limit(e, 'a', 'BUY', 10100, 12))
    // no trade of a with itself
    expect(trades.map((x) => [x.makerOrderId, x.qty])).toEqual([[other.orderId, 10]])
    expect(trades.every((x) => x.makerAccount !== x.takerAccount)).toBe(true)
    // both own makers that the taker reached were canceled, their BTC unlocked
    expect(updates.filter((u) => u.status === 'CANCELED').map((u) => u.orderId)).toEqual([own.orderId, own2.orderId])
    expect(e.getOpenOrder(own.orderId)).toBeUndefined()
    expect(e.getOpenOrder(own2.orderId)).toBeUndefined()
    expect(bal(e, 'a', 'BTC')[1]).toBe(0n)
    // the taker filled 10 from b and rests its rest
    expect(t).toMatchObject({ status: 'PARTIALLY_FILLED', executedQty: 10 })
    expect(e.depth('btcusdt')).toEqual({ bids: [[10100, 2]], asks: [] })
    expectSound(e)
  })

  it('does not cancel own orders the taker does not reach', () => {
    const { e } = makeEngine()
    fund(e, 'a')
    fund(e, 'b')
    ok(limit(e, 'b', 'SELL', 10000, 10))
    const own = ok(limit(e, 'a', 'SELL', 10000, 10))
    ok(limit(e, 'a', 'BUY', 10000, 10))
    expect(e.getOpenOrder(own.orderId)?.status).toBe('NEW')
    expectSound(e)
  })

  it('applies to IOC and market takers too', () => {
    const { e, trades } = makeEngine()
    fund(e, 'a')
    const own = ok(limit(e, 'a', 'BUY', 9900, 10))
    const m = ok(e.place('a', { symbol: 'btcusdt', side: 'SELL', type: 'MARKET', qty: 5 }))
    expect(m).toMatchObject({ status: 'CANCELED', executedQty: 0 })
    expect(e.getOpenOrder(own.orderId)).toBeUndefined()
    const own2 = ok(limit(e, 'a', 'BUY', 9900, 10))
    expect(ok(limit(e, 'a', 'SELL', 9900, 5, { timeInForce: 'IOC' }))).toMatchObject({
      status: 'CANCELED',
      executedQty: 0
    })
    expect(e.getOpenOrder(own2.orderId)).toBeUndefined()
    expect(trades).toEqual([])
    expect(bal(e, 'a', 'USDT')[1]).toBe(0n)
    expectSound(e)
  })

  it('FOK counts only other accounts; POST_ONLY refuses to cross even its own order', () => {
    const { e } = makeEngine()
    fund(e, 'a')
    fund(e, 'b')
    ok(limit(e, 'a', 'SELL', 10000, 10))
    ok(limit(e, 'b', 'SELL', 10000, 5))
    expect(limit(e, 'a', 'BUY', 10000, 6, { timeInForce: 'FOK' })).toEqual({ ok: false, reason: 'FOK_NOT_FILLABLE' })
    expect(limit(e, 'a', 'BUY', 10000, 1, { timeInForce: 'POST_ONLY' })).toEqual({
      ok: false,
      reason: 'POST_ONLY_WOULD_TAKE'
    })
    expect(ok(limit(e, 'a', 'BUY', 10000, 5, { timeInForce: 'FOK' }))).toMatchObject({
      status: 'FILLED',
      executedQty: 5
    })
    expect(e.depth('btcusdt')).toEqual({ bids: [], asks: [] })
    expectSound(e)
  })
})
