// The scaled order's state machine: `orders` limits across [fromPrice, toPrice], evenly spaced, sized linear or
// geometric (`sizeFactor`), all placed through batchOrders (at most 10 a call, the venue's limit) and then left to
// fill. The levels are computed once when it is created (`scaledLevels`, exact decimals, each size rounded down to
// the size's decimals and the rounding left over given to the largest: their sum is the total, never more) and
// journaled; every level's child is written down before its batch is sent.
import { add, compare, DecimalError, div, mul, normalizeDecimal, roundToDecimals, sub } from '@shared/decimal'
import type { Words } from '@shared/i18n/words'
import type { Algo, AlgoRules, AlgoSpec } from './types'
import { done, endedOutside, filledOf, isFilled, notPlaced, outsideWords, w, type NewChild, type Step } from './steps'

/** The venue's limit of orders in one batch (exchange-rest-interface.md: batchOrders, max 10). */
export const BATCH_MAX = 10

export interface Level {
  price: string
  volume: string
}

/**
 * The levels of a scaled spec: prices evenly spaced from `fromPrice` to `toPrice` (rounded to the price's decimals,
 * a BUY's down and a SELL's up: never worse than asked); sizes by weight, linear (each the first's plus `sizeFactor
 * - 1` times the first more than the one before) or geometric (each `sizeFactor` times the one before).
 */
export function scaledLevels(s: AlgoSpec, r: AlgoRules): { ok: true; levels: Level[] } | { ok: false; words: Words } {
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

function layOut(s: AlgoSpec, r: AlgoRules): { ok: true; levels: Level[] } | { ok: false; words: Words } {
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

export function decideScaled(a: Algo): Step {
  const s = a.spec
  const refused = a.children.find((c) => c.state === 'not-placed')
  if (refused) return { do: 'fail', reason: notPlaced(refused) }
  const outside = a.children.find(endedOutside)
  if (outside) return { do: 'fail', reason: outsideWords(outside) }
  if (isFilled(a)) return done
  const levels = a.levels ?? []
  const placed = new Set(a.children.map((c) => c.level))
  const next: NewChild[] = []
  for (let k = 0; k < levels.length && next.length < BATCH_MAX; k++)
    if (!placed.has(k))
      next.push({
        role: 'level',
        side: s.side,
        type: 'LIMIT',
        volume: levels[k]!.volume,
        price: levels[k]!.price,
        level: k
      })
  if (next.length > 0) return { do: 'place-batch', children: next }
  const open = a.children.filter((c) => c.state === 'open').length
  return { do: 'wait', next: w('algos.next.scaled', { open, filled: filledOf(a), total: s.quantity }) }
}
