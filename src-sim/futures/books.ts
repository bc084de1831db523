// The futures order books: the spot engine's price-time book and matching walk (../engine/order-book.ts,
// matching.ts, self-trade rule included), with the futures state's own settlement behind the MatchHooks.
// Engine `Order` objects carry only what matching needs; everything else lives in the futures state's FOrder.
// A MARKET order walks as a LIMIT at the far end of the price range, so it is sized in contracts (the walk's
// quote-sized market buy is a spot notion) and never rests.
import { Ledger, Slot } from '../engine/ledger'
import { matchOrder, wouldTake, type MatchHooks } from '../engine/matching'
import { Order } from '../engine/order'
import { liveOrders, OrderBook } from '../engine/order-book'
import { OrderIndex, orderKey } from '../engine/order-index'
import type { FOrder, Side } from './types'

/** Highest price a market BUY walks to (ticks). */
export const MAX_TICKS = Number.MAX_SAFE_INTEGER

export interface Preview {
  /** [price ticks, contracts] per level reached, best first */
  fills: [number, number][]
  filled: number
}

export class FuturesBooks {
  /** Account objects: identity for self-trade prevention, and each account's open orders. */
  private readonly ledger = new Ledger()
  private readonly slot = new Slot('', '')
  readonly books = new Map<string, OrderBook>()
  readonly open = new OrderIndex()

  constructor(contracts: readonly string[]) {
    for (const c of contracts) this.books.set(c, new OrderBook(c))
  }

  book(contract: string): OrderBook {
    const b = this.books.get(contract)
    if (!b) throw new Error(`futures book ${contract} missing`)
    return b
  }

  /** An engine order for `o` with `remaining` unfilled contracts; a MARKET order walks as a far limit. */
  engineOrder(o: FOrder): Order {
    const e = new Order()
    e.account = this.ledger.account(o.account)
    e.holdSlot = this.slot
    e.recvSlot = this.slot
    e.id = o.id
    e.key = orderKey(o.id)
    e.clientOrderId = o.clientOrderId
    e.symbol = o.contract
    e.side = o.side
    e.type = 'LIMIT'
    e.timeInForce = o.tif
    e.price = o.type === 'MARKET' ? (o.side === 'BUY' ? MAX_TICKS : 0) : o.price
    e.origQty = o.volume
    e.remaining = o.volume - o.executedQty
    e.executedQty = o.executedQty
    e.time = o.time
    e.updateTime = o.updateTime
    return e
  }

  /** What walking `qty` on `side` up to `limit` would fill, skipping the account's own orders (as matching does). */
  preview(contract: string, account: string, side: Side, qty: number, limit: number): Preview {
    const opp = side === 'BUY' ? this.book(contract).asks : this.book(contract).bids
    const fills: [number, number][] = []
    let need = qty
    for (let i = 0; i < opp.size && need > 0; i++) {
      const lvl = opp.levelFromBest(i)!
      if (side === 'BUY' ? lvl.price > limit : lvl.price < limit) break
      let avail = 0
      for (const m of liveOrders(lvl)) if (m.account.id !== account) avail += m.remaining
      const q = Math.min(avail, need)
      if (q > 0) {
        fills.push([lvl.price, q])
        need -= q
      }
    }
    return { fills, filled: qty - need }
  }

  wouldTake(contract: string, e: Order): boolean {
    return wouldTake(this.book(contract), e)
  }

  match(contract: string, taker: Order, hooks: MatchHooks): void {
    matchOrder(this.book(contract), taker, hooks)
  }

  rest(e: Order): void {
    this.book(e.symbol).sideOf(e.side).insert(e)
    this.open.add(e)
    e.account.addOpen(e)
  }

  /** Forget an order already off its level (filled maker, self-trade). */
  forget(e: Order): void {
    this.open.delete(e)
    if (e.aidx >= 0) e.account.removeOpen(e)
  }

  /** Take a resting order off the book. */
  remove(e: Order): void {
    this.book(e.symbol).sideOf(e.side).remove(e)
    this.forget(e)
  }

  get(id: string): Order | undefined {
    return this.open.get(id)
  }

  /** Open orders of an account (any contract unless given), in no particular order. */
  openOf(account: string, contract?: string): Order[] {
    const acc = this.ledger.accounts.get(account)
    if (!acc) return []
    return contract === undefined ? [...acc.open] : acc.open.filter((o) => o.symbol === contract)
  }

  depth(contract: string, levels: number): { bids: [number, number][]; asks: [number, number][] } | undefined {
    return this.books.get(contract)?.depth(levels)
  }

  bestBid(contract: string): number | undefined {
    return this.books.get(contract)?.bestBid()
  }

  bestAsk(contract: string): number | undefined {
    return this.books.get(contract)?.bestAsk()
  }
}
