// Data coordinates (bar time, price) <-> the plot's pixels, as ECharts drew the candle chart last: what places a
// drawing's shapes and turns a press into a drawing's point. The x axis is in slots (charts/candles.ts slotLayout);
// the price axis is read through charts/price-axis.ts.
import type { DrawingPoint } from '@shared/ipc/schemas/preferences-drawings'
import type { EChartsType } from '../echarts'
import { slotLayout, type CandleData, type CandleSpan } from '../candles'
import { priceAtRow, priceGridBox, rowOfValue } from '../price-axis'
import { barPosition, magnetPrice, timeAt } from './geometry'
import type { Axes } from './shapes'

/** The bars and the slots ECharts last drew them in. */
export interface DrawnAxes {
  data: CandleData
  slice: CandleSpan
  drawnTotal: number
}

export interface Mapping extends Axes {
  /** Slot pixel of slot 0 and the width of one slot. */
  x0: number
  step: number
  layout: { padLeft: number }
  slice: CandleSpan
  priceAt(y: number): string | null
  rowOf(v: number): number
}

/** The mapping at the last draw, or null before there are bars and axes. */
export function drawingMapping(
  c: EChartsType,
  { data, slice, drawnTotal }: DrawnAxes,
  barSeconds: number,
  decimals: number
): Mapping | null {
  if (!data.time.length) return null
  const layout = slotLayout(slice, drawnTotal)
  const x0 = Number(c.convertToPixel({ xAxisIndex: 0 }, 0))
  const step = Number(c.convertToPixel({ xAxisIndex: 0 }, 1)) - x0
  if (!Number.isFinite(x0) || !Number.isFinite(step) || step <= 0) return null
  const rowOf = (v: number): number => rowOfValue(c, v)
  return {
    data,
    slice,
    layout,
    x0,
    step,
    barSeconds,
    decimals,
    box: priceGridBox(c),
    xOf: (time) => x0 + (layout.padLeft + barPosition(data, time, barSeconds) - slice.from) * step,
    yOf: (price) => rowOf(Number(price)),
    rowOf,
    priceAt: (y) => priceAtRow(c, y, decimals)
  }
}

/** What the shapes depend on: while it is the same, the shapes drawn last still stand. */
export const mappingKey = (m: Mapping): unknown[] => [
  m.x0,
  m.step,
  m.rowOf(1),
  m.rowOf(10),
  m.slice.from,
  m.layout.padLeft,
  m.data.time.length,
  m.box
]

/** The bar (index, extrapolated either side) under a pixel column. */
export const barAt = (m: Mapping, x: number): number =>
  Math.round((x - m.x0) / m.step) - m.layout.padLeft + m.slice.from

/** The data point under a pixel: the bar's open time and the price on the tick (the magnet: the bar's nearest OHLC). */
export function pointAt(m: Mapping, x: number, y: number, snap: boolean): DrawingPoint | null {
  const bar = barAt(m, x)
  const p = (snap && magnetPrice(m.data, bar, y, m.rowOf)) || m.priceAt(y)
  return p ? { t: timeAt(m.data, bar, m.barSeconds), p } : null
}

/** Whether a plot pixel is on the price grid (drawings' points live there only). */
export const onGrid = (m: Mapping, p: { x: number; y: number }): boolean =>
  p.x >= m.box.x && p.x <= m.box.x + m.box.w && p.y >= m.box.y && p.y <= m.box.y + m.box.h
