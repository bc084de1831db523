import { describe, expect, it } from 'vitest'
import { toBook, toDepthTick, topLevels, type Level } from '../../../src-sim/market/depth'

const bids: Level[] = Array.from({ length: 40 }, (_, i) => [String(100 - i), '1.5'] as const)
const asks: Level[] = Array.from({ length: 40 }, (_, i) => [String(101 + i), '2'] as const)

describe('depth', () => {
  it('REST book: top N per side, best first, with time', () => {
    const b = toBook({ bids, asks }, 2, 1234)
    expect(b).toEqual({
      time: 1234,
      bids: [
        ['100', '1.5'],
        ['99', '1.5']
      ],
      asks: [
        ['101', '2'],
        ['102', '2']
      ]
    })
  })

  it('re-formats at the symbol precision when asked', () => {
    expect(topLevels([['100.5', '1.5']], 5, { pricePrecision: 2, quantityPrecision: 3 })).toEqual([['100.50', '1.500']])
  })

  it('WS tick: 30 levels, bids named buys', () => {
    const t = toDepthTick({ bids, asks })
    expect(Object.keys(t)).toEqual(['asks', 'buys'])
    expect(t.buys).toHaveLength(30)
    expect(t.asks).toHaveLength(30)
    expect(t.buys[0]).toEqual(['100', '1.5'])
    expect(t.asks[29]).toEqual(['130', '2'])
  })

  it('an absent book is empty', () => {
    expect(toDepthTick(null)).toEqual({ asks: [], buys: [] })
    expect(toBook(undefined, 10, 1)).toEqual({ time: 1, bids: [], asks: [] })
  })
})
