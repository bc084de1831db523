// Wire shapes of futures orders, fills and trade records (/fapi/v1). Conventions: see ./common.ts.
// Shapes the spec leaves "not shown" follow docs/spec/api-family-notes.md ("Gaps in the futures section").
import type { DecimalString, Id, JsonDecimal, Millis } from './common'
import type { OrderSide } from './spot'

export type FuturesOrderStatus = 'INIT' | 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'REJECTED'

/** Answer of place, condition place, cancel and cancel_trigger_order. Spec: long; a string here. */
export interface FuturesOrderId {
  orderId: Id
}

/** Element of FuturesOrderDetail.fills (api-family-notes). */
export interface FuturesFill {
  tradeId: Id
  price: JsonDecimal
  qty: JsonDecimal
  commission: JsonDecimal
  commissionCoin: string
}

/** GET /fapi/v1/order; also the element of open orders. */
export interface FuturesOrderDetail {
  orderId: Id
  contractName: string
  side: OrderSide
  /** OPEN / CLOSE. */
  action: string
  /** LIMIT / MARKET. */
  type: string
  price: JsonDecimal
  origQty: JsonDecimal
  executedQty: JsonDecimal
  avgPrice: JsonDecimal
  /** Create time ms, as a string. */
  transactTime: string
  /** A FuturesOrderStatus, kept open as string. */
  status: string
  fills: FuturesFill[]
}
export type FuturesOrderDetailList = FuturesOrderDetail[]

/** POST /fapi/v1/openOrdersCount. */
export interface FuturesOpenOrdersCount {
  code: string
  data: { count: number; orderList: FuturesOrderDetail[] }
}

/** Order-history `type` codes (api-family-notes). */
export const FUTURES_HISTORY_TYPE = { 1: 'LIMIT', 2: 'MARKET', 3: 'IOC', 4: 'FOK', 5: 'POST_ONLY' } as const

/** Order-history `status` codes (api-family-notes). */
export const FUTURES_HISTORY_STATUS = {
  0: 'INIT',
  1: 'NEW',
  2: 'FILLED',
  3: 'PARTIALLY_FILLED',
  4: 'CANCELED',
  5: 'PENDING_CANCEL',
  6: 'EXPIRED'
} as const

/** Element of POST /fapi/v1/orderHistorical. */
export interface FuturesOrderHistory {
  orderId: Id
  contractName: string
  side: OrderSide
  openOrClose: string
  positionType: number
  /** A FUTURES_HISTORY_TYPE code. */
  type: number
  price: JsonDecimal
  volume: JsonDecimal
  dealVolume: JsonDecimal
  dealMoney: JsonDecimal
  avgPrice: JsonDecimal
  leverageLevel: number
  openTakerFeeRate: JsonDecimal
  openMakerFeeRate: JsonDecimal
  closeTakerFeeRate: JsonDecimal
  closeMakerFeeRate: JsonDecimal
  /** A FUTURES_HISTORY_STATUS code. */
  status: number
  /** Date-time without zone, e.g. "2024-05-01 12:00:00". */
  ctime: string
  ctimeMs: Millis
}
export type FuturesOrderHistoryList = FuturesOrderHistory[]

/** Element of POST /fapi/v1/profitHistorical. Spec types id as a number; a string here. */
export interface FuturesPnlHistory {
  id: Id
  contractId: number
  side: OrderSide
  positionType: number
  leverageLevel: number
  openPrice: JsonDecimal
  openEndPrice: JsonDecimal
  volume: JsonDecimal
  tradeFee: JsonDecimal
  capitalFee: JsonDecimal
  shareAmount: JsonDecimal
  closeProfit: JsonDecimal
  settleProfit: JsonDecimal
  realizedAmount: JsonDecimal
  historyRealizedAmount: JsonDecimal
  ctime: Millis
  mtime: Millis
}
export type FuturesPnlHistoryList = FuturesPnlHistory[]

/** Element of GET /fapi/v1/myTrades. Spec types the ids (and user ids) as long; strings here. */
export interface FuturesUserTrade {
  tradeId: Id
  symbol: string
  contractName: string
  bidId: Id
  askId: Id
  bidUserId: Id
  askUserId: Id
  price: DecimalString
  qty: DecimalString
  amount: DecimalString
  time: Millis
  side: string
  isBuyer: boolean
  isMaker: boolean
  fee: DecimalString
}
export type FuturesUserTradeList = FuturesUserTrade[]

/**
 * Element of GET /fapi/v1/tradesRecord (api-family-notes). Field types are not given there; the project
 * uses the string decimals of FuturesUserTrade, from which a record derives.
 */
export interface TradesRecord {
  tradeId: Id
  contractName: string
  side: OrderSide
  /** OPEN / CLOSE. */
  openOrClose: string
  price: DecimalString
  qty: DecimalString
  fee: DecimalString
  realizedAmount: DecimalString
  time: Millis
}
export type TradesRecordList = TradesRecord[]

/**
 * Element of GET /fapi/v1/adlRecord (api-family-notes). Field types are not given there; the project uses
 * the JSON numbers of the position records.
 */
export interface AdlRecord {
  id: Id
  contractName: string
  side: OrderSide
  positionType: number
  volume: JsonDecimal
  price: JsonDecimal
  time: Millis
}
export type AdlRecordList = AdlRecord[]

/** Element of GET /fapi/v1/liquidationList: the same shape as an ADL record (api-family-notes). */
export type LiquidationRecord = AdlRecord
export type LiquidationRecordList = LiquidationRecord[]

/**
 * Trigger-order `status` codes. The notes are silent; the project's choice, reusing the order-history codes
 * where one fits: 1 waiting, 2 triggered, 3 trigger failed, 4 canceled, 6 expired.
 */
export const TRIGGER_ORDER_STATUS = { 1: 'WAITING', 2: 'TRIGGERED', 3: 'FAILED', 4: 'CANCELED', 6: 'EXPIRED' } as const

/** Element of trigOrderList (api-family-notes). */
export interface TriggerOrder {
  id: Id
  triggerOrderId: Id
  contractId: number
  contractName: string
  marginCoin: string
  multiplier: JsonDecimal
  triggerPrice: JsonDecimal
  price: JsonDecimal
  pricePrecision: number
  volume: JsonDecimal
  /** OPEN / CLOSE. */
  open: string
  side: OrderSide
  /** A TRIGGER_ORDER_STATUS code. */
  status: number
  expireTime: Millis
  ctime: Millis
  mtime: Millis
  /** 3 stop-loss, 4 take-profit (some venues send 1 and 2 for the same kinds). */
  triggerType: number
}

/** POST /fapi/v1/trigger_order_list. */
export interface TriggerOrderListResult {
  count: number
  trigOrderList: TriggerOrder[]
}

/** POST /fapi/v1/profitLossOrder: one trigger id per orderList item. */
export interface ProfitLossOrderResult {
  triggerIds: Id[]
}
