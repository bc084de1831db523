// 24 h rolling ticker. Trades are summed into one bucket per UTC minute; the window is the newest 1440
// minute buckets (the current, partly elapsed minute included), so it moves in whole minutes and its volume
// falls as old minutes leave it. Volume and turnover are kept as running sums (exact decimals, no drift);
// high and low are found by scanning the at most 1440 non-empty buckets: those before the newest once, kept until
// they change (a minute added or dropped, a late trade in an older minute), and the newest at each snapshot, so a
// push of the ticker (several a second, each market) costs one bucket, not a day of them.
//
// Buckets loaded in bulk (a snapshot) make their decimals on first read; seeded history (./history.ts) is put in
// before the buckets of live trades when the ticker is first read, or dropped unread once the window has left it
// (a snapshot leaves waiting history out and says so, as the candles do).
import type { Ticker, WsTickerTick } from '@shared/api/wire'
import { Dec, fmt, ZERO } from './decimal'
import type { HistoryBar } from './history'
import { scaledText } from './stored-candles'
import { amountPlaces, type Precision } from './types'

const MINUTE = 60_000
export const WINDOW_MINUTES = 1440
/** Digits of `rose`, a fraction (0.0123 = +1.23 %), rounded half up. */
export const ROSE_DECIMALS = 4

interface MinuteBucket {
  minute: number
  open: Dec
  high: Dec
  low: Dec
  vol: Dec
  amount: Dec
}

/** The rolling window in a snapshot; decimals as exact text, buckets as [minute, open, high, low, vol, amount]. */
export interface TickerDump {
  buckets: [number, string, string, string, string, string][]
  vol: string
  amount: string
  last: string | null
  lastTime: number | null
}

/** REST ticker: the wire's Ticker with the fields the embedded exchange adds to the spec's (open and amount). */
export type TickerOut = Required<Ticker>

/** The 1 min bars of seeded history before every live trade, all older than `end`; integers in units of `precision`. */
export interface PendingMinutes {
  bars: () => HistoryBar[]
  end: number
  precision: Precision
}

export class RollingTicker {
  private buckets: MinuteBucket[] = []
  private vol: Dec = ZERO
  private amount: Dec = ZERO
  private last: Dec | null
  private lastTime = -Infinity
  private pending: PendingMinutes | null = null
  /** High and low of every bucket but the newest, and how many buckets that was; null: to be found again. */
  private settled: { count: number; e: Extremes } | null = null

  constructor(initialPrice?: string) {
    this.last = initialPrice === undefined ? null : new Dec(initialPrice)
  }

  /**
   * Minutes before every trade this ticker has seen or will see, put in on the first snapshot. dump() leaves them
   * out while they wait; load() drops them unless told the snapshot was taken while they waited.
   */
  setHistory(history: PendingMinutes): void {
    this.pending = history
  }

  /** Whether seeded history waits for the first snapshot (and is left out of dump()). */
  get historyPending(): boolean {
    return this.pending !== null
  }

  add(price: Dec, qty: Dec, amount: Dec, time: number): void {
    const minute = Math.floor(time / MINUTE)
    const b = this.bucketFor(minute, price)
    if (b !== this.buckets.at(-1)) this.settled = null // a late trade in a settled minute
    if (price.gt(b.high)) b.high = price
    if (price.lt(b.low)) b.low = price
    b.vol = b.vol.plus(qty)
    b.amount = b.amount.plus(amount)
    this.vol = this.vol.plus(qty)
    this.amount = this.amount.plus(amount)
    if (time >= this.lastTime) {
      this.last = price
      this.lastTime = time
    }
  }

  dump(): TickerDump {
    return {
      buckets: this.buckets.map((b) =>
        b instanceof StoredBucket
          ? b.row()
          : [b.minute, b.open.toString(), b.high.toString(), b.low.toString(), b.vol.toString(), b.amount.toString()]
      ),
      vol: this.vol.toString(),
      amount: this.amount.toString(),
      last: this.last === null ? null : this.last.toString(),
      lastTime: Number.isFinite(this.lastTime) ? this.lastTime : null
    }
  }

  /** `keepHistory`: the snapshot was taken while seeded history waited; the history set since stays waiting. */
  load(d: TickerDump, keepHistory = false): void {
    if (!keepHistory) this.pending = null
    this.buckets = d.buckets.map((row) => new StoredBucket(row[0], row, TEXT_FIELDS, null))
    this.settled = null
    this.vol = new Dec(d.vol)
    this.amount = new Dec(d.amount)
    this.last = d.last === null ? null : new Dec(d.last)
    this.lastTime = d.lastTime ?? -Infinity
  }

  /** Drops minutes that left the window ending at `now`; true when anything was dropped. */
  advance(now: number): boolean {
    const oldest = Math.floor(now / MINUTE) - WINDOW_MINUTES + 1
    // pending history is older than every bucket: once the window has left its newest minute, it is never read
    if (this.pending && this.pending.end <= oldest * MINUTE) this.pending = null
    let n = 0
    while (n < this.buckets.length && this.buckets[n]!.minute < oldest) {
      this.vol = this.vol.minus(this.buckets[n]!.vol)
      this.amount = this.amount.minus(this.buckets[n]!.amount)
      n++
    }
    if (n > 0) {
      this.buckets = this.buckets.slice(n)
      this.settled = null
    }
    return n > 0
  }

  snapshot(now: number, p: Precision): TickerOut {
    this.advance(now)
    if (this.materialize()) this.advance(now)
    const last = this.last ?? ZERO
    let open = last
    let high = last
    let low = last
    const first = this.buckets[0]
    if (first) {
      open = first.open
      const n = this.buckets.length
      if (this.settled?.count !== n - 1) {
        const e = noExtremes()
        for (let i = 0; i < n - 1; i++) fold(e, this.buckets[i]!)
        this.settled = { count: n - 1, e }
      }
      const e = { ...this.settled.e }
      fold(e, this.buckets[n - 1]!)
      let { hi, lo } = e
      // peeked, not kept: while live trades hold the extreme, keeping each runner-up's decimal would turn the
      // whole day of history into decimals, one bucket a read (the soak's server heap grew by them)
      const hiPeek = e.hiAt?.peek(1)
      const loPeek = e.loAt?.peek(2)
      if (hiPeek && (!hi || hiPeek.gt(hi))) hi = hiPeek
      if (loPeek && (!lo || loPeek.lt(lo))) lo = loPeek
      high = hi ?? last
      low = lo ?? last
    }
    return {
      time: now,
      high: fmt(high, p.pricePrecision),
      low: fmt(low, p.pricePrecision),
      last: fmt(last, p.pricePrecision),
      vol: fmt(this.vol, p.quantityPrecision),
      rose: rose(open, last),
      open: fmt(open, p.pricePrecision),
      amount: fmt(this.amount, amountPlaces(p))
    }
  }

  /** Decimals the buckets of a snapshot or of seeded history have made and keep (what reads cost in memory). */
  get keptDecimals(): number {
    let n = 0
    for (const b of this.buckets) if (b instanceof StoredBucket) n += b.kept
    return n
  }

  /** Puts pending history before the live buckets; true when it did. */
  private materialize(): boolean {
    const h = this.pending
    if (!h) return false
    this.pending = null
    const firstLive = this.buckets[0]?.minute ?? Infinity
    const places = [h.precision.pricePrecision, h.precision.quantityPrecision, amountPlaces(h.precision)] as const
    const units = {
      price: new Dec(10).pow(-places[0]),
      vol: new Dec(10).pow(-places[1]),
      amount: new Dec(10).pow(-places[2]),
      places
    }
    const hist: MinuteBucket[] = []
    let lots = 0
    let amount = 0n
    let close: number | null = null
    for (const bar of h.bars()) {
      const minute = bar[0] / MINUTE
      if (minute >= firstLive) break
      hist.push(new StoredBucket(minute, bar, BAR_FIELDS, units))
      lots += bar[5]
      amount += BigInt(bar[6])
      close = bar[4]
    }
    if (hist.length === 0) return false
    this.buckets = hist.concat(this.buckets)
    this.settled = null
    this.vol = this.vol.plus(new Dec(lots).times(units.vol))
    this.amount = this.amount.plus(new Dec(amount.toString()).times(units.amount))
    if (this.lastTime === -Infinity && close !== null) {
      this.last = new Dec(close).times(units.price)
      this.lastTime = h.end - 1
    }
    return true
  }

  /** The bucket of `minute`, created in order when missing (a late trade lands in its own minute). */
  private bucketFor(minute: number, price: Dec): MinuteBucket {
    const tail = this.buckets.at(-1)
    if (tail && tail.minute === minute) return tail
    let i = this.buckets.length
    while (i > 0 && this.buckets[i - 1]!.minute > minute) i--
    const prev = this.buckets[i - 1]
    if (prev && prev.minute === minute) return prev
    const b: MinuteBucket = { minute, open: price, high: price, low: price, vol: ZERO, amount: ZERO }
    this.buckets.splice(i, 0, b)
    return b
  }
}

/**
 * High and low over buckets: decimal buckets by their decimals; seeded history's buckets compare their integers (one
 * scale for all), so only their extremes become decimals (peeked at the snapshot).
 */
interface Extremes {
  hi: Dec | null
  lo: Dec | null
  hiRaw: number
  loRaw: number
  hiAt: StoredBucket | null
  loAt: StoredBucket | null
}

const noExtremes = (): Extremes => ({ hi: null, lo: null, hiRaw: -Infinity, loRaw: Infinity, hiAt: null, loAt: null })

function fold(e: Extremes, b: MinuteBucket): void {
  const h = b instanceof StoredBucket ? b.integer(1) : undefined
  if (h === undefined) {
    if (!e.hi || b.high.gt(e.hi)) e.hi = b.high
  } else if (h > e.hiRaw) {
    e.hiRaw = h
    e.hiAt = b as StoredBucket
  }
  const l = b instanceof StoredBucket ? b.integer(2) : undefined
  if (l === undefined) {
    if (!e.lo || b.low.lt(e.lo)) e.lo = b.low
  } else if (l < e.loRaw) {
    e.loRaw = l
    e.loAt = b as StoredBucket
  }
}

/** Where a row keeps open, high, low, volume and turnover: a snapshot's bucket row, or a HistoryBar. */
type Fields = readonly [number, number, number, number, number]
const TEXT_FIELDS: Fields = [1, 2, 3, 4, 5]
const BAR_FIELDS: Fields = [1, 2, 3, 5, 6]

/** A bucket of a row, making each decimal on first read (a day of buckets is loaded at once, few are read whole). */
class StoredBucket implements MinuteBucket {
  private d: (Dec | undefined)[] = [undefined, undefined, undefined, undefined, undefined]

  constructor(
    readonly minute: number,
    private readonly src: readonly (string | number)[],
    private readonly fields: Fields,
    /** null: the row holds decimal text; else integers of these units (places: price, volume, turnover) */
    private readonly units: { price: Dec; vol: Dec; amount: Dec; places: readonly [number, number, number] } | null
  ) {}

  /** Open, high, low, volume or turnover as the row's integer, while the row holds integers and it was never set. */
  integer(k: 0 | 1 | 2 | 3 | 4): number | undefined {
    if (!this.units || this.d[k] !== undefined) return undefined
    return Number(this.src[this.fields[k]])
  }

  /** The bucket as a snapshot row, with no decimal made for a value never read. */
  row(): [number, string, string, string, string, string] {
    return [this.minute, this.text(0), this.text(1), this.text(2), this.text(3), this.text(4)]
  }

  private text(k: 0 | 1 | 2 | 3 | 4): string {
    const made = this.d[k]
    if (made) return made.toString()
    const raw = String(this.src[this.fields[k]])
    const u = this.units
    return u ? scaledText(raw, u.places[k === 3 ? 1 : k === 4 ? 2 : 0]) : raw
  }

  get open(): Dec {
    return this.get(0)
  }
  set open(v: Dec) {
    this.d[0] = v
  }
  get high(): Dec {
    return this.get(1)
  }
  set high(v: Dec) {
    this.d[1] = v
  }
  get low(): Dec {
    return this.get(2)
  }
  set low(v: Dec) {
    this.d[2] = v
  }
  get vol(): Dec {
    return this.get(3)
  }
  set vol(v: Dec) {
    this.d[3] = v
  }
  get amount(): Dec {
    return this.get(4)
  }
  set amount(v: Dec) {
    this.d[4] = v
  }

  /** The decimal of a field, made for this read only when it was never kept. */
  peek(k: 0 | 1 | 2 | 3 | 4): Dec {
    const made = this.d[k]
    if (made) return made
    const raw = new Dec(this.src[this.fields[k]]!)
    const u = this.units
    return u ? raw.times(k === 3 ? u.vol : k === 4 ? u.amount : u.price) : raw
  }

  /** Decimals made and kept. */
  get kept(): number {
    return this.d.filter((x) => x !== undefined).length
  }

  private get(k: 0 | 1 | 2 | 3 | 4): Dec {
    return (this.d[k] ??= this.peek(k))
  }
}

/** (last - open) / open as a fraction at ROSE_DECIMALS digits; "0.0000" when open is zero. */
export function rose(open: Dec, last: Dec): string {
  if (open.isZero()) return fmt(ZERO, ROSE_DECIMALS)
  return fmt(last.minus(open).div(open), ROSE_DECIMALS)
}

/** WS `market_{sym}_ticker` tick. */
export function toTickerTick(t: TickerOut): WsTickerTick {
  return { amount: t.amount, vol: t.vol, open: t.open, close: t.last, high: t.high, low: t.low, rose: t.rose }
}
