// The candle chart's live layer: the last bar (body, wick, volume, the averages' and overlays' last segments, the
// indicator panes' last segments and histogram bars), the bars that came
// after ECharts last drew (in the axis' empty slots on the right), and the last-price line with its label, drawn on a
// plain canvas laid over the ECharts canvas. A tick clears and redraws that canvas
// alone: neither ECharts (the history, a full redraw: see bench/ui/README.md) nor zrender (whose refresh walks every
// element of the chart) runs for it. ECharts redraws only when the empty slots are used up, a live bar
// leaves the drawn axis range, or the view changes; the component then calls axesChanged().
import { BAR_SHARE, CANDLE_GRID, type LiveBar } from './candle-option'
import { indicatorLayout, type PaneSegment } from './candle-indicators'
import type { EChartsType } from './echarts'
import type { ChartTheme } from './theme'

export interface LiveLayer {
  /**
   * Draws `bars` (oldest first; none: clears); the price line (the last bar's close) shows while within the axis range.
   * `panes`: how many indicator panes the chart lays out (their segments are clipped to their grids); `top`: where
   * the price grid begins (under the legend).
   */
  draw(bars: readonly LiveBar[], theme: ChartTheme, showBars: boolean, panes?: number, top?: number): void
  /** ECharts drew new axes (new data, zoom, size): the pixel mapping is read again at the next draw. */
  axesChanged(): void
}

type Finder = { xAxisIndex?: number; yAxisIndex?: number }
/** value -> pixel, linear: v * k + c. */
interface Map1 {
  k: number
  c: number
}

export function createLiveLayer(chart: EChartsType, canvas: HTMLCanvasElement): LiveLayer {
  const ctx = canvas.getContext('2d')
  let maps: { x: Map1; y: Map1; vol: Map1; panes: Map1[] } | null = null
  const px = (finder: Finder, v: number): number => {
    const p = chart.convertToPixel(finder, v) as number | number[]
    return Array.isArray(p) ? p[0]! : p
  }
  // The axes are linear (category slots, price, volume): two conversions each, once per ECharts draw.
  const linear = (finder: Finder, a: number, b: number): Map1 => {
    const pa = px(finder, a)
    const k = (px(finder, b) - pa) / (b - a)
    return { k, c: pa - a * k }
  }

  return {
    axesChanged() {
      maps = null
    },
    draw(bars, t, showBars, panes = 0, top = CANDLE_GRID.top) {
      if (!ctx) return
      const w = chart.getWidth()
      const h = chart.getHeight()
      const dpr = globalThis.devicePixelRatio || 1
      if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
        canvas.width = Math.round(w * dpr)
        canvas.height = Math.round(h * dpr)
        maps = null
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
      ctx.clearRect(0, 0, w, h)
      const bar = bars[bars.length - 1]
      if (!bar) return
      if (maps && maps.panes.length !== panes) maps = null
      maps ??= {
        x: linear({ xAxisIndex: 0 }, 0, 1),
        y: linear({ yAxisIndex: 0 }, 0, 1),
        vol: linear({ yAxisIndex: 1 }, 0, 1),
        panes: Array.from({ length: panes }, (_, j) => linear({ yAxisIndex: 2 + j }, 0, 1))
      }
      const m = maps
      const x = (slot: number): number => slot * m.x.k + m.x.c
      const y = (v: number): number => v * m.y.k + m.y.c
      const left = CANDLE_GRID.left
      const right = w - CANDLE_GRID.right
      const bottom = h * (1 - CANDLE_GRID.priceBottom)
      const half = Math.max(0.5, ((Math.abs(m.x.k) || 8) * BAR_SHARE) / 2)
      const paneBoxes = indicatorLayout(panes, CANDLE_GRID.priceBottom).panes
      /** A pane line's part, clipped to its pane's grid (the pane's range was set without the live bar's growth). */
      const paneDraw = (p: PaneSegment): void => {
        const pm = m.panes[p.pane]
        const box = paneBoxes[p.pane]
        if (!pm || !box || !p.to) return
        const py = (v: number): number => v * pm.k + pm.c
        ctx.save()
        ctx.beginPath()
        ctx.rect(left, box.top * h, right - left, (box.bottom - box.top) * h)
        ctx.clip()
        if (p.bars) {
          ctx.globalAlpha = 0.6
          ctx.fillStyle = p.colour
          const y0 = pm.c
          const y1 = py(p.to[1])
          ctx.fillRect(x(p.to[0]) - half, Math.min(y0, y1), half * 2, Math.abs(y1 - y0))
        } else {
          const [a, c] = p.from ? [p.from, p.to] : [p.to, p.to]
          ctx.strokeStyle = p.colour
          ctx.beginPath()
          ctx.moveTo(x(a[0]), py(a[1]))
          ctx.lineTo(x(c[0]), py(c[1]))
          ctx.stroke()
        }
        ctx.restore()
      }
      for (const b of showBars ? bars : []) {
        const cx = x(b.slot)
        if (cx < left || cx > right) continue
        const yo = y(b.open)
        const yc = y(b.close)
        const color = b.up ? t.up : t.down
        ctx.fillStyle = color
        ctx.fillRect(Math.round(cx), Math.min(y(b.high), y(b.low)), 1, Math.abs(y(b.high) - y(b.low)))
        ctx.fillRect(cx - half, Math.min(yo, yc), half * 2, Math.max(1, Math.abs(yo - yc)))
        const v0 = m.vol.c
        const v1 = b.vol * m.vol.k + m.vol.c
        ctx.globalAlpha = 0.55
        ctx.fillRect(cx - half, Math.min(v0, v1), half * 2, Math.abs(v0 - v1))
        ctx.globalAlpha = 1
        ctx.lineWidth = 1
        b.ma.forEach(([a, c], k) => {
          if (!c) return
          const [p, q] = a ? [a, c] : [c, c]
          ctx.strokeStyle = t.ma[k] ?? color
          ctx.beginPath()
          ctx.moveTo(x(p[0]), y(p[1]))
          ctx.lineTo(x(q[0]), y(q[1]))
          ctx.stroke()
        })
        b.panes.forEach(paneDraw)
      }
      const color = bar.up ? t.up : t.down
      const yl = y(bar.close)
      if (yl >= top && yl <= bottom) {
        const yy = Math.round(yl) + 0.5
        ctx.strokeStyle = color
        ctx.globalAlpha = 0.8
        ctx.setLineDash([4, 3])
        ctx.beginPath()
        ctx.moveTo(left, yy)
        ctx.lineTo(right, yy)
        ctx.stroke()
        ctx.setLineDash([])
        ctx.globalAlpha = 1
        ctx.font = `10px ${t.font}`
        const tw = ctx.measureText(bar.closeText).width + 8
        ctx.fillStyle = color
        ctx.beginPath()
        ctx.roundRect(right + 2, yy - 8, tw, 16, 2)
        ctx.fill()
        ctx.fillStyle = '#fff'
        ctx.textBaseline = 'middle'
        ctx.textAlign = 'left'
        ctx.fillText(bar.closeText, right + 6, yy)
      }
    }
  }
}
