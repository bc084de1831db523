// Candles aggregated from trades, one bounded series per interval, UTC buckets.
//
// Gaps are filled flat: a bucket without trades gets a candle at the previous close with zero volume, so
// charts stay continuous as on live venues. Such a placeholder takes its open/high/low from its first real
// trade, if one arrives. Nothing exists before the first trade (no flat candles back to the epoch).
// Trades are expected in time order; a late trade is merged into its bucket when that bucket is still
// held (high, low, volume, turnover; never open or close of a filled candle), else dropped.
//
// History (a snapshot's candles, or the seeded history of a fresh exchange, ./history.ts) comes in bulk: its candles
// make their decimals on first read (./stored-candles.ts), and seeded history is not even aggregated until the series
// is read. Until then trades go on as if the series were empty; the first read puts the history before them
// (./history-join.ts: the bucket both share merged, the gap between them filled flat). A snapshot holds only the
// candles of trades while the history waits, and says it waits: the history is set again from its plan before the
// snapshot loads.
import type { Candle as WireCandle, WsKlineTick } from '@shared/api/wire'
import { flat, type Candle, type CandleRow } from './candle'
import { fmt, type Dec } from './decimal'
import type { HistoryBar } from './history'
import { joinHistory } from './history-join'
import { bucketStart, fixedLengthMs, INTERVALS, nextBucketStart, type Interval } from './intervals'
import { stored, StoredCandle, unitsOf } from './stored-candles'
import { amountPlaces, type Precision } from './types'

export type { Candle, CandleRow } from './candle'

export const DEFAULT_CANDLE_CAPACITY = 1000
export const MAX_CANDLE_PAGE = 300

/** Bars of seeded history for a series, aggregated when first read; their integers count units of `precision`. */
export interface PendingHistory {
  bars: () => HistoryBar[]
  precision: Precision
}

export class CandleSeries {
  private candles: Candle[] = []
  private pending: PendingHistory | null = null
  /** The latest time roll() was given (flat candles reach it once pending history is put in). */
  private rolledTo: number | null = null

  constructor(
    readonly interval: Interval,
    private readonly capacity = DEFAULT_CANDLE_CAPACITY
  ) {}

  get size(): number {
    this.materialize()
    return this.candles.length
  }

  /**
   * History before every trade this series has seen or will see, put in on the first read. Replaces any history not
   * read yet. dump() leaves waiting history out; load() drops it unless told the snapshot was taken while it waited.
   */
  setHistory(history: PendingHistory): void {
    this.pending = history
  }

  /** Whether seeded history waits for the first read (and is left out of dump()). */
  get historyPending(): boolean {
    return this.pending !== null
  }

  /** Adds one trade; returns the candles created or changed, oldest first. */
  add(price: Dec, qty: Dec, amount: Dec, time: number): Candle[] {
    const start = bucketStart(this.interval, time)
    const last = this.candles.at(-1)
    if (!last) {
      const c = flat(start, price)
      apply(c, price, qty, amount)
      this.candles.push(c)
      return [c]
    }
    if (start < last.start) {
      const c = this.find(start)
      if (!c) return []
      if (c.count === 0) apply(c, price, qty, amount)
      else mergeLate(c, price, qty, amount)
      return [c]
    }
    const touched = this.fillThrough(start)
    const cur = this.candles.at(-1)!
    apply(cur, price, qty, amount)
    if (touched.length === 0) touched.push(cur)
    return touched
  }

  /** Fills flat candles through the bucket holding `now`; returns those created. */
  roll(now: number): Candle[] {
    if (this.rolledTo === null || now > this.rolledTo) this.rolledTo = now
    return this.fillThrough(bucketStart(this.interval, now))
  }

  /** The newest `limit` candles, oldest first. */
  latest(limit: number): Candle[] {
    this.materialize()
    return limit <= 0 ? [] : this.candles.slice(-limit)
  }

  /** Up to `size` candles with idx (open time, s) <= endIdx, oldest first; the newest when endIdx is absent. */
  page(endIdx: number | undefined, size: number): Candle[] {
    this.materialize()
    const end = endIdx === undefined ? this.candles.length : this.upperBound(endIdx * 1000)
    return this.candles.slice(Math.max(0, end - size), end)
  }

  /**
   * Candles whose open time (ms) is within [startTime, endTime]. With only startTime: the first `limit`
   * from there (paging forward); otherwise the newest `limit` up to endTime.
   */
  range(startTime: number | undefined, endTime: number | undefined, limit: number): Candle[] {
    this.materialize()
    const from = startTime === undefined ? 0 : this.upperBound(startTime - 1)
    const to = endTime === undefined ? this.candles.length : this.upperBound(endTime)
    if (from >= to) return []
    if (startTime !== undefined && endTime === undefined) return this.candles.slice(from, Math.min(to, from + limit))
    return this.candles.slice(Math.max(from, to - limit), to)
  }

  /** Every candle, oldest first, for a snapshot; not seeded history still waiting for its first read. */
  dump(): CandleRow[] {
    return this.candles.map((c) =>
      c instanceof StoredCandle
        ? c.row()
        : [
            c.start,
            c.open.toString(),
            c.high.toString(),
            c.low.toString(),
            c.close.toString(),
            c.vol.toString(),
            c.amount.toString(),
            c.count
          ]
    )
  }

  /**
   * Replaces the history with a snapshot's (the newest `capacity` candles, in time order). `keepHistory`: the snapshot
   * was taken while seeded history waited, so the history set since (the same plan's) stays waiting under it.
   */
  load(rows: readonly CandleRow[], keepHistory = false): void {
    if (!keepHistory) this.pending = null
    this.candles = stored(rows.slice(-this.capacity), null, this.interval)
  }

  /** Puts pending history before the candles of trades made since it was set. */
  private materialize(): void {
    const h = this.pending
    if (!h) return
    this.pending = null
    const live = this.candles
    if (live.length >= this.capacity) return // the history would be trimmed off at once
    const first = live[0]
    this.candles = joinHistory(
      stored(h.bars(), unitsOf(h.precision), this.interval),
      live,
      this.capacity,
      this.interval
    )
    if (!first && this.rolledTo !== null) this.fillThrough(bucketStart(this.interval, this.rolledTo))
  }

  /** Pushes flat candles for every bucket after the last one, through `target` (a bucket start). */
  private fillThrough(target: number): Candle[] {
    const last = this.candles.at(-1)
    if (!last || target <= last.start) return []
    let s = nextBucketStart(this.interval, last.start)
    const len = fixedLengthMs(this.interval)
    if (len !== null && (target - s) / len >= this.capacity) {
      // A gap longer than the history: only the newest `capacity` buckets could be kept anyway.
      s = target - (this.capacity - 1) * len
      this.candles.length = 0
    }
    const created: Candle[] = []
    for (; s <= target; s = nextBucketStart(this.interval, s)) {
      const c = flat(s, last.close)
      this.candles.push(c)
      created.push(c)
    }
    if (this.candles.length > this.capacity) this.candles.splice(0, this.candles.length - this.capacity)
    return created
  }

  /** Index of the first candle opening after `ms`. */
  private upperBound(ms: number): number {
    let lo = 0
    let hi = this.candles.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.candles[mid]!.start <= ms) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  private find(start: number): Candle | undefined {
    this.materialize()
    const i = this.upperBound(start) - 1
    const c = this.candles[i]
    return c && c.start === start ? c : undefined
  }
}

/** One series per interval for a symbol. */
export class CandleSet {
  private readonly series = new Map<Interval, CandleSeries>()

  constructor(capacity = DEFAULT_CANDLE_CAPACITY) {
    for (const i of INTERVALS) this.series.set(i, new CandleSeries(i, capacity))
  }

  get(interval: Interval): CandleSeries {
    return this.series.get(interval)!
  }

  /** Adds a trade to every interval; returns the touched candles per interval. */
  add(price: Dec, qty: Dec, amount: Dec, time: number): Map<Interval, Candle[]> {
    const out = new Map<Interval, Candle[]>()
    for (const [i, s] of this.series) out.set(i, s.add(price, qty, amount, time))
    return out
  }

  dump(): Partial<Record<Interval, CandleRow[]>> {
    const out: Partial<Record<Interval, CandleRow[]>> = {}
    for (const [i, s] of this.series) out[i] = s.dump()
    return out
  }

  /** Seeded history of every interval (./history.ts), each aggregated when its series is first read. */
  setHistory(bars: (interval: Interval) => HistoryBar[], precision: Precision): void {
    for (const [i, s] of this.series) s.setHistory({ bars: () => bars(i), precision })
  }

  /** The intervals whose seeded history waits for a first read. */
  historyPending(): Interval[] {
    return [...this.series].filter(([, s]) => s.historyPending).map(([i]) => i)
  }

  /**
   * Loads each interval present in the snapshot; the others stay as they are. Seeded history set before stays
   * waiting under the intervals in `keepHistory` (the snapshot was taken while it waited there).
   */
  load(d: Partial<Record<Interval, CandleRow[]>>, keepHistory: readonly Interval[] = []): void {
    for (const [i, s] of this.series) {
      const rows = d[i]
      if (rows) s.load(rows, keepHistory.includes(i))
    }
  }

  /** Rolls every interval to `now`; returns the flat candles created per interval (only non-empty). */
  roll(now: number): Map<Interval, Candle[]> {
    const out = new Map<Interval, Candle[]>()
    for (const [i, s] of this.series) {
      const created = s.roll(now)
      if (created.length > 0) out.set(i, created)
    }
    return out
  }
}

/** REST candle (the wire's Candle, turnover included): idx is the open time in seconds. */
export function formatCandle(c: Candle, p: Precision): WireCandle & { amount: string } {
  return {
    idx: c.start / 1000,
    open: fmt(c.open, p.pricePrecision),
    close: fmt(c.close, p.pricePrecision),
    high: fmt(c.high, p.pricePrecision),
    low: fmt(c.low, p.pricePrecision),
    vol: fmt(c.vol, p.quantityPrecision),
    amount: fmt(c.amount, amountPlaces(p))
  }
}

/** WS kline tick: the same values, open time in `id`. */
export function toKlineTick(c: Candle, p: Precision): WsKlineTick {
  const { idx, ...rest } = formatCandle(c, p)
  return { id: idx, ...rest }
}

function apply(c: Candle, price: Dec, qty: Dec, amount: Dec): void {
  if (c.count === 0) {
    c.open = c.high = c.low = price
  } else {
    if (price.gt(c.high)) c.high = price
    if (price.lt(c.low)) c.low = price
  }
  c.close = price
  c.vol = c.vol.plus(qty)
  c.amount = c.amount.plus(amount)
  c.count++
}

function mergeLate(c: Candle, price: Dec, qty: Dec, amount: Dec): void {
  if (price.gt(c.high)) c.high = price
  if (price.lt(c.low)) c.low = price
  c.vol = c.vol.plus(qty)
  c.amount = c.amount.plus(amount)
  c.count++
}
