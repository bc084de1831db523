// REST snapshots that fill the gap after a (re)subscription: every depth frame is a whole book and the
// trade channel sends no history, so what happened while the socket was down comes from REST (through the
// exchange client, on the background budget). Futures have no public-trades REST endpoint: their recent
// trades come from the socket's own `req` history instead.
import type { CallArgs, CallOptions, KlineInterval } from '../client'
import type { NormalizedResponseOf } from '../client/types'
import { candlesFromRest, depthFromRest, tickerFromRest, tradesFromRest, tradesFromWs } from './normalize'
import type { Gateway } from '../../src-shared/api/types'
import type { FeedUpdate, StreamSpec } from './types'

type RestId = 'spot.trades' | 'spot.ticker' | 'futures.ticker'

/** The part of ExchangeClient the feeds use (an ExchangeClient is one). */
export interface RestMarketData {
  depth(
    gateway: Gateway,
    symbol: string,
    limit?: number,
    opts?: CallOptions
  ): Promise<NormalizedResponseOf<'spot.depth'>>
  klines(
    gateway: Gateway,
    symbol: string,
    interval: KlineInterval,
    limit?: number,
    opts?: CallOptions
  ): Promise<NormalizedResponseOf<'spot.klines'>>
  call<I extends RestId>(id: I, ...args: CallArgs<I>): Promise<NormalizedResponseOf<I>>
}

/** `req` history of a channel (FeedConnection.request). */
export type HistoryRequest = (channel: string, params: { pageSize: number }) => Promise<unknown[]>

export interface SnapshotLimits {
  /** Book levels: the WS book is the top 30, so REST asks for as many. */
  depth: number
  trades: number
  klines: number
}

export const DEFAULT_SNAPSHOT_LIMITS: SnapshotLimits = { depth: 30, trades: 100, klines: 100 }

/** A stream's kind and REST name; symbol null when only the channel name is known. */
export type SnapshotSpec = Omit<StreamSpec, 'symbol'> & { symbol: string | null }

const BG: CallOptions = { priority: 'background' }

/**
 * The snapshot of one stream, or null when there is no source for it (no client; a futures stream known
 * only by its channel name, whose contract name cannot be recovered from `e_btcusdt`).
 */
export function snapshotFetcher(
  gateway: Gateway,
  spec: SnapshotSpec,
  channel: string,
  rest: RestMarketData | undefined,
  history: HistoryRequest,
  limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS
): (() => Promise<FeedUpdate | null>) | null {
  if (spec.kind === 'trades' && gateway === 'futures') {
    return async () => {
      const trades = tradesFromWs(await history(channel, { pageSize: limits.trades }))
      return trades && { kind: 'trades', trades }
    }
  }
  const { symbol } = spec
  if (!rest || symbol === null) return null
  switch (spec.kind) {
    case 'depth':
      return async () => ({ kind: 'depth', book: depthFromRest(await rest.depth(gateway, symbol, limits.depth, BG)) })
    case 'trades':
      return async () => ({
        kind: 'trades',
        trades: tradesFromRest(await rest.call('spot.trades', { symbol, limit: limits.trades }, BG))
      })
    case 'ticker':
      return async () => {
        const t =
          gateway === 'spot'
            ? await rest.call('spot.ticker', { symbol }, BG)
            : await rest.call('futures.ticker', { contractName: symbol }, BG)
        return { kind: 'ticker', ticker: tickerFromRest(t) }
      }
    case 'kline': {
      const interval = spec.interval
      if (!interval) return null
      return async () => ({
        kind: 'kline',
        candles: candlesFromRest(await rest.klines(gateway, symbol, interval, limits.klines, BG))
      })
    }
  }
}
