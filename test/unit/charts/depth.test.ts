// Depth chart: cumulative sizes summed exactly, the mid price centred, step outlines from the best level outwards,
// round ticks, and the crosshair reading the exact level under it.
import { describe, expect, it } from 'vitest'
import type { BookView } from '@shared/ipc/views/market'
import {
  DEPTH_GRID,
  depthGeometry,
  depthReadout,
  depthSeries,
  priceAt,
  sameDepth
} from '../../../src-renderer/src/charts/depth'

const book: BookView = {
  symbol: 'btcusdt',
  asks: [
    ['100.5', '0.1'],
    ['101', '0.2'],
    ['103', '0.3']
  ],
  bids: [
    ['100', '0.1'],
    ['99.5', '0.2'],
    ['99', '0.7']
  ],
  ts: null
}
// 100 px of plot per price unit... over 5.5 units: a 550 px wide plot.
const W = 550 + DEPTH_GRID.left + DEPTH_GRID.right
const H = 100 + DEPTH_GRID.top + DEPTH_GRID.bottom

describe('depth chart', () => {
  it('sums each side exactly from the best level out', () => {
    const s = depthSeries(book)
    expect(s.asks).toEqual([
      ['100.5', '0.1'],
      ['101', '0.3'], // 0.1 + 0.2, exactly (a float sum gives 0.30000000000000004)
      ['103', '0.6']
    ])
    expect(s.bids.map((b) => b[1])).toEqual(['0.1', '0.3', '1'])
  })

  it('centres the mid price with the same distance either side', () => {
    const g = depthGeometry(depthSeries(book), W, H)
    // mid 100.25; 1.25 below (to 99) and 2.75 above (to 103): the larger either side.
    expect([g.xMin, g.xMax]).toEqual([97.5, 103])
    // Room above the deepest total (1), on a round step.
    expect(g.yMax).toBeGreaterThanOrEqual(1.05)
    expect(g.yTicks.every((t) => t.at >= g.plot.top && t.at < g.plot.bottom)).toBe(true)
  })

  it('outlines each side as steps from the best level outwards', () => {
    const g = depthGeometry(depthSeries(book), W, H)
    const x = (p: number) => g.plot.left + ((p - g.xMin) / (g.xMax - g.xMin)) * (g.plot.right - g.plot.left)
    const y = (q: number) => g.plot.bottom - (q / g.yMax) * (g.plot.bottom - g.plot.top)
    const round = (a: number[]) => a.map((v) => Math.round(v * 1000) / 1000)
    // Up at the best bid to 0.1, across to 99.5 at 0.1, up to 0.3, across to 99, up to 1.
    expect(round(g.bids)).toEqual(
      round([x(100), g.plot.bottom, x(100), y(0.1), x(99.5), y(0.1), x(99.5), y(0.3), x(99), y(0.3), x(99), y(1)])
    )
    expect(round(g.asks.slice(0, 4))).toEqual(round([x(100.5), g.plot.bottom, x(100.5), y(0.1)]))
  })

  it('labels prices on round steps inside the plot', () => {
    const g = depthGeometry(depthSeries(book), W, H)
    expect(g.xTicks.map((t) => t.label)).toEqual(['98', '99', '100', '101', '102'])
    const btc: BookView = { symbol: 'btcusdt', asks: [['64990', '1']], bids: [['64910', '1']], ts: null }
    expect(depthGeometry(depthSeries(btc), W, H).xTicks.map((t) => t.label)).toEqual([
      '64,920',
      '64,930',
      '64,940',
      '64,950',
      '64,960',
      '64,970',
      '64,980'
    ])
  })

  it('reads the exact level under the crosshair', () => {
    const s = depthSeries(book)
    const g = depthGeometry(s, W, H)
    const at = (price: number) => depthReadout(s, g, price)
    // Selling down to 99.2 meets the bids at 100 and 99.5: 0.3.
    expect(at(99.2)).toEqual({ side: 'bid', price: '99.5', total: '0.3' })
    expect(at(98)).toEqual({ side: 'bid', price: '99', total: '1' })
    // Inside the spread: the best level of that side.
    expect(at(100.4)).toEqual({ side: 'ask', price: '100.5', total: '0.1' })
    expect(at(102)).toEqual({ side: 'ask', price: '101', total: '0.3' })
    expect(priceAt(g, g.plot.left)).toBe(97.5)
    expect(depthReadout({ bids: [], asks: [] }, g, 99)).toBeNull()
  })

  it('limits the levels drawn', () => {
    expect(depthSeries(book, 2).asks).toHaveLength(2)
  })

  it('tells a new book with the same levels (nothing to redraw) from one that changed a level it shows', () => {
    const copy: BookView = { ...book, asks: book.asks.map((l) => [...l]), bids: book.bids.map((l) => [...l]), ts: 9 }
    expect(sameDepth(copy, book)).toBe(true)
    expect(sameDepth({ ...copy, bids: [['100', '0.2'], ...book.bids.slice(1)] }, book)).toBe(false) // a size
    expect(sameDepth({ ...copy, asks: book.asks.slice(0, 2) }, book)).toBe(false) // a level gone
    expect(sameDepth({ ...copy, asks: [...book.asks, ['104', '1']] }, book, 3)).toBe(true) // past what is drawn
  })
})
