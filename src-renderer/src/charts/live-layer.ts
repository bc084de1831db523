// The candle chart's live layer: the last bar (body, wick, volume, the averages' last segments) and the last-price
// line, drawn as a few zrender shapes on a canvas layer of their own (zlevel 1). A tick moves these shapes and
// repaints that layer only, in well under a millisecond; ECharts itself (the history, a ~10 ms redraw) runs again
// only when a bar is added, the live bar leaves the drawn axis range, or the view changes.
import { graphic } from 'echarts/core'
import { BAR_SHARE, CANDLE_GRID, type LiveBar } from './candle-option'
import type { EChartsType } from './echarts'
import type { ChartTheme } from './theme'

const Z = { zlevel: 1, z: 10, silent: true }

export interface LiveLayer {
  /** Draws `bar` (null: hides it); the price line shows while the close is within the axis range. */
  draw(bar: LiveBar | null, theme: ChartTheme, showBar: boolean): void
}

export function createLiveLayer(chart: EChartsType): LiveLayer {
  const wick = new graphic.Line({ ...Z, shape: { x1: 0, y1: 0, x2: 0, y2: 0 } })
  const body = new graphic.Rect({ ...Z, shape: { x: 0, y: 0, width: 0, height: 0 } })
  const vol = new graphic.Rect({ ...Z, shape: { x: 0, y: 0, width: 0, height: 0 } })
  const ma = [0, 1, 2].map(() => new graphic.Polyline({ ...Z, shape: { points: [] } }))
  const line = new graphic.Line({ ...Z, shape: { x1: 0, y1: 0, x2: 0, y2: 0 } })
  const label = new graphic.Text({ ...Z, z: 11 })
  const shapes = [wick, body, vol, ...ma, line, label]
  const zr = chart.getZr()
  for (const s of shapes) zr.add(s)

  const px = (finder: { xAxisIndex?: number; yAxisIndex?: number }, v: number): number => {
    const p = chart.convertToPixel(finder, v) as number | number[]
    return Array.isArray(p) ? p[0]! : p
  }

  return {
    draw(bar, t, showBar) {
      const w = chart.getWidth()
      const h = chart.getHeight()
      const left = CANDLE_GRID.left
      const right = w - CANDLE_GRID.right
      const top = CANDLE_GRID.top
      const bottom = h * (1 - CANDLE_GRID.priceBottom)
      for (const s of shapes) s.hide()
      if (bar) {
        const y = (v: number): number => px({ yAxisIndex: 0 }, v)
        const x = (slot: number): number => px({ xAxisIndex: 0 }, slot)
        const cx = x(bar.slot)
        const band = Math.abs(x(bar.slot + 1) - cx) || 8
        const half = Math.max(0.5, (band * BAR_SHARE) / 2)
        const color = bar.up ? t.up : t.down
        if (showBar && cx >= left && cx <= right) {
          const yo = y(bar.open)
          const yc = y(bar.close)
          wick.setShape({ x1: Math.round(cx) + 0.5, y1: y(bar.high), x2: Math.round(cx) + 0.5, y2: y(bar.low) })
          wick.setStyle({ stroke: color, lineWidth: 1 })
          body.setShape({ x: cx - half, y: Math.min(yo, yc), width: half * 2, height: Math.max(1, Math.abs(yo - yc)) })
          body.setStyle({ fill: color })
          const v0 = px({ yAxisIndex: 1 }, 0)
          const v1 = px({ yAxisIndex: 1 }, bar.vol)
          vol.setShape({ x: cx - half, y: Math.min(v0, v1), width: half * 2, height: Math.abs(v0 - v1) })
          vol.setStyle({ fill: color, opacity: 0.55 })
          bar.ma.forEach(([a, b], k) => {
            if (!b) return
            const points = (a ? [a, b] : [b, b]).map(([s, v]) => [x(s), y(v)])
            ma[k]!.setShape({ points })
            ma[k]!.setStyle({ stroke: t.ma[k], lineWidth: 1, fill: 'none' })
            ma[k]!.show()
          })
          for (const s of [wick, body, vol]) s.show()
        }
        const yl = y(bar.close)
        if (yl >= top && yl <= bottom) {
          const yy = Math.round(yl) + 0.5
          line.setShape({ x1: left, y1: yy, x2: right, y2: yy })
          line.setStyle({ stroke: color, lineWidth: 1, lineDash: [4, 3], opacity: 0.8 })
          label.setStyle({ text: bar.closeText, x: right + 2, y: yy, verticalAlign: 'middle', fill: '#fff', backgroundColor: color, padding: [2, 4], borderRadius: 2, fontSize: 10, fontFamily: t.font })
          line.show()
          label.show()
        }
      }
      zr.refreshImmediately()
    }
  }
}
