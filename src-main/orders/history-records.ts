// Order-history records from what the venue says (a place's answer, an order query, an open-orders element) and the
// rule that merges a new state into the known one. Every record is checked before it is kept (checkRecord): an
// answer missing a field yields no record but the name of that field (the recorder logs it once).
import { compare } from '@shared/decimal'
import type { SpotOrderQuery } from '@shared/api/wire'
import { badField, checkRecord, type HistoryRecord } from './history-store'
import type { PlacedFields, PlacedResult } from './types'
import { isTerminal } from './venue-ops'
import type { SpotModule } from '@shared/module'

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

/** A checked record, or the first field that made it unusable. */
export type Built = { record: HistoryRecord; bad?: undefined } | { record?: undefined; bad: string }

function build(v: Record<string, unknown>): Built {
  // Venues echo symbols upper case (BTCUSDT); the history is keyed and filtered by the catalog's lower case.
  if (typeof v['symbol'] === 'string') v['symbol'] = v['symbol'].toLowerCase()
  const bad = badField(v)
  return bad === null ? { record: checkRecord(v)! } : { bad }
}

/** A placed order from its answer; a batch answer names only the id, so the request gives the rest. */
export function fromAck(module: SpotModule, r: PlacedResult, req: PlacedFields | undefined, now: number): Built {
  const o = r.order as Partial<SpotOrderQuery>
  return build({
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
    updatedAt: now,
    confirmed: false
  })
}

/**
 * The order as the venue's order query tells it (the one source that confirms a state); the known record fills what the
 * answer leaves empty.
 */
export function fromQuery(
  d: { module: SpotModule; symbol: string; orderId: string },
  o: SpotOrderQuery,
  known: HistoryRecord | undefined,
  now: number
): Built {
  return build({
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
    updatedAt: now,
    confirmed: true
  })
}

export function fromOpenOrder(module: SpotModule, o: SeenOpenOrder, now: number): Built {
  const { orderId, clientOrderId, symbol, side, type, price, volume, executed, status, time } = o
  return build({
    module,
    symbol,
    orderId,
    clientOrderId,
    side,
    type,
    price,
    volume,
    executed,
    avgPrice: o.avgPrice === '' ? null : o.avgPrice,
    status,
    time,
    updatedAt: now,
    confirmed: false
  })
}

/** Whether the order is settled for good: a final state the venue's order query told (nothing left to read back). */
export const isSettled = (r: HistoryRecord): boolean => r.confirmed && isTerminal(r.status)

const DECIMALS = new Set<keyof HistoryRecord>(['price', 'volume', 'executed', 'avgPrice'])
const FIELDS: (keyof HistoryRecord)[] = [
  'symbol',
  'clientOrderId',
  'side',
  'type',
  'price',
  'volume',
  'executed',
  'avgPrice',
  'status',
  'time',
  'confirmed'
]
const same = (k: keyof HistoryRecord, a: HistoryRecord, b: HistoryRecord): boolean => {
  const x = a[k]
  const y = b[k]
  return DECIMALS.has(k) && typeof x === 'string' && typeof y === 'string' ? compare(x, y) === 0 : x === y
}
const RANK: Record<string, number> = { NEW: 0, PARTIALLY_FILLED: 1, PENDING_CANCEL: 2 }
const rank = (status: string): number => (isTerminal(status) ? 3 : (RANK[status] ?? 0))

/** Positive when `a` is further along than `b`: more filled, then a later status, then confirmed by a query. */
function progress(a: HistoryRecord, b: HistoryRecord): number {
  return compare(a.executed, b.executed) || rank(a.status) - rank(b.status) || Number(a.confirmed) - Number(b.confirmed)
}

/**
 * The order after learning `next`, or null when nothing changed. The state (fill, average, status, confirmed) is
 * taken whole from the source further along, never mixed from states of different ages; a final state is never
 * replaced by an unfinished one (a list read before a cancel landed: if unconfirmed, the read-back settles it).
 * Known fields are not erased.
 */
export function merge(old: HistoryRecord | undefined, next: HistoryRecord): HistoryRecord | null {
  if (!old) return next
  const oldWins = isTerminal(old.status) && !isTerminal(next.status) ? true : progress(old, next) > 0
  const [won, lost] = oldWins ? [old, next] : [next, old]
  const out: HistoryRecord = {
    ...next,
    clientOrderId: next.clientOrderId ?? old.clientOrderId,
    // A batch ack knows only the local time; the venue's own creation time is the earlier one.
    time: Math.min(old.time, next.time),
    executed: won.executed,
    status: won.status,
    // An average of the same fill is still right; one of another fill is not.
    avgPrice: won.avgPrice ?? (compare(lost.executed, won.executed) === 0 ? lost.avgPrice : null),
    confirmed: won.confirmed
  }
  return FIELDS.some((k) => !same(k, out, old)) ? out : null
}
