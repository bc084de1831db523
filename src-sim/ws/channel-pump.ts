// One pump per channel per attachment, shared by every connection subscribed to it. Hub events are
// accumulated and pushed at most once per throttleMs (trailing edge, so the final state is always sent):
// ticker and depth send the latest snapshot, trades send everything since the last push (newest first),
// klines send the newest state of each candle that changed. Each frame is encoded once and the same
// Buffer goes to all subscribers. A pump that may push at once does so in the loop's check phase (setImmediate), not
// on a timer: every pump a burst touched (a round's book, trades, ticker and candle) then pushes in the same turn of
// the loop. Timers created along a long burst fall due a millisecond apart, and those created late wait for the next
// turn, after other I/O: the ticker and candle reached a window well after the book, a frame of their own there.
import type { WsKlineTick, WsTradeItem } from '@shared/api/wire'
import type { ChannelEvent, ChannelSubscription, MarketDataHub } from '../market/market-data-hub'
import type { Encoded } from './frames'

export interface PumpTarget {
  send(e: Encoded): void
}

export interface PumpContext {
  throttleMs: number
  /** Wall clock for the `ts` of frames. */
  now: () => number
  encode: (message: unknown) => Encoded
}

export class ChannelPump {
  readonly subscribers = new Set<PumpTarget>()
  private changed = false
  /** trade batches in arrival order, each newest first */
  private tradeBatches: WsTradeItem[][] = []
  private readonly klines = new Map<number, WsKlineTick>()
  private lastPush = -Infinity
  /** Cancels the push scheduled (an immediate when due, a timer while the throttle holds it); null when none is. */
  private scheduled: (() => void) | null = null

  private constructor(
    readonly channel: string,
    private readonly ctx: PumpContext,
    private sub: ChannelSubscription | null = null
  ) {}

  /** Null when the hub does not know the channel. */
  static open(channel: string, hub: MarketDataHub, ctx: PumpContext): ChannelPump | null {
    const pump = new ChannelPump(channel, ctx)
    const sub = hub.subscribe(channel, (ev) => pump.onEvent(ev))
    if (!sub) return null
    pump.sub = sub
    return pump
  }

  /** The current state for a new subscriber (ticker, depth, newest candle); null for trades. */
  snapshotFrame(): Encoded | null {
    const tick = this.sub?.snapshot()
    return tick ? this.ctx.encode({ channel: this.channel, ts: this.ctx.now(), tick }) : null
  }

  close(): void {
    this.scheduled?.()
    this.scheduled = null
    this.sub?.unsubscribe()
    this.sub = null
    this.subscribers.clear()
  }

  private onEvent(ev: ChannelEvent): void {
    if (ev.type === 'changed') this.changed = true
    else if (ev.type === 'trades') this.tradeBatches.push(ev.trades)
    else this.klines.set(ev.candle.id, ev.candle)
    this.schedule()
  }

  /** Never synchronous, so a synchronous burst of hub events becomes one push. */
  private schedule(): void {
    if (this.scheduled || !this.sub) return
    const wait = this.lastPush + this.ctx.throttleMs - performance.now()
    if (wait > 0) {
      const timer = setTimeout(() => this.flush(), wait)
      this.scheduled = () => clearTimeout(timer)
    } else {
      const immediate = setImmediate(() => this.flush())
      this.scheduled = () => clearImmediate(immediate)
    }
  }

  private flush(): void {
    this.scheduled = null
    if (!this.sub) return
    this.lastPush = performance.now()
    const ts = this.ctx.now()
    const frames: unknown[] = []
    if (this.changed) {
      this.changed = false
      const tick = this.sub.snapshot()
      if (tick) frames.push({ channel: this.channel, ts, tick })
    }
    if (this.tradeBatches.length > 0) {
      const data = this.tradeBatches.reverse().flat()
      this.tradeBatches = []
      const newest = data[0]
      if (newest) frames.push({ channel: this.channel, ts, tick: { id: newest.id, ts: newest.ts, data } })
    }
    if (this.klines.size > 0) {
      const candles = [...this.klines.values()].sort((a, b) => a.id - b.id)
      this.klines.clear()
      for (const tick of candles) frames.push({ channel: this.channel, ts, tick })
    }
    for (const f of frames) {
      const e = this.ctx.encode(f)
      for (const s of this.subscribers) s.send(e)
    }
  }
}
