// Spot module (/sapi/v1): public market data, trading and account. Margin is in ./margin.ts.
import { endpoint, opt, req } from './build'
import {
  fundsHistoryQuery,
  limit,
  MAX_BATCH,
  ORDER_TYPES,
  SIDES,
  SPOT_KLINE_INTERVALS,
  spotOrderBody,
  spotSymbol
} from './params'

export const SPOT_PUBLIC = [
  endpoint({
    id: 'spot.ping',
    method: 'GET',
    path: '/sapi/v1/ping',
    security: 'NONE',
    response: 'Empty',
    summary: 'Connectivity check.'
  }),
  endpoint({
    id: 'spot.time',
    method: 'GET',
    path: '/sapi/v1/time',
    security: 'NONE',
    response: 'ServerTime',
    summary: 'Server time and timezone.'
  }),
  endpoint({
    id: 'spot.symbols',
    method: 'GET',
    path: '/sapi/v1/symbols',
    security: 'NONE',
    response: 'SpotSymbolsResponse',
    summary: 'Spot symbols and their trading rules.'
  }),
  endpoint({
    id: 'spot.depth',
    method: 'GET',
    path: '/sapi/v1/depth',
    security: 'NONE',
    params: [spotSymbol, limit(100, 100)],
    response: 'OrderBook',
    summary: 'Order book.'
  }),
  endpoint({
    id: 'spot.ticker',
    method: 'GET',
    path: '/sapi/v1/ticker',
    security: 'NONE',
    params: [spotSymbol],
    response: 'Ticker',
    summary: '24h ticker of one symbol.'
  }),
  endpoint({
    id: 'spot.trades',
    method: 'GET',
    path: '/sapi/v1/trades',
    security: 'NONE',
    params: [spotSymbol, limit(200, 1000, "Max 1000 is the project's choice (the spec shows none).")],
    response: 'PublicTradeList',
    summary: 'Recent public trades.'
  }),
  endpoint({
    id: 'spot.klines',
    method: 'GET',
    path: '/sapi/v1/klines',
    security: 'NONE',
    params: [
      spotSymbol,
      req('interval', 'enum', 'Candle interval (spot spells the hour 60min).', { values: SPOT_KLINE_INTERVALS }),
      limit(100, 300)
    ],
    response: 'CandleList',
    summary: 'Candles.'
  })
] as const

export const SPOT_TRADING = [
  endpoint({
    id: 'spot.order.place',
    method: 'POST',
    path: '/sapi/v1/order',
    security: 'TRADE',
    params: spotOrderBody,
    response: 'SpotOrderCreate',
    specLimit: { count: 100, windowMs: 2000 },
    summary: 'Place a spot order.'
  }),
  endpoint({
    id: 'spot.order.test',
    method: 'POST',
    readOnly: true,
    path: '/sapi/v1/order/test',
    security: 'TRADE',
    params: spotOrderBody,
    response: 'Empty',
    summary: 'Validate signature and parameters of an order without sending it to the matching engine.'
  }),
  endpoint({
    id: 'spot.order.cancel',
    method: 'POST',
    path: '/sapi/v1/cancel',
    security: 'TRADE',
    params: [
      spotSymbol,
      req('orderId', 'id', 'Order id to cancel; may be left out when newClientOrderId is given.', {
        requiredUnless: 'newClientOrderId'
      }),
      opt('newClientOrderId', 'string', 'Client order id of the order.')
    ],
    response: 'SpotCancel',
    specLimit: { count: 100, windowMs: 2000 },
    summary: 'Cancel a spot order.'
  }),
  endpoint({
    id: 'spot.order.batchPlace',
    method: 'POST',
    path: '/sapi/v1/batchOrders',
    security: 'TRADE',
    params: [
      spotSymbol,
      req('orders', 'array', 'Orders to place, 1..10.', {
        min: 1,
        max: MAX_BATCH,
        fields: [
          opt('price', 'decimal', 'Limit price; required when batchType is LIMIT.', {
            requiredWhen: { param: 'batchType', equals: 'LIMIT' }
          }),
          req('volume', 'decimal', "Quantity (required: the project's choice, the spec stars no item field)."),
          req('side', 'enum', "BUY or SELL (required: the project's choice).", { values: SIDES }),
          req('batchType', 'enum', "LIMIT or MARKET (required: the project's choice).", { values: ORDER_TYPES }),
          opt('newClientOrderId', 'string', 'Client order id of this order.')
        ]
      })
    ],
    response: 'BatchPlaceResult',
    specLimit: { count: 50, windowMs: 2000 },
    maxBatch: MAX_BATCH,
    summary: 'Place up to 10 spot orders.'
  }),
  endpoint({
    id: 'spot.order.batchCancel',
    method: 'POST',
    path: '/sapi/v1/batchCancel',
    security: 'TRADE',
    params: [
      spotSymbol,
      req('orderIds', 'array', 'Order ids to cancel, 1..10; unknown or terminal ids come back in failed.', {
        items: 'id',
        min: 1,
        max: MAX_BATCH
      })
    ],
    response: 'BatchCancelResult',
    specLimit: { count: 50, windowMs: 2000 },
    maxBatch: MAX_BATCH,
    summary: 'Cancel up to 10 spot orders.'
  }),
  endpoint({
    id: 'spot.order.query',
    method: 'GET',
    path: '/sapi/v1/order',
    security: 'TRADE',
    params: [
      spotSymbol,
      req('orderId', 'id', 'Order id; may be left out when newClientOrderId is given.', {
        requiredUnless: 'newClientOrderId'
      }),
      opt('newClientOrderId', 'string', 'Client order id; with duplicates the latest matching record answers.')
    ],
    response: 'SpotOrderQuery',
    specLimit: { count: 20, windowMs: 2000 },
    summary: 'Query one spot order.'
  }),
  endpoint({
    id: 'spot.openOrders',
    method: 'GET',
    path: '/sapi/v1/openOrders',
    security: 'TRADE',
    params: [spotSymbol, limit(100, 1000, "Max 1000 is the project's choice (the margin figure; spot shows none).")],
    response: 'SpotOpenOrderList',
    specLimit: { count: 20, windowMs: 2000 },
    summary: 'Open spot orders of a symbol.'
  }),
  endpoint({
    id: 'spot.myTrades',
    method: 'GET',
    path: '/sapi/v1/myTrades',
    security: 'TRADE',
    params: [
      spotSymbol,
      limit(100, 100),
      opt('fromId', 'id', 'Start from this trade id (spec: integer; sent as digits).')
    ],
    response: 'SpotUserTradeList',
    specLimit: { count: 20, windowMs: 2000 },
    summary: "The caller's spot trades."
  })
] as const

export const SPOT_ACCOUNT = [
  endpoint({
    id: 'spot.account',
    method: 'GET',
    path: '/sapi/v1/account',
    security: 'USER_DATA',
    response: 'SpotAccount',
    specLimit: { count: 20, windowMs: 2000 },
    summary: 'Spot balances.'
  }),
  endpoint({
    id: 'spot.depositHistory',
    method: 'GET',
    path: '/sapi/v1/deposit/history',
    security: 'USER_DATA',
    params: fundsHistoryQuery('0 unconfirmed, 1 completed, 2 abnormal'),
    response: 'DepositRecordList',
    summary: 'Deposit history (a JSON body is also accepted; the query string is preferred).'
  }),
  endpoint({
    id: 'spot.withdrawHistory',
    method: 'GET',
    path: '/sapi/v1/withdraw/history',
    security: 'USER_DATA',
    params: fundsHistoryQuery(
      '0 pending review, 1 approved, 2 rejected, 3 paying, 4 payment failed, 5 completed, 6 revoked'
    ),
    response: 'WithdrawRecordList',
    summary: 'Withdraw history.'
  })
] as const
