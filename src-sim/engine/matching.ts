// Matching of one incoming (taker) order against the opposite side of a book, by price-time priority, with the
// self-trade rule of ./order-book.ts (the resting order of the same account is canceled, the taker goes on).
// Money is not handled here: the caller's hooks settle each fill and retire makers, so the same walk serves the
// spot engine and, later, futures.

import type { Order } from './order'
import { type BookSide, type OrderBook, unlink } from './order-book'

export interface MatchHooks {
  /**
   * `qty` lots traded at `price` ticks; both orders' remaining/executed fields are already updated, and a
   * maker left with nothing is already off the book (makerFilled follows).
   */
  fill(taker: Order, maker: Order, price: number, qty: number): void
  /** The maker is fully filled and already unlinked from the book. */
  makerFilled(maker: Order): void
  /** The maker belongs to the taker's account and is already unlinked from the book: cancel it. */
  selfTrade(maker: Order): void
}

/** floor(a / b) for non-negative safe integers a and positive b, exact. */
export function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b)
  if (q * b > a) q--
  else if ((q + 1) * b <= a) q++
  return q
}

/**
 * Match `taker` against the opposite side while prices cross (LIMIT) or liquidity lasts (MARKET).
 * A LIMIT or MARKET SELL taker is sized by `remaining` lots; a MARKET BUY by `quoteRemaining` ticks*lots,
 * buying whole lots while the rest pays for at least one lot at the best ask.
 * Returns true when matching stopped because the eligible liquidity ran out (the book side emptied),
 * false when the taker stopped by its own size, funds or limit price.
 */
export function matchOrder(book: OrderBook, taker: Order, hooks: MatchHooks): boolean {
  const isBuy = taker.side === 'BUY'
  const opp: BookSide = isBuy ? book.asks : book.bids
  const isLimit = taker.type === 'LIMIT'
  const byQuote = !isLimit && isBuy
  const limit = taker.price
  const account = taker.account
  for (;;) {
    const lvl = opp.best()
    if (lvl === undefined) return true
    const p = lvl.price
    if (isLimit && (isBuy ? p > limit : p < limit)) return false
    let want = byQuote ? floorDiv(taker.quoteRemaining, p) : taker.remaining
    if (want === 0) return false
    let m = lvl.first
    while (want > 0 && m !== null) {
      const next = m.next
      if (m.account === account) {
        // self-trade prevention: take the maker off the level and let the caller cancel it
        unlink(lvl, m)
        lvl.qty -= m.remaining
        lvl.count--
        hooks.selfTrade(m)
        m = next
        continue
      }
      const qty = m.remaining < want ? m.remaining : want
      want -= qty
      m.remaining -= qty
      m.executedQty += qty
      lvl.qty -= qty
      if (byQuote) taker.quoteRemaining -= p * qty
      else taker.remaining -= qty
      taker.executedQty += qty
      if (m.remaining === 0) {
        unlink(lvl, m)
        lvl.count--
        hooks.fill(taker, m, p, qty)
        hooks.makerFilled(m)
      } else hooks.fill(taker, m, p, qty)
      m = next
    }
    if (lvl.count === 0) opp.dropLevel(lvl)
    if (want > 0) continue // level exhausted, go deeper
    if (!byQuote) return false // size done
    // MARKET BUY: loop again; the next pass stops when the rest cannot pay one more lot
  }
}

/** Would this LIMIT order trade on arrival (its price crosses the best opposite price)? */
export function wouldTake(book: OrderBook, taker: Order): boolean {
  if (taker.side === 'BUY') {
    const a = book.asks.best()
    return a !== undefined && a.price <= taker.price
  }
  const b = book.bids.best()
  return b !== undefined && b.price >= taker.price
}

/**
 * FOK check, no state change: can `taker` fill completely against other accounts' liquidity?
 * A MARKET BUY counts as complete when it buys something and its rest cannot pay one more lot at the price
 * where it stops (see the status rule in ./engine.ts), never when the book runs out first.
 */
export function canFillCompletely(book: OrderBook, taker: Order): boolean {
  const isBuy = taker.side === 'BUY'
  const opp = isBuy ? book.asks : book.bids
  const isLimit = taker.type === 'LIMIT'
  const byQuote = !isLimit && isBuy
  const account = taker.account
  let need = taker.remaining
  let funds = taker.quoteRemaining
  let took = false
  for (let i = 0; i < opp.size; i++) {
    const lvl = opp.levelFromBest(i)!
    const p = lvl.price
    if (isLimit && (isBuy ? p > taker.price : p < taker.price)) return false
    const can = byQuote ? floorDiv(funds, p) : 0
    if (byQuote && can === 0) return took // stops for funds, as matchOrder does
    let avail = 0
    for (let m = lvl.first; m !== null; m = m.next) if (m.account !== account) avail += m.remaining
    if (avail === 0) continue
    if (!byQuote) {
      if (avail >= need) return true
      need -= avail
      continue
    }
    if (can <= avail) return true // buys `can` lots here; the rest is below one lot at this price
    funds -= avail * p
    took = true
    if (funds === 0) return true
  }
  return false
}
