// Per market: which catalog endpoints place, cancel, query and list orders, and how each names its fields.
// Spot and margin share shapes (client id `newClientOrderId`, symbol `symbol`); futures names them
// `clientOrderId` and `contractName`, cancels by order id only, and answers a place with just `{orderId}`.
import type { EndpointId } from '../../src-shared/api/catalog'
import { ERR } from '../../src-shared/api/errors'
import { isExchangeError } from '../client/errors'
import type { RequestParams } from '../client/validate'
import type { PlacedFields, PlaceRequest } from './types'
import type { Module } from '@shared/module'
import type { Gateway } from '@shared/api/types'
import { normalizeDecimal } from '@shared/decimal'

export interface MarketOps {
  place: EndpointId
  cancel: EndpointId
  query: EndpointId
  openOrders: EndpointId
  batch?: EndpointId
  symbolParam: 'symbol' | 'contractName'
  clientIdParam: 'newClientOrderId' | 'clientOrderId'
  /** Whether cancel accepts a client id in place of the order id. */
  cancelByClientId: boolean
}

export const MARKET_OPS: Readonly<Record<Module, MarketOps>> = {
  spot: {
    place: 'spot.order.place',
    cancel: 'spot.order.cancel',
    query: 'spot.order.query',
    openOrders: 'spot.openOrders',
    batch: 'spot.order.batchPlace',
    symbolParam: 'symbol',
    clientIdParam: 'newClientOrderId',
    cancelByClientId: true
  },
  margin: {
    place: 'margin.order.place',
    cancel: 'margin.order.cancel',
    query: 'margin.order.query',
    openOrders: 'margin.openOrders',
    symbolParam: 'symbol',
    clientIdParam: 'newClientOrderId',
    cancelByClientId: true
  },
  futures: {
    place: 'futures.order.place',
    cancel: 'futures.order.cancel',
    query: 'futures.order.query',
    openOrders: 'futures.openOrders',
    batch: 'futures.order.batchPlace',
    symbolParam: 'contractName',
    clientIdParam: 'clientOrderId',
    cancelByClientId: false
  }
}

/** Statuses after which an order never changes again. */
const TERMINAL = new Set(['FILLED', 'CANCELED', 'CANCELLED', 'REJECTED', 'EXPIRED'])
export const isTerminal = (status: string | undefined): boolean => status !== undefined && TERMINAL.has(status)
/** The venue's "order does not exist" (-2013): the one failed read that says something about the order. */
export const isNoSuchOrder = (e: unknown): boolean =>
  isExchangeError(e) && e.kind === 'api' && e.code === ERR.NO_SUCH_ORDER

/** A number field of a venue's order read back (price, origQty, executedQty) as decimal text; absent is '0'. */
export const decimalField = (v: string | number | undefined): string => normalizeDecimal(String(v ?? '0'))

/** A cancel the venue took: done, or accepted and in progress (live venues answer PENDING_CANCEL). */
export const isCancelled = (status: string | undefined): boolean =>
  status === 'CANCELED' || status === 'CANCELLED' || status === 'PENDING_CANCEL'

/** Order fields copied to the wire when present (the type goes under its module's name). */
const FIELDS = ['side', 'volume', 'price', 'open', 'positionType', 'timeInForce', 'recvWindow'] as const
type OrderLike = { type: string } & Partial<Record<(typeof FIELDS)[number], string | number>>

function orderBody(o: OrderLike, typeParam: 'type' | 'batchType'): Record<string, string | number> {
  const out: Record<string, string | number> = { [typeParam]: o.type }
  for (const k of FIELDS) if (o[k] !== undefined) out[k] = o[k]
  return out
}

export function placeParams(r: PlaceRequest, clientOrderId: string): RequestParams {
  const ops = MARKET_OPS[r.market]
  const body = orderBody(r, 'type')
  // The margin entry types recvWindow as a string (the spec's table); spot as an integer.
  if (r.market === 'margin' && body['recvWindow'] !== undefined) body['recvWindow'] = String(body['recvWindow'])
  return { [ops.symbolParam]: r.symbol, ...body, [ops.clientIdParam]: clientOrderId }
}

export function placedFields(o: PlacedFields): PlacedFields {
  return { side: o.side, type: o.type, volume: o.volume, ...(o.price !== undefined ? { price: o.price } : {}) }
}

/** A batch item: spot items name the order type `batchType`; the symbol is given once, outside the items. */
export function batchItemParams(market: Gateway, item: OrderLike, clientOrderId: string): RequestParams {
  return {
    ...orderBody(item, market === 'spot' ? 'batchType' : 'type'),
    [MARKET_OPS[market].clientIdParam]: clientOrderId
  }
}

/** Query or cancel parameters naming one order: by order id when known (exact), else by client id. */
export function refParams(
  market: Module,
  symbol: string,
  ref: { orderId?: string; clientOrderId?: string }
): RequestParams {
  const ops = MARKET_OPS[market]
  const out: Record<string, string> = { [ops.symbolParam]: symbol }
  if (ref.orderId) out['orderId'] = ref.orderId
  else if (ref.clientOrderId) out[ops.clientIdParam] = ref.clientOrderId
  return out
}
