// Futures orders (/fapi/v1, security TRADE): place, conditional place, cancel, batches, queries and histories.
import { endpoint, opt, req } from './build'
import {
  contractName,
  contractNameFilter,
  futuresBatchItemFields,
  futuresHistoryBody,
  futuresOrderFields,
  MAX_BATCH
} from './params'

export const FUTURES_ORDERS = [
  endpoint({
    id: 'futures.order.place',
    method: 'POST',
    path: '/fapi/v1/order',
    security: 'TRADE',
    params: futuresOrderFields,
    response: 'FuturesOrderId',
    summary: 'Place a futures order.'
  }),
  endpoint({
    id: 'futures.conditionOrder.place',
    method: 'POST',
    path: '/fapi/v1/conditionOrder',
    security: 'TRADE',
    params: [
      ...futuresOrderFields,
      req('triggerType', 'integer', '3 stop-loss, 4 take-profit (some venues use 1 and 2; the terminal reads both).', {
        values: ['3', '4']
      }),
      req('triggerPrice', 'decimal', 'Trigger price.'),
      opt('trailCallbackRatio', 'decimal', 'Callback ratio of a trailing stop.')
    ],
    response: 'FuturesOrderId',
    summary: 'Place a conditional (stop-loss / take-profit / trailing) futures order.'
  }),
  endpoint({
    id: 'futures.order.cancel',
    method: 'POST',
    path: '/fapi/v1/cancel',
    security: 'TRADE',
    params: [contractName, req('orderId', 'id', 'Order id to cancel.')],
    response: 'FuturesOrderId',
    specLimit: { count: 20, windowMs: 2000 },
    summary: 'Cancel a futures order.'
  }),
  endpoint({
    id: 'futures.order.batchPlace',
    method: 'POST',
    path: '/fapi/v1/batchOrders',
    aliases: ['/fapi/v1/placeBatchOrder'],
    security: 'TRADE',
    params: [
      contractName,
      req('orders', 'array', 'Orders to place, 1..10; each item uses the place-order body.', {
        min: 1,
        max: MAX_BATCH,
        fields: futuresBatchItemFields
      })
    ],
    response: 'BatchPlaceResult',
    maxBatch: MAX_BATCH,
    summary: 'Place up to 10 futures orders (alias placeBatchOrder, identical behaviour).'
  }),
  endpoint({
    id: 'futures.order.batchCancel',
    method: 'POST',
    path: '/fapi/v1/batchCancel',
    security: 'TRADE',
    params: [
      contractName,
      req('orderIds', 'array', 'Order ids to cancel, 1..10; unknown or terminal ids come back in failed.', {
        items: 'id',
        min: 1,
        max: MAX_BATCH
      })
    ],
    response: 'BatchCancelResult',
    maxBatch: MAX_BATCH,
    summary: 'Cancel up to 10 futures orders.'
  }),
  endpoint({
    id: 'futures.order.query',
    method: 'GET',
    path: '/fapi/v1/order',
    security: 'TRADE',
    params: [
      contractName,
      opt('orderId', 'id', 'Order id; orderId or clientOrderId must be given (orderId wins when both are).'),
      opt('clientOrderId', 'string', 'Client order id; orderId or clientOrderId must be given.', {
        maxLengthExclusive: 32
      })
    ],
    response: 'FuturesOrderDetail',
    summary: 'Query one futures order.'
  }),
  endpoint({
    id: 'futures.openOrders',
    method: 'GET',
    path: '/fapi/v1/openOrders',
    security: 'TRADE',
    params: [contractNameFilter],
    response: 'FuturesOrderDetailList',
    summary: 'Open futures orders, of one contract or all.'
  }),
  endpoint({
    id: 'futures.openOrdersCount',
    method: 'POST',
    readOnly: true,
    path: '/fapi/v1/openOrdersCount',
    security: 'TRADE',
    params: [
      opt('contractId', 'integer', 'Contract id filter; omitted means all contracts.'),
      opt('page', 'integer', "Page, 1-based; default 1 (the project's choice).", { min: 1, default: 1 }),
      opt('pageSize', 'integer', "Page size, 1..1000, default 100 (the project's choice; the spec shows neither).", {
        min: 1,
        max: 1000,
        default: 100
      })
    ],
    response: 'FuturesOpenOrdersCount',
    summary: 'Count and page of open futures orders.'
  }),
  endpoint({
    id: 'futures.orderHistorical',
    method: 'POST',
    readOnly: true,
    path: '/fapi/v1/orderHistorical',
    security: 'TRADE',
    params: futuresHistoryBody,
    response: 'FuturesOrderHistoryList',
    summary: 'Futures order history.'
  }),
  endpoint({
    id: 'futures.profitHistorical',
    method: 'POST',
    readOnly: true,
    path: '/fapi/v1/profitHistorical',
    security: 'TRADE',
    params: futuresHistoryBody,
    response: 'FuturesPnlHistoryList',
    summary: 'Futures PnL history of closed positions.'
  })
] as const
