// The live order record, and the pool that can recycle it.
//
// One class with a fixed shape so the hot paths stay monomorphic. While open it sits in its price level's
// FIFO (`level`, linked by `prev` / `next`) and in its account's open-order array (at index `aidx`).
//
// The engine hands these live records out (place/cancel results, queries, listener events); copy what you
// keep with toOrderInfo(). With EngineOptions.recycleOrders the records of closed orders go back to a free
// list and are reused by later orders, which at 100k resting orders spares the GC a new long-lived object
// per order; a record you got is then valid only until your next call into the engine.

import { Account, Slot } from './ledger'
import type { Level } from './order-book'
import type { OrderInfo, OrderStatus, OrderType, Side, TimeInForce } from './types'

const MAX = Number.MAX_SAFE_INTEGER
const NO_ACCOUNT = new Account('')
const NO_SLOT = new Slot('', '')

export class Order {
  /** Discriminates an accepted order from a Rejection in place() / cancel() results. */
  get ok(): true {
    return true
  }

  id = ''
  /** key in the open-order index (./order-index.ts) */
  key = 0
  clientOrderId: string | null = null
  symbol = ''
  side: Side = 'BUY'
  type: OrderType = 'LIMIT'
  timeInForce: TimeInForce = 'GTC'
  /** ticks; 0 for MARKET */
  price = 0
  /** lots; 0 for MARKET BUY */
  origQty = 0
  /** ticks*lots; MARKET BUY only */
  quoteQty = 0
  /** lots still to fill (LIMIT, MARKET SELL) */
  remaining = 0
  /** ticks*lots still to spend (MARKET BUY) */
  quoteRemaining = 0
  executedQty = 0
  /** sum of price*qty of fills while it fits a safe integer; then execQuoteBig takes over */
  execQuote = 0
  execQuoteBig: bigint | null = null
  status: OrderStatus = 'NEW'
  time = 0
  updateTime = 0
  /** Remaining amount locked for this order, smallest units of holdSlot's asset. */
  hold = 0
  account: Account
  /** quote slot for a BUY, base slot for a SELL */
  holdSlot: Slot
  /** base slot for a BUY, quote slot for a SELL */
  recvSlot: Slot
  /** the price level it rests in; null once off the book */
  level: Level | null = null
  /** neighbours in its level's FIFO while resting (older, newer), else null */
  prev: Order | null = null
  next: Order | null = null
  /** index in account.open while open, else -1 */
  aidx = -1

  constructor(account: Account = NO_ACCOUNT, holdSlot: Slot = NO_SLOT, recvSlot: Slot = NO_SLOT) {
    this.account = account
    this.holdSlot = holdSlot
    this.recvSlot = recvSlot
  }

  get accountId(): string {
    return this.account.id
  }

  get isOpen(): boolean {
    return this.status === 'NEW' || this.status === 'PARTIALLY_FILLED'
  }

  /** Add price*qty of a fill to the executed notional, exactly. */
  addExecQuote(pq: number): void {
    if (this.execQuoteBig !== null) {
      this.execQuoteBig += BigInt(pq)
      return
    }
    const s = this.execQuote + pq
    if (s <= MAX) this.execQuote = s
    else this.execQuoteBig = BigInt(this.execQuote) + BigInt(pq)
  }

  get executedQuote(): bigint {
    return this.execQuoteBig ?? BigInt(this.execQuote)
  }
}

/** Free list of order records (used with EngineOptions.recycleOrders). */
export class OrderPool {
  private readonly free: Order[] = []

  /** A record with every field reset except the ones every placement sets. */
  acquire(account: Account, holdSlot: Slot, recvSlot: Slot): Order {
    const o = this.free.pop()
    if (o === undefined) return new Order(account, holdSlot, recvSlot)
    o.account = account
    o.holdSlot = holdSlot
    o.recvSlot = recvSlot
    o.executedQty = 0
    o.execQuote = 0
    o.execQuoteBig = null
    o.hold = 0
    o.status = 'NEW'
    o.level = null
    o.aidx = -1
    return o
  }

  /** Give back the record of a closed order. Its fields stay readable until a later placement reuses it. */
  release(o: Order): void {
    this.free.push(o)
  }

  get size(): number {
    return this.free.length
  }
}

export function toOrderInfo(o: Order): OrderInfo {
  return {
    orderId: o.id,
    clientOrderId: o.clientOrderId,
    account: o.account.id,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    timeInForce: o.timeInForce,
    price: o.price,
    origQty: o.origQty,
    quoteQty: o.quoteQty,
    executedQty: o.executedQty,
    executedQuote: o.executedQuote.toString(),
    status: o.status,
    time: o.time,
    updateTime: o.updateTime
  }
}
