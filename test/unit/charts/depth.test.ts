// Depth chart: cumulative sizes summed exactly, bids drawn in ascending price, the mid price centred.
import { describe, expect, it } from 'vitest'
import type { BookView } from '@shared/ipc/views/market'
import { buildDepthOption, depthAt, depthSeries } from '../../../src-renderer/src/charts/depth'
import { FALLBACK_THEME } from '../../../src-renderer/src/charts/theme'

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

  it('draws bids in ascending price and asks as they come, as step lines with area', () => {
    const o = buildDepthOption(depthSeries(book), FALLBACK_THEME)
    const [bids, asks] = o.series as { id: string; data: number[][]; step: string; areaStyle: unknown }[]
    expect(bids!.id).toBe('bids')
    expect(bids!.data).toEqual([
      [99, 1],
      [99.5, 0.3],
      [100, 0.1]
    ])
    expect(asks!.data[1]).toEqual([101, 0.3])
    expect([bids!.step, asks!.step]).toEqual(['start', 'end'])
    expect(bids!.areaStyle).toBeTruthy()
  })

  it('centres the mid price and reads points back exactly', () => {
    const s = depthSeries(book)
    const x = buildDepthOption(s, FALLBACK_THEME).xAxis as { min: number; max: number }
    // mid 100.25; 3 below (to 99 is 1.25) and 2.75 above (to 103): the larger either side.
    expect([x.min, x.max]).toEqual([97.5, 103])
    expect(depthAt(s, 'bids', 0)).toEqual({ side: 'bid', price: '99', total: '1' })
    expect(depthAt(s, 'asks', 2)).toEqual({ side: 'ask', price: '103', total: '0.6' })
    expect(depthAt(s, 'other', 0)).toBeNull()
  })

  it('limits the levels drawn', () => {
    expect(depthSeries(book, 2).asks).toHaveLength(2)
  })
})
