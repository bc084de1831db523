// One subscribed channel of one connection: its listeners (the reference count across windows), the state a
// late joiner needs (book, ticker, recent trades, recent candles), and the gap fill. After each sub on the
// wire a REST snapshot is fetched; live frames arriving meanwhile are held back, so listeners see the
// snapshot first and the live frames after it; trades pass a dedup so each one is delivered once.
import type { WsDataFrame } from '../../src-shared/api/wire/ws'
import { updateFromFrame } from './normalize'
import type { Timers, TimerHandle } from './timers'
import { TradeDedup } from './trade-dedup'
import type { FeedCandle, FeedListener, FeedTrade, FeedUpdate, StreamKind } from './types'

export interface StreamOptions {
  timers: Timers
  /** null: no snapshot source for this stream. */
  fetchSnapshot: (() => Promise<FeedUpdate | null>) | null
  /** Live frames wait at most this long for the snapshot. */
  snapshotTimeoutMs: number
  /** Recent trades / candles kept for late joiners. */
  keepTrades: number
  keepCandles: number
  onError: (err: unknown, where: string) => void
}

/** Frames held while a snapshot is out; beyond this the oldest trades/candles are dropped. */
const MAX_HELD = 1000

export class Stream {
  readonly listeners = new Set<FeedListener>()
  private book: FeedUpdate | null = null
  private ticker: FeedUpdate | null = null
  private trades: FeedTrade[] = []
  private readonly candles = new Map<number, FeedCandle>()
  private readonly dedup = new TradeDedup()
  private syncToken = 0
  private syncTimer: TimerHandle
  private held: FeedUpdate[] | null = null
  private disposed = false

  constructor(
    readonly channel: string,
    readonly kind: StreamKind,
    private readonly o: StreamOptions
  ) {}

  /** Adds a listener and hands it the current state (on a microtask: never inside the caller's subscribe). */
  add(fn: FeedListener): void {
    this.listeners.add(fn)
    const state = this.current()
    if (state) queueMicrotask(() => this.listeners.has(fn) && this.call(fn, state))
  }

  /** Remaining listeners. */
  remove(fn: FeedListener): number {
    this.listeners.delete(fn)
    return this.listeners.size
  }

  dispose(): void {
    this.disposed = true
    this.syncToken++
    this.o.timers.clearTimeout(this.syncTimer)
    this.listeners.clear()
  }

  /** A sub went out on the socket: fetch the snapshot and hold live frames until it is in. */
  onWireSubscribed(): void {
    const fetch = this.o.fetchSnapshot
    if (!fetch) return
    const token = ++this.syncToken
    this.held ??= []
    this.o.timers.clearTimeout(this.syncTimer)
    this.syncTimer = this.o.timers.setTimeout(() => this.endSync(token, null), this.o.snapshotTimeoutMs)
    fetch().then(
      (u) => this.endSync(token, u),
      (err) => {
        this.o.onError(err, `snapshot ${this.channel}`)
        this.endSync(token, null)
      }
    )
  }

  onFrame(frame: WsDataFrame): void {
    const u = updateFromFrame(this.kind, frame)
    if (!u) return
    if (this.held) this.hold(u)
    else this.deliver(u)
  }

  private endSync(token: number, snapshot: FeedUpdate | null): void {
    if (token !== this.syncToken || this.disposed) return
    this.syncToken++ // a snapshot arriving after the timeout is older than the live frames: dropped
    this.o.timers.clearTimeout(this.syncTimer)
    const held = this.held ?? []
    this.held = null
    if (snapshot) this.deliver(snapshot)
    for (const u of held) this.deliver(u)
  }

  /** Books and tickers are whole states: only the newest held one matters. */
  private hold(u: FeedUpdate): void {
    const held = this.held!
    if ((u.kind === 'depth' || u.kind === 'ticker') && held.length > 0) held[held.length - 1] = u
    else held.push(u)
    if (held.length > MAX_HELD) held.shift()
  }

  private deliver(u: FeedUpdate): void {
    if (u.kind === 'trades') {
      const fresh = this.dedup.filter(u.trades)
      if (fresh.length === 0) return
      u = { kind: 'trades', trades: fresh }
    }
    this.remember(u)
    for (const fn of this.listeners) this.call(fn, u)
  }

  private remember(u: FeedUpdate): void {
    switch (u.kind) {
      case 'depth':
        this.book = u
        return
      case 'ticker':
        this.ticker = u
        return
      case 'trades':
        this.trades = u.trades.concat(this.trades)
        if (this.trades.length > this.o.keepTrades) this.trades.length = this.o.keepTrades
        return
      case 'kline':
        for (const c of u.candles) this.candles.set(c.id, c)
        if (this.candles.size > this.o.keepCandles) {
          const ids = [...this.candles.keys()].sort((a, b) => a - b)
          for (const id of ids.slice(0, ids.length - this.o.keepCandles)) this.candles.delete(id)
        }
    }
  }

  private current(): FeedUpdate | null {
    switch (this.kind) {
      case 'depth':
        return this.book
      case 'ticker':
        return this.ticker
      case 'trades':
        return this.trades.length ? { kind: 'trades', trades: this.trades.slice() } : null
      case 'kline':
        return this.candles.size
          ? { kind: 'kline', candles: [...this.candles.values()].sort((a, b) => a.id - b.id) }
          : null
    }
  }

  /** One listener's failure must not starve the other windows. */
  private call(fn: FeedListener, u: FeedUpdate): void {
    try {
      fn(u)
    } catch (err) {
      this.o.onError(err, `listener of ${this.channel}`)
    }
  }
}
