// The resting order book of one symbol: structure only (matching is in ./matching.ts, money in ./settle.ts).
//
// Rules of the book (the embedded exchange's choices; the spec leaves them open):
// - Price-time priority. Better price first; at one price, first arrived first filled (FIFO). An order keeps
//   its place until it is filled or canceled (there is no amend).
// - Self-trade prevention: CANCEL THE RESTING MAKER ("expire maker", also called "cancel oldest"). When an
//   incoming order meets a resting order of the same account, the resting one is canceled (status CANCELED,
//   its rest unlocked) and the incoming order goes on matching deeper in the book. The incoming order is never
//   canceled for it, and no trade between one account and itself ever happens. A FOK order counts only other
//   accounts' liquidity; a POST_ONLY order is refused if it crosses the best opposite price, whoever owns it,
//   so the book is never crossed.
// - The resting book is never crossed: best bid < best ask after every operation.
//
// Layout: each side keeps a Map price -> Level (O(1) to join an existing level) and the level keys in a
// Float64Array sorted so that the BEST level is LAST (key = price for bids, -price for asks, ascending). The
// best level is found, and dropped when emptied, in O(1); a new or emptied level elsewhere costs a binary
// search and one memmove (copyWithin). Each level is a FIFO linked through the orders themselves (Order.prev /
// Order.next): joining the back or leaving from anywhere reads only the level and the order, and only writes to
// the neighbours. At 100k resting orders every record touched is a cache miss; a queue array behind the level
// made a placement and a cancel wait on two more dependent misses (the array, then its slot). Emptied Level
// objects are pooled.

import type { Order } from './order'

export class Level {
  price = 0
  /** total remaining lots of the live orders */
  qty = 0
  /** live orders */
  count = 0
  /** oldest order (matched first), or null when empty */
  first: Order | null = null
  /** newest order, or null when empty */
  last: Order | null = null
}

/** Take `o` out of its level's FIFO (its qty and count are the caller's to adjust). */
export function unlink(lvl: Level, o: Order): void {
  const p = o.prev
  const n = o.next
  if (p === null) lvl.first = n
  else p.next = n
  if (n === null) lvl.last = p
  else n.prev = p
  o.prev = null
  o.next = null
  o.level = null
}

export class BookSide {
  /** level keys, sorted ascending in [0, len); the best level is last. key = sign * price */
  private keys = new Float64Array(64)
  private len = 0
  private readonly byPrice = new Map<number, Level>()
  private readonly pool: Level[] = []
  /** +1 for bids (key = price), -1 for asks (key = -price) */
  constructor(readonly sign: 1 | -1) {}

  /** number of price levels */
  get size(): number {
    return this.len
  }

  best(): Level | undefined {
    return this.len === 0 ? undefined : this.byPrice.get(this.sign * this.keys[this.len - 1]!)
  }

  /** The i-th level counted from the best (0 = best). */
  levelFromBest(i: number): Level | undefined {
    return i < 0 || i >= this.len ? undefined : this.byPrice.get(this.sign * this.keys[this.len - 1 - i]!)
  }

  /** Level at this price, or undefined. O(1). */
  levelAt(price: number): Level | undefined {
    return this.byPrice.get(price)
  }

  /** Entries of the price map (for audits: must equal size). */
  get mapSize(): number {
    return this.byPrice.size
  }

  /** The sorted keys (a copy; for audits). */
  keyList(): number[] {
    return Array.from(this.keys.subarray(0, this.len))
  }

  /** Index of the first key >= k (len if none). */
  private lowerBound(k: number): number {
    const keys = this.keys
    let lo = 0
    let hi = this.len
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (keys[mid]! < k) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  private addKey(k: number): void {
    const n = this.len
    if (n === this.keys.length) {
      const bigger = new Float64Array(n * 2)
      bigger.set(this.keys)
      this.keys = bigger
    }
    const keys = this.keys
    if (n === 0 || keys[n - 1]! < k) keys[n] = k
    else {
      const i = this.lowerBound(k)
      keys.copyWithin(i + 1, i, n)
      keys[i] = k
    }
    this.len = n + 1
  }

  private newLevel(price: number): Level {
    const l = this.pool.pop() ?? new Level()
    l.price = price
    l.qty = 0
    l.count = 0
    this.byPrice.set(price, l)
    this.addKey(this.sign * price)
    return l
  }

  /** Append a resting order at the back of its price level. */
  insert(o: Order): void {
    const lvl = this.byPrice.get(o.price) ?? this.newLevel(o.price)
    o.level = lvl
    const t = lvl.last
    o.prev = t
    o.next = null
    if (t === null) lvl.first = o
    else t.next = o
    lvl.last = o
    lvl.qty += o.remaining
    lvl.count++
  }

  /** Take a resting order off the book (its `remaining` must still be what the level counts). */
  remove(o: Order): void {
    const lvl = o.level!
    unlink(lvl, o)
    lvl.qty -= o.remaining
    if (--lvl.count === 0) this.dropLevel(lvl)
  }

  /** Remove a level whose live count is 0. */
  dropLevel(lvl: Level): void {
    this.byPrice.delete(lvl.price)
    const k = this.sign * lvl.price
    const n = this.len - 1
    const keys = this.keys
    if (keys[n] !== k) {
      const i = this.lowerBound(k)
      keys.copyWithin(i, i + 1, n + 1)
    }
    this.len = n
    lvl.first = null
    lvl.last = null
    this.pool.push(lvl)
  }

  /** Up to `limit` levels from the best: [price ticks, qty lots]. */
  depth(limit: number): [number, number][] {
    const out: [number, number][] = []
    for (let i = 0; i < this.len && i < limit; i++) {
      const l = this.levelFromBest(i)!
      out.push([l.price, l.qty])
    }
    return out
  }

  /** Every resting order, best level first, FIFO within a level. */
  *orders(): Generator<Order> {
    for (let i = 0; i < this.len; i++) yield* liveOrders(this.levelFromBest(i)!)
  }
}

/** The live orders of a level in FIFO order. */
export function* liveOrders(lvl: Level): Generator<Order> {
  for (let o = lvl.first; o !== null; o = o.next) yield o
}

export class OrderBook {
  readonly bids = new BookSide(1)
  readonly asks = new BookSide(-1)
  constructor(readonly symbol: string) {}

  bestBid(): number | undefined {
    return this.bids.best()?.price
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price
  }

  sideOf(side: 'BUY' | 'SELL'): BookSide {
    return side === 'BUY' ? this.bids : this.asks
  }

  depth(limit: number): { bids: [number, number][]; asks: [number, number][] } {
    return { bids: this.bids.depth(limit), asks: this.asks.depth(limit) }
  }
}
