// The candle chart's types and scale: how the price grid draws the bars (candles, hollow candles, Heikin-Ashi, a
// line or an area of the closes) and the price axis' range on a linear or logarithmic scale. Pure; floats for
// drawing only (the legend keeps showing each bar's exact text).
import { CHART_TYPES } from '@shared/ipc/schemas/preferences'
import type { CandleData, CandleSpan } from './candles'
import { roundTicks } from './nice-step'

export { CHART_TYPES }
export type ChartType = (typeof CHART_TYPES)[number]

/** The bars' four prices as a type draws them: the real ones, or Heikin-Ashi's. */
export interface DrawnBars {
  open: readonly number[]
  close: readonly number[]
  low: readonly number[]
  high: readonly number[]
}

/**
 * Heikin-Ashi bars over `to` bars: close = (o + h + l + c) / 4, open = the middle of the previous HA bar's open and
 * close (the first: of its own open and close), high and low the extremes of the bar's and HA's open and close.
 */
export function heikinAshi(d: CandleData, to = d.time.length): DrawnBars {
  const open: number[] = []
  const close: number[] = []
  const low: number[] = []
  const high: number[] = []
  for (let i = 0; i < to; i++) {
    const c = (d.open[i]! + d.high[i]! + d.low[i]! + d.close[i]!) / 4
    const o = i === 0 ? (d.open[i]! + d.close[i]!) / 2 : (open[i - 1]! + close[i - 1]!) / 2
    open.push(o)
    close.push(c)
    high.push(Math.max(d.high[i]!, o, c))
    low.push(Math.min(d.low[i]!, o, c))
  }
  return { open, close, low, high }
}

/** The prices the grid draws for `type` over the slice (Heikin-Ashi from the first bar: each depends on the last). */
export function drawnBars(d: CandleData, type: ChartType, slice: CandleSpan): DrawnBars {
  return type === 'heikinAshi' ? heikinAshi(d, slice.to) : d
}

/**
 * Whether the live layer (charts/live-layer.ts: a filled candle on a linear axis) can draw the live bar of this type
 * and scale; otherwise ECharts draws every bar, the last one too.
 */
export const liveLayerDraws = (type: ChartType, log: boolean): boolean => type === 'candles' && !log

/** The price range with air above and below: 6 % of the span, on a log axis of its log span. */
export function paddedRange(lo: number, hi: number, log: boolean): [number, number] {
  // On a log axis, 6 % of the span in log terms (a flat factor of 1.06 squeezed a 3 % day into a third of the grid).
  if (log && lo > 0) {
    const f = Math.max(1.0001, (hi / lo) ** 0.06)
    return [lo / f, hi * f]
  }
  const span = hi - lo || Math.abs(hi) * 0.001 || 1
  return [lo - span * 0.06, hi + span * 0.06]
}

/** The candlestick's colours: filled both ways, or hollow rising bars (outlined) beside filled falling ones. */
export function candleStyle(type: ChartType, up: string, down: string): object {
  return type === 'hollow'
    ? { color: 'transparent', color0: down, borderColor: up, borderColor0: down }
    : { color: up, color0: down, borderColor: up, borderColor0: down }
}

/**
 * A log price axis' labels: round prices inside the padded range of the bars in slots `from..to` (`[o, c, l, h]`
 * or '-') and the live bar's `[low, high]`, one every 32 px at least of a grid `gridPx` high (200 when not known).
 * ECharts' own log ticks are powers of ten: none falls in a day's range.
 */
export function logAxisLabels(
  k: readonly (number | '-')[][],
  from: number,
  to: number,
  [low, high]: [number, number],
  gridPx: number
): number[] {
  let lo = low
  let hi = high
  for (let j = Math.max(0, from); j <= Math.min(k.length - 1, to); j++) {
    const [, , l, h] = k[j]!
    if (typeof l === 'number' && l < lo) lo = l
    if (typeof h === 'number' && h > hi) hi = h
  }
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo > 0)) return []
  const [a, b] = paddedRange(lo, hi, true)
  return roundTicks(a, b, ((b - a) * 32) / (gridPx || 200))
}
