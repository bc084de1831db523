// The candle chart's types and log scale in its option: filled and hollow candles, Heikin-Ashi bars by their
// definition, a line or an area of the closes, and a log price axis with multiplicative air and its own last-price
// line (the live layer maps prices linearly, so it stays out); which of them the live layer may draw; the price
// labels the last-price tag would cover left out.
import { describe, expect, it } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import { buildCandleOption, priceAxis, tagCovers } from '../../../src-renderer/src/charts/candle-option'
import {
  heikinAshi,
  liveLayerDraws,
  logAxisLabels,
  type ChartType
} from '../../../src-renderer/src/charts/candle-types'
import { candleData, latestSpan, sliceFor } from '../../../src-renderer/src/charts/candles'
import { FALLBACK_THEME } from '../../../src-renderer/src/charts/theme'

const bar = (i: number, o: string, h: string, l: string, c: string): CandleView => ({
  id: 1_700_000_000 + i * 60,
  open: o,
  high: h,
  low: l,
  close: c,
  vol: '1',
  amount: null
})
const BARS = [bar(0, '10', '14', '8', '12'), bar(1, '12', '13', '9', '10'), bar(2, '10', '16', '10', '15')]

type Series = { id: string; type: string; data: unknown[]; itemStyle?: object; areaStyle?: object; markLine?: object }
type Axis = { type?: string; min: (v: { min: number; max: number }) => number; max: (v: object) => number }
function option(type: ChartType, log = false) {
  const data = candleData(BARS)
  const view = latestSpan(3)
  const o = buildCandleOption({
    data,
    view,
    slice: sliceFor(view, 3),
    interval: '1min',
    theme: FALLBACK_THEME,
    type,
    log
  })
  const series = o.series as Series[]
  const k = series.find((s) => s.id === 'k')!
  const candles = k.data.filter((x) => Array.isArray(x) && x[0] !== '-') as number[][]
  return { o, series, k, candles, close: series.find((s) => s.id === 'close'), yAxis: (o.yAxis as Axis[])[0]! }
}

describe('chart types', () => {
  it('candles: the bars as they are, filled both ways', () => {
    const { k, candles } = option('candles')
    expect(candles).toEqual([
      [10, 12, 8, 14],
      [12, 10, 9, 13],
      [10, 15, 10, 16]
    ])
    expect(k.itemStyle).toMatchObject({ color: FALLBACK_THEME.up, color0: FALLBACK_THEME.down })
  })
  it('hollow candles: rising bars outlined, falling ones filled', () => {
    expect(option('hollow').k.itemStyle).toEqual({
      color: 'transparent',
      color0: FALLBACK_THEME.down,
      borderColor: FALLBACK_THEME.up,
      borderColor0: FALLBACK_THEME.down
    })
  })
  it('Heikin-Ashi: close the mean of OHLC, open the middle of the previous HA body, wicks to the extremes', () => {
    // Worked by hand: HA1 close (10+14+8+12)/4 = 11, open (10+12)/2 = 11; HA2 close 11, open (11+11)/2 = 11, high
    // max(13, 11, 11) = 13, low 9; HA3 close (10+16+10+15)/4 = 12.75, open 11, high 16, low 10.
    expect(option('heikinAshi').candles).toEqual([
      [11, 11, 8, 14],
      [11, 11, 9, 13],
      [11, 12.75, 10, 16]
    ])
    const ha = heikinAshi(candleData(BARS))
    expect(ha.close).toEqual([11, 11, 12.75])
  })
  it('line and area: the closes as one line (an area under it), no candles', () => {
    for (const type of ['line', 'area'] as const) {
      const { k, close } = option(type)
      expect(k.data).toEqual([])
      expect(close!.data.filter((x) => x !== '-')).toEqual([12, 10, 15])
      expect(close!.areaStyle !== undefined).toBe(type === 'area')
    }
    expect(option('candles').close).toBeUndefined()
  })
  it('only filled candles on a linear axis are left to the live layer', () => {
    expect(liveLayerDraws('candles', false)).toBe(true)
    for (const type of ['hollow', 'heikinAshi', 'line', 'area'] as const)
      expect(liveLayerDraws(type, false)).toBe(false)
    expect(liveLayerDraws('candles', true)).toBe(false)
  })
})

describe('log scale', () => {
  it('a log price axis with air of its log span, and the last price as ECharts’ own line with its exact text', () => {
    const { yAxis, k } = option('candles', true)
    expect(yAxis.type).toBe('log')
    // 6 % of the log span: (16 / 8) ** 0.06 either side (a flat 1.06 squeezed a day's range into a third).
    expect(yAxis.min({ min: 8, max: 16 })).toBeCloseTo(8 / 2 ** 0.06, 10)
    expect(yAxis.max({ min: 8, max: 16 })).toBeCloseTo(16 * 2 ** 0.06, 10)
    // Round prices inside the view are its labels (ECharts' log ticks are powers of ten only: none in a day).
    const labels = (yAxis as unknown as { axisLabel: { customValues: number[] } }).axisLabel.customValues
    expect(labels.length).toBeGreaterThan(0)
    for (const v of labels) expect(Number.isInteger(v)).toBe(true)
    expect(k.markLine).toMatchObject({ data: [{ yAxis: 15 }] })
    const label = (k.markLine as { label: { formatter: () => string } }).label
    expect(label.formatter()).toBe('15')
  })
  it('labels round prices of the bars in view, a label every 32 px at least; none without a bar', () => {
    const k: (number | '-')[][] = [
      ['-', '-', '-', '-'],
      [64000, 65000, 63500, 65100],
      [65000, 65500, 64900, 65600]
    ]
    expect(logAxisLabels(k, 0, 2, [Infinity, -Infinity], 100)).toEqual([64000, 65000])
    expect(logAxisLabels(k, 0, 2, [Infinity, -Infinity], 200)).toEqual([63500, 64000, 64500, 65000, 65500])
    expect(logAxisLabels(k, 0, 1, [Infinity, 70000], 100)).toEqual([65000, 70000]) // the live bar's high widens it
    expect(logAxisLabels([['-', '-', '-', '-']], 0, 0, [Infinity, -Infinity], 100)).toEqual([])
  })
  it('a linear axis keeps its air by a share of the span and no ECharts last-price line', () => {
    const { yAxis, k } = option('candles')
    expect(yAxis.type).toBe('value')
    expect(yAxis.min({ min: 8, max: 16 })).toBeCloseTo(8 - 8 * 0.06, 10)
    expect(k.markLine).toBeUndefined()
  })
})

describe('the last-price tag and the price labels', () => {
  it('a tick label the tag would cover is left out, the others are written as ECharts writes them', () => {
    const data = candleData(BARS)
    const view = latestSpan(3)
    const extent = { min: 0, max: 0, volMax: 0 }
    const o = buildCandleOption({
      data,
      view,
      slice: sliceFor(view, 3),
      interval: '1min',
      theme: FALLBACK_THEME,
      extent,
      height: 300
    })
    const y = (o.yAxis as { min: (v: object) => number; max: (v: object) => number; axisLabel: object }[])[0]!
    // ECharts reads the range first (the callbacks fill the extent), then writes the labels.
    y.min({ min: 8, max: 16 })
    y.max({ min: 8, max: 16 })
    const label = (y.axisLabel as { formatter: (v: number) => string }).formatter
    // The grid is 300 * (1 - 0.26) - 49 = 173 px for 8.96 of price: 15 px is 0.78 of price around the close (15).
    expect(label(15)).toBe('')
    expect(label(14.5)).toBe('')
    expect(label(14)).toBe('14')
    expect(label(10)).toBe('10')
    expect(tagCovers(16.2, 15, { min: 7.5, max: 17 }, 173, false)).toBe(false)
    expect(tagCovers(15.5, 15, { min: 7.5, max: 17 }, 173, false)).toBe(true)
    // On a log axis the distance is in log space.
    expect(tagCovers(15.5, 15, { min: 7.5, max: 17 }, 173, true)).toBe(true)
    expect(tagCovers(11, 15, { min: 7.5, max: 17 }, 173, true)).toBe(false)
    expect(priceAxis(65000)).toBe('65,000')
    expect(priceAxis(0.1 + 0.2)).toBe('0.3')
  })
})
