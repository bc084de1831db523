// Public shapes of the market feeds, as listeners (and, through the coalescer, the UI) receive them.
// Money stays decimal text and ids stay strings end to end: a live venue's ids exceed 2^53.

import type { Gateway } from '../../src-shared/api/types'

/** Which WebSocket: one per gateway (spot serves margin too) per profile. */
export interface FeedTarget {
  profileId: string
  gateway: Gateway
}

export type Level = [price: string, qty: string]

/** A whole book (best first); the wire's `buys` is renamed `bids`. `ts` is the frame's (or REST book's) time. */
export interface DepthBook {
  asks: Level[]
  bids: Level[]
  ts: number | null
}

/** A public trade. REST trades carry no id (null); `amount` is null when the source has none. */
export interface FeedTrade {
  id: string | null
  side: 'buy' | 'sell'
  price: string
  vol: string
  amount: string | null
  ts: number
}

/** 24 h ticker; REST tickers lack open and amount (null). */
export interface FeedTicker {
  close: string
  open: string | null
  high: string
  low: string
  vol: string
  amount: string | null
  rose: string | null
  ts: number | null
}

/** A candle; `id` is its open time in seconds, as on the wire. */
export interface FeedCandle {
  id: number
  open: string
  close: string
  high: string
  low: string
  vol: string
  amount: string | null
}

export type StreamKind = 'depth' | 'trades' | 'ticker' | 'kline'

/** Candle interval; `1h` and `60min` are the same (venues drift between the two). */
export type FeedInterval = '1min' | '5min' | '15min' | '30min' | '60min' | '1h' | '1day' | '1week' | '1month'

/** A stream by meaning. `symbol` is the REST name: `btcusdt` (spot) or `E-BTC-USDT` (futures). */
export interface StreamSpec {
  kind: StreamKind
  symbol: string
  interval?: FeedInterval
}

/**
 * One update of a stream. depth and ticker replace the state; trades are new trades, newest first;
 * kline candles are upserts by id, oldest first.
 */
export type FeedUpdate =
  | { kind: 'depth'; book: DepthBook }
  | { kind: 'trades'; trades: FeedTrade[] }
  | { kind: 'ticker'; ticker: FeedTicker }
  | { kind: 'kline'; candles: FeedCandle[] }

export type FeedListener = (update: FeedUpdate) => void
export type Unsubscribe = () => void
