// The order book as the panel shows it: levels grouped to a price step and cumulative sizes, in exact decimals
// (@shared/decimal). Only the bar width (a share of the deepest total on screen) is a float, for drawing.
import {
  add,
  compare,
  div,
  fromScaledBigInt,
  mul,
  normalizeDecimal,
  roundToStep,
  runningTotals,
  sub
} from '@shared/decimal'
import type { BookView, LevelView } from '@shared/ipc/views/market'

export interface BookRow {
  price: string
  qty: string
  /** Cumulative size from the best level to this one. */
  total: string
  /** total / the deepest total shown on either side, 0..1: the width of the depth bar. */
  depth: number
}

export interface BookLadder {
  /** Best (lowest) ask first. */
  asks: BookRow[]
  /** Best (highest) bid first. */
  bids: BookRow[]
  /** Best ask - best bid, from the ungrouped book. */
  spread: string | null
}

/** Grouping steps: the tick (10^-pricePrecision), then 10x, 100x, ... */
export function groupSteps(pricePrecision: number, count = 5): string[] {
  return Array.from({ length: count }, (_, k) => normalizeDecimal(fromScaledBigInt(10n ** BigInt(k), pricePrecision)))
}

/**
 * The first `rows` levels of one side, merged to `step` (null: as they are). Asks round up and bids down, so a
 * grouped row never shows a better price than what rests in it. Levels come best first (the feed's order).
 */
export function groupLevels(
  levels: readonly LevelView[],
  step: string | null,
  side: 'ask' | 'bid',
  rows: number
): [price: string, qty: string][] {
  const out: [string, string][] = []
  if (step === null) {
    for (let i = 0; i < levels.length && out.length < rows; i++) out.push([levels[i]![0], levels[i]![1]])
    return out
  }
  const mode = side === 'ask' ? 'up' : 'down'
  for (const [price, qty] of levels) {
    const key = roundToStep(price, step, mode)
    const last = out[out.length - 1]
    if (last && last[0] === key) last[1] = add(last[1], qty)
    else if (out.length === rows) break
    else out.push([key, qty])
  }
  return out
}

function cumulate(levels: [string, string][]): BookRow[] {
  const totals = runningTotals(
    levels.map((l) => l[1]),
    'qty'
  )
  return levels.map(([price, qty], i) => ({ price, qty, total: totals[i]!, depth: 0 }))
}

/** Both sides grouped, `rows` a side, with cumulative totals and depth-bar shares. */
export function buildLadder(book: BookView, step: string | null, rows: number): BookLadder {
  const asks = cumulate(groupLevels(book.asks, step, 'ask', rows))
  const bids = cumulate(groupLevels(book.bids, step, 'bid', rows))
  const deepA = asks[asks.length - 1]?.total ?? '0'
  const deepB = bids[bids.length - 1]?.total ?? '0'
  const deepest = Number(compare(deepA, deepB) >= 0 ? deepA : deepB)
  if (deepest > 0) for (const r of [...asks, ...bids]) r.depth = Number(r.total) / deepest
  const a = book.asks[0]?.[0]
  const b = book.bids[0]?.[0]
  return { asks, bids, spread: a !== undefined && b !== undefined ? sub(a, b) : null }
}

/** Spread as a share of the best ask, in percent with 4 places. */
export function spreadPercent(spread: string, bestAsk: string): string | null {
  return compare(bestAsk, '0') > 0 ? div(mul(spread, '100'), bestAsk, 4, 'half-even') : null
}
