// Verdicts built from reconciliation facts: pure, shared by the first reconciliation (order-gateway.ts) and the
// later re-checks (undetermined-book.ts), so a late answer reads exactly like a timely one.
import type { Words } from '@shared/i18n/words'
import type { ExchangeError } from '../client/errors'
import type { OrderView } from './reconcile'
import { said } from './said'
import type { CancelVerdict, PlaceVerdict, VenueOrder } from './types'
import { isCancelled, MARKET_OPS } from './venue-ops'
import type { Module } from '@shared/module'

export type Subject = { actionId: string; market: Module; symbol: string; clientOrderId: string; reconciled: true }
export type Facts = { kind: 'found'; order: OrderView } | { kind: 'absent' }

/** The verdict's error when the venue refuses the reads that would tell: an unknown outcome that stays unknown. */
export function undetermined(endpointId: string, clientOrderId: string | undefined, words: Words): ExchangeError {
  return said(
    { kind: 'unknown-outcome', detail: 'undetermined', endpointId, ...(clientOrderId ? { clientOrderId } : {}) },
    words
  )
}

/**
 * A place's definitive facts as its verdict: found (rejected if the venue shows REJECTED), or absent after the settle
 * point.
 */
export function placeVerdict(subject: Subject, facts: Facts): PlaceVerdict {
  const { market, clientOrderId: cid } = subject
  if (facts.kind === 'found') {
    const order = facts.order as VenueOrder & OrderView
    if (order.status === 'REJECTED') {
      const rejected = said(
        { kind: 'api', endpointId: MARKET_OPS[market].place, clientOrderId: cid },
        { key: 'main.verdict.rejected', params: { order: cid } }
      )
      return { status: 'rejected', ...subject, error: rejected }
    }
    return { status: 'placed', ...subject, orderId: order.orderId, order }
  }
  const absent = said(
    { kind: 'api', code: -2013, endpointId: MARKET_OPS[market].place, clientOrderId: cid },
    { key: 'main.verdict.notPlaced', params: { order: cid } }
  )
  return { status: 'rejected', ...subject, error: absent }
}

/**
 * A cancel's definitive facts as its verdict: cancelled, refused by a final status, still open or absent after the
 * settle point.
 */
export function cancelVerdict(base: Subject & { orderId?: string }, facts: Facts): CancelVerdict {
  const ops = MARKET_OPS[base.market]
  if (facts.kind === 'absent') {
    return {
      status: 'rejected',
      ...base,
      error: said({ kind: 'api', code: -2013, endpointId: ops.cancel }, { key: 'main.verdict.noSuchOrder' })
    }
  }
  const order = facts.order as VenueOrder & OrderView
  const cid = order.clientOrderId || base.clientOrderId
  if (isCancelled(order.status))
    return { status: 'canceled', ...base, clientOrderId: cid, orderId: order.orderId, order }
  const why: Words =
    order.status === 'FILLED' || order.status === 'REJECTED' || order.status === 'EXPIRED'
      ? { key: 'main.verdict.notCanceledFinal', params: { status: order.status } }
      : order.status === undefined
        ? { key: 'main.verdict.notCanceledOpen' }
        : { key: 'main.verdict.notCanceled', params: { status: order.status } }
  const refused = said({ kind: 'api', code: -1145, endpointId: ops.cancel }, why)
  return {
    status: 'rejected',
    ...base,
    clientOrderId: cid,
    orderId: order.orderId,
    orderStatus: order.status,
    error: refused
  }
}
