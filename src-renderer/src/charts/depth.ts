// Depth chart: cumulative bid and ask sizes by price, as pure geometry for a plain canvas (charts/depth-draw.ts).
// Totals are summed exactly (@shared/decimal) and kept as text for the crosshair; the floats here are drawing
// coordinates only. It is drawn on every book frame, so it is kept to a path per side and a few labels (ECharts
// took ~6 ms a redraw for this; see bench/ui/README.md).
import { runningTotals } from '@shared/decimal'
import type { BookView, LevelView } from '@shared/ipc/views/market'
import { compactAxis } from './candle-option'
import { group } from '../lib/format'
import { niceStep } from './nice-step'

/** [price, cumulative size] as exact text, best level first. */
export type DepthPoint = [price: string, total: string]

export interface DepthSeries {
  bids: DepthPoint[]
  asks: DepthPoint[]
}

function cumulative(levels: readonly LevelView[], max: number): DepthPoint[] {
  const shown = levels.slice(0, max)
  const totals = runningTotals(
    shown.map((l) => l[1]),
    'qty'
  )
  return shown.map((l, i) => [l[0], totals[i]!])
}

export function depthSeries(book: BookView, maxLevels = 200): DepthSeries {
  return { bids: cumulative(book.bids, maxLevels), asks: cumulative(book.asks, maxLevels) }
}

const sameSide = (a: readonly LevelView[], b: readonly LevelView[], max: number): boolean => {
  const n = Math.min(a.length, max)
  if (n !== Math.min(b.length, max)) return false
  for (let i = 0; i < n; i++) if (a[i]![0] !== b[i]![0] || a[i]![1] !== b[i]![1]) return false
  return true
}

/**
 * Whether two books have the same levels (price and size text) as far as depthSeries reads them: a new book event
 * that changed nothing the chart shows (a level past those, a cancel and its replacement between two pushes).
 */
export function sameDepth(a: BookView, b: BookView, maxLevels = 200): boolean {
  return sameSide(a.bids, b.bids, maxLevels) && sameSide(a.asks, b.asks, maxLevels)
}

/** The point under the crosshair, exact: which side, its price and the total to it. */
export interface DepthReadout {
  side: 'bid' | 'ask'
  price: string
  total: string
}

/** Plot margins inside the canvas (CSS px): price labels below, size labels on the right. */
export const DEPTH_GRID = { left: 6, right: 56, top: 10, bottom: 22 }

export interface Tick {
  /** CSS px along the axis. */
  at: number
  label: string
}

export interface DepthGeometry {
  width: number
  height: number
  plot: { left: number; right: number; top: number; bottom: number }
  /** Price at the plot's left and right edges; the mid price is centred. */
  xMin: number
  xMax: number
  yMax: number
  /** Step outlines in CSS px, [x0, y0, x1, y1, ...], from the best level outwards. */
  bids: number[]
  asks: number[]
  xTicks: Tick[]
  yTicks: Tick[]
}

/** A round step (1, 2 or 5 times a power of ten) giving about `count` intervals over `span`. */

const decimalsOf = (step: number): number => Math.max(0, -Math.floor(Math.log10(step) + 1e-9))

function ticks(
  lo: number,
  hi: number,
  count: number,
  to: (v: number) => number,
  label: (v: number, step: number) => string
): Tick[] {
  const step = niceStep(hi - lo, count)
  const out: Tick[] = []
  for (let k = Math.ceil(lo / step); k * step <= hi + step * 1e-9 && out.length < 50; k++)
    out.push({ at: to(k * step), label: label(k * step, step) })
  return out
}

/** Lays the series out in a `width` x `height` box: mid centred, the same price distance either side. */
export function depthGeometry(s: DepthSeries, width: number, height: number): DepthGeometry {
  const plot = {
    left: DEPTH_GRID.left,
    right: width - DEPTH_GRID.right,
    top: DEPTH_GRID.top,
    bottom: height - DEPTH_GRID.bottom
  }
  const bids = s.bids.map(([p, q]) => [Number(p), Number(q)] as const)
  const asks = s.asks.map(([p, q]) => [Number(p), Number(q)] as const)
  const bestBid = bids[0]?.[0]
  const bestAsk = asks[0]?.[0]
  const lo = bids[bids.length - 1]?.[0] ?? bestAsk ?? 0
  const hi = asks[asks.length - 1]?.[0] ?? bestBid ?? 1
  const mid = bestBid !== undefined && bestAsk !== undefined ? (bestBid + bestAsk) / 2 : (lo + hi) / 2
  const half = Math.max(mid - lo, hi - mid) || Math.abs(mid) * 0.001 || 1
  const [xMin, xMax] = [mid - half, mid + half]
  const deepest = Math.max(bids[bids.length - 1]?.[1] ?? 0, asks[asks.length - 1]?.[1] ?? 0)
  const yStep = niceStep(deepest || 1, 3)
  const yMax = Math.max(yStep, Math.ceil((deepest * 1.05) / yStep) * yStep)
  const x = (p: number): number => plot.left + ((p - xMin) / (xMax - xMin)) * (plot.right - plot.left)
  const y = (q: number): number => plot.bottom - (q / yMax) * (plot.bottom - plot.top)
  // From the best level outwards: up at the best price, then across to the next level and up to its total.
  const outline = (side: (readonly [number, number])[]): number[] => {
    const pts: number[] = []
    side.forEach(([p, q], i) => {
      if (i === 0) pts.push(x(p), plot.bottom)
      else pts.push(x(p), pts[pts.length - 1]!)
      pts.push(x(p), y(q))
    })
    return pts
  }
  // Grouped as every other price on screen (64,900, not 64900).
  const xTicks = ticks(xMin, xMax, Math.max(2, Math.floor((plot.right - plot.left) / 90)), x, (v, step) =>
    group(v.toFixed(decimalsOf(step)))
  )
  // Labels inside only: the ends are the centred range's odd bounds.
  const inner = xTicks.filter((t) => t.at > plot.left + 20 && t.at < plot.right - 20)
  return {
    width,
    height,
    plot,
    xMin,
    xMax,
    yMax,
    bids: outline(bids),
    asks: outline(asks),
    xTicks: inner,
    yTicks: ticks(0, yMax, 3, y, (v) => compactAxis(v)).slice(1)
  }
}

/**
 * The point the crosshair at price `price` reads: on the bid side the deepest bid at or above it (what selling down to
 * that price meets), on the ask side the deepest ask at or below it; the best level when the price is inside the
 * spread. Exact text, from the series.
 */
export function depthReadout(s: DepthSeries, g: DepthGeometry, price: number): DepthReadout | null {
  const mid = (g.xMin + g.xMax) / 2
  const side = price < mid ? s.bids : s.asks
  if (!side.length) return null
  const reached = price < mid ? (p: number) => p >= price : (p: number) => p <= price
  let k = 0
  while (k + 1 < side.length && reached(Number(side[k + 1]![0]))) k++
  return { side: price < mid ? 'bid' : 'ask', price: side[k]![0], total: side[k]![1] }
}

/** The price under CSS px `x`. */
export const priceAt = (g: DepthGeometry, x: number): number =>
  g.xMin + ((x - g.plot.left) / (g.plot.right - g.plot.left)) * (g.xMax - g.xMin)
