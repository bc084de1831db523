import { describe, expect, it } from 'vitest'
import { feeOf } from '../../../src-sim/engine/settle'
import { bal, expectSound, limit, makeEngine, ok } from './helpers'

// btcusdt: 1 lot = 100_000 BTC units, 1 tick*lot = 1_000 USDT units; maker fee 0.1%, taker 0.2% of what is received

describe('balances and fees, exact', () => {
  it('two accounts trade: holds, fills, price improvement, fees, cancel, conservation', () => {
    const { e, trades } = makeEngine()
    e.deposit('alice', 'BTC', 1_000_000_000n) // 10 BTC
    e.deposit('bob', 'USDT', 10_000_000_000_000n) // 100_000 USDT

    // alice sells 2 BTC at 30000: 2e8 BTC units locked
    const ask = ok(limit(e, 'alice', 'SELL', 3_000_000, 2000))
    expect(bal(e, 'alice', 'BTC')).toEqual([800_000_000n, 200_000_000n])

    // bob buys 0.5 BTC limit 30100, fills at 30000: pays 15000 USDT, the 50 USDT of improvement stays free
    const b1 = ok(limit(e, 'bob', 'BUY', 3_010_000, 500))
    expect(b1).toMatchObject({ status: 'FILLED', executedQty: 500, executedQuote: '1500000000' })
    expect(bal(e, 'bob', 'USDT')).toEqual([8_500_000_000_000n, 0n])
    expect(bal(e, 'bob', 'BTC')).toEqual([49_900_000n, 0n]) // 0.5 BTC - 0.2% taker fee
    expect(bal(e, 'alice', 'BTC')).toEqual([800_000_000n, 150_000_000n])
    expect(bal(e, 'alice', 'USDT')).toEqual([1_498_500_000_000n, 0n]) // 15000 USDT - 0.1% maker fee
    expect(trades[0]).toMatchObject({
      price: 3_000_000,
      qty: 500,
      takerFee: 100_000,
      takerFeeAsset: 'BTC',
      makerFee: 1_500_000_000,
      makerFeeAsset: 'USDT'
    })

    // bob bids 2 BTC at 29000: 58000 USDT locked
    const bid = ok(limit(e, 'bob', 'BUY', 2_900_000, 2000))
    expect(bal(e, 'bob', 'USDT')).toEqual([2_700_000_000_000n, 5_800_000_000_000n])

    // alice sells 1 BTC at market into bob's bid: 29000 USDT - 0.2%; bob gets 1 BTC - 0.1%
    ok(e.place('alice', { symbol: 'btcusdt', side: 'SELL', type: 'MARKET', qty: 1000 }))
    expect(bal(e, 'alice', 'BTC')).toEqual([700_000_000n, 150_000_000n])
    expect(bal(e, 'alice', 'USDT')).toEqual([4_392_700_000_000n, 0n])
    expect(bal(e, 'bob', 'USDT')).toEqual([2_700_000_000_000n, 2_900_000_000_000n])
    expect(bal(e, 'bob', 'BTC')).toEqual([149_800_000n, 0n])

    // cancel unlocks exactly the rest
    ok(e.cancel('bob', 'btcusdt', bid.orderId))
    expect(bal(e, 'bob', 'USDT')).toEqual([5_600_000_000_000n, 0n])
    ok(e.cancel('alice', 'btcusdt', ask.orderId))
    expect(bal(e, 'alice', 'BTC')).toEqual([850_000_000n, 0n])

    // fees went to the fee account; every asset's total is unchanged
    expect(bal(e, 'fees', 'BTC')).toEqual([200_000n, 0n])
    expect(bal(e, 'fees', 'USDT')).toEqual([7_300_000_000n, 0n])
    expect(e.ledger.totals()).toEqual(
      new Map([
        ['BTC', 1_000_000_000n],
        ['ETH', 0n],
        ['USDT', 10_000_000_000_000n]
      ])
    )
    expectSound(e)
  })

  it('a resting BUY that fills over several makers keeps locked == price * remaining', () => {
    const { e } = makeEngine()
    e.deposit('b', 'USDT', 100_000_000_000n)
    e.deposit('s', 'BTC', 100_000_000n)
    const buy = ok(limit(e, 'b', 'BUY', 10000, 100)) // locks 10000*100*1000 = 1e9
    expect(bal(e, 'b', 'USDT')).toEqual([99_000_000_000n, 1_000_000_000n])
    ok(limit(e, 's', 'SELL', 9000, 30)) // maker price is the bid's: 10000
    expect(bal(e, 'b', 'USDT')).toEqual([99_000_000_000n, 700_000_000n])
    ok(limit(e, 's', 'SELL', 10000, 70))
    expect(bal(e, 'b', 'USDT')).toEqual([99_000_000_000n, 0n])
    expect(e.getOpenOrder(buy.orderId)).toBeUndefined()
    expect(bal(e, 'b', 'BTC')).toEqual([BigInt(100 * 100_000 - 100 * 100), 0n]) // 0.1% maker fee in BTC
    expectSound(e)
  })

  it('MARKET BUY locks its notional, spends exactly the fills and unlocks the dust', () => {
    const { e } = makeEngine()
    e.deposit('s', 'BTC', 100_000_000n)
    e.deposit('b', 'USDT', 1_000_000n)
    ok(limit(e, 's', 'SELL', 300, 5))
    ok(limit(e, 's', 'SELL', 400, 5))
    // 1000 ticks*lots = 1_000_000 USDT units: 3 lots at 300 (900), the 100 left is below 400: dust
    const o = ok(e.place('b', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 1000 }))
    expect(o).toMatchObject({ status: 'FILLED', executedQty: 3, executedQuote: '900' })
    expect(bal(e, 'b', 'USDT')).toEqual([100_000n, 0n])
    expect(bal(e, 'b', 'BTC')).toEqual([300_000n - 600n, 0n])
    expect(e.place('b', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', quoteQty: 101 })).toEqual({
      ok: false,
      reason: 'INSUFFICIENT_BALANCE'
    })
    expectSound(e)
  })

  it('rejects INSUFFICIENT_BALANCE before touching the book; nothing changes, no id is used', () => {
    const { e, trades } = makeEngine()
    e.deposit('s', 'BTC', 100_000_000n)
    ok(limit(e, 's', 'SELL', 10000, 10))
    e.deposit('b', 'USDT', 10000n * 10n * 1000n - 1n) // one unit short of 10 lots at 10000
    const nextId = e.orderIds.peek()
    expect(limit(e, 'b', 'BUY', 10000, 10)).toEqual({ ok: false, reason: 'INSUFFICIENT_BALANCE' })
    // even though it would fill at a better price, the hold is price * qty at the limit
    expect(limit(e, 'b', 'BUY', 20000, 5)).toEqual({ ok: false, reason: 'INSUFFICIENT_BALANCE' })
    expect(limit(e, 's', 'SELL', 10000, 991)).toEqual({ ok: false, reason: 'INSUFFICIENT_BALANCE' })
    expect(trades).toEqual([])
    expect(e.depth('btcusdt')!.asks).toEqual([[10000, 10]])
    expect(e.orderIds.peek()).toBe(nextId)
    expect(bal(e, 'b', 'USDT')).toEqual([99_999_999n, 0n])
    expect(ok(limit(e, 'b', 'BUY', 10000, 9)).status).toBe('FILLED')
    expectSound(e)
  })

  it('funds locked by one order are not available to the next', () => {
    const { e } = makeEngine()
    e.deposit('a', 'BTC', 1_000_000n) // 10 lots
    ok(limit(e, 'a', 'SELL', 10000, 6))
    expect(limit(e, 'a', 'SELL', 10000, 5)).toEqual({ ok: false, reason: 'INSUFFICIENT_BALANCE' })
    expect(ok(limit(e, 'a', 'SELL', 10000, 4)).status).toBe('NEW')
    expect(bal(e, 'a', 'BTC')).toEqual([0n, 1_000_000n])
    expect(e.withdraw('a', 'BTC', 1n)).toBe(false)
  })

  it('fees round down to the smallest unit and may be zero', () => {
    const { e, trades } = makeEngine()
    e.deposit('s', 'ETH', 1_000_000_000n)
    e.deposit('b', 'USDT', 1_000_000_000n)
    // ethusdt: maker 0, taker 500 ppm; 1 lot = 1e6 ETH units, 1 tick*lot = 1e4 USDT units
    ok(e.place('s', { symbol: 'ethusdt', side: 'SELL', type: 'LIMIT', price: 3, qty: 1 }))
    ok(e.place('b', { symbol: 'ethusdt', side: 'BUY', type: 'LIMIT', price: 3, qty: 1 }))
    expect(trades[0]).toMatchObject({ takerFee: 500, makerFee: 0 }) // 1e6 * 500 / 1e6
    ok(e.place('b', { symbol: 'ethusdt', side: 'BUY', type: 'LIMIT', price: 3, qty: 1 }))
    ok(e.place('s', { symbol: 'ethusdt', side: 'SELL', type: 'LIMIT', price: 3, qty: 1 }))
    expect(trades[1]).toMatchObject({ takerFee: 15, takerFeeAsset: 'USDT', makerFee: 0 }) // 30000 * 500 / 1e6
    expect(feeOf(1999, 500)).toBe(0)
    expect(feeOf(2000, 500)).toBe(1)
    expect(feeOf(Number.MAX_SAFE_INTEGER, 999_999)).toBe(
      Number((BigInt(Number.MAX_SAFE_INTEGER) * 999_999n) / 1_000_000n)
    )
    expectSound(e)
  })

  it('stays exact past 2^53 smallest units (balances switch to BigInt)', () => {
    const { e } = makeEngine()
    const big = 2n ** 60n
    e.deposit('b', 'USDT', big)
    e.deposit('s', 'BTC', big)
    const maxLots = 2 ** 40
    // 2^40 lots * 100_000 < 2^57 exceeds 2^53 units: refused, the order could not be held exactly
    expect(limit(e, 's', 'SELL', 1, maxLots)).toEqual({ ok: false, reason: 'MAX_NOTIONAL' })
    // many orders whose sum passes 2^53
    const qty = 2 ** 30 // lots; 2^30 * 1e5 ~ 1.07e14 base units each
    for (let i = 0; i < 100; i++) ok(limit(e, 's', 'SELL', 7, qty))
    for (let i = 0; i < 100; i++) ok(limit(e, 'b', 'BUY', 7, qty))
    const spent = 100n * 7n * BigInt(qty) * 1000n
    const got = 100n * BigInt(qty) * 100_000n
    expect(bal(e, 'b', 'USDT')).toEqual([big - spent, 0n])
    expect(bal(e, 'b', 'BTC')).toEqual([got - (got * 2000n) / 1_000_000n, 0n])
    expect(bal(e, 's', 'BTC')).toEqual([big - got, 0n])
    expect(e.ledger.totals().get('USDT')).toBe(big)
    expect(e.ledger.totals().get('BTC')).toBe(big)
    expectSound(e)
  })

  it('deposits and withdrawals move free balance only', () => {
    const { e } = makeEngine()
    e.deposit('a', 'USDT', 500n)
    expect(e.withdraw('a', 'USDT', 501n)).toBe(false)
    expect(e.withdraw('a', 'USDT', 200n)).toBe(true)
    expect(e.balances('a')).toEqual([{ asset: 'USDT', free: 300n, locked: 0n }])
    expect(() => e.deposit('a', 'USDT', -1n)).toThrow()
    expect(() => e.deposit('a', 'DOGE', 1n)).toThrow()
    expect(e.balance('nobody', 'USDT')).toEqual({ free: 0n, locked: 0n })
  })
})
