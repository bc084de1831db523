// The fee rate a trader pays on a market, learned from their own recent fills: the interface publishes no fee
// rate, but every fill carries the fee charged and whether it made or took liquidity. The rate of the latest maker
// and the latest taker fill is what the next order is estimated at; no fill yet means no estimate (said, not guessed).
import { compare, div, mul } from '../decimal'
import type { UserTradeView } from '../ipc/views/account'

export interface FeeRates {
  /** Fraction of the value (0.001 = 0.1%); null when no fill of that kind is known. */
  maker: string | null
  taker: string | null
}

/**
 * `valueOf(price, qty)`: what a fill is worth in the quote (spot: price x qty; futures: the contracts' value). A fee
 * charged in the base coin (a spot buy on some venues) is measured against the quantity instead.
 */
export function feeRates(
  fills: readonly UserTradeView[],
  base: string | null,
  valueOf: (price: string, qty: string) => string
): FeeRates {
  const rateOf = (f: UserTradeView): string | null => {
    const inBase = base !== null && f.feeCoin !== null && f.feeCoin.toUpperCase() === base.toUpperCase()
    const of = inBase ? f.qty : valueOf(f.price, f.qty)
    return compare(of, '0') > 0 ? div(f.fee.replace(/^-/, ''), of, 8, 'half-even') : null
  }
  const latest = (maker: boolean) => [...fills].filter((f) => f.isMaker === maker).sort((a, b) => b.time - a.time)[0]
  const m = latest(true)
  const t = latest(false)
  return { maker: m ? rateOf(m) : null, taker: t ? rateOf(t) : null }
}

/** The fee of an order worth `value` at `rate`, in the value's unit. */
export const feeAt = (value: string, rate: string): string => mul(value, rate)
