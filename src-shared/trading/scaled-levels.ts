// A scaled order's levels, the same in main (src-main/algos/scaled.ts lays them out and journals them) and in the
// order form's Algo tab (its child orders checked against the symbol's rules, its confirmation listing them): prices
// evenly spaced, sizes by weight in exact decimals that sum to the total. Refusals are words naming the rule.
import { add, compare, DecimalError, div, mul, normalizeDecimal, roundToDecimals, sub } from '../decimal'
import type { Words } from '../i18n/words'

/** What a scaled order is laid out from (an algorithm's spec). */
export interface ScaledTerms {
  side: 'BUY' | 'SELL'
  quantity: string
  fromPrice?: string | undefined
  toPrice?: string | undefined
  orders?: number | undefined
  sizing?: 'linear' | 'geometric' | undefined
  sizeFactor?: string | undefined
}

/** The symbol's decimals a scaled order's levels are rounded to. */
export interface ScaledRules {
  pricePrecision: number
  quantityPrecision: number
}

const w = (key: string, params: Record<string, string | number> = {}): Words => ({ key, params })

export interface Level {
  price: string
  volume: string
}

/**
 * The levels of a scaled spec: prices evenly spaced from `fromPrice` to `toPrice` (rounded to the price's decimals,
 * a BUY's down and a SELL's up: never worse than asked); sizes by weight, linear (each the first's plus `sizeFactor
 * - 1` times the first more than the one before) or geometric (each `sizeFactor` times the one before).
 */
export function scaledLevels(
  s: ScaledTerms,
  r: ScaledRules
): { ok: true; levels: Level[] } | { ok: false; words: Words } {
  try {
    return layOut(s, r)
  } catch (e) {
    // Sizes too far apart, or a total too long, for exact decimals of 60 digits.
    if (e instanceof DecimalError)
      return { ok: false, words: w('algos.refuse.scaledSpread', { factor: s.sizeFactor!, orders: s.orders! }) }
    throw e
  }
}

/** The largest ratio of the last size to the first (either way) a geometric scaled order may have. */
const SPREAD_MAX = '1000000000000'

function layOut(s: ScaledTerms, r: ScaledRules): { ok: true; levels: Level[] } | { ok: false; words: Words } {
  const n = s.orders!
  const f = s.sizeFactor!
  const weights: string[] = []
  for (let k = 0; k < n; k++)
    weights.push(
      s.sizing === 'geometric'
        ? k === 0
          ? '1'
          : normalizeDecimal(roundToDecimals(mul(weights[k - 1]!, f), 24, 'half-even'))
        : add('1', mul(String(k), sub(f, '1')))
    )
  if (weights.some((x) => compare(x, '0') <= 0))
    return { ok: false, words: w('algos.refuse.scaledWeights', { factor: f, orders: n }) }
  const last = weights[n - 1]!
  if (compare(last, SPREAD_MAX) > 0 || compare(mul(last, SPREAD_MAX), '1') < 0)
    return { ok: false, words: w('algos.refuse.scaledSpread', { factor: f, orders: n }) }
  const sum = weights.reduce((t, x) => add(t, x), '0')
  const sizes = weights.map((x) => normalizeDecimal(div(mul(s.quantity, x), sum, r.quantityPrecision, 'down')))
  const left = sub(
    s.quantity,
    sizes.reduce((t, x) => add(t, x), '0')
  )
  const largest = sizes.reduce((m, x, k) => (compare(x, sizes[m]!) > 0 ? k : m), 0)
  sizes[largest] = normalizeDecimal(add(sizes[largest]!, left))
  const step = div(sub(s.toPrice!, s.fromPrice!), String(n - 1), 40, 'half-even')
  const mode = s.side === 'BUY' ? 'down' : 'up'
  const prices = weights.map((_, k) =>
    normalizeDecimal(roundToDecimals(add(s.fromPrice!, mul(String(k), step)), r.pricePrecision, mode))
  )
  if (new Set(prices).size !== n)
    return { ok: false, words: w('algos.refuse.scaledNarrow', { orders: n, decimals: r.pricePrecision }) }
  if (sizes.some((x) => compare(x, '0') <= 0))
    return { ok: false, words: w('algos.refuse.scaledSmall', { orders: n, decimals: r.quantityPrecision }) }
  return { ok: true, levels: prices.map((price, k) => ({ price, volume: sizes[k]! })) }
}
