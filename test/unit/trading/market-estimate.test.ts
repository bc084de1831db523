// A market order against a book: what fills, the average, slippage against the best price, the share filled; and
// the protected limit a market order becomes. Hand-computed figures.
import { describe, expect, it } from 'vitest'
import { mul } from '@shared/decimal'
import { deviationPct, estimateFill, protectedLimit } from '@shared/trading/market-estimate'

const asks: [string, string][] = [
  ['100', '1'],
  ['101', '2'],
  ['105', '1']
]
const quote = (p: string, s: string) => mul(p, s)

describe('estimateFill', () => {
  it('walks the levels by size', () => {
    // 1 at 100 + 1.5 at 101 = 251.5 for 2.5: avg 100.6, 0.6% worse than 100
    expect(estimateFill(asks, '2.5', 'size', quote, 4)).toEqual({
      size: '2.5',
      value: '251.5',
      avgPrice: '100.600000000000',
      best: '100',
      worst: '101',
      sharePct: '100.00',
      slippagePct: '0.60'
    })
  })

  it('walks the levels by value, the last level cut at the size decimals', () => {
    // 100 at 100 (1), then 50 / 101 = 0.4950 at 101: value 150 exactly spent
    const e = estimateFill(asks, '150', 'value', quote, 4)
    expect(e).toMatchObject({ size: '1.495', value: '150', worst: '101', sharePct: '100.00' })
  })

  it('reports the share a thin book fills, and nothing on an empty one', () => {
    // the whole book: 4 units for 407
    expect(estimateFill(asks, '10', 'size', quote, 4)).toMatchObject({
      size: '4',
      value: '407',
      sharePct: '40.00',
      worst: '105'
    })
    expect(estimateFill([], '10', 'size', quote, 4)).toEqual({
      size: '0',
      value: '0',
      avgPrice: null,
      best: null,
      worst: null,
      sharePct: '0.00',
      slippagePct: null
    })
  })
})

describe('guards', () => {
  it('measures a price against a reference in percent, rounded down', () => {
    expect(deviationPct('1', '3100')).toBe('99.96')
    expect(deviationPct('3255', '3100')).toBe('5.00')
    expect(deviationPct('3255.1', '3100')).toBe('5.00')
  })

  it('puts a protected limit at most the given percent beyond the best price, rounded toward it', () => {
    expect(protectedLimit('BUY', '3100.00', '1', 2)).toBe('3131.00')
    expect(protectedLimit('BUY', '3100.01', '1', 2)).toBe('3131.01') // 3131.0101 down
    expect(protectedLimit('SELL', '3100.01', '1', 2)).toBe('3069.01') // 3069.0099 up
  })
})
