// Wire shapes of the spot and margin module (/sapi/v1). Conventions: see ./common.ts.
import type { DecimalString, Id, Millis } from './common'

export type OrderSide = 'BUY' | 'SELL'
export type SpotOrderType = 'LIMIT' | 'MARKET'
export type SpotOrderStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'REJECTED'

/** Element of GET /sapi/v1/symbols `symbols[]`. */
export interface SpotSymbol {
  /** Lowercase, e.g. btcusdt. */
  symbol: string
  baseAsset: string
  quoteAsset: string
  pricePrecision: number
  quantityPrecision: number
  limitPriceMin: DecimalString
  limitVolumeMin: DecimalString
  /** Minimum notional of a market buy, in quote units. */
  marketBuyMin: DecimalString
  marketSellMin: DecimalString
}

export interface SpotSymbolsResponse {
  symbols: SpotSymbol[]
}

/** Element of GET /sapi/v1/trades. `side` is the aggressor. */
export interface PublicTrade {
  price: DecimalString
  qty: DecimalString
  time: Millis
  side: OrderSide
}
export type PublicTradeList = PublicTrade[]

/**
 * Create response of spot and margin orders. Live variance: `orderId` can come as an array of one string;
 * the client normalizes it to this shape.
 */
export interface SpotOrderCreate {
  orderId: Id
  clientOrderId: string
  symbol: string
  /** Create time, ms, as a string. */
  transactTime: string
  price: DecimalString
  origQty: DecimalString
  executedQty: DecimalString
  type: SpotOrderType
  side: OrderSide
  /** A SpotOrderStatus; kept open as string because live venues add values. */
  status: string
}

/** Query response: the create fields plus avgPrice. */
export interface SpotOrderQuery extends SpotOrderCreate {
  avgPrice: DecimalString
}

/** Open-orders element: query fields with `time` (string ms) in place of transactTime, no clientOrderId. */
export interface SpotOpenOrder extends Omit<SpotOrderQuery, 'transactTime' | 'clientOrderId'> {
  time: string
}
export type SpotOpenOrderList = SpotOpenOrder[]

/** Cancel response (all strings). Live venues may answer status PENDING_CANCEL. */
export interface SpotCancel {
  symbol: string
  clientOrderId: string
  orderId: Id
  status: string
}

/** Spot and margin user trade. Spec types id, bidId, askId as long; they are strings here. */
export interface SpotUserTrade {
  symbol: string
  id: Id
  bidId: Id
  askId: Id
  price: DecimalString
  qty: DecimalString
  time: Millis
  isBuyer: boolean
  isMaker: boolean
  feeCoin: string
  fee: DecimalString
}
export type SpotUserTradeList = SpotUserTrade[]

export interface SpotBalance {
  asset: string
  /** Available. */
  free: DecimalString
  /** Locked by open orders. */
  locked: DecimalString
}

export interface SpotAccount {
  balances: SpotBalance[]
}

/** Deposit `status` codes (api-family-notes). */
export const DEPOSIT_STATUS = { 0: 'UNCONFIRMED', 1: 'COMPLETED', 2: 'ABNORMAL' } as const

/** Withdraw `status` codes (api-family-notes). */
export const WITHDRAW_STATUS = {
  0: 'PENDING_REVIEW',
  1: 'APPROVED',
  2: 'REJECTED',
  3: 'PAYING',
  4: 'PAYMENT_FAILED',
  5: 'COMPLETED',
  6: 'REVOKED'
} as const

export interface DepositRecord {
  /** The asset. */
  symbol: string
  amount: DecimalString
  address: string
  txid: string
  /** A DEPOSIT_STATUS code. */
  status: number
  createTime: Millis
}
export type DepositRecordList = DepositRecord[]

/** The deposit fields plus withdrawId and fee (api-family-notes); `status` is a WITHDRAW_STATUS code. */
export interface WithdrawRecord extends DepositRecord {
  withdrawId: Id
  fee: DecimalString
}
export type WithdrawRecordList = WithdrawRecord[]
