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

export type Id = string
export type Millis = number
export type DecimalString = string
export type JsonDecimal = number

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
}
export type CandleList = Candle[]

/** Batch place (spot and futures): the new order ids, in request order. */
export interface BatchPlaceResult {
  ids: Id[]
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
