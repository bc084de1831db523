// Candle data of the chart: upsert by open time, the live bar merging into the last one, moving averages, and the
// window of bars handed to ECharts.
import { describe, expect, it } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import {
  candleData,
  followView,
  latestSpan,
  mergeCandles,
  MIN_SLOTS,
  needsReslice,
  RIGHT_PAD,
  sliceFor,
  slotLayout,
  slotsToView,
  slotToBar,
  viewToSlots
} from '../../../src-renderer/src/charts/candles'

const bar = (id: number, close: string, extra: Partial<CandleView> = {}): CandleView => ({
  id,
  open: close,
  close,
  high: close,
  low: close,
  vol: '1',
  amount: null,
  ...extra
})
const series = (n: number, t0 = 1_700_000_000): CandleView[] =>
  Array.from({ length: n }, (_, i) => bar(t0 + i * 60, String(100 + i)))

describe('candle data', () => {
  it('keeps bars in open-time order whatever order they come in', () => {
    const d = candleData([bar(180, '3'), bar(60, '1'), bar(120, '2')])
    expect(d.time).toEqual([60, 120, 180])
    expect(d.close).toEqual([1, 2, 3])
    expect(d.views.map((v) => v.close)).toEqual(['1', '2', '3'])
  })

  it('merges a live update into the last bar (same open time) and keeps the exact text', () => {
    const d = candleData(series(40))
    const last = d.time[39]!
    const from = mergeCandles(d, [bar(last, '150.25', { high: '151.5', low: '139', vol: '7.125' })])
    expect(from).toBe(39)
    expect(d.time).toHaveLength(40)
    expect(d.views[39]).toMatchObject({ close: '150.25', high: '151.5', vol: '7.125' })
    expect(d.close[39]).toBe(150.25)
    expect(d.high[39]).toBe(151.5)
    expect(d.vol[39]).toBe(7.125)
  })

  it('appends the next bar and inserts a missing one in the middle', () => {
    const d = candleData(series(3))
    expect(mergeCandles(d, [bar(d.time[2]! + 60, '9')])).toBe(3)
    expect(d.time).toHaveLength(4)
    const gap = candleData([bar(60, '1'), bar(180, '3')])
    expect(mergeCandles(gap, [bar(120, '2')])).toBe(1)
    expect(gap.time).toEqual([60, 120, 180])
    expect(gap.ma[5]).toHaveLength(3)
  })

  it('computes MA5, MA10 and MA30 of the close, empty until the period is filled', () => {
    const d = candleData(series(40)) // closes 100..139
    expect(Number.isNaN(d.ma[5][3]!)).toBe(true)
    expect(d.ma[5][4]).toBe(102) // mean of 100..104
    expect(d.ma[10][9]).toBe(104.5)
    expect(Number.isNaN(d.ma[30][28]!)).toBe(true)
    expect(d.ma[30][39]).toBe(124.5) // mean of 110..139
  })

  it('patches the averages of the last bar on a live update', () => {
    const d = candleData(series(40))
    mergeCandles(d, [bar(d.time[39]!, '189')]) // 139 -> 189: +50
    expect(d.ma[5][39]).toBe(137 + 10)
    expect(d.ma[10][39]).toBe(134.5 + 5)
    expect(d.ma[30][39]).toBeCloseTo(124.5 + 50 / 30, 9)
    expect(d.ma[5][38]).toBe(136) // earlier bars untouched
  })

  it('an update of an old bar recomputes the averages from there on', () => {
    const d = candleData(series(12))
    mergeCandles(d, [bar(d.time[5]!, '155')]) // 105 -> 155
    expect(d.ma[5][9]).toBe(107 + 10)
    expect(d.ma[5][10]).toBe(108) // the window 106..110 no longer holds bar 5
  })
})

describe('candle window', () => {
  it('starts on the latest bars and follows them while the view is at the end', () => {
    expect(latestSpan(1000)).toEqual({ from: 880, to: 1000 })
    expect(followView({ from: 880, to: 1000 }, 1000, 1001)).toEqual({ from: 881, to: 1001 })
    // Scrolled back into history: it stays put.
    expect(followView({ from: 100, to: 220 }, 1000, 1001)).toEqual({ from: 100, to: 220 })
    // After a reset (new interval) it jumps to the latest.
    expect(followView({ from: 0, to: 0 }, 0, 300)).toEqual({ from: 180, to: 300 })
  })

  it('hands ECharts a slice around the view, not the whole history', () => {
    const total = 100_000
    const view = latestSpan(total)
    const slice = sliceFor(view, total)
    expect(slice).toEqual({ from: total - 120 - 60, to: total })
    expect(needsReslice(view, slice, total)).toBe(false)
    // Panned left into the margin, short of its last eighth of a view: the slice still serves.
    expect(needsReslice({ from: slice.from + 20, to: slice.from + 140 }, slice, total)).toBe(false)
    // Panned left near the slice's start: a new slice is due.
    expect(needsReslice({ from: slice.from + 10, to: slice.from + 130 }, slice, total)).toBe(true)
  })

  it('maps the view to axis slots and back, padding included', () => {
    // A young market: 10 bars, shown at the right of MIN_SLOTS slots.
    const young = slotLayout({ from: 0, to: 10 }, 10)
    expect(young).toEqual({ padLeft: MIN_SLOTS - 10 - RIGHT_PAD, padRight: RIGHT_PAD, count: MIN_SLOTS })
    expect(viewToSlots({ from: 0, to: 10 }, { from: 0, to: 10 }, 10, young)).toEqual([0, MIN_SLOTS - 1])
    expect(slotToBar(young.padLeft, { from: 0, to: 10 }, young)).toBe(0)
    // A deep history: no left padding once the slice starts past bar 0.
    const total = 1000
    const view = { from: 850, to: 970 }
    const slice = sliceFor(view, total)
    const l = slotLayout(slice, total)
    expect(l.padLeft).toBe(0)
    const [a, b] = viewToSlots(view, slice, total, l)
    expect(slotsToView(a, b, slice, total, l)).toEqual(view)
    // Zoomed into the right padding: the view reaches the latest bar (and follows it).
    expect(slotsToView(l.count - 30, l.count - 1, slice, total, l).to).toBe(total)
  })
})
