// The candle chart's legend as tall as its lines (an overlay added, or a narrow chart, wraps more of them: a fixed
// three lines cut them off). The price grid begins under them while it keeps MIN_PRICE_GRID px; past that, the
// lines lie over the plot's top (as TradingView's do), never over the axis labels. It grows at once and shrinks only
// back at the last bar, so the grid does not jump under the crosshair as the figures' widths change.
import { onBeforeUnmount, ref, watch, type Ref } from 'vue'
import { indicatorLayout } from './candle-indicators'
import { CANDLE_GRID } from './candle-option'

const MIN_PRICE_GRID = 120

export interface LegendFit {
  /** Where the price grid begins, px from the chart's top. */
  top: number
  /** The legend box's height, px. */
  height: number
}

/**
 * The fit of `linesPx` of legend lines in a chart `chartPx` high with `panes` indicator panes; null to keep `was`
 * (a shrink while the crosshair is on a bar).
 */
export function legendFit(
  linesPx: number,
  chartPx: number,
  panes: number,
  was: LegendFit,
  hovering: boolean
): LegendFit | null {
  const area = chartPx * (1 - indicatorLayout(panes, CANDLE_GRID.priceBottom).priceBottom)
  const lines = Math.ceil(linesPx)
  const top = Math.max(CANDLE_GRID.top, Math.min(lines + 4, area - MIN_PRICE_GRID))
  const height = Math.max(CANDLE_GRID.top - 4, Math.min(lines, area / 2))
  if (top < was.top && hovering) return null
  return { top, height }
}

/**
 * Watches the legend's lines (`lines`, the element the template binds) in the plot `plot`; `moved` is told when the
 * grid's top changed (the chart draws again in full).
 */
export function useLegendFit(o: {
  plot: Ref<HTMLElement | null>
  panes: () => number
  hovering: () => boolean
  moved: () => void
}): { lines: Ref<HTMLElement | null>; fit: Ref<LegendFit> } {
  const lines = ref<HTMLElement | null>(null)
  const fit = ref<LegendFit>({ top: CANDLE_GRID.top, height: CANDLE_GRID.top - 4 })
  const resize = new ResizeObserver(([e]) => {
    const chartPx = o.plot.value?.clientHeight ?? 0
    if (!e || !chartPx) return
    const next = legendFit(e.contentRect.height, chartPx, o.panes(), fit.value, o.hovering())
    if (!next) return
    const moved = next.top !== fit.value.top
    fit.value = next
    if (moved) o.moved()
  })
  watch(lines, (now, before) => {
    if (before) resize.unobserve(before)
    if (now) resize.observe(now)
  })
  onBeforeUnmount(() => resize.disconnect())
  return { lines, fit }
}
