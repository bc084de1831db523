// The drawings' arithmetic, pure: Fibonacci levels and a measure's change in exact decimals at the market's
// precision, a channel's parallel line, the magnet to a bar's open/high/low/close and the pixel distance a pointer
// is from a shape (what selects it). Prices stay decimal text; floats only place pixels.
import { compare, div, mul, roundToDecimals, sub } from '@shared/decimal'
import type { DrawingPoint } from '@shared/ipc/schemas/preferences-drawings'
import type { CandleData } from '../candles'

/** The retracement ratios drawn, as text (exact). */
export const FIB_RATIOS = ['0', '0.236', '0.382', '0.5', '0.618', '0.786', '1'] as const

/**
 * The Fibonacci retracement levels between a move's start `a` and end `b`: level r is `b - (b - a) * r`, rounded
 * half-even to the market's price decimals (0 is the end of the move, 1 its start).
 */
export function fibLevels(a: string, b: string, decimals: number): { ratio: string; price: string }[] {
  const range = sub(b, a)
  return FIB_RATIOS.map((ratio) => ({
    ratio,
    price: roundToDecimals(sub(b, mul(range, ratio)), decimals, 'half-even')
  }))
}

/** Position of a time on the bars: the bar index, fractional between bars and extrapolated beyond either end. */
export function barPosition(data: CandleData, t: number, barSeconds: number): number {
  const time = data.time
  const n = time.length
  if (n === 0) return 0
  if (t <= time[0]!) return (t - time[0]!) / barSeconds
  if (t >= time[n - 1]!) return n - 1 + (t - time[n - 1]!) / barSeconds
  let lo = 0
  let hi = n - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (time[mid]! <= t) lo = mid
    else hi = mid
  }
  return lo + (t - time[lo]!) / (time[hi]! - time[lo]!)
}

/** The open time of the bar at a (whole) position, extrapolated by the interval beyond the bars held. */
export function timeAt(data: CandleData, bar: number, barSeconds: number): number {
  const n = data.time.length
  if (n === 0) return 0
  const i = Math.round(bar)
  if (i < 0) return Math.max(0, data.time[0]! + i * barSeconds)
  if (i >= n) return data.time[n - 1]! + (i - n + 1) * barSeconds
  return data.time[i]!
}

/**
 * A channel's parallel line: the offset in price of the third point from the line through the first two, at the
 * third point's time (decimal text, at the market's decimals). The parallel line is the first shifted by it.
 */
export function channelOffset(
  points: readonly DrawingPoint[],
  data: CandleData,
  barSeconds: number,
  decimals: number
): string {
  const [a, b, c] = points
  if (!a || !b || !c) return '0'
  const xa = barPosition(data, a.t, barSeconds)
  const xb = barPosition(data, b.t, barSeconds)
  const xc = barPosition(data, c.t, barSeconds)
  if (xa === xb) return roundToDecimals(sub(c.p, a.p), decimals, 'half-even')
  // The line's price at the third point's bar, exact from the decimal prices and the (float) bar ratio.
  const ratio = ((xc - xa) / (xb - xa)).toFixed(12)
  const onLine = sub(a.p, mul(sub(a.p, b.p), ratio))
  return roundToDecimals(sub(c.p, onLine), decimals, 'half-even')
}

export interface Measure {
  /** End minus start, at the market's decimals. */
  change: string
  /** The change as a percent of the start, two decimals (half-even). */
  pct: string
  /** Bars from start to end (negative when the end lies left of the start). */
  bars: number
}

/** A price/time measure from `a` to `b`. */
export function measure(
  a: DrawingPoint,
  b: DrawingPoint,
  data: CandleData,
  barSeconds: number,
  decimals: number
): Measure {
  const change = roundToDecimals(sub(b.p, a.p), decimals, 'half-even')
  const pct = compare(a.p, '0') > 0 ? div(mul(sub(b.p, a.p), '100'), a.p, 2, 'half-even') : '0'
  const bars = Math.round(barPosition(data, b.t, barSeconds) - barPosition(data, a.t, barSeconds))
  return { change, pct, bars }
}

/**
 * The magnet: the price of bar `bar` (open, high, low or close, as the venue gave it) nearest the pointer's row, or
 * null where the bar is not held. `rowOf` maps a price to its pixel row on the drawn axis.
 */
export function magnetPrice(data: CandleData, bar: number, y: number, rowOf: (price: number) => number): string | null {
  const v = data.views[bar]
  if (!v) return null
  let best: string | null = null
  let dist = Infinity
  for (const p of [v.open, v.high, v.low, v.close]) {
    const d = Math.abs(rowOf(Number(p)) - y)
    if (d < dist) {
      dist = d
      best = p
    }
  }
  return best
}

export interface Px {
  x: number
  y: number
}

/** Pixel distance from `p` to the segment a-b (to the ray from a through b when `ray`). */
export function distanceToSegment(p: Px, a: Px, b: Px, ray = false): number {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const len = dx * dx + dy * dy
  let u = len === 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / len
  u = ray ? Math.max(0, u) : Math.max(0, Math.min(1, u))
  return Math.hypot(p.x - (a.x + u * dx), p.y - (a.y + u * dy))
}

/** Where the ray from a through b leaves the box [0, w] x [0, h] (b itself when the two coincide). */
export function rayEnd(a: Px, b: Px, w: number, h: number): Px {
  const dx = b.x - a.x
  const dy = b.y - a.y
  if (dx === 0 && dy === 0) return b
  let s = Infinity
  if (dx > 0) s = Math.min(s, (w - a.x) / dx)
  if (dx < 0) s = Math.min(s, -a.x / dx)
  if (dy > 0) s = Math.min(s, (h - a.y) / dy)
  if (dy < 0) s = Math.min(s, -a.y / dy)
  if (!Number.isFinite(s) || s < 1) s = 1
  return { x: a.x + s * dx, y: a.y + s * dy }
}
