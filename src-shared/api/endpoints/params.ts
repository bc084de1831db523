// Parameter sets used by more than one endpoint. Where the spec and api-family-notes.md are both silent the
// description says "project's choice".
import { opt, req } from './build'

export const SIDES = ['BUY', 'SELL'] as const
export const ORDER_TYPES = ['LIMIT', 'MARKET'] as const
export const SPOT_KLINE_INTERVALS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1month'] as const
export const FUTURES_KLINE_INTERVALS = ['1min', '5min', '15min', '30min', '1h', '1day', '1week', '1month'] as const
export const TIME_IN_FORCE = ['IOC', 'FOK', 'POST_ONLY'] as const
/** Batch place and batch cancel: at most 10 orders per call (spec Limits). */
export const MAX_BATCH = 10
/** Futures clientOrderId is fewer than 32 characters (spec Limits). */
export const FUTURES_CLIENT_ORDER_ID_LIMIT = 32

export const spotSymbol = req('symbol', 'string', 'Spot symbol, lowercase (btcusdt).')
export const contractName = req('contractName', 'string', 'Futures contract name (E-BTC-USDT).')
export const contractNameFilter = opt('contractName', 'string', 'Futures contract; omitted means all contracts.')

/** Page size with the server's default (every paged endpoint of the spec has one). */
export function limit(def: number, max: number, note = '') {
  return opt('limit', 'integer', `Page size, 1..${max}, default ${def}.${note ? ' ' + note : ''}`, {
    min: 1,
    max,
    default: def
  })
}

export const side = req('side', 'enum', 'BUY or SELL.', { values: SIDES })
export const positionType = req('positionType', 'integer', '1 cross, 2 isolated.', { values: ['1', '2'] })

/** Body of POST /sapi/v1/order and /sapi/v1/order/test. */
export const spotOrderBody = [
  spotSymbol,
  req('volume', 'decimal', 'Quantity; for a MARKET BUY the quote amount to spend.'),
  side,
  req('type', 'enum', 'LIMIT or MARKET.', { values: ORDER_TYPES }),
  opt('price', 'decimal', 'Limit price; required when type is LIMIT.', {
    requiredWhen: { param: 'type', equals: 'LIMIT' }
  }),
  opt('newClientOrderId', 'string', 'Client order id; not de-duplicated by the service, the caller keeps it unique.'),
  opt('recvWindow', 'integer', 'Widens the 5000 ms timestamp window, in ms (in the body on POST).', { min: 1 })
] as const

/** The futures place-order fields after contractName (batch items take contractName on other terms). */
const futuresOrderTail = [
  req('volume', 'decimal', 'Contracts; for a MARKET OPEN order, the notional value.'),
  side,
  req('type', 'enum', 'LIMIT or MARKET.', { values: ORDER_TYPES }),
  req('open', 'enum', 'OPEN or CLOSE a position.', { values: ['OPEN', 'CLOSE'] }),
  positionType,
  opt('price', 'decimal', 'Limit price; required when type is LIMIT.', {
    requiredWhen: { param: 'type', equals: 'LIMIT' }
  }),
  opt('clientOrderId', 'string', 'Client order id, fewer than 32 characters; the caller keeps it unique.', {
    maxLengthExclusive: FUTURES_CLIENT_ORDER_ID_LIMIT
  }),
  opt('timeInForce', 'enum', 'IOC, FOK or POST_ONLY; omitted means good till cancelled.', { values: TIME_IN_FORCE })
] as const

/** Futures place-order body (POST /fapi/v1/order), without recvWindow (batch items reuse it). */
export const futuresOrderFields = [contractName, ...futuresOrderTail] as const

/** Items of futures batchOrders: the place-order body; contractName is given once outside the items. */
export const futuresBatchItemFields = [
  {
    ...contractName,
    required: false,
    description: "Optional in an item (project's choice); when present it must equal the outer contractName."
  },
  ...futuresOrderTail
] as const

/** Paging of GET /fapi/v1/myTrades, shared by tradesRecord, adlRecord and liquidationList. */
export const futuresTradePaging = [
  limit(100, 1000),
  opt('fromId', 'id', 'Start from this trade id (spec: long; sent as digits).')
] as const

/** Body of POST /fapi/v1/orderHistorical and profitHistorical. */
export const futuresHistoryBody = [
  contractNameFilter,
  limit(100, 1000),
  opt('fromId', 'id', 'Start after this order id (spec: long; sent as digits).')
] as const

/** Query of deposit and withdraw history. */
export function fundsHistoryQuery(statusNote: string) {
  return [
    opt('symbol', 'string', 'Asset filter (the spec calls the asset "symbol").'),
    opt('status', 'integer', `Status filter: ${statusNote}.`, { min: 0 }),
    opt('startTime', 'long', 'Start, ms; default: the last 90 days (now minus 90 days).'),
    opt('endTime', 'long', 'End, ms; default: now.'),
    opt('txid', 'string', 'Transaction id filter.'),
    limit(100, 1000, "Default 100 is the project's choice (the spec does not show one).")
  ] as const
}
