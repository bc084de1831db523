// Candles loaded in bulk (a snapshot's rows, or the seeded history of ./history.ts in integer units): each makes its
// decimals on first read, since thousands are loaded at once and few are ever read.
import type { Candle, CandleRow } from './candle'
import { Dec } from './decimal'
import type { HistoryBar } from './history'
import type { Interval } from './intervals'
import { amountPlaces, type Precision } from './types'

/** Scales of a HistoryBar's integers: price ticks, volume lots, turnover (both). */
export interface Units {
  price: Dec
  vol: Dec
  amount: Dec
  pricePlaces: number
  volPlaces: number
  amountPlaces: number
}

export function unitsOf(p: Precision): Units {
  return {
    price: new Dec(10).pow(-p.pricePrecision),
    vol: new Dec(10).pow(-p.quantityPrecision),
    amount: new Dec(10).pow(-amountPlaces(p)),
    pricePlaces: p.pricePrecision,
    volPlaces: p.quantityPrecision,
    amountPlaces: amountPlaces(p)
  }
}

/** Rows (snapshot text, or history integers in `units`) as candles, checked to be in time order. */
export function stored(rows: readonly (CandleRow | HistoryBar)[], units: Units | null, interval: Interval): Candle[] {
  const out: Candle[] = new Array<Candle>(rows.length)
  let prev = -Infinity
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!
    if (row[0] <= prev) throw new Error(`candles of ${interval} are out of order at ${row[0]}`)
    prev = row[0]
    out[i] = new StoredCandle(row, units)
  }
  return out
}

/**
 * A candle of a row, making each decimal on first read: thousands are loaded at once (a snapshot, seeded history)
 * and few are ever read. Writes replace the value as on a plain candle.
 */
export class StoredCandle implements Candle {
  start: number
  count: number
  private o: Dec | undefined
  private h: Dec | undefined
  private l: Dec | undefined
  private c: Dec | undefined
  private v: Dec | undefined
  private a: Dec | undefined

  constructor(
    private readonly src: CandleRow | HistoryBar,
    private readonly units: Units | null
  ) {
    this.start = src[0]
    this.count = src[7]
  }

  get open(): Dec {
    return (this.o ??= this.dec(1))
  }
  set open(d: Dec) {
    this.o = d
  }
  get high(): Dec {
    return (this.h ??= this.dec(2))
  }
  set high(d: Dec) {
    this.h = d
  }
  get low(): Dec {
    return (this.l ??= this.dec(3))
  }
  set low(d: Dec) {
    this.l = d
  }
  get close(): Dec {
    return (this.c ??= this.dec(4))
  }
  set close(d: Dec) {
    this.c = d
  }
  get vol(): Dec {
    return (this.v ??= this.dec(5))
  }
  set vol(d: Dec) {
    this.v = d
  }
  get amount(): Dec {
    return (this.a ??= this.dec(6))
  }
  set amount(d: Dec) {
    this.a = d
  }

  /** The candle as a snapshot row, with no decimal made for a value never read. */
  row(): CandleRow {
    return [
      this.start,
      this.text(1, this.o),
      this.text(2, this.h),
      this.text(3, this.l),
      this.text(4, this.c),
      this.text(5, this.v),
      this.text(6, this.a),
      this.count
    ]
  }

  private dec(i: 1 | 2 | 3 | 4 | 5 | 6): Dec {
    const raw = this.src[i]
    const u = this.units
    if (!u) return new Dec(raw)
    return new Dec(raw).times(i === 5 ? u.vol : i === 6 ? u.amount : u.price)
  }

  private text(i: 1 | 2 | 3 | 4 | 5 | 6, made: Dec | undefined): string {
    if (made) return made.toString()
    const raw = this.src[i]
    const u = this.units
    if (!u) return String(raw)
    return scaledText(String(raw), i === 5 ? u.volPlaces : i === 6 ? u.amountPlaces : u.pricePlaces)
  }
}

/** Integer text (digits) divided by 10^places, as decimal text. */
export function scaledText(digits: string, places: number): string {
  if (places === 0) return digits
  const d = digits.padStart(places + 1, '0')
  return `${d.slice(0, d.length - places)}.${d.slice(d.length - places)}`
}
