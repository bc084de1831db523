// The main process's market feeds: one FeedConnection per (profile, gateway), shared by every window, with
// subscriptions reference counted per channel: the first listener sends `sub`, the last one leaving sends
// `unsub`. A connection left without channels is closed after idleCloseMs (a window switching symbols
// should not cost a reconnect).
import { channelOf, parseChannel } from './channels'
import { FeedConnection, type ConnectionStatus, type FeedConnectionOptions } from './feed-connection'
import { candleFromWs } from './normalize'
import {
  DEFAULT_SNAPSHOT_LIMITS,
  snapshotFetcher,
  type RestMarketData,
  type SnapshotLimits,
  type SnapshotSpec
} from './snapshots'
import type { SocketFactory } from './socket'
import { Stream } from './stream'
import { realTimers, type TimerHandle, type Timers } from './timers'
import type {
  DepthBook,
  FeedCandle,
  FeedInterval,
  FeedListener,
  FeedTarget,
  FeedTicker,
  FeedTrade,
  StreamSpec,
  Unsubscribe
} from './types'

/** Where a target's feed lives, from its exchange profile. */
export interface FeedEndpoint {
  /** e.g. ws://127.0.0.1:8080/spot/ws */
  url: string
  /** The profile's exchange client, for gap-filling snapshots; without it there are none. */
  rest?: RestMarketData
  /** Per-venue tuning: clientPongIntervalMs for venues that never ping, deadlines, backoff. */
  connection?: Omit<FeedConnectionOptions, 'url' | 'timers' | 'socketFactory'>
}

export interface MarketFeedsOptions {
  resolve: (target: FeedTarget) => FeedEndpoint
  timers?: Timers
  socketFactory?: SocketFactory
  /** Default 30 s; 0 closes at once. */
  idleCloseMs?: number
  /** Live frames wait at most this long for a snapshot. Default 5 s. */
  snapshotTimeoutMs?: number
  snapshotLimits?: Partial<SnapshotLimits>
  /** Recent trades replayed to a late joiner. Default 100. */
  keepTrades?: number
  /** Recent candles replayed to a late joiner. Default 300. */
  keepCandles?: number
  /** Failed snapshots and throwing listeners; they never stop a feed. */
  onError?: (err: unknown, where: string) => void
}

interface Feed {
  target: FeedTarget
  endpoint: FeedEndpoint
  conn: FeedConnection
  streams: Map<string, Stream>
  idleTimer: TimerHandle
}

const keyOf = (t: FeedTarget): string => `${t.profileId}/${t.gateway}`

export class MarketFeeds {
  private readonly feeds = new Map<string, Feed>()
  private readonly statusListeners = new Set<(target: FeedTarget, status: ConnectionStatus) => void>()
  private readonly timers: Timers
  private readonly limits: SnapshotLimits
  private readonly onError: (err: unknown, where: string) => void

  constructor(private readonly o: MarketFeedsOptions) {
    this.timers = o.timers ?? realTimers
    this.limits = { ...DEFAULT_SNAPSHOT_LIMITS, ...o.snapshotLimits }
    this.onError = o.onError ?? (() => undefined)
  }

  /**
   * Listens to a stream, given by meaning or by its wire channel name. A late joiner first gets the current
   * state. Returns the unsubscribe (idempotent).
   */
  subscribe(target: FeedTarget, stream: StreamSpec | string, listener: FeedListener): Unsubscribe {
    const channel = typeof stream === 'string' ? stream : channelOf(target.gateway, stream)
    const spec = typeof stream === 'string' ? specOfChannel(target, stream) : { ...stream }
    const feed = this.feedOf(target)
    this.timers.clearTimeout(feed.idleTimer)
    let s = feed.streams.get(channel)
    if (!s) {
      s = new Stream(channel, spec.kind, {
        timers: this.timers,
        fetchSnapshot: snapshotFetcher(
          target.gateway,
          spec,
          channel,
          feed.endpoint.rest,
          (ch, p) => feed.conn.request(ch, p),
          this.limits
        ),
        snapshotTimeoutMs: this.o.snapshotTimeoutMs ?? 5000,
        keepTrades: this.o.keepTrades ?? 100,
        keepCandles: this.o.keepCandles ?? 300,
        onError: this.onError
      })
      feed.streams.set(channel, s)
      s.add(listener)
      feed.conn.subscribe(channel)
      feed.conn.start()
    } else {
      s.add(listener)
    }
    const stream_ = s
    let done = false
    return () => {
      if (done) return
      done = true
      if (stream_.remove(listener) > 0 || feed.streams.get(channel) !== stream_) return
      stream_.dispose()
      feed.streams.delete(channel)
      feed.conn.unsubscribe(channel)
      if (feed.streams.size === 0) this.scheduleIdleClose(feed)
    }
  }

  depth(target: FeedTarget, symbol: string, fn: (book: DepthBook) => void): Unsubscribe {
    return this.subscribe(target, { kind: 'depth', symbol }, (u) => u.kind === 'depth' && fn(u.book))
  }

  /** New trades, newest first (a late joiner first gets the recent ones). */
  trades(target: FeedTarget, symbol: string, fn: (trades: FeedTrade[]) => void): Unsubscribe {
    return this.subscribe(target, { kind: 'trades', symbol }, (u) => u.kind === 'trades' && fn(u.trades))
  }

  ticker(target: FeedTarget, symbol: string, fn: (ticker: FeedTicker) => void): Unsubscribe {
    return this.subscribe(target, { kind: 'ticker', symbol }, (u) => u.kind === 'ticker' && fn(u.ticker))
  }

  /** Changed candles, oldest first (upsert by id). */
  klines(target: FeedTarget, symbol: string, interval: FeedInterval, fn: (candles: FeedCandle[]) => void): Unsubscribe {
    return this.subscribe(target, { kind: 'kline', symbol, interval }, (u) => u.kind === 'kline' && fn(u.candles))
  }

  /**
   * Up to `pageSize` candles that opened at or before `endIdx` (seconds), oldest first, by the socket's `req`: older
   * history for a chart (its own kline stream keeps the connection open; rejects while it is not).
   */
  async klinesUpTo(
    target: FeedTarget,
    symbol: string,
    interval: FeedInterval,
    endIdx: number,
    pageSize: number
  ): Promise<FeedCandle[]> {
    const channel = channelOf(target.gateway, { kind: 'kline', symbol, interval })
    const data = await this.feedOf(target).conn.request(channel, { endIdx, pageSize })
    return data
      .map(candleFromWs)
      .filter((c): c is FeedCandle => c !== null && c.id <= endIdx)
      .sort((a, b) => a.id - b.id)
  }

  /** Listeners of a channel across all windows (0 when not subscribed). */
  refCount(target: FeedTarget, stream: StreamSpec | string): number {
    const channel = typeof stream === 'string' ? stream : channelOf(target.gateway, stream)
    return this.feeds.get(keyOf(target))?.streams.get(channel)?.listeners.size ?? 0
  }

  status(target: FeedTarget): ConnectionStatus | null {
    return this.feeds.get(keyOf(target))?.conn.status ?? null
  }

  onStatus(fn: (target: FeedTarget, status: ConnectionStatus) => void): Unsubscribe {
    this.statusListeners.add(fn)
    return () => void this.statusListeners.delete(fn)
  }

  /** Closes one target's connection (profile removed or its URL changed); its listeners hear nothing more. */
  closeTarget(target: FeedTarget): void {
    const feed = this.feeds.get(keyOf(target))
    if (!feed) return
    this.timers.clearTimeout(feed.idleTimer)
    for (const s of feed.streams.values()) s.dispose()
    feed.streams.clear()
    feed.conn.close()
    this.feeds.delete(keyOf(target))
  }

  close(): void {
    for (const f of [...this.feeds.values()]) this.closeTarget(f.target)
  }

  private feedOf(target: FeedTarget): Feed {
    const key = keyOf(target)
    const known = this.feeds.get(key)
    if (known) return known
    const endpoint = this.o.resolve(target)
    const conn = new FeedConnection({
      ...endpoint.connection,
      url: endpoint.url,
      timers: this.timers,
      socketFactory: this.o.socketFactory
    })
    const feed: Feed = { target: { ...target }, endpoint, conn, streams: new Map(), idleTimer: undefined }
    conn.onData((frame) => feed.streams.get(frame.channel)?.onFrame(frame))
    conn.onSubscribed((channel) => feed.streams.get(channel)?.onWireSubscribed())
    conn.onStatus((st) => {
      for (const fn of this.statusListeners) {
        try {
          fn(feed.target, st)
        } catch (err) {
          this.onError(err, 'status listener')
        }
      }
    })
    this.feeds.set(key, feed)
    return feed
  }

  private scheduleIdleClose(feed: Feed): void {
    const close = (): void => {
      if (feed.streams.size === 0 && this.feeds.get(keyOf(feed.target)) === feed) this.closeTarget(feed.target)
    }
    const ms = this.o.idleCloseMs ?? 30_000
    if (ms <= 0) close()
    else feed.idleTimer = this.timers.setTimeout(close, ms)
  }
}

/** A raw channel name: the spot REST symbol is the channel's; a futures contract name cannot be recovered. */
function specOfChannel(target: FeedTarget, channel: string): SnapshotSpec {
  const p = parseChannel(channel)
  if (!p) throw new Error(`not a market channel: ${channel}`)
  return { kind: p.kind, symbol: target.gateway === 'spot' ? p.sym : null, interval: p.interval }
}
