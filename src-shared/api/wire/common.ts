// Wire shapes shared by spot and futures: scalars, book, ticker, candle, batch results, the futures edit ack.
//
// Conventions of every wire type in this folder:
// - Ids (order, trade, position, trigger, user ids) are `Id` = string, even where the spec types them as
//   long or integer: live ids exceed 2^53, so a JSON number id must be read losslessly and kept as text.
// - `DecimalString` is a decimal the spec types as string (spot prices and sizes).
// - `JsonDecimal` is a decimal the spec types as number (most futures figures). It is a JSON number on the
//   wire, written from exact decimal text; read it losslessly (src-shared/json) and never do float arithmetic
//   on it. Live venues sometimes send these as strings; the client normalizes (api-family-notes "Variance").
// - `Millis` is a timestamp in ms (always below 2^53, so a plain number).
// - `Written<T>` is a wire type as a server writes it (the embedded exchange's formatters and handlers).
import type { JsonNumber } from '../../json/lossless-json'

export type Id = string
export type Millis = number
export type DecimalString = string
export type JsonDecimal = number

/**
 * T as a server writes it: a number, or a text field such as an id, may be a JsonNumber holding its exact text, which
 * the lossless writer sends as a JSON number (futures decimals and long ids). Field names, presence, nesting and the
 * rest of each field's type are T's.
 */
export type Written<T> = T extends number
  ? T | JsonNumber
  : T extends string
    ? string extends T
      ? T | JsonNumber
      : T
    : T extends object
      ? { [K in keyof T]: Written<T[K]> }
      : T

/** `{}`: ping, order test. */
export type Empty = Record<string, never>

/** GET /sapi/v1/time and /fapi/v1/time. `timezone` may be localized text on live venues. */
export interface ServerTime {
  timezone: string
  serverTime: Millis
}

/** One book level: price and quantity as strings (live venues may append cumulative columns). */
export type BookLevel = [price: DecimalString, quantity: DecimalString]

/** Order book, spot and futures. Best price first on both sides. */
export interface OrderBook {
  time: Millis
  bids: BookLevel[]
  asks: BookLevel[]
}

/** 24h ticker, spot and futures. `vol` is rolling and may decrease. */
export interface Ticker {
  time: Millis
  high: DecimalString
  low: DecimalString
  last: DecimalString
  vol: DecimalString
  rose: DecimalString
  /** The window's first price: not in the spec's REST ticker; the WS ticker's field, added by the embedded exchange. */
  open?: DecimalString
  /** Quote turnover of the window, as the WS ticker's; the embedded exchange adds it to spot tickers. */
  amount?: DecimalString
}

/** futures all_ticker: contract name to ticker. */
export type TickerMap = Record<string, Ticker>

/** Candle, spot and futures. `idx` is the open time in seconds. */
export interface Candle {
  idx: number
  open: DecimalString
  close: DecimalString
  high: DecimalString
  low: DecimalString
  vol: DecimalString
  /** Quote turnover (sum of price x qty): not in the spec's REST candle; the embedded exchange adds it. */
  amount?: DecimalString
}
export type CandleList = Candle[]

/** Batch place (spot and futures): the new order ids, in request order. */
export interface BatchPlaceResult {
  ids: Id[]
  /** Items refused after the whole batch passed its checks (the embedded exchange's; the spec shows only ids). */
  failed?: BatchPlaceFailure[]
}

/** One refused item of a batch: its index in the request, the error code and message. */
export interface BatchPlaceFailure {
  index: number
  code: number
  msg: string
}

/** Batch cancel: ids cancelled, and ids unknown or already terminal (no error status for those). */
export interface BatchCancelResult {
  success: Id[]
  failed: Id[]
}

/** Answer of the futures edit endpoints (edit_lever, level_edit, edit_user_*_model, trigger_time_edit). */
export interface EditAck {
  code: string
  msg: string
  data: null
}
