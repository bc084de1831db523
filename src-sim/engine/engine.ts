// The spot matching engine: one book per symbol, one ledger, place / cancel / query per account and symbol.
// Pure and synchronous: no I/O, time comes from the injected clock, events go to the injected listener.
//
// Units: see ./types.ts (ticks, lots, ticks*lots, smallest asset units). Book rules (price-time priority,
// self-trade prevention = cancel the resting maker): ./order-book.ts. Fees and holds: ./settle.ts.
//
// Order of checks in place(): symbol, side, type, time in force, numbers (INVALID_*, MIN_*, MAX_NOTIONAL),
// balance (INSUFFICIENT_BALANCE), then POST_ONLY / FOK against the book. A rejection changes nothing and
// consumes no id. An accepted order gets its id, its hold is locked, it matches, then:
//
//   LIMIT GTC / POST_ONLY  rest on the book: NEW (nothing filled) or PARTIALLY_FILLED; FILLED if nothing left
//   LIMIT IOC / FOK        FILLED if nothing left, else CANCELED (the rest is unlocked; executedQty may be > 0)
//   MARKET SELL            sized in lots: FILLED if all sold, else CANCELED when the bids run out
//   MARKET BUY             sized in notional (ticks*lots): buys whole lots while the rest pays one more lot at
//                          the best ask; the unspendable rest ("dust", below one lot's price) is unlocked.
//                          FILLED if it bought something and stopped for lack of funds (or its rest is below
//                          one lot at the last fill price); CANCELED when the asks ran out first or it bought
//                          nothing. MARKET orders never rest and accept GTC/IOC/FOK (same as IOC, FOK
//                          all-or-nothing); POST_ONLY is INVALID_TIF.
//
// Only open orders are kept (orderId -> Order). Filled and canceled orders leave the engine after their
// last event; the server keeps history from the events. cancel() of an id that is not open answers
// ORDER_NOT_FOUND; the server tells "unknown" from "already closed" with its own history.
//
// Results, queries and listener events hand out the live Order records: read them, or copy what you keep with
// toOrderInfo(). With `recycleOrders` (faster at large books) a record stays valid only until the next call
// into the engine, because closed orders' records are reused (./order.ts), and the Trade given to onTrade is
// one record overwritten by every fill: copy it before onTrade returns.

import { compareIds, IdGenerator, ORDER_ID_BASE, TRADE_ID_BASE } from './ids'
import { type Account, Ledger, type Slot } from './ledger'
import { Market } from './market'
import { canFillCompletely, type MatchHooks, matchOrder, wouldTake } from './matching'
import { Order, OrderPool } from './order'
import { OrderIndex, orderKey } from './order-index'
import { blankTrade, settleSpotFill } from './settle'
import type { AssetConfig, EngineListener, PlaceInput, RejectReason, Rejection, SymbolConfig, Trade } from './types'

const MAX = Number.MAX_SAFE_INTEGER

/** The live order record (see ./order.ts on how long it stays yours), or why it was refused. */
export type PlaceResult = Order | Rejection
export type CancelResult = Order | Rejection

const REJECTIONS = {} as Record<RejectReason, Rejection>
export function rejection(reason: RejectReason): Rejection {
  return (REJECTIONS[reason] ??= Object.freeze({ ok: false as const, reason }))
}
const R_SYMBOL = rejection('UNKNOWN_SYMBOL')
const R_SIDE = rejection('INVALID_SIDE')
const R_TYPE = rejection('INVALID_TYPE')
const R_TIF = rejection('INVALID_TIF')
const R_PRICE = rejection('INVALID_PRICE')
const R_QTY = rejection('INVALID_QUANTITY')
const R_MIN_PRICE = rejection('MIN_PRICE')
const R_MIN_VOLUME = rejection('MIN_VOLUME')
const R_MAX_NOTIONAL = rejection('MAX_NOTIONAL')
const R_BALANCE = rejection('INSUFFICIENT_BALANCE')
const R_POST_ONLY = rejection('POST_ONLY_WOULD_TAKE')
const R_FOK = rejection('FOK_NOT_FILLABLE')
const R_NOT_FOUND = rejection('ORDER_NOT_FOUND')

function isPosInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0
}

/** What defines a resting order, for restoring one (./snapshot.ts). */
export interface RestingOrderFields {
  id: string
  clientOrderId: string | null
  account: string
  symbol: string
  side: 'BUY' | 'SELL'
  timeInForce: 'GTC' | 'POST_ONLY'
  price: number
  origQty: number
  remaining: number
  executedQty: number
  executedQuote: bigint
  hold: number
  time: number
  updateTime: number
}

export interface EngineOptions {
  /** Milliseconds since the epoch; called once per place or cancel. */
  clock: () => number
  /** Every asset the symbols use, with its ledger scale (decimals of the smallest unit). */
  assets: Record<string, AssetConfig>
  symbols?: SymbolConfig[]
  /** Account credited with every fee (default "fees"). */
  feeAccount?: string
  nextOrderId?: bigint
  nextTradeId?: bigint
  listener?: EngineListener
  /**
   * Reuse the records of closed orders and of trades (default false). Faster with large books (less GC), but
   * then an Order you got from the engine is valid only until your next call into it, and the Trade given to
   * onTrade only until that call returns: copy what you keep (toOrderInfo, a spread of the trade).
   */
  recycleOrders?: boolean
}

export class SpotEngine implements MatchHooks {
  readonly ledger = new Ledger()
  readonly markets = new Map<string, Market>()
  /** Open orders by id (read-only outside the engine). */
  readonly orders = new OrderIndex()
  private readonly pool = new OrderPool()
  private readonly recycle: boolean
  /** the one trade record handed to onTrade with recycleOrders, else null (a new record per fill) */
  private readonly trade: Trade | null
  readonly orderIds: IdGenerator
  readonly tradeIds: IdGenerator
  readonly feeAccount: string
  listener: EngineListener
  private readonly clock: () => number
  // state of the placement in progress, read by the match hooks
  private now = 0
  private market: Market | null = null
  private lastPrice = 0

  constructor(opts: EngineOptions) {
    this.clock = opts.clock
    this.feeAccount = opts.feeAccount ?? 'fees'
    this.orderIds = new IdGenerator(opts.nextOrderId ?? ORDER_ID_BASE)
    this.tradeIds = new IdGenerator(opts.nextTradeId ?? TRADE_ID_BASE)
    this.listener = opts.listener ?? {}
    this.recycle = opts.recycleOrders ?? false
    this.trade = this.recycle ? blankTrade() : null
    for (const [asset, a] of Object.entries(opts.assets)) this.ledger.addAsset(asset, a.scale)
    this.ledger.account(this.feeAccount)
    for (const s of opts.symbols ?? []) this.addSymbol(s)
  }

  addSymbol(cfg: SymbolConfig): void {
    if (this.markets.has(cfg.symbol)) throw new Error(`symbol ${cfg.symbol} exists`)
    this.markets.set(cfg.symbol, new Market({ ...cfg }, this.ledger, this.feeAccount))
  }

  // ---- funds ----

  deposit(account: string, asset: string, amount: bigint): void {
    this.ledger.deposit(account, asset, amount)
  }

  withdraw(account: string, asset: string, amount: bigint): boolean {
    return this.ledger.withdraw(account, asset, amount)
  }

  balance(account: string, asset: string): { free: bigint; locked: bigint } {
    return this.ledger.balance(account, asset)
  }

  balances(account: string): { asset: string; free: bigint; locked: bigint }[] {
    return this.ledger
      .rows()
      .filter((r) => r.account === account)
      .map(({ asset, free, locked }) => ({ asset, free, locked }))
  }

  // ---- orders ----

  place(accountId: string, inp: PlaceInput): PlaceResult {
    const m = this.markets.get(inp.symbol)
    if (m === undefined) return R_SYMBOL
    const side = inp.side
    if (side !== 'BUY' && side !== 'SELL') return R_SIDE
    const type = inp.type
    const tif = inp.timeInForce ?? 'GTC'
    if (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK' && tif !== 'POST_ONLY') return R_TIF
    let price = 0
    let qty = 0
    let quoteQty = 0
    let hold: number
    if (type === 'LIMIT') {
      price = inp.price as number
      qty = inp.qty as number
      if (!isPosInt(price)) return R_PRICE
      if (!isPosInt(qty)) return R_QTY
      if (price < m.limitPriceMin) return R_MIN_PRICE
      if (qty < m.limitVolumeMin) return R_MIN_VOLUME
      const notional = price * qty * m.quoteMul
      const baseAmt = qty * m.baseMul
      if (notional > MAX || baseAmt > MAX) return R_MAX_NOTIONAL
      hold = side === 'BUY' ? notional : baseAmt
    } else if (type === 'MARKET') {
      if (tif === 'POST_ONLY') return R_TIF
      if (side === 'BUY') {
        quoteQty = inp.quoteQty as number
        if (!isPosInt(quoteQty)) return R_QTY
        if (quoteQty < m.marketBuyMin) return R_MIN_VOLUME
        hold = quoteQty * m.quoteMul
      } else {
        qty = inp.qty as number
        if (!isPosInt(qty)) return R_QTY
        if (qty < m.marketSellMin) return R_MIN_VOLUME
        hold = qty * m.baseMul
      }
      if (hold > MAX) return R_MAX_NOTIONAL
    } else return R_TYPE

    const ledger = this.ledger
    const acc = ledger.account(accountId)
    const baseSlot = acc.slots[m.baseIdx] ?? ledger.slotOf(acc, m.baseIdx)
    const quoteSlot = acc.slots[m.quoteIdx] ?? ledger.slotOf(acc, m.quoteIdx)
    const holdSlot = side === 'BUY' ? quoteSlot : baseSlot
    if (!holdSlot.hasFree(hold)) return R_BALANCE

    const o = this.recycle
      ? this.pool.acquire(acc, holdSlot, side === 'BUY' ? baseSlot : quoteSlot)
      : new Order(acc, holdSlot, side === 'BUY' ? baseSlot : quoteSlot)
    o.symbol = m.symbol
    o.side = side
    o.type = type
    o.timeInForce = tif
    o.price = price
    o.origQty = qty
    o.remaining = qty
    o.quoteQty = quoteQty
    o.quoteRemaining = quoteQty
    o.clientOrderId = inp.clientOrderId ?? null
    const book = m.book
    if ((tif === 'POST_ONLY' && wouldTake(book, o)) || (tif === 'FOK' && !canFillCompletely(book, o))) {
      if (this.recycle) this.pool.release(o)
      return tif === 'FOK' ? R_FOK : R_POST_ONLY
    }

    const now = this.clock()
    o.id = this.orderIds.next()
    o.key = this.orderIds.lastKey
    o.time = o.updateTime = now
    holdSlot.lock(hold)
    o.hold = hold

    this.now = now
    this.market = m
    let exhausted = false
    if (type === 'MARKET' || wouldTake(book, o)) exhausted = matchOrder(book, o, this)
    this.market = null

    let rests = false
    if (type === 'LIMIT') {
      if (o.remaining === 0) o.status = 'FILLED'
      else if (tif === 'GTC' || tif === 'POST_ONLY') {
        o.status = o.executedQty > 0 ? 'PARTIALLY_FILLED' : 'NEW'
        rests = true
      } else o.status = 'CANCELED'
    } else if (side === 'SELL') o.status = o.remaining === 0 ? 'FILLED' : 'CANCELED'
    else o.status = o.executedQty > 0 && (!exhausted || o.quoteRemaining < this.lastPrice) ? 'FILLED' : 'CANCELED'

    if (!rests && o.hold !== 0) {
      holdSlot.unlock(o.hold)
      o.hold = 0
    }
    if (rests) {
      book.sideOf(side).insert(o)
      this.orders.add(o)
      acc.addOpen(o)
    } else if (this.recycle) this.pool.release(o)
    this.listener.onOrder?.(o)
    return o
  }

  /** Cancel an open order of this account on this symbol. */
  cancel(accountId: string, symbol: string, orderId: string): CancelResult {
    const o = this.orders.get(orderId)
    if (o === undefined || o.symbol !== symbol || o.account.id !== accountId) return R_NOT_FOUND
    return this.cancelOpen(o, this.clock())
  }

  /** Cancel the latest open order of this account and symbol carrying this client order id. */
  cancelByClientOrderId(accountId: string, symbol: string, clientOrderId: string): CancelResult {
    const o = this.findOpenByClientOrderId(accountId, symbol, clientOrderId)
    if (o === undefined) return R_NOT_FOUND
    return this.cancelOpen(o, this.clock())
  }

  /** Cancel every open order of the account (on one symbol, or all), oldest first. Returns them. */
  cancelAll(accountId: string, symbol?: string): Order[] {
    const now = this.clock()
    const out = this.openOrders(accountId, symbol)
    for (const o of out) this.cancelOpen(o, now)
    return out
  }

  private cancelOpen(o: Order, now: number): Order {
    this.markets.get(o.symbol)!.book.sideOf(o.side).remove(o)
    return this.retire(o, now)
  }

  /** An open order already off its level: unlock its rest, mark it CANCELED, forget it. */
  private retire(o: Order, now: number): Order {
    o.holdSlot.unlock(o.hold)
    o.hold = 0
    o.status = 'CANCELED'
    o.updateTime = now
    this.orders.delete(o)
    o.account.removeOpen(o)
    this.listener.onOrder?.(o)
    if (this.recycle) this.pool.release(o)
    return o
  }

  // ---- match hooks (called by matchOrder during place) ----

  fill(taker: Order, maker: Order, price: number, qty: number): void {
    const now = this.now
    const trade = settleSpotFill(this.market!, taker, maker, price, qty, this.tradeIds.next(), now, this.trade)
    this.lastPrice = price
    maker.status = maker.remaining === 0 ? 'FILLED' : 'PARTIALLY_FILLED'
    maker.updateTime = now
    const l = this.listener
    l.onTrade?.(trade)
    l.onOrder?.(maker)
  }

  makerFilled(maker: Order): void {
    this.orders.delete(maker)
    maker.account.removeOpen(maker)
    if (this.recycle) this.pool.release(maker)
  }

  selfTrade(maker: Order): void {
    this.retire(maker, this.now)
  }

  // ---- queries ----

  /** An open order by id (undefined when unknown or closed). */
  getOpenOrder(orderId: string): Order | undefined {
    return this.orders.get(orderId)
  }

  /** Open orders of an account, oldest first, optionally of one symbol. */
  openOrders(accountId: string, symbol?: string): Order[] {
    const acc = this.ledger.accounts.get(accountId)
    if (acc === undefined) return []
    const out = symbol === undefined ? [...acc.open] : acc.open.filter((o) => o.symbol === symbol)
    return out.sort((a, b) => compareIds(a.id, b.id))
  }

  /** The latest open order of this account and symbol with this client order id. */
  findOpenByClientOrderId(accountId: string, symbol: string, clientOrderId: string): Order | undefined {
    const acc = this.ledger.accounts.get(accountId)
    let found: Order | undefined
    if (acc === undefined) return found
    for (const o of acc.open) {
      if (
        o.clientOrderId === clientOrderId &&
        o.symbol === symbol &&
        (found === undefined || compareIds(o.id, found.id) > 0)
      )
        found = o
    }
    return found
  }

  depth(symbol: string, limit = 100): { bids: [number, number][]; asks: [number, number][] } | undefined {
    return this.markets.get(symbol)?.book.depth(limit)
  }

  bestBid(symbol: string): number | undefined {
    return this.markets.get(symbol)?.book.bestBid()
  }

  bestAsk(symbol: string): number | undefined {
    return this.markets.get(symbol)?.book.bestAsk()
  }

  symbolConfig(symbol: string): Readonly<SymbolConfig> | undefined {
    return this.markets.get(symbol)?.cfg
  }

  // ---- restore support (./snapshot.ts) ----

  /** Put back a resting order exactly as it was (no matching, no locking: balances are restored separately). */
  restoreOpenOrder(fields: RestingOrderFields): Order {
    const m = this.markets.get(fields.symbol)
    if (m === undefined) throw new Error(`restore: unknown symbol ${fields.symbol}`)
    if (this.orders.has(fields.id)) throw new Error(`restore: duplicate order ${fields.id}`)
    const acc: Account = this.ledger.account(fields.account)
    const baseSlot: Slot = this.ledger.slotOf(acc, m.baseIdx)
    const quoteSlot: Slot = this.ledger.slotOf(acc, m.quoteIdx)
    const buy = fields.side === 'BUY'
    const o = new Order(acc, buy ? quoteSlot : baseSlot, buy ? baseSlot : quoteSlot)
    o.id = fields.id
    o.key = orderKey(o.id)
    o.clientOrderId = fields.clientOrderId
    o.symbol = fields.symbol
    o.side = fields.side
    o.type = 'LIMIT'
    o.timeInForce = fields.timeInForce
    o.price = fields.price
    o.origQty = fields.origQty
    o.remaining = fields.remaining
    o.quoteQty = 0
    o.quoteRemaining = 0
    o.executedQty = fields.executedQty
    if (fields.executedQuote <= BigInt(MAX)) o.execQuote = Number(fields.executedQuote)
    else o.execQuoteBig = fields.executedQuote
    o.hold = fields.hold
    o.time = fields.time
    o.updateTime = fields.updateTime
    o.status = o.executedQty > 0 ? 'PARTIALLY_FILLED' : 'NEW'
    const expected = buy ? o.price * o.remaining * m.quoteMul : o.remaining * m.baseMul
    if (expected !== o.hold) throw new Error(`restore: order ${o.id} hold ${o.hold} != ${expected}`)
    if (!(o.remaining > 0) || o.executedQty + o.remaining !== o.origQty)
      throw new Error(`restore: order ${o.id} sizes are inconsistent`)
    m.book.sideOf(o.side).insert(o)
    this.orders.add(o)
    acc.addOpen(o)
    return o
  }
}
