// One pump per channel per attachment, shared by every connection subscribed to it. Hub events are
// accumulated and pushed at most once per throttleMs (trailing edge, so the final state is always sent):
// ticker and depth send the latest snapshot, trades send everything since the last push (newest first),
// klines send the newest state of each candle that changed. Each frame is encoded once and the same
// Buffer goes to all subscribers.
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
  private timer: NodeJS.Timeout | undefined

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
    clearTimeout(this.timer)
    this.timer = undefined
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

  /** Always through a timer, so a synchronous burst of hub events becomes one push. */
  private schedule(): void {
    if (this.timer || !this.sub) return
    const wait = Math.max(0, this.lastPush + this.ctx.throttleMs - performance.now())
    this.timer = setTimeout(() => this.flush(), wait)
  }

  private flush(): void {
    this.timer = undefined
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
