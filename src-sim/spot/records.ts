// History the spot state keeps for its users (not for market-activity bots): every order ever accepted, each
// account's fills, deposits and withdrawals. The engine only knows open orders and balances.
import type { OrderInfo, Trade } from '../engine'
import { pageFromId } from '../engine'
import { newest, pushBounded } from '../bounded-list'
import { takeOldest } from '../oldest-first'

export interface UserTrade {
  id: string
  symbol: string
  orderId: string
  bidId: string
  askId: string
  /** ticks */
  price: number
  /** lots */
  qty: number
  time: number
  isBuyer: boolean
  isMaker: boolean
  feeAsset: string
  /** smallest units of feeAsset */
  fee: number
}

export interface FundsRecord {
  id: string
  asset: string
  amount: string
  address: string
  txid: string
  status: number
  createTime: number
  /** withdrawals only */
  fee?: string
}

/** Per account and symbol, fills kept at most (oldest dropped first). */
export const MAX_TRADES = 20_000
/**
 * Orders kept for queries, over all accounts: past it the oldest closed ones are dropped (a live venue purges old
 * orders too), so a client placing orders for hours (a bench, a bot on the paper account) cannot grow the server
 * without bound. Open orders are always kept.
 */
export const MAX_ORDERS = 50_000

export class SpotRecords {
  readonly orders = new Map<string, OrderInfo>()
  /** `${engineAccount}|${symbol}|${clientOrderId}` -> latest order id with it */
  readonly byClientId = new Map<string, string>()
  /** engineAccount -> symbol -> fills, oldest first */
  readonly trades = new Map<string, Map<string, UserTrade[]>>()
  readonly deposits = new Map<string, FundsRecord[]>()
  readonly withdrawals = new Map<string, FundsRecord[]>()

  recordOrder(info: OrderInfo, limit = MAX_ORDERS): void {
    this.orders.set(info.orderId, info)
    if (info.clientOrderId) this.byClientId.set(`${info.account}|${info.symbol}|${info.clientOrderId}`, info.orderId)
    if (this.orders.size > limit) this.dropOldestClosed(limit)
  }

  /**
   * The map keeps first-recorded order, so its head is the oldest order. At most two looks a call (amortized
   * constant work): an open order at the head is moved to the back, a closed one is dropped.
   */
  private dropOldestClosed(limit: number): void {
    for (let looks = 0; looks < 2 && this.orders.size > limit; looks++) {
      const [id, oldest] = takeOldest(this.orders)!
      if (oldest.status === 'NEW' || oldest.status === 'PARTIALLY_FILLED') {
        this.orders.set(id, oldest)
        continue
      }
      const key = `${oldest.account}|${oldest.symbol}|${oldest.clientOrderId}`
      if (oldest.clientOrderId && this.byClientId.get(key) === id) this.byClientId.delete(key)
    }
  }

  findOrder(
    engineAccount: string,
    symbol: string,
    ref: { orderId?: string; clientOrderId?: string }
  ): OrderInfo | undefined {
    const id =
      ref.orderId ??
      (ref.clientOrderId ? this.byClientId.get(`${engineAccount}|${symbol}|${ref.clientOrderId}`) : undefined)
    const info = id === undefined ? undefined : this.orders.get(id)
    return info && info.account === engineAccount && info.symbol === symbol ? info : undefined
  }

  recordTrade(t: Trade, engineAccount: string, isMakerSide: boolean): void {
    const takerBuys = t.takerSide === 'BUY'
    const isBuyer = isMakerSide ? !takerBuys : takerBuys
    const trade: UserTrade = {
      id: t.id,
      symbol: t.symbol,
      orderId: isMakerSide ? t.makerOrderId : t.takerOrderId,
      bidId: takerBuys ? t.takerOrderId : t.makerOrderId,
      askId: takerBuys ? t.makerOrderId : t.takerOrderId,
      price: t.price,
      qty: t.qty,
      time: t.time,
      isBuyer,
      isMaker: isMakerSide,
      feeAsset: isMakerSide ? t.makerFeeAsset : t.takerFeeAsset,
      fee: isMakerSide ? t.makerFee : t.takerFee
    }
    let bySymbol = this.trades.get(engineAccount)
    if (!bySymbol) this.trades.set(engineAccount, (bySymbol = new Map()))
    let list = bySymbol.get(t.symbol)
    if (!list) bySymbol.set(t.symbol, (list = []))
    pushBounded(list, trade, MAX_TRADES)
  }

  /** An account's fills of a symbol, the newest MAX_TRADES, oldest first. */
  tradesOf(engineAccount: string, symbol: string): readonly UserTrade[] {
    const list = this.trades.get(engineAccount)?.get(symbol)
    return list ? newest(list, MAX_TRADES) : []
  }

  /** Fills from `fromId` on (inclusive, oldest first), or the latest `limit` when fromId is absent. */
  userTrades(engineAccount: string, symbol: string, limit: number, fromId?: string): UserTrade[] {
    return pageFromId(this.tradesOf(engineAccount, symbol), (t) => t.id, limit, fromId)
  }

  addFunds(kind: 'deposit' | 'withdraw', account: string, rec: FundsRecord): void {
    const map = kind === 'deposit' ? this.deposits : this.withdrawals
    let list = map.get(account)
    if (!list) map.set(account, (list = []))
    list.push(rec)
  }

  snapshot(): unknown {
    return {
      orders: [...this.orders.values()],
      trades: [...this.trades].map(([acc, m]) => [acc, [...m].map(([sym, l]) => [sym, newest(l, MAX_TRADES)])]),
      deposits: [...this.deposits],
      withdrawals: [...this.withdrawals]
    }
  }

  static restore(data: unknown): SpotRecords {
    const d = data as {
      orders: OrderInfo[]
      trades: [string, [string, UserTrade[]][]][]
      deposits: [string, FundsRecord[]][]
      withdrawals: [string, FundsRecord[]][]
    }
    const r = new SpotRecords()
    for (const o of d.orders) r.recordOrder(o, Infinity) // as they were kept: nothing dropped on restore
    for (const [acc, m] of d.trades) r.trades.set(acc, new Map(m))
    for (const [acc, l] of d.deposits) r.deposits.set(acc, l)
    for (const [acc, l] of d.withdrawals) r.withdrawals.set(acc, l)
    return r
  }
}
