// Margin (module spot, /sapi/v1/margin). The spec does not show which margin parameters are required (beyond
// price for LIMIT); the project's choice mirrors the spot endpoints: symbol always, and volume, side and type
// for a new order; query and cancel take orderId or newClientOrderId (at least one).
import { endpoint, opt, req } from './build'
import { limit, ORDER_TYPES, SIDES, spotSymbol } from './params'

const REQ_NOTE = "(required: the project's choice; the spec does not show margin requiredness)"
const marginSymbol = { ...spotSymbol, description: `Spot symbol, lowercase ${REQ_NOTE}.` }
const orderRef = [
  opt('orderId', 'id', 'Order id; orderId or newClientOrderId must be given.'),
  opt('newClientOrderId', 'string', 'Client order id; orderId or newClientOrderId must be given.')
]

export const MARGIN = [
  endpoint({
    id: 'margin.order.place',
    method: 'POST',
    path: '/sapi/v1/margin/order',
    security: 'TRADE',
    params: [
      marginSymbol,
      req('volume', 'decimal', `Quantity ${REQ_NOTE}.`),
      req('side', 'enum', `BUY or SELL ${REQ_NOTE}.`, { values: SIDES }),
      req('type', 'enum', `LIMIT or MARKET ${REQ_NOTE}.`, { values: ORDER_TYPES }),
      opt('price', 'decimal', 'Limit price; required when type is LIMIT.', {
        requiredWhen: { param: 'type', equals: 'LIMIT' }
      }),
      opt('newClientOrderId', 'string', 'Client order id; the caller keeps it unique.'),
      opt('recvWindow', 'string', 'Widens the timestamp window, ms as digits (the spec types it string here).')
    ],
    response: 'SpotOrderCreate',
    specLimit: { count: 10, windowMs: 1000 },
    summary: 'Place a margin order.'
  }),
  endpoint({
    id: 'margin.order.query',
    method: 'GET',
    path: '/sapi/v1/margin/order',
    security: 'TRADE',
    params: [...orderRef, marginSymbol],
    response: 'SpotOrderQuery',
    summary: 'Query one margin order.'
  }),
  endpoint({
    id: 'margin.order.cancel',
    method: 'POST',
    path: '/sapi/v1/margin/cancel',
    security: 'TRADE',
    params: [...orderRef, marginSymbol],
    response: 'SpotCancel',
    summary: 'Cancel a margin order.'
  }),
  endpoint({
    id: 'margin.openOrders',
    method: 'GET',
    path: '/sapi/v1/margin/openOrders',
    security: 'TRADE',
    params: [marginSymbol, limit(100, 1000)],
    response: 'SpotOpenOrderList',
    summary: 'Open margin orders of a symbol.'
  }),
  endpoint({
    id: 'margin.myTrades',
    method: 'GET',
    path: '/sapi/v1/margin/myTrades',
    security: 'TRADE',
    params: [
      marginSymbol,
      limit(100, 1000),
      opt('fromId', 'id', 'Start from this trade id (spec: integer; sent as digits).')
    ],
    response: 'SpotUserTradeList',
    summary: "The caller's margin trades."
  })
] as const
