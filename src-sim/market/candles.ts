// Candles aggregated from trades, one bounded series per interval, UTC buckets.
//
// Gaps are filled flat: a bucket without trades gets a candle at the previous close with zero volume, so
// charts stay continuous as on live venues. Such a placeholder takes its open/high/low from its first real
// trade, if one arrives. Nothing exists before the first trade (no flat candles back to the epoch).
// Trades are expected in time order; a late trade is merged into its bucket when that bucket is still
// held (high, low, volume, turnover; never open or close of a filled candle), else dropped.
import { Dec, fmt, ZERO } from './decimal'
import { bucketStart, fixedLengthMs, INTERVALS, nextBucketStart, type Interval } from './intervals'
import { amountPlaces, type Precision } from './types'

export interface Candle {
  /** open time, ms */
  start: number
  open: Dec
  high: Dec
  low: Dec
  close: Dec
  vol: Dec
  /** quote turnover, sum of price x qty */
  amount: Dec
  /** trades in the bucket; 0 marks a flat gap placeholder */
  count: number
}

/** REST candle: idx is the open time in seconds. */
export interface CandleOut {
  idx: number
  open: string
  close: string
  high: string
  low: string
  vol: string
  amount: string
}

/** WS kline tick: same values, open time in `id`. */
export interface KlineTick {
  id: number
  open: string
  close: string
  high: string
  low: string
  vol: string
  amount: string
}

/** A candle in a snapshot: [start ms, open, high, low, close, vol, amount, count], decimals as exact text. */
export type CandleRow = [number, string, string, string, string, string, string, number]

export const DEFAULT_CANDLE_CAPACITY = 1000
export const MAX_CANDLE_PAGE = 300

export class CandleSeries {
  private readonly candles: Candle[] = []

  constructor(
    readonly interval: Interval,
    private readonly capacity = DEFAULT_CANDLE_CAPACITY
  ) {}

  get size(): number {
    return this.candles.length
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
    return this.fillThrough(bucketStart(this.interval, now))
  }

  /** The newest `limit` candles, oldest first. */
  latest(limit: number): Candle[] {
    return limit <= 0 ? [] : this.candles.slice(-limit)
  }

  /** Up to `size` candles with idx (open time, s) <= endIdx, oldest first; the newest when endIdx is absent. */
  page(endIdx: number | undefined, size: number): Candle[] {
    const end = endIdx === undefined ? this.candles.length : this.upperBound(endIdx * 1000)
    return this.candles.slice(Math.max(0, end - size), end)
  }

  /**
   * Candles whose open time (ms) is within [startTime, endTime]. With only startTime: the first `limit`
   * from there (paging forward); otherwise the newest `limit` up to endTime.
   */
  range(startTime: number | undefined, endTime: number | undefined, limit: number): Candle[] {
    const from = startTime === undefined ? 0 : this.upperBound(startTime - 1)
    const to = endTime === undefined ? this.candles.length : this.upperBound(endTime)
    if (from >= to) return []
    if (startTime !== undefined && endTime === undefined) return this.candles.slice(from, Math.min(to, from + limit))
    return this.candles.slice(Math.max(from, to - limit), to)
  }

  /** Every candle, oldest first, for a snapshot. */
  dump(): CandleRow[] {
    return this.candles.map((c) => [
      c.start,
      c.open.toString(),
      c.high.toString(),
      c.low.toString(),
      c.close.toString(),
      c.vol.toString(),
      c.amount.toString(),
      c.count
    ])
  }

  /** Replaces the history with a snapshot's (the newest `capacity` candles, in time order). */
  load(rows: readonly CandleRow[]): void {
    const keep = rows.slice(-this.capacity)
    this.candles.length = 0
    for (const [start, open, high, low, close, vol, amount, count] of keep) {
      const prev = this.candles.at(-1)
      if (prev && start <= prev.start)
        throw new Error(`candle snapshot of ${this.interval} is out of order at ${start}`)
      this.candles.push({
        start,
        open: new Dec(open),
        high: new Dec(high),
        low: new Dec(low),
        close: new Dec(close),
        vol: new Dec(vol),
        amount: new Dec(amount),
        count
      })
    }
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

  /** Loads each interval present in the snapshot; the others stay as they are. */
  load(d: Partial<Record<Interval, CandleRow[]>>): void {
    for (const [i, s] of this.series) {
      const rows = d[i]
      if (rows) s.load(rows)
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

export function formatCandle(c: Candle, p: Precision): CandleOut {
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

export function toKlineTick(c: Candle, p: Precision): KlineTick {
  const { idx, ...rest } = formatCandle(c, p)
  return { id: idx, ...rest }
}

function flat(start: number, price: Dec): Candle {
  return { start, open: price, high: price, low: price, close: price, vol: ZERO, amount: ZERO, count: 0 }
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
