// Coalesces feed updates on their way to a window: per stream only the latest book / ticker, the latest state
// of each candle, and every trade, pushed at most once per frame interval (~16 ms). A venue bursting 100
// frames costs the renderer one message, not 100 reactive updates.
import { realTimers, type TimerHandle, type Timers } from './timers'
import type { FeedCandle, FeedUpdate } from './types'

export interface CoalescedUpdate {
  /** The caller's stream key (e.g. the channel). */
  stream: string
  update: FeedUpdate
}

export interface CoalescerOptions {
  /** Minimum gap between two pushes. Default 16 ms. */
  intervalMs?: number
  timers?: Pick<Timers, 'now' | 'setTimeout' | 'clearTimeout'>
  /** Trades kept per stream between pushes (newest win). Default 2000. */
  maxTrades?: number
  onError?: (err: unknown) => void
}

/** `next` folded onto `prev` (same stream). */
export function mergeUpdate(prev: FeedUpdate | undefined, next: FeedUpdate, maxTrades = 2000): FeedUpdate {
  if (!prev || prev.kind !== next.kind) return next
  if (next.kind === 'trades' && prev.kind === 'trades') {
    const trades = next.trades.concat(prev.trades) // newest first
    if (trades.length > maxTrades) trades.length = maxTrades
    return { kind: 'trades', trades }
  }
  if (next.kind === 'kline' && prev.kind === 'kline') {
    const byId = new Map<number, FeedCandle>()
    for (const c of prev.candles) byId.set(c.id, c)
    for (const c of next.candles) byId.set(c.id, c)
    return { kind: 'kline', candles: [...byId.values()].sort((a, b) => a.id - b.id) }
  }
  return next
}

export class Coalescer {
  private readonly pending = new Map<string, FeedUpdate>()
  private readonly intervalMs: number
  private readonly timers: Pick<Timers, 'now' | 'setTimeout' | 'clearTimeout'>
  private readonly maxTrades: number
  private timer: TimerHandle
  private scheduled = false
  private lastFlush = -Infinity
  private disposed = false

  constructor(
    private readonly sink: (batch: CoalescedUpdate[]) => void,
    private readonly o: CoalescerOptions = {}
  ) {
    this.intervalMs = o.intervalMs ?? 16
    this.timers = o.timers ?? realTimers
    this.maxTrades = o.maxTrades ?? 2000
  }

  /** Streams with an update waiting. */
  get size(): number {
    return this.pending.size
  }

  push(stream: string, update: FeedUpdate): void {
    if (this.disposed) return
    this.pending.set(stream, mergeUpdate(this.pending.get(stream), update, this.maxTrades))
    if (this.scheduled) return
    this.scheduled = true
    // The first push goes out on a microtask: after the synchronous burst it is part of (still one push), but not
    // behind a loaded event loop's timers: a window's first book is on the cold start's path.
    if (this.lastFlush === -Infinity) return queueMicrotask(() => this.scheduled && this.flush())
    // Later ones through the timer, no sooner than one interval after the last.
    const wait = Math.max(0, this.lastFlush + this.intervalMs - this.timers.now())
    this.timer = this.timers.setTimeout(() => this.flush(), wait)
  }

  /** Pushes what is pending now (also what the timer calls). */
  flush(): void {
    this.timers.clearTimeout(this.timer)
    this.scheduled = false
    if (this.pending.size === 0) return
    this.lastFlush = this.timers.now()
    const batch: CoalescedUpdate[] = []
    for (const [stream, update] of this.pending) batch.push({ stream, update })
    this.pending.clear()
    try {
      this.sink(batch)
    } catch (err) {
      this.o.onError?.(err)
    }
  }

  /** Drops what is pending (the window closed). */
  dispose(): void {
    this.disposed = true
    this.timers.clearTimeout(this.timer)
    this.scheduled = false
    this.pending.clear()
  }
}
