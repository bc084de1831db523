// ECharts option of the candle chart: candles over volume, MA5/10/30, a crosshair (the component's legend shows the
// exact decimal text of the bar under it), and inside zoom/pan over a slice of the history (see sliceFor). The live
// bar and the last-price line are left to the live layer (live-layer.ts), whose geometry is described here too.
// Pure: the component hands it data and colours and applies what it returns.
import type { EChartsOption } from 'echarts'
import { compare, div, mul, sub } from '@shared/decimal'
import { MA_PERIODS, RIGHT_PAD, slotLayout, viewToSlots, type CandleData, type CandleSpan } from './candles'
import type { ChartTheme } from './theme'
import type { IndicatorRun } from '../indicators/indicator-series'
import { num } from '../lib/format'
import {
  indicatorLayout,
  overlaySegments,
  overlaySeries,
  paneParts,
  paneRuns,
  paneSegments,
  type PaneSegment
} from './candle-indicators'
import { candleStyle, drawnBars, logAxisLabels, paddedRange, type ChartType } from './candle-types'

/** The chart's intervals; each is named on screen by `market.intervals.<id>` of the catalogs. */
export const INTERVALS = [
  { id: '1min' },
  { id: '5min' },
  { id: '15min' },
  { id: '30min' },
  { id: '60min' },
  { id: '1day' },
  { id: '1week' },
  { id: '1month' }
] as const
export type CandleInterval = (typeof INTERVALS)[number]['id']

/** Bar length in seconds (a month as 30 days: only empty slots' labels use it). */
export const INTERVAL_SECONDS: Record<string, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '1h': 3600,
  '1day': 86400,
  '1week': 604800,
  '1month': 2592000
}

const two = (n: number): string => (n < 10 ? `0${n}` : String(n))

/** Axis label of a bar's open time (seconds): the clock within a day, the date beyond. */
export function timeLabel(seconds: number, interval: string, withDate = false): string {
  const d = new Date(seconds * 1000)
  const date = `${two(d.getMonth() + 1)}-${two(d.getDate())}`
  const clock = `${two(d.getHours())}:${two(d.getMinutes())}`
  if (interval === '1month') return `${d.getFullYear()}-${two(d.getMonth() + 1)}`
  if (interval === '1day' || interval === '1week') return withDate ? `${d.getFullYear()}-${date}` : date
  return withDate ? `${date} ${clock}` : clock
}

/** Change of a bar in percent, exact: (close - open) / open. */
export function barChange(open: string, close: string): string | null {
  return compare(open, '0') > 0 ? div(mul(sub(close, open), '100'), open, 2, 'half-even') : null
}

export interface CandleLegend {
  time: string
  open: string
  high: string
  low: string
  close: string
  vol: string
  /** Percent with sign, or null. */
  change: string | null
  up: boolean
  ma: { period: number; value: string }[]
}

/** What the legend (top left) shows for bar `i`: its exact text, its change and the averages. */
export function candleLegend(d: CandleData, i: number, interval: string): CandleLegend | null {
  const c = d.views[i]
  if (!c) return null
  const ch = barChange(c.open, c.close)
  const places = Math.min(8, decimalsOf(c.close))
  return {
    time: timeLabel(c.id, interval, true),
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    vol: c.vol,
    change: ch === null ? null : `${compare(ch, '0') > 0 ? '+' : ''}${ch}%`,
    up: compare(c.close, c.open) >= 0,
    ma: MA_PERIODS.map((p) => {
      const v = d.ma[p][i]
      return { period: p, value: v === undefined || Number.isNaN(v) ? '—' : v.toFixed(places) }
    })
  }
}

/** Decimals of a price's text (the legend writes the averages and overlays to as many, at most 8). */
export const decimalsOf = (text: string): number => {
  const dot = text.indexOf('.')
  return dot < 0 ? 0 : text.length - dot - 1
}

/** Where the option puts things; the live layer (live-layer.ts) draws in the same boxes. */
export const CANDLE_GRID = { left: 6, right: 64, top: 49, priceBottom: 0.26, volTop: 0.78, bottom: 22 }
/** The crosshair's time label's height and gap (px): it sits this far above the time axis, inside the grid. */
export const CROSS_TIME_LABEL_PX = 17
/** The volume axis leaves the live bar room to grow by this factor before ECharts must redraw. */
export const LIVE_VOL_HEADROOM = 2
/** Candle and volume bar width, as a share of a slot. */
export const BAR_SHARE = 0.6

/** The axis ranges ECharts settled on at the last draw (filled by the option's min/max callbacks). */
export interface CandleExtent {
  min: number
  max: number
  volMax: number
}

/**
 * Data of the slice in ECharts' shapes, on the axis slots: candles [open, close, low, high], volume by direction.
 * With `live`, the last bar is left out (the live layer draws it, so a tick does not re-run ECharts).
 */
function sliceData(d: CandleData, s: CandleSpan, total: number, live: boolean, interval: string, type: ChartType) {
  const b = drawnBars(d, type, s)
  const layout = slotLayout(s, total)
  const n = layout.count
  // Empty slots get the times they would have (the crosshair and the axis read them); with no bars, none (-1).
  const step = INTERVAL_SECONDS[interval] ?? 60
  const bars = s.to - s.from
  const first = bars ? d.time[s.from]! : -1
  const last = bars ? d.time[s.to - 1]! : -1
  const lastSlot = layout.padLeft + bars - 1
  const time = Array.from({ length: n }, (_, j) =>
    !bars ? -1 : j < layout.padLeft ? first - (layout.padLeft - j) * step : last + (j - lastSlot) * step
  )
  // An empty slot: missing values (ECharts reads '-' as "no value").
  const k = Array.from({ length: n }, (): (number | '-')[] => ['-', '-', '-', '-'])
  const volUp = new Array<number | '-'>(n).fill('-')
  const volDown = new Array<number | '-'>(n).fill('-')
  const ma = MA_PERIODS.map(() => new Array<number | '-'>(n).fill('-'))
  const close = new Array<number | '-'>(n).fill('-')
  for (let i = s.from; i < s.to; i++) {
    const j = layout.padLeft + i - s.from
    time[j] = d.time[i]!
    if (live && i === total - 1) continue
    const o = d.open[i]!
    const c = d.close[i]!
    k[j] = [b.open[i]!, b.close[i]!, b.low[i]!, b.high[i]!]
    close[j] = c
    if (c >= o) volUp[j] = d.vol[i]!
    else volDown[j] = d.vol[i]!
    MA_PERIODS.forEach((p, m) => {
      const v = d.ma[p][i]!
      if (!Number.isNaN(v)) ma[m]![j] = v
    })
  }
  return { time, k, close, volUp, volDown, ma, layout }
}

/** Price range with 6 % air above and below (a flat range gets some too). */
export function padRange(lo: number, hi: number): [number, number] {
  const span = hi - lo || Math.abs(hi) * 0.001 || 1
  return [lo - span * 0.06, hi + span * 0.06]
}

/**
 * Whether the bars from `from` (default: the last) fit the drawn axes (else ECharts must redraw, not just the live
 * layer).
 */
export function fitsExtent(d: CandleData, e: CandleExtent, from = d.time.length - 1): boolean {
  const n = d.time.length
  if (from < 0 || from >= n) return false
  for (let i = from; i < n; i++) if (d.low[i]! < e.min || d.high[i]! > e.max || d.vol[i]! > e.volMax) return false
  return true
}

/**
 * Whether the live layer can show a change from bar `from` on while following the latest bar, without ECharts (a
 * full redraw costs 5-23 ms): the change is in the bars it draws (from `drawnTotal - 1`, the last when ECharts
 * drew), a new bar still has an empty slot on the drawn axis (one is kept free), and all of them fit the drawn ranges.
 */
export function liveLayerSuffices(d: CandleData, e: CandleExtent, drawnTotal: number, from: number): boolean {
  return from >= drawnTotal - 1 && d.time.length - drawnTotal < RIGHT_PAD && fitsExtent(d, e, drawnTotal - 1)
}

export interface CandleOptionInput {
  data: CandleData
  /** What ECharts holds, and what is in view (absolute indexes). */
  slice: CandleSpan
  view: CandleSpan
  interval: string
  theme: ChartTheme
  /** The last bar is drawn by the live layer (it is in the slice and the view follows it). */
  live?: boolean
  /** Receives the axis ranges at each draw (zoom and pan included). */
  extent?: CandleExtent
  /** The indicators shown, in order (overlays on the candles, the others in panes). */
  indicators?: readonly IndicatorRun[]
  /** How the bars are drawn (default candles) and whether the price axis is logarithmic. */
  type?: ChartType
  log?: boolean
  /** The chart's height in px: the price labels under the last-price tag are left out (none known: all shown). */
  height?: number
  /** Where the price grid begins, px: under the legend, which grows with the overlays (default CANDLE_GRID.top). */
  top?: number
}

export function buildCandleOption({
  data,
  slice,
  view,
  interval,
  theme: t,
  live = false,
  extent,
  indicators = [],
  type = 'candles',
  log = false,
  height,
  top = CANDLE_GRID.top
}: CandleOptionInput): EChartsOption {
  const total = data.time.length
  const liveBar = live && slice.to === total && total > 0
  const s = sliceData(data, slice, total, liveBar, interval, type)
  const [startValue, endValue] = viewToSlots(view, slice, total, s.layout)
  // The axes must make room for the live bar, which ECharts does not see.
  const i = total - 1
  const [liveLow, liveHigh, liveVol] = liveBar ? [data.low[i]!, data.high[i]!, data.vol[i]!] : [Infinity, -Infinity, 0]
  const out: CandleExtent = extent ?? { min: 0, max: 0, volMax: 0 }
  const finite = (x: number, y: number): number => (Number.isFinite(x) ? x : y)
  const priceRange = (v: { min: number; max: number }): [number, number] => {
    const lo = Math.min(finite(v.min, Infinity), liveLow)
    const hi = Math.max(finite(v.max, -Infinity), liveHigh)
    return Number.isFinite(lo) && Number.isFinite(hi) ? paddedRange(lo, hi, log) : [0, 1]
  }
  const axisLine = { lineStyle: { color: t.border } }
  const text = { color: t.muted, fontSize: 10, fontFamily: t.font }
  const grid = { left: CANDLE_GRID.left, right: CANDLE_GRID.right }
  const category = (gridIndex: number, labels: boolean) => ({
    type: 'category' as const,
    gridIndex,
    data: s.time,
    boundaryGap: true,
    axisLine,
    axisTick: { show: false },
    axisLabel: labels
      ? { ...text, hideOverlap: true, formatter: (v: string) => (Number(v) < 0 ? '' : timeLabel(Number(v), interval)) }
      : { show: false },
    axisPointer: {
      label: {
        show: labels,
        formatter: (p: { value: unknown }) => (Number(p.value) < 0 ? '' : timeLabel(Number(p.value), interval, true)),
        // Inside the grid, just above the time axis: over the time labels it would cover one.
        margin: -CROSS_TIME_LABEL_PX,
        padding: [2, 4],
        lineHeight: 12
      }
    }
  })
  // The crosshair's value on a price, volume or pane axis is the component's label inside the grid (the axis labels
  // sit in the gutter; ECharts would draw its label over them).
  const noValueLabel = { axisPointer: { label: { show: false } } }
  const boxes = indicatorLayout(paneRuns(indicators).length, CANDLE_GRID.priceBottom)
  const ind = { runs: indicators, slice, layout: s.layout, total, liveBar }
  const panes = paneParts(ind, boxes.panes, {
    grid,
    xAxis: (gridIndex) => category(gridIndex, false),
    yAxis: {
      position: 'right',
      splitNumber: 2,
      axisLine,
      ...noValueLabel,
      axisLabel: { ...text, formatter: compactAxis, showMinLabel: false, showMaxLabel: false, hideOverlap: true },
      splitLine: { lineStyle: { color: t.border, opacity: 0.4 } }
    }
  })
  const width = `${BAR_SHARE * 100}%`
  const lineType = type === 'line' || type === 'area'
  const lastClose = total ? data.views[total - 1]!.close : null
  const priceGridPx = height === undefined ? 0 : height * (1 - boxes.priceBottom) - top
  const logTicks = log ? logAxisLabels(s.k, startValue, endValue, [liveLow, liveHigh], priceGridPx) : []
  const underTag = (v: number): boolean =>
    lastClose !== null && priceGridPx > 0 && tagCovers(v, Number(lastClose), out, priceGridPx, log)
  // Volume bars always in large mode (one path per series instead of an element per bar: the same rectangles at a
  // fraction of the cost). Candles not: large candles are bare high-low lines.
  const bar = {
    type: 'bar' as const,
    xAxisIndex: 1,
    yAxisIndex: 1,
    barGap: '-100%',
    barWidth: width,
    large: true,
    largeThreshold: 0,
    silent: true
  }
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: t.font },
    grid: [
      { ...grid, top, bottom: `${boxes.priceBottom * 100}%` },
      { ...grid, top: `${CANDLE_GRID.volTop * 100}%`, bottom: CANDLE_GRID.bottom },
      ...panes.grid
    ],
    xAxis: [category(0, false), category(1, true), ...panes.xAxis],
    yAxis: [
      {
        type: log ? 'log' : 'value',
        logBase: 10,
        scale: true,
        position: 'right',
        // A label every ~30 px at most: a short price grid (panes below it) stacked five labels into each other.
        splitNumber: priceGridPx > 0 ? Math.max(3, Math.min(5, Math.floor(priceGridPx / 30))) : 5,
        ...noValueLabel,
        min: (v: { min: number; max: number }) => (out.min = priceRange(v)[0]),
        max: (v: { min: number; max: number }) => (out.max = priceRange(v)[1]),
        axisLine,
        axisLabel: {
          ...text,
          // No bars yet (loading, or none): no made-up prices on the axis.
          show: total > 0,
          // The round prices on a log axis lie inside its range: the first and last are labels like the others.
          showMinLabel: log,
          showMaxLabel: log,
          hideOverlap: true,
          ...(log ? { customValues: logTicks } : {}),
          // A tick label the last-price tag would cover is left out (the tag says the price more exactly).
          formatter: (v: number) => (underTag(v) ? '' : priceAxis(v))
        },
        splitLine: { lineStyle: { color: t.border, opacity: 0.6 } }
      },
      {
        gridIndex: 1,
        position: 'right',
        splitNumber: 2,
        min: 0,
        // The live bar's volume only grows: room to double, so it outgrows the axis (a full ECharts redraw, the
        // costly kind) about once a bar at most.
        max: (v: { max: number }) => (out.volMax = Math.max(finite(v.max, 0) * 1.1, liveVol * LIVE_VOL_HEADROOM) || 1),
        axisLine,
        ...noValueLabel,
        axisLabel: {
          ...text,
          show: total > 0,
          formatter: compactAxis,
          showMinLabel: false,
          showMaxLabel: false,
          hideOverlap: true
        },
        splitLine: { show: false }
      },
      ...panes.yAxis
    ] as EChartsOption['yAxis'],
    axisPointer: {
      link: [{ xAxisIndex: 'all' }],
      lineStyle: { color: t.muted, type: 'dashed' },
      label: { backgroundColor: t.border, color: t.fg, fontSize: 10 }
    },
    // The crosshair only: the component's legend shows the bar under it (updateAxisPointer), as text.
    // richText: no HTML tooltip element, whose update reads getComputedStyle (a forced style recalc) every draw.
    // Its content is shown but empty: with showContent false, ECharts (6, TooltipRichContent.getSize) throws when it
    // keeps the tip after a redraw under the pointer (a wheel zoom, a drag pan), as it never made the text element.
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      formatter: () => '',
      padding: 0,
      borderWidth: 0,
      backgroundColor: 'transparent',
      shadowBlur: 0,
      axisPointer: { type: 'cross', crossStyle: { color: t.muted } }
    },
    dataZoom: [
      {
        type: 'inside',
        xAxisIndex: [0, 1, ...panes.xAxis.map((_, j) => 2 + j)],
        startValue,
        endValue,
        minValueSpan: 10,
        zoomOnMouseWheel: true,
        moveOnMouseMove: true
      }
    ],
    series: [
      {
        id: 'k',
        type: 'candlestick',
        data: lineType ? [] : s.k,
        large: true,
        largeThreshold: 400,
        barWidth: width,
        itemStyle: candleStyle(type, t.up, t.down),
        // On a log axis the live layer (linear) does not draw: the last price is ECharts' own line and tag.
        ...(log && lastClose ? { markLine: lastPriceLine(lastClose, t) } : {})
      },
      ...(lineType
        ? [
            {
              id: 'close',
              type: 'line' as const,
              data: s.close,
              showSymbol: false,
              silent: true,
              lineStyle: { width: 1.5, color: t.ma[2] },
              itemStyle: { color: t.ma[2] },
              ...(type === 'area' ? { areaStyle: { color: t.ma[2], opacity: 0.15 } } : {})
            }
          ]
        : []),
      ...MA_PERIODS.map((p, m) => ({
        id: `ma${p}`,
        type: 'line' as const,
        data: s.ma[m]!,
        showSymbol: false,
        silent: true,
        lineStyle: { width: 1, color: t.ma[m] },
        itemStyle: { color: t.ma[m] }
      })),
      { ...bar, id: 'vUp', data: s.volUp, itemStyle: { color: t.up, opacity: 0.55 } },
      { ...bar, id: 'vDown', data: s.volDown, itemStyle: { color: t.down, opacity: 0.55 } },
      ...overlaySeries(ind),
      ...panes.series
    ] as EChartsOption['series']
  }
}

/** What the live layer draws of a bar, in data units, and its place on the axis. */
export interface LiveBar {
  slot: number
  open: number
  close: number
  low: number
  high: number
  vol: number
  up: boolean
  /** Exact text of the close, for the price label. */
  closeText: string
  /** The segment of each average ending at this bar: [slot, value] before and at it. */
  ma: ([number, number] | null)[][]
  /** The indicator panes' lines at this bar (their series end before the live bar). */
  panes: PaneSegment[]
}

/**
 * What the live layer draws: the bars from `drawnTotal - 1` (the last bar when ECharts drew, which it left out) to
 * the last, on the slots ECharts laid out for `drawnTotal` bars. Bars that came since sit in the empty slots right of
 * it (RIGHT_PAD), so a new bar needs no ECharts redraw while a slot is free. None unless the slice ends at that bar.
 */
export function liveBarsOf(
  d: CandleData,
  slice: CandleSpan,
  drawnTotal = d.time.length,
  indicators: readonly IndicatorRun[] = []
): LiveBar[] {
  const total = d.time.length
  if (drawnTotal < 1 || slice.to !== drawnTotal || total < drawnTotal) return []
  const pad = slotLayout(slice, drawnTotal).padLeft - slice.from
  const point = (p: (typeof MA_PERIODS)[number], at: number): [number, number] | null => {
    const v = d.ma[p][at]
    return at >= slice.from && v !== undefined && !Number.isNaN(v) ? [at + pad, v] : null
  }
  const out: LiveBar[] = []
  for (let i = drawnTotal - 1; i < total; i++) {
    const c = d.views[i]!
    out.push({
      slot: i + pad,
      open: d.open[i]!,
      close: d.close[i]!,
      low: d.low[i]!,
      high: d.high[i]!,
      vol: d.vol[i]!,
      up: compare(c.close, c.open) >= 0,
      closeText: num(c.close), // grouped, as the axis and the crosshair say prices
      // The overlays' segments follow the averages' (the component gives the live layer their colours after MA30's).
      ma: [
        ...MA_PERIODS.map((p) => [point(p, i - 1), point(p, i)]),
        ...overlaySegments(indicators, i, i + pad, slice.from)
      ],
      panes: paneSegments(indicators, i, i + pad, slice.from)
    })
  }
  return out
}

/** Half the last-price tag's height and half a tick label's, in px: closer than their sum, the tag covers it. */
export const TAG_CLEARANCE_PX = 8 + 7

/**
 * Whether the price tag at `close` covers the axis label of `v` on a price grid `px` high over the range `e`
 * (linear, or logarithmic with `log`).
 */
export function tagCovers(
  v: number,
  close: number,
  e: { min: number; max: number },
  px: number,
  log: boolean
): boolean {
  const span = log ? Math.log(e.max) - Math.log(e.min) : e.max - e.min
  if (!(span > 0) || (log && (v <= 0 || close <= 0))) return false
  const d = log ? Math.abs(Math.log(v) - Math.log(close)) : Math.abs(v - close)
  return (d / span) * px < TAG_CLEARANCE_PX
}

/** The last price as a dashed line with its exact text in the axis gutter (ECharts' markLine). */
function lastPriceLine(close: string, t: ChartTheme): object {
  return {
    silent: true,
    symbol: 'none',
    data: [{ yAxis: Number(close) }],
    lineStyle: { color: t.muted, type: 'dashed' },
    // In the axis' gutter as the live layer's tag (it overflowed the chart's edge).
    label: {
      position: 'end',
      distance: 2,
      fontSize: 10,
      formatter: () => num(close),
      color: t.fg,
      backgroundColor: t.border,
      padding: [2, 4]
    }
  }
}

const PRICE_AXIS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 })
/** A price tick's label as ECharts writes one (thousands grouped; float noise of the step cut at 12 digits). */
export const priceAxis = (v: number): string => PRICE_AXIS.format(+v.toPrecision(12))

/** Size axis labels: 1.2K, 3.4M, 0.0014 (drawing only). */
export function compactAxis(v: number): string {
  const a = Math.abs(v)
  return a >= 1e9
    ? `${+(v / 1e9).toFixed(1)}B`
    : a >= 1e6
      ? `${+(v / 1e6).toFixed(1)}M`
      : a >= 1e3
        ? `${+(v / 1e3).toFixed(1)}K`
        : `${+v.toPrecision(2)}`
}
