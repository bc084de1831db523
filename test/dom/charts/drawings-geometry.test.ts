// The drawings' arithmetic: Fibonacci levels in exact decimals at the market's precision, a channel's parallel
// offset, a measure's change, percent and bar count, the magnet to a bar's OHLC, and the hit test that selects.
import { describe, expect, it } from 'vitest'
import type { Drawing } from '@shared/ipc/schemas/preferences-drawings'
import {
  barPosition,
  channelOffset,
  fibLevels,
  magnetPrice,
  measure,
  rayEnd,
  timeAt
} from '../../../src-renderer/src/charts/drawings/geometry'
import { hitTest, shapeOf, type Axes } from '../../../src-renderer/src/charts/drawings/shapes'
import { candleBars } from './candle-bars'

// Four one-minute bars from t = 600 s.
const data = candleBars([
  [600, '100.10', '101.30', '99.70', '100.90'],
  [660, '100.90', '102.00', '100.50', '101.80'],
  [720, '101.80', '101.90', '100.00', '100.20'],
  [780, '100.20', '100.40', '99.10', '99.60']
])

describe('Fibonacci retracement', () => {
  it('gives each level exactly, rounded half-even to the market decimals', () => {
    // A move from 0.1 up to 0.3: floats would give 0.25279999999999997 for 0.236.
    expect(fibLevels('0.1', '0.3', 4)).toEqual([
      { ratio: '0', price: '0.3000' },
      { ratio: '0.236', price: '0.2528' },
      { ratio: '0.382', price: '0.2236' },
      { ratio: '0.5', price: '0.2000' },
      { ratio: '0.618', price: '0.1764' },
      { ratio: '0.786', price: '0.1428' },
      { ratio: '1', price: '0.1000' }
    ])
    // At 2 decimals, written to the market's precision; 22.345 - 12.345 * 0.618 = 14.71579 -> 14.72.
    expect(fibLevels('29000', '30000', 2).map((l) => l.price)).toEqual([
      '30000.00',
      '29764.00',
      '29618.00',
      '29500.00',
      '29382.00',
      '29214.00',
      '29000.00'
    ])
    expect(fibLevels('10', '22.345', 2)[4]).toEqual({ ratio: '0.618', price: '14.72' })
  })
})

describe('bars and times', () => {
  it('places a time on the bars, between them and beyond the last one', () => {
    expect(barPosition(data, 660, 60)).toBe(1)
    expect(barPosition(data, 690, 60)).toBe(1.5)
    expect(barPosition(data, 900, 60)).toBe(5)
    expect(barPosition(data, 540, 60)).toBe(-1)
    expect(timeAt(data, 2, 60)).toBe(720)
    expect(timeAt(data, 6, 60)).toBe(960)
  })
})

describe('parallel channel', () => {
  it('offsets the parallel line by the third point from the first line at its bar', () => {
    // The line from 100 at bar 0 to 102 at bar 2 is at 101 on bar 1; the third point at 99.5 there: -1.5.
    const pts = [
      { t: 600, p: '100' },
      { t: 720, p: '102' },
      { t: 660, p: '99.5' }
    ]
    expect(channelOffset(pts, data, 60, 2)).toBe('-1.50')
    // Beyond the bars, on the bars to come: the line reaches 104 at bar 4 (t 840), the point is 1.25 above.
    expect(channelOffset([pts[0]!, pts[1]!, { t: 840, p: '105.25' }], data, 60, 2)).toBe('1.25')
    // A vertical first line: the offset is the price difference.
    expect(channelOffset([pts[0]!, { t: 600, p: '101' }, { t: 720, p: '103' }], data, 60, 2)).toBe('3.00')
  })
})

describe('price/time measure', () => {
  it('gives the change, the percent of the start and the bars between', () => {
    expect(measure({ t: 600, p: '100.10' }, { t: 780, p: '99.60' }, data, 60, 2)).toEqual({
      change: '-0.50',
      pct: '-0.50',
      bars: 3
    })
    expect(measure({ t: 660, p: '0.3' }, { t: 600, p: '0.4' }, data, 60, 4)).toEqual({
      change: '0.1000',
      pct: '33.33',
      bars: -1
    })
  })
})

describe('magnet', () => {
  it("snaps to the bar's open, high, low or close nearest the pointer's row", () => {
    const rowOf = (p: number) => (110 - p) * 10 // 10 px a unit, 110 at the top
    expect(magnetPrice(data, 1, rowOf(101.9), rowOf)).toBe('102.00') // the high, as the venue wrote it
    expect(magnetPrice(data, 1, rowOf(101.5), rowOf)).toBe('101.80') // the close
    expect(magnetPrice(data, 2, rowOf(99), rowOf)).toBe('100.00') // the low
    expect(magnetPrice(data, 9, 0, rowOf)).toBeNull() // no bar there
  })
})

describe('shapes and the hit test', () => {
  const ax: Axes = {
    data,
    barSeconds: 60,
    decimals: 2,
    box: { x: 0, y: 0, w: 400, h: 300 },
    xOf: (t) => (t - 600) / 2 + 50, // bar 0 at 50 px, 30 px a bar
    yOf: (p) => (110 - Number(p)) * 10
  }
  const words = { measure: (c: string, p: string, b: number) => `${c} ${p}% ${b}`, price: (p: string) => `<${p}>` }
  const d = (kind: Drawing['kind'], points: Drawing['points'], text = ''): Drawing => ({
    id: kind,
    kind,
    points,
    colour: '#ffffff',
    text,
    locked: false
  })
  it('selects a trend line near its segment and a handle on its point, not beside it', () => {
    const s = [
      shapeOf(
        d('trend', [
          { t: 600, p: '100' },
          { t: 720, p: '102' }
        ]),
        ax,
        words
      )
    ]
    expect(hitTest(s, { x: 50, y: 100 })).toEqual({ id: 'trend', handle: 0 })
    expect(hitTest(s, { x: 80, y: 93 })).toEqual({ id: 'trend', handle: null })
    expect(hitTest(s, { x: 80, y: 70 })).toBeNull()
  })
  it('runs a horizontal line across the price grid and labels its price', () => {
    const s = shapeOf(d('hline', [{ t: 660, p: '101.50' }]), ax, words)
    expect(s.segs[0]).toEqual({ a: { x: 0, y: 85 }, b: { x: 400, y: 85 } })
    expect(s.labels[0]!.text).toBe('<101.50>')
  })
  it('labels a measure and draws the Fibonacci levels at their prices', () => {
    const m = shapeOf(
      d('measure', [
        { t: 600, p: '100' },
        { t: 780, p: '99' }
      ]),
      ax,
      words
    )
    expect(m.labels[0]!.text).toBe('-1.00 -1.00% 3')
    const f = shapeOf(
      d('fib', [
        { t: 600, p: '100' },
        { t: 720, p: '110' }
      ]),
      ax,
      words
    )
    expect(f.labels.map((l) => l.text)[1]).toBe('0.236 (<107.64>)')
  })
  it('runs a ray to the edge of the box', () => {
    expect(rayEnd({ x: 0, y: 0 }, { x: 10, y: 5 }, 400, 300)).toEqual({ x: 400, y: 200 })
  })
})
