// Order-history records from what the venue says (a place's answer, an order query, an open-orders element) and the
// rule that merges a new state into the known one. Every record is checked before it is kept (checkRecord): an
// answer missing a field yields no record, and the order is read back instead.
import { compare } from '@shared/decimal'
import type { SpotOrderQuery } from '@shared/api/wire'
import { checkRecord, type HistoryModule, type HistoryRecord } from './history-store'
import type { PlacedFields, PlacedResult } from './types'
import { isTerminal } from './venue-ops'

/** An open order as the account service lists it. */
export interface SeenOpenOrder {
  orderId: string
  clientOrderId: string | null
  symbol: string
  side: 'BUY' | 'SELL'
  type: string
  price: string
  volume: string
  executed: string
  avgPrice: string
  status: string
  time: number
}

/** A placed order from its answer; a batch answer names only the id, so the request gives the rest. */
export function fromAck(module: HistoryModule, r: PlacedResult, req: PlacedFields | undefined, now: number): HistoryRecord | null {
  const o = r.order as Partial<SpotOrderQuery>
  return checkRecord({
    module,
    symbol: o.symbol ?? r.symbol,
    orderId: r.orderId,
    clientOrderId: r.clientOrderId || o.clientOrderId || null,
    side: o.side ?? req?.side,
    type: o.type ?? req?.type,
    price: o.price ?? req?.price ?? '0',
    volume: o.origQty ?? req?.volume,
    executed: o.executedQty ?? '0',
    avgPrice: o.avgPrice ?? null,
    status: o.status ?? 'NEW',
    time: Number(o.transactTime) || now,
    updatedAt: now
  })
}

/** The order as the venue's order query tells it; the known record fills what the answer leaves empty. */
export function fromQuery(d: { module: HistoryModule; symbol: string; orderId: string }, o: SpotOrderQuery, known: HistoryRecord | undefined, now: number): HistoryRecord | null {
  return checkRecord({
    module: d.module,
    symbol: o.symbol || d.symbol,
    orderId: d.orderId,
    clientOrderId: o.clientOrderId || known?.clientOrderId || null,
    side: o.side,
    type: o.type,
    price: o.price,
    volume: o.origQty,
    executed: o.executedQty,
    avgPrice: o.avgPrice ?? null,
    status: o.status,
    time: Number(o.transactTime) || known?.time || now,
    updatedAt: now
  })
}

export function fromOpenOrder(module: HistoryModule, o: SeenOpenOrder, now: number): HistoryRecord | null {
  const { orderId, clientOrderId, symbol, side, type, price, volume, executed, status, time } = o
  return checkRecord({ module, symbol, orderId, clientOrderId, side, type, price, volume, executed, avgPrice: o.avgPrice === '' ? null : o.avgPrice, status, time, updatedAt: now })
}

const SAME: (keyof HistoryRecord)[] = ['symbol', 'clientOrderId', 'side', 'type', 'price', 'volume', 'executed', 'avgPrice', 'status', 'time']

/**
 * The order after learning `next`, or null when nothing changed. A final state is never replaced by an older,
 * unfinished one (a list read before a cancel landed), fills never shrink, and known fields are not erased.
 */
export function merge(old: HistoryRecord | undefined, next: HistoryRecord): HistoryRecord | null {
  if (!old) return next
  if (isTerminal(old.status) && !isTerminal(next.status)) return null
  const executed = compare(next.executed, old.executed) < 0 ? old.executed : next.executed
  const out: HistoryRecord = {
    ...next,
    clientOrderId: next.clientOrderId ?? old.clientOrderId,
    avgPrice: next.avgPrice ?? old.avgPrice,
    executed,
    // A batch ack knows only the local time; the venue's own creation time is the earlier one.
    time: Math.min(old.time, next.time)
  }
  return SAME.some((k) => out[k] !== old[k]) ? out : null
}
