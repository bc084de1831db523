// The futures arithmetic in isolation: contract values (linear exact, inverse rounded once per contract), PnL
// signs, maintenance tiers, the bisected liquidation and bankruptcy prices against their definitions, the
// funding-rate formula and money rounding.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../fast-check-env'
import { FUTURES_CONTRACTS } from '../../../src-sim/config/futures-contracts'
import { Contract } from '../../../src-sim/futures/contract'
import { fundingRate } from '../../../src-sim/futures/funding'
import { ceilDiv, floorDiv, moneyText, roundDiv } from '../../../src-sim/futures/money'
import { bankruptcyPrice, keepPpm, liquidationPrice, maintAt, upnlAt } from '../../../src-sim/futures/risk'
import type { Position } from '../../../src-sim/futures/types'

const [BTC, ETH, INV] = FUTURES_CONTRACTS.map((c) => new Contract(c)) as [Contract, Contract, Contract]

function position(c: Contract, side: 'BUY' | 'SELL', qty: number, price: number): Position {
  return {
    id: '1',
    account: 'a',
    contract: c.symbol,
    key: 'BOTH',
    side,
    positionType: 2,
    qty,
    cost: c.value(qty, price),
    margin: 0n,
    openQty: qty,
    openTicks: BigInt(price * qty),
    closeQty: 0,
    closeTicks: 0n,
    closeProfit: 0n,
    tradeFee: 0n,
    capitalFee: 0n,
    ctime: 0,
    mtime: 0
  }
}

describe('money', () => {
  it('divides with floor, ceil and half-even rounding for either sign', () => {
    expect([floorDiv(-7n, 2n), ceilDiv(-7n, 2n), roundDiv(-7n, 2n), roundDiv(5n, 2n), roundDiv(7n, 2n)]).toEqual([
      -4n,
      -3n,
      -4n,
      2n,
      4n
    ])
    expect(moneyText(-1_500_000_000_000n)).toBe('-1.5')
  })
})

describe('contract values', () => {
  it('linear: 0.001 BTC x price, exact', () => {
    expect(moneyText(BTC.value(3, 650_001))).toBe('195.0003')
    expect(moneyText(ETH.value(7, 320_001))).toBe('224.0007')
  })
  it('inverse: 100 USD / price per contract, rounded once to 10^-12 BTC, times the contracts', () => {
    expect(moneyText(INV.unit(650_000))).toBe('0.001538461538')
    expect(INV.value(1000, 650_000)).toBe(1000n * INV.unit(650_000))
    expect(INV.money(10, 650_000)).toBe(1000n * 10n ** 12n) // 1000 USD
  })
  it('long PnL rises with the price on both kinds, short PnL falls', () => {
    for (const c of [BTC, INV]) {
      const long = position(c, 'BUY', 10, 650_000)
      const short = position(c, 'SELL', 10, 650_000)
      expect(upnlAt(c, long, 660_000) > 0n).toBe(true)
      expect(upnlAt(c, short, 660_000) < 0n).toBe(true)
      expect(upnlAt(c, long, 650_000)).toBe(0n)
    }
  })
  it('picks the maintenance tier by contracts', () => {
    expect([keepPpm(BTC, 1), keepPpm(BTC, 10_000), keepPpm(BTC, 10_001), keepPpm(BTC, 999_999)]).toEqual([
      5000, 5000, 10_000, 50_000
    ])
  })
  it('refuses config whose tiers keep more than 1 / maxLeverage', () => {
    expect(
      () => new Contract({ ...FUTURES_CONTRACTS[0]!, tiers: [{ maxVolume: 10, keepRatePpm: 20_000, maxLeverage: 50 }] })
    ).toThrow(/tiers/)
  })
})

describe('liquidation and bankruptcy prices are the exact boundaries of their definitions', () => {
  const arb = fc.record({
    c: fc.constantFrom(BTC, ETH, INV),
    side: fc.constantFrom('BUY' as const, 'SELL' as const),
    qty: fc.integer({ min: 1, max: 50_000 }),
    price: fc.integer({ min: 10_000, max: 10_000_000 }),
    lev: fc.integer({ min: 1, max: 50 })
  })
  it('equity >= MM on the safe side of reducePrice and < MM at it; equity >= 0 at the bankruptcy price, < 0 a tick beyond', () => {
    fc.assert(
      fc.property(arb, ({ c, side, qty, price, lev }) => {
        const p = position(c, side, qty, price)
        const collateral = ceilDiv(p.cost, BigInt(lev))
        const equity = (x: number): bigint => collateral + upnlAt(c, p, x)
        const liq = liquidationPrice(c, p, collateral)
        const long = side === 'BUY'
        if (liq > 0) {
          expect(equity(liq) < maintAt(c, p, liq)).toBe(true)
          const safe = long ? liq + 1 : liq - 1
          if (safe > 0) expect(equity(safe) >= maintAt(c, p, safe)).toBe(true)
        }
        const bp = bankruptcyPrice(c, p, collateral)
        expect(equity(bp) >= 0n).toBe(true)
        const beyond = long ? bp - 1 : bp + 1
        // (no bankruptcy in range: a long whose collateral covers its cost, an inverse short likewise)
        if (long ? bp > 1 : bp < 10 ** 15) expect(equity(beyond) < 0n).toBe(true)
        // within the tier's leverage, the liquidation price lies between the entry and the bankruptcy price
        if (liq > 0 && lev <= c.tier(qty)!.maxLeverage)
          expect(long ? liq >= bp && liq <= price : liq <= bp && liq >= price).toBe(true)
      }),
      { numRuns: runs(300) }
    )
  })
})

describe('funding rate', () => {
  it('is the interest rate at no premium, follows a premium beyond the +-0.05 % band, and is capped at +-0.75 %', () => {
    expect(fundingRate(650_000, 650_000)).toBe(10_000n)
    // premium 0.2 %: 0.2 % + clamp(0.01 % - 0.2 %, -0.05 %, 0.05 %) = 0.15 %
    expect(fundingRate(650_000, 651_300)).toBe(150_000n)
    // premium 0.03 %: inside the band, the rate is the interest rate
    expect(fundingRate(650_000, 650_195)).toBe(10_000n)
    // premium -0.25 %: -0.25 % + 0.05 % = -0.2 %
    expect(fundingRate(650_000, 648_375)).toBe(-200_000n)
    expect(fundingRate(650_000, 700_000)).toBe(750_000n)
    expect(fundingRate(650_000, 600_000)).toBe(-750_000n)
  })
})
