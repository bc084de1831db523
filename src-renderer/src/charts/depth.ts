// Depth chart: cumulative bid and ask sizes by price. Totals are summed exactly (@shared/decimal) and kept as text for
// the crosshair; the floats in the option are drawing coordinates only.
import type { EChartsOption } from 'echarts'
import { add } from '@shared/decimal'
import type { BookView, LevelView } from '@shared/ipc/views/market'
import { compactAxis } from './candle-option'
import type { ChartTheme } from './theme'

/** [price, cumulative size] as exact text, best level first. */
export type DepthPoint = [price: string, total: string]

export interface DepthSeries {
  bids: DepthPoint[]
  asks: DepthPoint[]
}

function cumulative(levels: readonly LevelView[], max: number): DepthPoint[] {
  const out: DepthPoint[] = []
  let total = '0'
  for (let i = 0; i < levels.length && i < max; i++) out.push([levels[i]![0], (total = add(total, levels[i]![1]))])
  return out
}

export function depthSeries(book: BookView, maxLevels = 200): DepthSeries {
  return { bids: cumulative(book.bids, maxLevels), asks: cumulative(book.asks, maxLevels) }
}

/** The point under the crosshair, exact: which side, its price and the total to it. */
export function depthAt(s: DepthSeries, seriesId: string, dataIndex: number): { side: 'bid' | 'ask'; price: string; total: string } | null {
  // Bids are drawn in ascending price, the reverse of the book's order.
  const p = seriesId === 'bids' ? s.bids[s.bids.length - 1 - dataIndex] : seriesId === 'asks' ? s.asks[dataIndex] : undefined
  return p ? { side: seriesId === 'bids' ? 'bid' : 'ask', price: p[0], total: p[1] } : null
}

/**
 * `readout` is what the crosshair reads at hover time (default: `s`); a component that later updates only the series
 * keeps it pointing at the latest ones.
 */
export function buildDepthOption(s: DepthSeries, t: ChartTheme, readout: { series: DepthSeries } = { series: s }): EChartsOption {
  const bids = s.bids.map(([p, q]) => [Number(p), Number(q)]).reverse()
  const asks = s.asks.map(([p, q]) => [Number(p), Number(q)])
  // Centre the mid price: the same price distance shown either side.
  const best = [bids[bids.length - 1]?.[0], asks[0]?.[0]]
  const mid = best[0] !== undefined && best[1] !== undefined ? (best[0] + best[1]) / 2 : undefined
  const half = mid === undefined ? undefined : Math.max(mid - (bids[0]?.[0] ?? mid), (asks[asks.length - 1]?.[0] ?? mid) - mid)
  const axisLine = { lineStyle: { color: t.border } }
  const text = { color: t.muted, fontSize: 10, fontFamily: t.font }
  const side = (id: 'bids' | 'asks', data: number[][], color: string) => ({
    id,
    type: 'line' as const,
    data,
    step: id === 'bids' ? ('start' as const) : ('end' as const),
    showSymbol: false,
    silent: true, // the crosshair (axis trigger) needs no per-point hover states
    lineStyle: { color, width: 1.5 },
    itemStyle: { color },
    areaStyle: { color, opacity: 0.18 }
  })
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: t.font },
    grid: { left: 6, right: 56, top: 10, bottom: 22 },
    xAxis: {
      type: 'value',
      scale: true,
      ...(mid !== undefined && half !== undefined && half > 0 ? { min: mid - half, max: mid + half } : {}),
      axisLine,
      axisTick: { show: false },
      // The ends are the centred range's odd bounds (and would be cut at the edge): labels inside only.
      axisLabel: { ...text, hideOverlap: true, showMinLabel: false, showMaxLabel: false },
      splitLine: { show: false }
    },
    yAxis: { type: 'value', position: 'right', splitNumber: 3, axisLine, axisLabel: { ...text, formatter: compactAxis }, splitLine: { lineStyle: { color: t.border, opacity: 0.6 } } },
    tooltip: {
      trigger: 'axis',
      // Rich text on the canvas, not HTML: the readout carries venue text.
      renderMode: 'richText',
      backgroundColor: t.bg,
      borderColor: t.border,
      textStyle: { color: t.fg, fontSize: 11 },
      axisPointer: { type: 'cross', lineStyle: { color: t.muted, type: 'dashed' }, label: { backgroundColor: t.border, color: t.fg, fontSize: 10 } },
      formatter: (params) =>
        (Array.isArray(params) ? params : [params])
          .map((p) => depthAt(readout.series, String(p.seriesId), p.dataIndex ?? -1))
          .filter((p) => p !== null)
          .map((p) => `${p.side === 'bid' ? 'Bids' : 'Asks'} ${p.price}  Σ ${p.total}`)
          .join('\n')
    },
    series: [side('bids', bids, t.up), side('asks', asks, t.down)]
  }
}
