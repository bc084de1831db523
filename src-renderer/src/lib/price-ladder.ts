// The price ladder (DOM) as rows: one row per price step (the tick times a grouping), a fixed window centred on a
// price, the book's bid and ask sizes per level and the trader's own open orders at their levels, in exact decimals
// (@shared/decimal). Bids and buys round down into a level, asks and sells up, as the order book groups
// (lib/book.ts): a level never shows a better price than what rests in it.
import { add, compare, mul, normalizeDecimal, roundToStep, sub } from '@shared/decimal'
import type { LevelView } from '@shared/ipc/views/market'

/**
 * The grouping choices: how many ticks one row spans. Up to 10,000: a venue's tick can be far finer than its book's
 * levels (the embedded exchange's makers rest 2 basis points apart, 1,300 ticks on BTC/USDT).
 */
export const LADDER_GROUPS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const

/** The levels a side the market feed sends at most (the spec's depth channel: a whole book of the top 30). */
export const FEED_DEPTH = 30

/** A row's cells left to right: own buys, book bids, the price, book asks, own sells. */
export const LADDER_COLS = ['buys', 'bid', 'price', 'ask', 'sells'] as const
export type LadderCol = (typeof LADDER_COLS)[number]
/** The columns of the trader's own orders. */
export type OwnSide = 'buys' | 'sells'
export const isOwnCol = (c: LadderCol): c is OwnSide => c === 'buys' || c === 'sells'

/** What of the trader's own orders rests at one level, one side. */
export interface LadderOwn {
  count: number
  /** Still open (volume - executed), summed. */
  remaining: string
  orderIds: string[]
}

export interface LadderRow {
  /** The level's price: a multiple of the step, written with the step's decimals. */
  price: string
  /** Book size resting at this level, or null (blank). */
  bid: string | null
  ask: string | null
  /** The last trade's price falls in this level. */
  last: boolean
  buys: LadderOwn | null
  sells: LadderOwn | null
  /**
   * The level lies wholly past the deepest bid (ask) the feed sent, and the feed sent a full side: its size is not
   * known, which is not the same as nothing resting there.
   */
  bidBeyond: boolean
  askBeyond: boolean
}

export interface OwnOrder {
  orderId: string
  side: 'BUY' | 'SELL'
  price: string
  volume: string
  executed: string
}

export interface LadderInput {
  bids: readonly LevelView[]
  asks: readonly LevelView[]
  /** The row price step (tick x group). */
  step: string
  /** The price of the centre row (a multiple of step). */
  centre: string
  rows: number
  last: string | null
  orders: readonly OwnOrder[]
  /** Levels a side the feed sends at most (FEED_DEPTH); a side that long may go on past its deepest level. */
  feedDepth?: number
}

/** The row step: the market's tick times the grouping. */
export const ladderStep = (tick: string, group: number): string => normalizeDecimal(mul(tick, String(group)))

/** The level a price belongs to, as a centre: rounded down to the step (the row holding it). */
export const levelOf = (price: string, step: string): string => normalizeDecimal(roundToStep(price, step, 'down'))

function sumLevels(levels: readonly LevelView[], step: string, mode: 'up' | 'down'): Map<string, string> {
  const out = new Map<string, string>()
  for (const [price, qty] of levels) {
    if (compare(qty, '0') <= 0) continue
    const k = normalizeDecimal(roundToStep(price, step, mode))
    const had = out.get(k)
    out.set(k, had === undefined ? normalizeDecimal(qty) : add(had, qty))
  }
  return out
}

function sumOwn(orders: readonly OwnOrder[], side: 'BUY' | 'SELL', step: string): Map<string, LadderOwn> {
  const out = new Map<string, LadderOwn>()
  for (const o of orders) {
    if (o.side !== side) continue
    const k = normalizeDecimal(roundToStep(o.price, step, side === 'BUY' ? 'down' : 'up'))
    const left = sub(o.volume, o.executed)
    const had = out.get(k)
    if (had)
      out.set(k, { count: had.count + 1, remaining: add(had.remaining, left), orderIds: [...had.orderIds, o.orderId] })
    else out.set(k, { count: 1, remaining: normalizeDecimal(left), orderIds: [o.orderId] })
  }
  return out
}

/**
 * The ladder's rows top to bottom (highest price first): `rows` levels around `centre`, the centre row at index
 * floor(rows / 2). Levels at or below zero are left out.
 */
export function buildPriceLadder(i: LadderInput): LadderRow[] {
  const bids = sumLevels(i.bids, i.step, 'down')
  const asks = sumLevels(i.asks, i.step, 'up')
  const buys = sumOwn(i.orders, 'BUY', i.step)
  const sells = sumOwn(i.orders, 'SELL', i.step)
  const last = i.last === null ? null : levelOf(i.last, i.step)
  // The rows the feed's depth ends at: a full side's deepest level; rows wholly past it are unknown, not empty.
  const cut = (side: readonly LevelView[], mode: 'up' | 'down'): string | null => {
    const deepest = i.feedDepth !== undefined && side.length >= i.feedDepth ? side[side.length - 1] : undefined
    return deepest ? normalizeDecimal(roundToStep(deepest[0], i.step, mode)) : null
  }
  const bidCut = cut(i.bids, 'down')
  const askCut = cut(i.asks, 'up')
  const half = Math.floor(i.rows / 2)
  const out: LadderRow[] = []
  for (let r = 0; r < i.rows; r++) {
    const price = normalizeDecimal(add(i.centre, mul(i.step, String(half - r))))
    if (compare(price, '0') <= 0) continue
    const bid = bids.get(price) ?? null
    const ask = asks.get(price) ?? null
    out.push({
      price,
      bid,
      ask,
      last: price === last,
      buys: buys.get(price) ?? null,
      sells: sells.get(price) ?? null,
      bidBeyond: bid === null && bidCut !== null && compare(price, bidCut) < 0,
      askBeyond: ask === null && askCut !== null && compare(price, askCut) > 0
    })
  }
  return out
}

/** The rows a ladder of `rows` rows centred on `centre` shows: its top and bottom levels. */
function span(centre: string, step: string, rows: number): { top: string; bottom: string } {
  const half = Math.floor(rows / 2)
  return { top: add(centre, mul(step, String(half))), bottom: sub(centre, mul(step, String(rows - 1 - half))) }
}

/** Levels of each side a default grouping brings into view: the touch and the next two (all of a thinner side). */
export const DEFAULT_GROUP_LEVELS = 3

/**
 * The grouping a market's ladder opens at, until the trader picks one: the finest of LADDER_GROUPS at which the
 * ladder, centred on the market as it centres itself, shows the first DEFAULT_GROUP_LEVELS levels of each side (all
 * of a side that has fewer) with each touch within a quarter of the rows from the centre (so it stays in view while
 * auto-centre lets the market wander); failing that, the finest that shows both touches so; failing that, the
 * coarsest. A tick far
 * finer than the book's levels (the embedded exchange: makers 2 basis points apart) or a thin book opens coarse, a
 * dense book at one tick. Null before the book has a level.
 */
export function defaultLadderGroup(i: {
  bids: readonly LevelView[]
  asks: readonly LevelView[]
  last: string | null
  tick: string
  rows: number
}): number | null {
  if (!i.bids.length && !i.asks.length) return null
  const shows = (g: number, levels: number): boolean => {
    const step = ladderStep(i.tick, g)
    const centre = marketCentre(i.bids, i.asks, i.last, step)
    if (centre === null) return false
    const view = span(centre, step, i.rows)
    // Auto-centre lets the market wander a quarter of the rows before it follows: the touch within a quarter of the
    // centre stays in view while it does.
    const near = span(centre, step, 2 * Math.floor(i.rows / 4) + 1)
    const inside = (level: LevelView | undefined, mode: 'up' | 'down', s: { top: string; bottom: string }) => {
      if (!level) return true
      const at = roundToStep(level[0], step, mode)
      return compare(at, s.bottom) >= 0 && compare(at, s.top) <= 0
    }
    // The touch near the centre, and the deepest level wanted in view; the ones between lie between them.
    const deep = (side: readonly LevelView[]) => side[Math.min(levels, side.length) - 1]
    return (
      inside(i.bids[0], 'down', near) &&
      inside(i.asks[0], 'up', near) &&
      inside(deep(i.bids), 'down', view) &&
      inside(deep(i.asks), 'up', view)
    )
  }
  for (const levels of [DEFAULT_GROUP_LEVELS, 1]) {
    const g = LADDER_GROUPS.find((n) => shows(n, levels))
    if (g !== undefined) return g
  }
  return LADDER_GROUPS[LADDER_GROUPS.length - 1]!
}

/** Where the ladder centres on the market: the last trade, else the mid of the best bid and ask, else either. */
export function marketCentre(
  bids: readonly LevelView[],
  asks: readonly LevelView[],
  last: string | null,
  step: string
): string | null {
  const bid = bids[0]?.[0]
  const ask = asks[0]?.[0]
  const at = last ?? (bid && ask ? normalizeDecimal(mul(add(bid, ask), '0.5')) : (bid ?? ask ?? null))
  return at === null ? null : levelOf(at, step)
}

/** The centre moved by `rows` rows (positive: up, to higher prices). */
export const shiftCentre = (centre: string, step: string, rows: number): string =>
  normalizeDecimal(add(centre, mul(step, String(rows))))
