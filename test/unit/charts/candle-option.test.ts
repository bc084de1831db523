// The candle chart's option: candles with volume by direction and MA5/10/30 over the slice, the zoom window, the
// last price line, and the exact legend text.
import { describe, expect, it } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import {
  barChange,
  buildCandleOption,
  candleLegend,
  fitsExtent,
  LIVE_VOL_HEADROOM,
  liveBarsOf,
  liveLayerSuffices,
  padRange,
  timeLabel,
  type CandleExtent
} from '../../../src-renderer/src/charts/candle-option'
import {
  candleData,
  latestSpan,
  mergeCandles,
  MIN_SLOTS,
  RIGHT_PAD,
  sliceFor
} from '../../../src-renderer/src/charts/candles'
import { FALLBACK_THEME } from '../../../src-renderer/src/charts/theme'

const t0 = 1_700_000_040
const bars = (n: number): CandleView[] =>
  Array.from({ length: n }, (_, i) => ({
    id: t0 + i * 60,
    open: `${100 + i}.10`,
    close: i % 2 ? `${99 + i}.90` : `${100 + i}.30`,
    high: `${101 + i}.00`,
    low: `${99 + i}.00`,
    vol: `${i + 1}.5`,
    amount: null
  }))

type Series = {
  id: string
  type: string
  data: unknown[]
  markLine?: { data: { yAxis: number }[]; label: { formatter: string } }
}
const seriesOf = (o: ReturnType<typeof buildCandleOption>) => o.series as Series[]
const byId = (o: ReturnType<typeof buildCandleOption>, id: string) => seriesOf(o).find((s) => s.id === id)!

function option(n: number) {
  const data = candleData(bars(n))
  const view = latestSpan(n)
  return {
    data,
    view,
    slice: sliceFor(view, n),
    o: buildCandleOption({ data, view, slice: sliceFor(view, n), interval: '1min', theme: FALLBACK_THEME })
  }
}

describe('buildCandleOption', () => {
  it('draws candles, volume split by direction and MA5/MA10/MA30', () => {
    const { o } = option(50)
    expect(seriesOf(o).map((s) => `${s.id}:${s.type}`)).toEqual([
      'k:candlestick',
      'ma5:line',
      'ma10:line',
      'ma30:line',
      'vUp:bar',
      'vDown:bar'
    ])
    // 50 bars on an axis of MIN_SLOTS: empty slots left of the first bar and right of the last.
    const pad = MIN_SLOTS - 50 - RIGHT_PAD
    const k = byId(o, 'k').data as (number[] | '-')[]
    expect(k).toHaveLength(MIN_SLOTS)
    const empty = ['-', '-', '-', '-']
    expect(k[pad - 1]).toEqual(empty)
    expect(k[pad]).toEqual([100.1, 100.3, 99, 101]) // [open, close, low, high]
    expect(k[pad + 50]).toEqual(empty)
    expect(byId(o, 'vUp').data[pad]).toBe(1.5)
    expect(byId(o, 'vDown').data[pad]).toBe('-')
    expect(byId(o, 'vUp').data[pad + 1]).toBe('-') // bar 1 closed below its open
    expect(byId(o, 'vDown').data[pad + 1]).toBe(2.5)
    expect(byId(o, 'ma5').data.slice(pad, pad + 5)).toEqual(['-', '-', '-', '-', expect.any(Number)])
    expect(byId(o, 'ma30').data[pad + 29]).toEqual(expect.any(Number))
    // Empty slots carry the times they would have, before the first bar and after the last.
    const times = (o.xAxis as { data: number[] }[])[1]!.data
    expect(times[0]).toBe(t0 - pad * 60)
    expect(times[pad]).toBe(t0)
    expect(times[pad + 50]).toBe(t0 + 50 * 60) // first empty slot after the last bar (t0 + 49 min)
  })

  it('writes no price or volume labels before there is a bar (no made-up 0..1 axis while candles load)', () => {
    const shown = (n: number) =>
      (option(n).o.yAxis as { axisLabel: { show: boolean } }[]).slice(0, 2).map((a) => a.axisLabel.show)
    expect(shown(0)).toEqual([false, false])
    expect(shown(3)).toEqual([true, true])
  })

  it('gives ECharts the slice only, with the zoom window inside it', () => {
    const { o, slice } = option(5000)
    expect(slice).toEqual({ from: 5000 - 180, to: 5000 })
    expect(byId(o, 'k').data).toHaveLength(180 + RIGHT_PAD)
    const zoom = (o.dataZoom as { startValue: number; endValue: number }[])[0]!
    // The latest 120 bars and the empty slots after them.
    expect([zoom.startValue, zoom.endValue]).toEqual([60, 179 + RIGHT_PAD])
    expect((o.xAxis as { data: number[] }[])[1]!.data[0]).toBe(t0 + 4820 * 60)
  })

  it('follows a live update of the last bar', () => {
    const { data, view } = option(40)
    mergeCandles(data, [{ ...data.views[39]!, close: '200.55', high: '201.00' }])
    const o = buildCandleOption({ data, view, slice: sliceFor(view, 40), interval: '1min', theme: FALLBACK_THEME })
    const j = MIN_SLOTS - RIGHT_PAD - 1 // the last bar's slot
    expect((byId(o, 'k').data as number[][])[j]).toEqual([139.1, 200.55, 138, 201])
    expect(byId(o, 'ma5').data[j]).toBeCloseTo((134.9 + 136.3 + 136.9 + 138.3 + 200.55) / 5, 9)
  })

  it('leaves the live bar to the live layer, with room for it on the axes', () => {
    const { data, view } = option(40)
    const slice = sliceFor(view, 40)
    const extent: CandleExtent = { min: 0, max: 0, volMax: 0 }
    const o = buildCandleOption({ data, view, slice, interval: '1min', theme: FALLBACK_THEME, live: true, extent })
    const j = MIN_SLOTS - RIGHT_PAD - 1
    expect((byId(o, 'k').data as unknown[])[j]).toEqual(['-', '-', '-', '-'])
    expect(byId(o, 'vDown').data[j]).toBe('-')
    expect(byId(o, 'ma5').data[j]).toBe('-')
    // ECharts asks the axes for their range over what it holds (bars 0..38: low 99, high 139); the live bar
    // (low 138, high 140, vol 40.5) is added, and the ranges are kept for the live layer's check.
    const [y, v] = o.yAxis as { min: (e: object) => number; max: (e: object) => number }[]
    expect(y!.max({ min: 99, max: 139 })).toBeCloseTo(padRange(99, 140)[1], 9)
    expect(y!.min({ min: 99, max: 139 })).toBeCloseTo(padRange(99, 140)[0], 9)
    expect(v!.max({ min: 0, max: 39.5 })).toBeCloseTo(40.5 * LIVE_VOL_HEADROOM, 9)
    expect(extent.volMax).toBeCloseTo(81, 9)
    expect(fitsExtent(data, extent)).toBe(true)
    mergeCandles(data, [{ ...data.views[39]!, high: '150.00' }]) // a new high beyond the axis: ECharts must redraw
    expect(fitsExtent(data, extent)).toBe(false)
  })

  it("describes the live bar in data units: slot, prices, exact close text, the averages' last segments", () => {
    const { data, view } = option(40)
    const slice = sliceFor(view, 40)
    const bars = liveBarsOf(data, slice)
    const j = MIN_SLOTS - RIGHT_PAD - 1
    expect(bars).toHaveLength(1)
    expect(bars[0]).toMatchObject({
      slot: j,
      open: 139.1,
      close: 138.9,
      low: 138,
      high: 140,
      vol: 40.5,
      up: false,
      closeText: '138.90'
    })
    expect(bars[0]!.ma[0]).toEqual([
      [j - 1, data.ma[5][38]],
      [j, data.ma[5][39]]
    ])
    expect(liveBarsOf(data, { from: 0, to: 30 })).toEqual([]) // the slice ends before the last bar
  })

  it("writes the live bar's close grouped, exact to its last zero, as the axis and the crosshair say prices", () => {
    const { data, view } = option(40)
    const last = data.views[39]!
    mergeCandles(data, [{ ...last, close: '64922.20', high: '64922.20' }])
    expect(liveBarsOf(data, sliceFor(view, 40))[0]!.closeText).toBe('64,922.20')
  })

  it('puts bars that came after the draw in the empty slots of the drawn axis, and checks them against its ranges', () => {
    const { data, view } = option(40)
    const slice = sliceFor(view, 40)
    const extent: CandleExtent = { min: 0, max: 0, volMax: 0 }
    const [y, v] = buildCandleOption({ data, view, slice, interval: '1min', theme: FALLBACK_THEME, live: true, extent })
      .yAxis as { min: (e: object) => number; max: (e: object) => number }[]
    // ECharts settles the axes (price ~96.5..142.5, volume up to 81) for the 40 bars it was given.
    y!.min({ min: 99, max: 139 })
    y!.max({ min: 99, max: 139 })
    v!.max({ min: 0, max: 39.5 })
    const last = data.views[39]!
    mergeCandles(data, [
      { ...last, id: last.id + 60, open: '138.90', close: '139.50', low: '138.50', high: '139.80', vol: '2' }
    ])
    const bars = liveBarsOf(data, slice, 40) // ECharts drew 40 bars; 41 now
    const j = MIN_SLOTS - RIGHT_PAD - 1
    expect(bars.map((b) => b.slot)).toEqual([j, j + 1])
    expect(bars[1]).toMatchObject({ open: 138.9, close: 139.5, up: true, closeText: '139.50' })
    expect(bars[1]!.ma[0]).toEqual([
      [j, data.ma[5][39]],
      [j + 1, data.ma[5][40]]
    ])
    expect(fitsExtent(data, extent, 39)).toBe(true)
    mergeCandles(data, [{ ...data.views[40]!, low: '50.00' }]) // the new bar falls below the drawn price range
    expect(fitsExtent(data, extent, 39)).toBe(false)
    expect(fitsExtent(data, extent, 41)).toBe(false) // no bars from there: nothing to draw on the live layer
  })

  it('leaves new bars to the live layer while an empty slot is left and they fit, then asks for ECharts', () => {
    const { data } = option(40)
    const extent: CandleExtent = { min: 90, max: 150, volMax: 100 }
    const next = (close: string): void => {
      const last = data.views[data.views.length - 1]!
      mergeCandles(data, [{ ...last, id: last.id + 60, open: close, close, low: close, high: close, vol: '1' }])
    }
    expect(liveLayerSuffices(data, extent, 40, 39)).toBe(true) // a tick of the live bar
    for (let k = 1; k < RIGHT_PAD; k++) {
      next('140.00')
      expect(liveLayerSuffices(data, extent, 40, 39 + k)).toBe(true)
    }
    next('140.00') // RIGHT_PAD bars after the draw: no empty slot would be left
    expect(liveLayerSuffices(data, extent, 40, 39 + RIGHT_PAD)).toBe(false)
    expect(liveLayerSuffices(data, extent, 44, 43)).toBe(true) // ECharts drew them: the live bar's ticks again
    expect(liveLayerSuffices(data, extent, 44, 10)).toBe(false) // an older bar changed (history)
    next('160.00') // above the drawn price range
    expect(liveLayerSuffices(data, extent, 44, 44)).toBe(false)
  })

  it('uses the frame colours and has a crosshair and inside zoom', () => {
    const { o } = option(10)
    expect((byId(o, 'k') as unknown as { itemStyle: { color: string; color0: string } }).itemStyle).toMatchObject({
      color: FALLBACK_THEME.up,
      color0: FALLBACK_THEME.down
    })
    expect(o.tooltip).toMatchObject({ trigger: 'axis', axisPointer: { type: 'cross' } })
    expect((o.dataZoom as { type: string }[])[0]!.type).toBe('inside')
    expect(o.animation).toBe(false)
  })
})

describe('legend and labels', () => {
  it('shows the exact text of the bar, its change and the averages', () => {
    const data = candleData(bars(40))
    const l = candleLegend(data, 39, '1min')!
    expect(l).toMatchObject({
      open: '139.10',
      close: '138.90',
      high: '140.00',
      low: '138.00',
      vol: '40.5',
      up: false,
      change: '-0.14%'
    })
    expect(l.ma.map((m) => m.period)).toEqual([5, 10, 30])
    expect(candleLegend(data, 99, '1min')).toBeNull()
  })

  it('computes a bar change exactly', () => {
    expect(barChange('0.1', '0.3')).toBe('200.00')
    expect(barChange('0', '1')).toBeNull()
  })

  it('labels times by interval', () => {
    const s = new Date(2024, 2, 5, 9, 7).getTime() / 1000
    expect(timeLabel(s, '15min')).toBe('09:07')
    expect(timeLabel(s, '1day')).toBe('03-05')
    expect(timeLabel(s, '1month')).toBe('2024-03')
    expect(timeLabel(s, '1min', true)).toBe('03-05 09:07')
  })
})
