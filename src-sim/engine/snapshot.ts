// Whole-engine state as a plain JSON-able object, and back. Big integers travel as decimal strings.
// restoreEngine(snapshotEngine(e)) behaves exactly like e: same books (price-time order), balances, ids.

import { auditEngine } from './audit'
import { SpotEngine, type EngineOptions, type RestingOrderFields } from './engine'
import { compareIds } from './ids'
import type { SymbolConfig } from './types'

/** A resting order in a snapshot: its executed notional (a big integer) as decimal text. */
export type SnapshotOrder = Omit<RestingOrderFields, 'executedQuote'> & { executedQuote: string }

export interface EngineSnapshot {
  version: 1
  feeAccount: string
  nextOrderId: string
  nextTradeId: string
  assets: { asset: string; scale: number }[]
  symbols: SymbolConfig[]
  /** accounts in creation order */
  accounts: string[]
  balances: { account: string; asset: string; free: string; locked: string }[]
  /** open orders, ascending id (= arrival order, which is also FIFO order within a level) */
  orders: SnapshotOrder[]
}

export function snapshotEngine(e: SpotEngine): EngineSnapshot {
  const orders: SnapshotOrder[] = []
  for (const o of e.orders.values()) {
    orders.push({
      id: o.id,
      clientOrderId: o.clientOrderId,
      account: o.account.id,
      symbol: o.symbol,
      side: o.side,
      timeInForce: o.timeInForce === 'POST_ONLY' ? 'POST_ONLY' : 'GTC',
      price: o.price,
      origQty: o.origQty,
      remaining: o.remaining,
      executedQty: o.executedQty,
      executedQuote: o.executedQuote.toString(),
      hold: o.hold,
      time: o.time,
      updateTime: o.updateTime
    })
  }
  orders.sort((a, b) => compareIds(a.id, b.id))
  return {
    version: 1,
    feeAccount: e.feeAccount,
    nextOrderId: e.orderIds.peek(),
    nextTradeId: e.tradeIds.peek(),
    assets: e.ledger.assets.map((asset, i) => ({ asset, scale: e.ledger.scales[i]! })),
    symbols: [...e.markets.values()].map((m) => structuredClone({ ...m.cfg })),
    accounts: [...e.ledger.accounts.keys()],
    balances: e.ledger
      .rows()
      .map((r) => ({ account: r.account, asset: r.asset, free: r.free.toString(), locked: r.locked.toString() })),
    orders
  }
}

/** Rebuild an engine from a snapshot. Throws if the snapshot is inconsistent (holds vs locked, crossed book...). */
export function restoreEngine(
  s: EngineSnapshot,
  opts: Pick<EngineOptions, 'clock' | 'listener' | 'recycleOrders'>
): SpotEngine {
  if (s.version !== 1) throw new Error(`unknown engine snapshot version ${String(s.version)}`)
  const e = new SpotEngine({
    clock: opts.clock,
    listener: opts.listener,
    ...(opts.recycleOrders ? { recycleOrders: true } : {}),
    feeAccount: s.feeAccount,
    nextOrderId: BigInt(s.nextOrderId),
    nextTradeId: BigInt(s.nextTradeId),
    assets: Object.fromEntries(s.assets.map((a) => [a.asset, { scale: a.scale }])),
    symbols: s.symbols
  })
  for (const a of s.accounts) e.ledger.account(a)
  for (const b of s.balances) e.ledger.slot(b.account, b.asset).set(BigInt(b.free), BigInt(b.locked))
  const orders = [...s.orders].sort((a, b) => compareIds(a.id, b.id))
  for (const o of orders) e.restoreOpenOrder({ ...o, executedQuote: BigInt(o.executedQuote) })
  const bad = auditEngine(e)
  if (bad.length > 0) throw new Error(`inconsistent engine snapshot: ${bad.slice(0, 5).join('; ')}`)
  return e
}
