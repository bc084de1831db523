// Order book snapshots as the REST and WS interfaces show them. The engine owns the book; it hands over
// levels best first (bids high to low, asks low to high), as text or through a provider callback.
import type { BookLevel, OrderBook, WsDepthTick } from '@shared/api/wire'
import { Dec, fmt } from './decimal'
import type { Precision } from './types'

export type Level = readonly [price: string, qty: string]

export interface BookLevels {
  bids: readonly Level[]
  asks: readonly Level[]
}

/** Called with the symbol's REST name and the number of levels wanted per side. */
export type DepthProvider = (name: string, levels: number) => BookLevels | null | undefined

export const WS_DEPTH_LEVELS = 30
export const DEFAULT_DEPTH_LIMIT = 100
export const MAX_DEPTH_LIMIT = 100

/** Top `limit` levels, copied; re-formatted at the symbol's precision when `p` is given. */
export function topLevels(levels: readonly Level[], limit: number, p?: Precision): BookLevel[] {
  const out: BookLevel[] = []
  for (const [price, qty] of levels.slice(0, Math.max(0, limit))) {
    out.push(p ? [fmt(new Dec(price), p.pricePrecision), fmt(new Dec(qty), p.quantityPrecision)] : [price, qty])
  }
  return out
}

/** REST order book. */
export function toBook(levels: BookLevels | null | undefined, limit: number, time: number, p?: Precision): OrderBook {
  return { time, bids: topLevels(levels?.bids ?? [], limit, p), asks: topLevels(levels?.asks ?? [], limit, p) }
}

/** WS `market_{sym}_depth_step0` tick: note `buys`, not `bids`; always a whole book, no deltas. */
export function toDepthTick(levels: BookLevels | null | undefined, p?: Precision): WsDepthTick {
  return {
    asks: topLevels(levels?.asks ?? [], WS_DEPTH_LEVELS, p),
    buys: topLevels(levels?.bids ?? [], WS_DEPTH_LEVELS, p)
  }
}
