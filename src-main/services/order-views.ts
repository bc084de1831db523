// Order gateway outcomes and venue order records in the contract's view shapes.
import type { FuturesOrderDetail } from '../client/types'
import type { OpenOrderView } from '@shared/ipc/views/account'
import type {
  CancelAckView,
  MoveOrderView,
  OrderAckView,
  OrderEventView,
  OrderHistoryEntryView
} from '@shared/ipc/views/trading'
import type { SpotOpenOrder } from '@shared/api/wire'
import type { HistoryRecord } from '../orders/history-store'
import type { CancelResult, GatewayEvent, PlaceResult } from '../orders/types'
import type { MoveResult } from '../orders/order-move'
import type { OpEvent, OpSubject } from '../orders/op-guard'
import { isTerminal } from '../orders/venue-ops'
import { errorBody } from './errors'
import type { SpotModule } from '@shared/module'

export function placeAck(r: PlaceResult): OrderAckView {
  return {
    actionId: r.actionId,
    status: r.status,
    module: r.market,
    symbol: r.symbol,
    clientOrderId: r.clientOrderId,
    orderId: r.status === 'placed' ? r.orderId : null,
    reconciled: r.reconciled,
    error: r.status === 'placed' ? null : errorBody(r.error)
  }
}

export function cancelAck(r: CancelResult): CancelAckView {
  return {
    actionId: r.actionId,
    status: r.status,
    module: r.market,
    symbol: r.symbol,
    orderId: r.orderId ?? null,
    clientOrderId: r.clientOrderId,
    reconciled: r.reconciled,
    error: r.status === 'canceled' ? null : errorBody(r.error)
  }
}

export function moveView(r: MoveResult): MoveOrderView {
  return {
    moveId: r.moveId,
    outcome: r.outcome,
    module: r.market,
    symbol: r.symbol,
    orderId: r.orderId,
    price: r.price,
    filled: r.filled,
    volume: r.volume,
    cancel: cancelAck(r.cancel),
    place: r.place ? placeAck(r.place) : null,
    words: r.words,
    error: r.error === null ? null : errorBody(r.error)
  }
}

export function orderEvent(e: GatewayEvent): OrderEventView {
  if (e.type === 'pending') {
    const p = e.pending
    return {
      actionId: p.actionId,
      type: 'pending',
      action: p.action,
      module: p.market,
      symbol: p.symbol,
      clientOrderId: p.clientOrderId ?? null,
      orderId: p.orderId ?? null,
      ...(p.order
        ? { order: { side: p.order.side, type: p.order.type, volume: p.order.volume, price: p.order.price ?? null } }
        : {}),
      phase: p.phase,
      since: p.since,
      queries: p.queries,
      lastError: p.lastError ?? null
    }
  }
  const r = e.result
  const status =
    r.status === 'rejected' || r.status === 'undetermined' ? r.status : e.action === 'place' ? 'placed' : 'canceled'
  return {
    actionId: r.actionId,
    type: 'settled',
    action: e.action,
    module: r.market,
    symbol: r.symbol,
    clientOrderId: r.clientOrderId,
    orderId: r.orderId ?? null,
    status,
    reconciled: r.reconciled,
    error: r.status === 'rejected' || r.status === 'undetermined' ? errorBody(r.error) : null,
    notice: e.notice ?? null,
    ...(e.notice === 'correction'
      ? {
          noticeWords: {
            key: 'main.notice.correction',
            params: { clientOrderId: r.clientOrderId, orderId: r.orderId ?? '?' }
          }
        }
      : {}),
    late: e.late ?? false
  }
}

export function operationEvent(e: OpEvent): OrderEventView {
  if (e.type === 'pending') {
    const p = e.pending
    return {
      actionId: p.id,
      type: 'pending',
      action: 'operation',
      opId: p.id,
      operation: subjectView(p.subject),
      phase: p.phase,
      since: p.since,
      queries: p.queries,
      lastError: p.lastError ?? null
    }
  }
  return {
    actionId: e.id,
    type: 'settled',
    action: 'operation',
    opId: e.id,
    operation: subjectView(e.subject),
    status: e.status,
    late: e.late,
    error: e.error ? errorBody(e.error) : null
  }
}

function subjectView(s: OpSubject): Extract<OrderEventView, { action: 'operation' }>['operation'] {
  return {
    kind: s.kind,
    symbol: s.symbol ?? null,
    coin: s.coin ?? null,
    amount: s.amount ?? null,
    detail: s.detail,
    ...(s.words ? { words: s.words } : {})
  }
}

/** The client order id a venue sent beyond the spec's open-order shapes (which have none), else null. */
function sentClientOrderId(o: object): string | null {
  const cid = (o as { clientOrderId?: unknown }).clientOrderId
  return typeof cid === 'string' && cid !== '' ? cid : null
}

/** A spot or margin open order (the spec's shape has no client id; venues that send one keep it). */
export function spotOpenOrder(module: SpotModule, o: SpotOpenOrder): OpenOrderView {
  return {
    module,
    symbol: o.symbol,
    orderId: o.orderId,
    clientOrderId: sentClientOrderId(o),
    side: o.side,
    type: o.type,
    price: o.price,
    volume: o.origQty,
    executed: o.executedQty,
    avgPrice: o.avgPrice,
    status: o.status,
    time: Number(o.time),
    open: null
  }
}

export function futuresOpenOrder(o: FuturesOrderDetail): OpenOrderView {
  return {
    module: 'futures',
    symbol: o.contractName,
    orderId: o.orderId,
    clientOrderId: sentClientOrderId(o),
    side: o.side,
    type: o.type,
    price: o.price,
    volume: o.origQty,
    executed: o.executedQty,
    avgPrice: o.avgPrice,
    status: o.status,
    time: Number(o.transactTime),
    open: o.action
  }
}

export function historyEntry(r: HistoryRecord): OrderHistoryEntryView {
  return {
    module: r.module,
    symbol: r.symbol,
    orderId: r.orderId,
    clientOrderId: r.clientOrderId,
    side: r.side,
    type: r.type,
    price: r.price,
    volume: r.volume,
    executed: r.executed,
    avgPrice: r.avgPrice,
    status: r.status,
    final: isTerminal(r.status),
    time: r.time,
    updatedAt: r.updatedAt
  }
}
