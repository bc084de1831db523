// What a market order would do against the book on screen: how much fills, at what average price, how far the
// average is from the best price (slippage), and the worst price reached. An estimate: the book moves, and only the
// levels shown are counted (an order bigger than them is reported as filling only that share). Exact decimals.
import { add, compare, div, mul, sub } from '../decimal'
import type { LevelView } from '../ipc/views/market'

export interface FillEstimate {
  /** Size that fills: base units (spot) or contracts (futures). */
  size: string
  /** What that size is worth: quote (spot) or contract value (futures). */
  value: string
  /** Size-weighted average price; null when nothing fills. */
  avgPrice: string | null
  best: string | null
  worst: string | null
  /** Share of the wanted amount the shown book fills, percent, 2 decimals rounded down. */
  sharePct: string
  /** How much worse the average is than the best price, percent, 2 decimals rounded up; null when nothing fills. */
  slippagePct: string | null
}

/**
 * Walks `levels` (asks for a buy, bids for a sell, best first) until `want` is met. `by`: 'size' counts base units
 * or contracts, 'value' what they are worth (`valueOf(price, size)`; a partial level's size is cut at `sizeDecimals`).
 */
export function estimateFill(
  levels: readonly LevelView[],
  want: string,
  by: 'size' | 'value',
  valueOf: (price: string, size: string) => string,
  sizeDecimals: number
): FillEstimate {
  let [size, value, weighted, left] = ['0', '0', '0', want]
  let worst: string | null = null
  for (const [price, qty] of levels) {
    if (compare(left, '0') <= 0) break
    const levelValue = valueOf(price, qty)
    const takeAll = compare(by === 'size' ? qty : levelValue, left) <= 0
    const take = takeAll ? qty : by === 'size' ? left : div(left, valueOf(price, '1'), sizeDecimals, 'down')
    if (compare(take, '0') <= 0) break
    // A value order that ends inside a level spends what was left (the venue sizes the last piece, not us).
    const v = takeAll ? levelValue : by === 'value' ? left : valueOf(price, take)
    size = add(size, take)
    value = add(value, v)
    weighted = add(weighted, mul(price, take))
    left = sub(left, by === 'size' ? take : v)
    worst = price
  }
  const best = levels[0]?.[0] ?? null
  const got = by === 'size' ? size : value
  const sharePct = compare(want, '0') > 0 ? div(mul(got, '100'), want, 2, 'down') : '0.00'
  const filled = compare(size, '0') > 0
  const avgPrice = filled ? div(weighted, size, 12, 'half-even') : null
  const slippagePct = filled && best && avgPrice ? div(mul(absDiff(avgPrice, best), '100'), best, 2, 'up') : null
  return {
    size,
    value,
    avgPrice,
    best,
    worst,
    sharePct: compare(sharePct, '100') > 0 ? '100.00' : sharePct,
    slippagePct
  }
}

const absDiff = (a: string, b: string): string => (compare(a, b) >= 0 ? sub(a, b) : sub(b, a))

/** Percent distance of `price` from `ref` (2 decimals, rounded down so a guard never fires on rounding). */
export function deviationPct(price: string, ref: string): string {
  return div(mul(absDiff(price, ref), '100'), ref, 2, 'down')
}

/**
 * The worst price a protected market order accepts: `maxPct` beyond the best price, rounded to the tick toward the
 * best (a buy's limit down, a sell's up), so the bound is never exceeded.
 */
export function protectedLimit(side: 'BUY' | 'SELL', best: string, maxPct: string, decimals: number): string {
  const factor = side === 'BUY' ? add('1', div(maxPct, '100', 12, 'down')) : sub('1', div(maxPct, '100', 12, 'down'))
  return div(mul(best, factor), '1', decimals, side === 'BUY' ? 'down' : 'up')
}
