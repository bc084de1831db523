// WebSocket market-data frames (api-family-notes "WebSocket market data"; the spec shows no events).
// Numbers in ticks are typed number | string: venues differ and the spec is silent, so readers accept both.
import type { Millis } from './common'

type WsNum = number | string

export interface WsSubCommand {
  event: 'sub' | 'unsub'
  params: { channel: string; cb_id: string }
}

/** History request (kline and trade channels). pageSize up to 300. */
export interface WsReqCommand {
  event: 'req'
  params: { channel: string; cb_id: string; endIdx?: number; pageSize?: number }
}

export type WsCommand = WsSubCommand | WsReqCommand

/** Server heartbeat, every 10 s on the embedded exchange. */
export interface WsPing {
  ping: Millis
}
/** Client answer, echoing the ping value. */
export interface WsPong {
  pong: Millis
}

/** market_{sym}_depth_step0: a whole book (top 30), `buys` rather than `bids`; no deltas. */
export interface WsDepthTick {
  asks: [WsNum, WsNum][]
  buys: [WsNum, WsNum][]
}

export interface WsTradeItem {
  id: WsNum
  side: 'buy' | 'sell'
  price: WsNum
  vol: WsNum
  amount: WsNum
  ts: Millis
  ds: string
}

/** market_{sym}_trade_ticker. */
export interface WsTradeTick {
  id: WsNum
  ts: Millis
  data: WsTradeItem[]
}

/** market_{sym}_ticker. */
export interface WsTickerTick {
  amount: WsNum
  vol: WsNum
  open: WsNum
  close: WsNum
  high: WsNum
  low: WsNum
  rose: WsNum
}

/** market_{sym}_kline_{interval}: `id` is the open time in seconds. */
export interface WsKlineTick {
  id: number
  open: WsNum
  close: WsNum
  high: WsNum
  low: WsNum
  vol: WsNum
  amount: WsNum
}

export type WsTick = WsDepthTick | WsTradeTick | WsTickerTick | WsKlineTick

/** Data frame (gzip in a binary frame on the embedded exchange). */
export interface WsDataFrame<T extends WsTick = WsTick> {
  channel: string
  ts: Millis
  tick: T
}

/** Reply to a `req` command. */
export interface WsReqReply<T = WsTradeItem | WsKlineTick> {
  event_rep: 'rep'
  channel: string
  cb_id: string
  ts: Millis
  data: T[]
}

export type WsServerFrame = WsDataFrame | WsReqReply | WsPing
