// The book ladder in exact decimals: grouping steps, grouping by side, cumulative totals and spread.
import { describe, expect, it } from 'vitest'
import { buildLadder, groupLevels, groupSteps, spreadPercent } from '../../../src-renderer/src/lib/book'

describe('book ladder', () => {
  it('offers the tick and its powers of ten as steps', () => {
    expect(groupSteps(2)).toEqual(['0.01', '0.1', '1', '10', '100'])
    expect(groupSteps(5, 3)).toEqual(['0.00001', '0.0001', '0.001'])
    expect(groupSteps(0, 2)).toEqual(['1', '10'])
  })

  it('rounds asks up and bids down, merging the levels of a group exactly', () => {
    const asks: [string, string][] = [
      ['0.16501', '10'],
      ['0.16509', '20'],
      ['0.16511', '5']
    ]
    expect(groupLevels(asks, '0.0001', 'ask', 10)).toEqual([
      ['0.1651', '30'],
      ['0.1652', '5']
    ])
    const bids: [string, string][] = [
      ['0.16499', '1.1'],
      ['0.16491', '2.2'],
      ['0.16489', '3']
    ]
    expect(groupLevels(bids, '0.0001', 'bid', 10)).toEqual([
      ['0.1649', '3.3'],
      ['0.1648', '3']
    ])
  })

  it('fills the last row completely before stopping at the row count', () => {
    const asks: [string, string][] = [
      ['1.01', '1'],
      ['1.02', '1'],
      ['1.11', '1'],
      ['1.12', '1'],
      ['1.21', '1']
    ]
    expect(groupLevels(asks, '0.1', 'ask', 2)).toEqual([
      ['1.1', '2'],
      ['1.2', '2']
    ])
    expect(groupLevels(asks, null, 'ask', 2)).toEqual([
      ['1.01', '1'],
      ['1.02', '1']
    ])
  })

  it('sums totals exactly and gives bar shares of the deepest side', () => {
    const l = buildLadder(
      {
        symbol: 'x',
        asks: [
          ['10.1', '0.1'],
          ['10.2', '0.2']
        ],
        bids: [['10', '0.7']],
        ts: null
      },
      null,
      5
    )
    expect(l.asks.map((r) => r.total)).toEqual(['0.1', '0.3'])
    expect(l.bids[0]).toMatchObject({ total: '0.7', depth: 1 })
    expect(l.asks[1]!.depth).toBeCloseTo(0.3 / 0.7, 12)
    expect(l.spread).toBe('0.1')
    expect(spreadPercent('0.1', '10.1')).toBe('0.9901')
  })

  it('handles an empty side', () => {
    const l = buildLadder({ symbol: 'x', asks: [], bids: [], ts: null }, '1', 5)
    expect(l).toEqual({ asks: [], bids: [], spread: null })
  })
})
