// Plain types of the matching engine. The engine works in integers only:
//   price  in ticks  (1 tick = 10^-pricePrecision quote per base)
//   qty    in lots   (1 lot  = 10^-quantityPrecision base)
//   notional in ticks*lots (1 unit = 10^-(pricePrecision+quantityPrecision) quote); a MARKET BUY is sized in it
//   ledger amounts in each asset's smallest unit (10^-scale of the asset), read out as BigInt
// Text <-> integer conversion happens at the edge (see ./scaled.ts).

import type { Order } from './order'

export type Side = 'BUY' | 'SELL'
export type OrderType = 'LIMIT' | 'MARKET'
/** POST_ONLY is a time in force here, as in the futures place-order body of the spec. */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY'
export type OrderStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'REJECTED'

/** Why an order or a cancel is refused. The server maps each reason to an error code of the family. */
export type RejectReason =
  | 'UNKNOWN_SYMBOL' //         -1121
  | 'INVALID_SIDE' //           -1117
  | 'INVALID_TYPE' //           -1116
  | 'INVALID_TIF' //            -1102 (e.g. MARKET + POST_ONLY)
  | 'INVALID_PRICE' //          -1102 (missing, not a positive safe integer)
  | 'INVALID_QUANTITY' //       -1102 (missing, not a positive safe integer)
  | 'PRECISION' //              -1111 (raised at the edge by ./scaled.ts, never by the engine itself)
  | 'MIN_PRICE' //              -1136 / -1102: price below the symbol's limitPriceMin
  | 'MIN_VOLUME' //             -1136: below limitVolumeMin / marketBuyMin / marketSellMin
  | 'MAX_NOTIONAL' //           -1136: the order's amounts do not fit 2^53 smallest units
  | 'INSUFFICIENT_BALANCE' //   -2017
  | 'POST_ONLY_WOULD_TAKE' //   order rejected, nothing changed
  | 'FOK_NOT_FILLABLE' //       order rejected, nothing changed
  | 'ORDER_NOT_FOUND' //        -2013: unknown id, not this account's, or no longer open

export interface AssetConfig {
  /** Decimals of the asset's smallest unit. Must be >= qp of every symbol using it as base and >= pp+qp as quote. */
  scale: number
}

/** A spot symbol in engine units. Minimums are integers in the units named. */
export interface SymbolConfig {
  symbol: string
  baseAsset: string
  quoteAsset: string
  pricePrecision: number
  quantityPrecision: number
  /** Minimum limit price, ticks (default 1). */
  limitPriceMin?: number
  /** Minimum limit order size, lots (default 1). */
  limitVolumeMin?: number
  /** Minimum market buy notional, ticks*lots (default 1). */
  marketBuyMin?: number
  /** Minimum market sell size, lots (default 1). */
  marketSellMin?: number
  /** Fee rates in parts per million of the asset received (integers, 0..1_000_000). */
  makerFeePpm: number
  takerFeePpm: number
}

/** What a caller passes to place an order. Integers as described at the top of this file. */
export interface PlaceInput {
  symbol: string
  side: Side
  type: OrderType
  /** LIMIT only: price in ticks. */
  price?: number
  /** LIMIT and MARKET SELL: size in lots. */
  qty?: number
  /** MARKET BUY only: notional to spend in ticks*lots. */
  quoteQty?: number
  timeInForce?: TimeInForce
  clientOrderId?: string
}

/** One fill. Amounts in asset smallest units are exact safe integers; ids are strings. */
export interface Trade {
  id: string
  symbol: string
  /** ticks */
  price: number
  /** lots */
  qty: number
  /** price*qty, ticks*lots */
  quoteQty: number
  /** The aggressor's side. */
  takerSide: Side
  takerOrderId: string
  makerOrderId: string
  takerAccount: string
  makerAccount: string
  /** Fee in smallest units of the asset the taker received (base when buying, quote when selling). */
  takerFee: number
  takerFeeAsset: string
  makerFee: number
  makerFeeAsset: string
  time: number
}

/** A copy of an order's state at one moment, safe to keep and to serialize (see toOrderInfo). */
export interface OrderInfo {
  orderId: string
  clientOrderId: string | null
  account: string
  symbol: string
  side: Side
  type: OrderType
  timeInForce: TimeInForce
  /** ticks; 0 for MARKET */
  price: number
  /** lots; 0 for MARKET BUY (sized by quoteQty) */
  origQty: number
  /** ticks*lots; MARKET BUY only, else 0 */
  quoteQty: number
  /** lots */
  executedQty: number
  /** Sum of price*qty over fills, ticks*lots, as decimal text (may exceed 2^53). */
  executedQuote: string
  status: OrderStatus
  time: number
  updateTime: number
}

export type Rejection = { readonly ok: false; readonly reason: RejectReason }

/**
 * Engine event sink, called synchronously during place() and cancel(). `order` is the live record: read it
 * or copy it (toOrderInfo) before returning, and do not call back into the engine from a listener.
 */
export interface EngineListener {
  /** A fill. With EngineOptions.recycleOrders the record is reused by the next fill: copy what you keep. */
  onTrade?(trade: Trade): void
  /**
   * An order changed: a maker was filled (partly or fully) or canceled (by self-trade prevention or by its
   * owner), or a taker finished its placement (once, with its final state of that call).
   */
  onOrder?(order: Order): void
}
