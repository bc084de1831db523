// The candle chart's price axis as ECharts laid it out at its last draw: a price's row and a row's price on the tick,
// and the price grid's box. One place for the chart's overlays (drawings, order drags, the own-state layer), so they
// all read the axis the same way.
import type { EChartsType } from './echarts'
import { snapPrice } from './order-drag'

/** The plot's row (px from its top) of a value on the price axis; NaN when the chart has no axis yet. */
export const rowOfValue = (c: EChartsType, v: number): number => Number(c.convertToPixel({ yAxisIndex: 0 }, v))

/** The price at a row, snapped to the tick (`decimals`), or null off the axis or at or below zero. */
export const priceAtRow = (c: EChartsType, y: number, decimals: number): string | null =>
  snapPrice(Number(c.convertFromPixel({ yAxisIndex: 0 }, y)), decimals)

export interface GridBox {
  x: number
  y: number
  w: number
  h: number
}

/** The price grid's box (grid 0 holds the candles), or the whole chart before ECharts laid it out. */
export function priceGridBox(c: EChartsType): GridBox {
  const model = (c as unknown as { getModel?: () => { getComponent(n: string, i: number): unknown } }).getModel?.()
  const grid = model?.getComponent('grid', 0) as
    { coordinateSystem?: { getRect(): { x: number; y: number; width: number; height: number } } } | undefined
  const r = grid?.coordinateSystem?.getRect()
  return r ? { x: r.x, y: r.y, w: r.width, h: r.height } : { x: 0, y: 0, w: c.getWidth(), h: c.getHeight() }
}
