// The indicators' part of the candle chart's option: overlays as series on the price axis, each pane indicator in a
// grid of its own between the candles and the volume, and the layout that makes room for the panes. Pure, like
// candle-option.ts: runs (indicators/indicator-series.ts) in, ECharts shapes out. Drawing only.
import type { CandleSpan, SlotLayout } from './candles'
import type { IndicatorRun } from '../indicators/indicator-series'

/** Share of the chart's height one pane takes at most, and all panes together. */
const PANE_SHARE = 0.14
const PANES_SHARE = 0.42

export interface PaneBox {
  /** Top and bottom of the pane's grid, as a share of the chart's height from the top. */
  top: number
  bottom: number
}

export interface IndicatorLayout {
  /** Where the price grid ends, as a share of the height from the bottom. */
  priceBottom: number
  panes: PaneBox[]
}

/**
 * Panes stacked above the volume, each PANE_SHARE high until together they would pass PANES_SHARE; `priceBottom` is
 * where the price grid ends without panes (CANDLE_GRID.priceBottom).
 */
export function indicatorLayout(panes: number, priceBottom: number): IndicatorLayout {
  const h = panes ? Math.min(PANE_SHARE, PANES_SHARE / panes) : 0
  const base = 1 - priceBottom // where the volume's room begins (from the top)
  const out: PaneBox[] = []
  for (let j = 0; j < panes; j++) {
    const bottom = base - (panes - 1 - j) * h
    out.push({ top: bottom - h + 0.02, bottom })
  }
  return { priceBottom: priceBottom + panes * h, panes: out }
}

export const paneRuns = (runs: readonly IndicatorRun[]): IndicatorRun[] => runs.filter((r) => r.def.place === 'pane')
export const overlayRuns = (runs: readonly IndicatorRun[]): IndicatorRun[] =>
  runs.filter((r) => r.def.place === 'overlay')

/** A line's values on the axis slots ('-': no value), bars from `upTo` on left out (the live layer's). */
function column(line: readonly number[], s: CandleSpan, layout: SlotLayout, upTo: number): (number | '-')[] {
  const out = new Array<number | '-'>(layout.count).fill('-')
  for (let i = s.from; i < Math.min(s.to, upTo); i++) {
    const v = line[i]
    if (v !== undefined && !Number.isNaN(v)) out[layout.padLeft + i - s.from] = v
  }
  return out
}

interface SeriesInput {
  runs: readonly IndicatorRun[]
  slice: CandleSpan
  layout: SlotLayout
  total: number
  /** The live layer draws the last bar: overlays leave it to it (their segment to it is drawn there). */
  liveBar: boolean
}

/** Overlay series on the price grid (axes 0). */
export function overlaySeries({ runs, slice, layout, total, liveBar }: SeriesInput): object[] {
  const upTo = liveBar ? total - 1 : total
  return overlayRuns(runs).flatMap((r, n) =>
    r.def.lines.map((_, k) => {
      const colour = r.setting.colours[k]!
      const dots = r.def.styles?.[k] === 'dots'
      return {
        id: `ind${n}o${k}`,
        type: 'line' as const,
        data: column(r.lines[k]!, slice, layout, upTo),
        xAxisIndex: 0,
        yAxisIndex: 0,
        silent: true,
        showSymbol: dots,
        symbol: 'circle',
        symbolSize: 3,
        lineStyle: { width: 1, color: colour, opacity: dots ? 0 : 1 },
        itemStyle: { color: colour }
      }
    })
  )
}

/**
 * The panes' grids, axes and series; their axes follow the two of the candles and volume (indexes from 2). Like the
 * overlays, a pane leaves the live bar to the live layer (paneSegments), so its line's end moves with each tick.
 */
export function paneParts(
  { runs, slice, layout, total, liveBar }: SeriesInput,
  boxes: readonly PaneBox[],
  base: { grid: object; xAxis: (gridIndex: number) => object; yAxis: object }
): { grid: object[]; xAxis: object[]; yAxis: object[]; series: object[] } {
  const panes = paneRuns(runs)
  const grid = panes.map((_, j) => ({
    ...base.grid,
    top: `${boxes[j]!.top * 100}%`,
    bottom: `${(1 - boxes[j]!.bottom) * 100}%`
  }))
  const xAxis = panes.map((_, j) => base.xAxis(2 + j))
  const yAxis = panes.map((r, j) => {
    // The live bar's values (drawn by the live layer, not in the series) are kept within the pane's range.
    const live = liveBar ? r.lines.map((l) => l[total - 1]!).filter((v) => Number.isFinite(v)) : []
    const fit = (v: number, f: (...xs: number[]) => number): number => f(...(Number.isFinite(v) ? [v] : []), ...live)
    return {
      ...base.yAxis,
      gridIndex: 2 + j,
      ...(r.def.range
        ? { min: r.def.range[0], max: r.def.range[1], scale: false }
        : live.length
          ? {
              scale: true,
              min: (v: { min: number }) => fit(v.min, Math.min),
              max: (v: { max: number }) => fit(v.max, Math.max)
            }
          : { scale: true })
    }
  })
  const series = panes.flatMap((r, j) =>
    r.def.lines.map((_, k) => {
      const colour = r.setting.colours[k]!
      const data = column(r.lines[k]!, slice, layout, liveBar ? total - 1 : total)
      const at = { id: `ind${j}p${k}`, xAxisIndex: 2 + j, yAxisIndex: 2 + j, silent: true, data }
      return r.def.styles?.[k] === 'bars'
        ? { ...at, type: 'bar' as const, large: true, largeThreshold: 0, itemStyle: { color: colour, opacity: 0.6 } }
        : {
            ...at,
            type: 'line' as const,
            showSymbol: false,
            lineStyle: { width: 1, color: colour },
            itemStyle: { color: colour }
          }
    })
  )
  return { grid, xAxis, yAxis, series }
}

/**
 * The overlays' segments to the bars the live layer draws, after the averages' (LiveBar.ma), with their colours:
 * for bar `i`, each overlay line's [slot, value] at `i - 1` and at `i` (null where there is none).
 */
export function overlaySegments(
  runs: readonly IndicatorRun[],
  i: number,
  slot: number,
  from: number
): ([number, number] | null)[][] {
  const point = (line: readonly number[], at: number, s: number): [number, number] | null => {
    const v = line[at]
    return at >= from && v !== undefined && !Number.isNaN(v) ? [s, v] : null
  }
  return overlayRuns(runs).flatMap((r) =>
    r.def.lines.flatMap((_, k) =>
      r.def.styles?.[k] === 'dots' ? [] : [[point(r.lines[k]!, i - 1, slot - 1), point(r.lines[k]!, i, slot)]]
    )
  )
}

/** A pane line's part at one bar the live layer draws: a segment from the bar before, or a histogram bar. */
export interface PaneSegment {
  /** The pane (0: the first below the candles; its axes are 2 + pane). */
  pane: number
  colour: string
  bars: boolean
  /** [slot, value] at `i - 1` (null: none; a histogram bar has none) and at `i` (null: no value at this bar). */
  from: [number, number] | null
  to: [number, number] | null
}

/** Each pane line's part at bar `i` (on `slot`), for the live layer: what the pane series leave out (paneParts). */
export function paneSegments(runs: readonly IndicatorRun[], i: number, slot: number, from: number): PaneSegment[] {
  const point = (line: readonly number[], at: number, s: number): [number, number] | null => {
    const v = line[at]
    return at >= from && v !== undefined && !Number.isNaN(v) ? [s, v] : null
  }
  return paneRuns(runs).flatMap((r, pane) =>
    r.def.lines.map((_, k) => {
      const bars = r.def.styles?.[k] === 'bars'
      const line = r.lines[k]!
      return {
        pane,
        colour: r.setting.colours[k]!,
        bars,
        from: bars ? null : point(line, i - 1, slot - 1),
        to: point(line, i, slot)
      }
    })
  )
}

/** The colours of overlaySegments' lines, in the same order. */
export function overlaySegmentColours(runs: readonly IndicatorRun[]): string[] {
  return overlayRuns(runs).flatMap((r) => r.setting.colours.filter((_, k) => r.def.styles?.[k] !== 'dots'))
}

export interface IndicatorLegend {
  kind: IndicatorRun['setting']['kind']
  /** The parameters as the legend shows them after the name: `20, 2`. */
  params: string
  pane: boolean
  values: { colour: string; text: string }[]
}

/** A value as the legend writes it: an overlay like the prices (`places`), a pane's in 2 places or compact. */
function valueText(v: number | undefined, places: number, pane: boolean): string {
  if (v === undefined || Number.isNaN(v)) return '—'
  return pane ? (Math.abs(v) >= 1e4 ? compactValue(v) : v.toFixed(2)) : v.toFixed(places)
}
const compactValue = (v: number): string =>
  Math.abs(v) >= 1e9
    ? `${+(v / 1e9).toFixed(2)}B`
    : Math.abs(v) >= 1e6
      ? `${+(v / 1e6).toFixed(2)}M`
      : `${+(v / 1e3).toFixed(2)}K`

/** Each indicator's values at bar `i` (the one under the crosshair, or the last) for the legends. */
export function indicatorLegends(runs: readonly IndicatorRun[], i: number, places: number): IndicatorLegend[] {
  return runs.map((r) => ({
    kind: r.setting.kind,
    params: r.setting.params.join(', '),
    pane: r.def.place === 'pane',
    values: r.def.lines.map((_, k) => ({
      colour: r.setting.colours[k]!,
      text: valueText(r.lines[k]![i], places, r.def.place === 'pane')
    }))
  }))
}
