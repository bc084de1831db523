// Older history merged in front of the chart's candles: a page overlapping the held bars at the seam adds no bar
// twice and leaves no gap, and every index moves by the bars that came in front (barsBefore), so a view kept in
// place can move with them.
import { describe, expect, it } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import { barsBefore, candleData, mergeCandles } from '../../../src-renderer/src/charts/candles'

const bar = (id: number, close = String(id)): CandleView => ({
  id,
  open: close,
  close,
  high: close,
  low: close,
  vol: '1',
  amount: null
})
const range = (from: number, to: number): CandleView[] =>
  Array.from({ length: to - from }, (_, i) => bar((from + i) * 60))

describe('older history at the seam', () => {
  it('a page ending on the oldest held bar adds only the older ones, in order, and says how many', () => {
    const d = candleData(range(100, 200))
    const oldFirst = d.time[0]
    expect(mergeCandles(d, range(50, 101))).toBe(0)
    expect(d.time.length).toBe(150)
    expect(new Set(d.time).size).toBe(150)
    expect(d.time.every((t, i) => i === 0 || t - d.time[i - 1]! === 60)).toBe(true)
    expect(barsBefore(d, oldFirst)).toBe(50)
    expect(d.close[50]).toBe(100 * 60) // the held bars are where they were, 50 further on
  })
  it('nothing came in front: no shift (a live bar at the end, or no bars before)', () => {
    const d = candleData(range(100, 110))
    const oldFirst = d.time[0]
    mergeCandles(d, [bar(110 * 60)])
    expect(barsBefore(d, oldFirst)).toBe(0)
    expect(barsBefore(candleData([]), undefined)).toBe(0)
  })
})
