// The price ladder's rows (lib/price-ladder.ts): one row per step around a centre, book sizes summed into levels
// (bids down, asks up) in exact decimals, own orders counted with what is still open, the last trade's level marked.
import { describe, expect, it } from 'vitest'
import {
  buildPriceLadder,
  defaultLadderGroup,
  ladderStep,
  levelOf,
  marketCentre,
  shiftCentre,
  type OwnOrder
} from '../../../src-renderer/src/lib/price-ladder'

const order = (orderId: string, side: 'BUY' | 'SELL', price: string, volume: string, executed = '0'): OwnOrder => ({
  orderId,
  side,
  price,
  volume,
  executed
})

describe('price ladder rows', () => {
  it('lays one row per tick around the centre, highest first, with book sizes and blanks', () => {
    const rows = buildPriceLadder({
      bids: [
        ['99.99', '0.3'],
        ['99.97', '1.25']
      ],
      asks: [
        ['100.01', '0.1'],
        ['100.02', '0.2']
      ],
      step: '0.01',
      centre: '100',
      rows: 5,
      last: '100.01',
      orders: []
    })
    expect(rows.map((r) => [r.price, r.bid, r.ask, r.last])).toEqual([
      ['100.02', null, '0.2', false],
      ['100.01', null, '0.1', true],
      ['100', null, null, false],
      ['99.99', '0.3', null, false],
      ['99.98', null, null, false]
    ])
  })

  it('groups ticks in exact decimals: bids round down, asks up, sums never floats', () => {
    const step = ladderStep('0.01', 5)
    expect(step).toBe('0.05')
    const rows = buildPriceLadder({
      bids: [
        ['0.3', '0.1'],
        ['0.29', '0.2'],
        ['0.26', '0.7']
      ],
      asks: [
        ['0.31', '0.1'],
        ['0.34', '0.2'],
        ['0.35', '0.4']
      ],
      step,
      centre: '0.3',
      rows: 3,
      last: null,
      orders: []
    })
    // 0.1 + 0.2 in binary floats is 0.30000000000000004.
    expect(rows.map((r) => [r.price, r.bid, r.ask])).toEqual([
      ['0.35', null, '0.7'],
      ['0.3', '0.1', null],
      ['0.25', '0.9', null]
    ])
  })

  it('puts own orders at their levels with count, side and what is still open', () => {
    const rows = buildPriceLadder({
      bids: [],
      asks: [],
      step: '1',
      centre: '100',
      rows: 3,
      last: null,
      orders: [
        order('9007199254740993', 'BUY', '99.5', '0.3', '0.1'),
        order('2', 'BUY', '99', '0.1'),
        order('3', 'SELL', '100.2', '1')
      ]
    })
    expect(rows.map((r) => [r.price, r.buys, r.sells])).toEqual([
      ['101', null, { count: 1, remaining: '1', orderIds: ['3'] }],
      ['100', null, null],
      ['99', { count: 2, remaining: '0.3', orderIds: ['9007199254740993', '2'] }, null]
    ])
  })

  it('leaves out levels at or below zero', () => {
    const rows = buildPriceLadder({ bids: [], asks: [], step: '1', centre: '1', rows: 5, last: null, orders: [] })
    expect(rows.map((r) => r.price)).toEqual(['3', '2', '1'])
  })

  it('centres on the last trade, else the mid, snapped to the step; shifts by rows exactly', () => {
    expect(marketCentre([['99.9', '1']], [['100.1', '1']], '100.07', '0.05')).toBe('100.05')
    expect(marketCentre([['99.9', '1']], [['100.2', '1']], null, '0.1')).toBe('100')
    expect(marketCentre([], [], null, '0.1')).toBeNull()
    expect(levelOf('0.3', '0.1')).toBe('0.3')
    expect(shiftCentre('0.3', '0.1', -3)).toBe('0')
    expect(shiftCentre('0.1', '0.1', 2)).toBe('0.3')
  })

  it('marks a full side’s levels past its deepest as not known, and a side shorter than the feed’s depth never', () => {
    const rows = buildPriceLadder({
      bids: [
        ['99.99', '1'],
        ['99.98', '1']
      ],
      asks: [['100.01', '1']],
      step: '0.01',
      centre: '100',
      rows: 7,
      last: null,
      orders: [],
      feedDepth: 2
    })
    expect(rows.map((r) => [r.price, r.bidBeyond, r.askBeyond])).toEqual([
      ['100.03', false, false],
      ['100.02', false, false],
      ['100.01', false, false],
      ['100', false, false],
      ['99.99', false, false],
      ['99.98', false, false],
      ['99.97', true, false]
    ])
  })

  it('opens at the finest grouping showing three levels a side, else both touches, else the coarsest', () => {
    const tick = '0.01'
    const side = (from: number, by: number): [string, string][] =>
      [0, 1, 2].map((i) => [(from + i * by).toFixed(2), '1'])
    // Levels a tick apart: one tick a row.
    expect(
      defaultLadderGroup({ bids: side(99.99, -0.01), asks: side(100.01, 0.01), last: '100', tick, rows: 21 })
    ).toBe(1)
    // Levels a unit apart: 10 rows either side must reach 3 units, 0.5 a row (50 ticks).
    expect(defaultLadderGroup({ bids: side(99, -1), asks: side(101, 1), last: '100', tick, rows: 21 })).toBe(50)
    // One side only, and no last trade: centred on it.
    expect(defaultLadderGroup({ bids: side(99, -1), asks: [], last: null, tick, rows: 21 })).toBe(25)
    // No level: nothing to pick from yet.
    expect(defaultLadderGroup({ bids: [], asks: [], last: '100', tick, rows: 21 })).toBeNull()
    // A last trade far from the book: the coarsest that shows both touches... or the coarsest of all.
    expect(defaultLadderGroup({ bids: [['1', '1']], asks: [['1000000', '1']], last: '500', tick, rows: 5 })).toBe(10000)
  })
})
