// The orders an algorithm may send, listed before it is created or edited so each is checked against its market's
// rules (the order form's checks) and a refusal comes before anything runs: pure, the service does the checking.
import { compare, div, mul, normalizeDecimal, sub } from '@shared/decimal'
import { AlgoRefusal } from './algo-engine'
import { scaledLevels } from './scaled'
import type { AlgoRules, AlgoSpec } from './types'

/** A child order as the symbol's rules see it (the service's `check` throws the refusal). */
export interface ChildCheck {
  side: 'BUY' | 'SELL'
  type: 'LIMIT' | 'MARKET'
  volume: string
  price?: string
  /** Futures: whether it opens or closes (the contract's rules differ: a market open is sized in money). */
  open?: 'OPEN' | 'CLOSE'
}

/** The orders a spec may send, checked against the symbol's rules before it is created. */
export function childrenOf(s: AlgoSpec, rules: AlgoRules): ChildCheck[] {
  const out: ChildCheck[] = []
  if (s.kind === 'bracket') {
    const exit = s.side === 'BUY' ? 'SELL' : 'BUY'
    // On futures its exits close what the entry opened (checked as closes: a market CLOSE is in contracts).
    const close = s.module === 'futures' ? { open: 'CLOSE' as const } : {}
    out.push({ side: s.side, type: 'LIMIT', volume: s.quantity, price: s.limitPrice! })
    out.push({ side: exit, type: 'LIMIT', volume: s.quantity, price: s.takeProfitPrice!, ...close })
    out.push(
      s.stopLimitPrice
        ? { side: exit, type: 'LIMIT', volume: s.quantity, price: s.stopLimitPrice, ...close }
        : { side: exit, type: 'MARKET', volume: s.quantity, ...close }
    )
    return out
  }
  if (s.kind === 'chase') {
    // Its price follows the book: the bound it may reach is what is checked (its size is the total).
    if (s.limitPrice) out.push({ side: s.side, type: 'LIMIT', volume: s.quantity, price: s.limitPrice })
    return out
  }
  if (s.kind === 'scaled') {
    const laid = scaledLevels(s, rules)
    if (!laid.ok) throw new AlgoRefusal(laid.words, 'orders')
    for (const l of laid.levels) out.push({ side: s.side, type: 'LIMIT', volume: l.volume, price: l.price })
    return out
  }
  if (s.kind === 'twap') {
    // Every slice is at least the first (what a slice leaves is carried into the next): the first is checked, and the
    // last, which takes what the others leave over (it may be other than the first).
    const first = normalizeDecimal(div(s.quantity, String(s.slices!), rules.quantityPrecision, 'down'))
    out.push({ side: s.side, type: 'LIMIT', volume: first, price: s.limitPrice! })
    const last = normalizeDecimal(sub(s.quantity, mul(first, String(s.slices! - 1))))
    if (compare(last, first) !== 0) out.push({ side: s.side, type: 'LIMIT', volume: last, price: s.limitPrice! })
    return out
  }
  if (s.kind === 'iceberg') {
    // The visible slice, and the last one (what the total leaves over whole slices), must each pass the rules.
    out.push({ side: s.side, type: 'LIMIT', volume: s.visibleQuantity!, price: s.limitPrice! })
    const last = remainderOf(s.quantity, s.visibleQuantity!)
    if (compare(last, '0') > 0) out.push({ side: s.side, type: 'LIMIT', volume: last, price: s.limitPrice! })
    return out
  }
  if (s.kind === 'oco') out.push({ side: s.side, type: 'LIMIT', volume: s.quantity, price: s.limitPrice! })
  if (s.stopLimitPrice && s.kind !== 'stop-market' && s.kind !== 'trailing-stop')
    out.push({ side: s.side, type: 'LIMIT', volume: s.quantity, price: s.stopLimitPrice })
  // A stop-market's, a trailing stop's, an OCO's without a stop-limit price (the schema allows it only where a market
  // order is sized in the quantity: a spot SELL, a futures CLOSE).
  else out.push({ side: s.side, type: 'MARKET', volume: s.quantity })
  return out
}

/** What is left of `total` after whole `slice`s. */
export function remainderOf(total: string, slice: string): string {
  return sub(total, mul(slice, div(total, slice, 0, 'down')))
}
