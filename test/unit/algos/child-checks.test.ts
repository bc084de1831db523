// The orders an algorithm may send, listed for the market's rules before it is created or edited
// (src-main/algos/child-checks.ts): each kind's children, a futures bracket's exits as closes, a TWAP's first and last
// slice, an iceberg's visible and last part, a scaled order's levels (a layout the rules refuse, refused).
import { describe, expect, it } from 'vitest'
import { childrenOf, remainderOf } from '../../../src-main/algos/child-checks'
import type { AlgoSpec } from '../../../src-main/algos/types'
import { SPOT_RULES } from './algo-rig'
import { CONTRACT_RULES, futuresBracket, futuresTwap } from './futures-fixture'

const spot = (s: Partial<AlgoSpec>): AlgoSpec => ({
  kind: 'stop-market',
  module: 'spot',
  symbol: 'btcusdt',
  side: 'SELL',
  quantity: '1',
  fireLate: false,
  ...s
})

describe('the orders a spec may send', () => {
  it('a bracket: its entry, then its take profit and stop loss on the other side; on futures its exits close', () => {
    const s = futuresBracket() as AlgoSpec
    expect(childrenOf(s, CONTRACT_RULES)).toEqual([
      { side: 'BUY', type: 'LIMIT', volume: '3', price: '100' },
      { side: 'SELL', type: 'LIMIT', volume: '3', price: '110', open: 'CLOSE' },
      { side: 'SELL', type: 'MARKET', volume: '3', open: 'CLOSE' }
    ])
    const onSpot = { ...s, module: 'spot' as const, symbol: 'btcusdt', stopLimitPrice: '89' }
    expect(childrenOf(onSpot, SPOT_RULES).slice(1)).toEqual([
      { side: 'SELL', type: 'LIMIT', volume: '3', price: '110' },
      { side: 'SELL', type: 'LIMIT', volume: '3', price: '89' }
    ])
  })

  it("a TWAP: its first slice in the market's steps, and the last when it takes more", () => {
    const s = futuresTwap() as AlgoSpec // 7 contracts in 3 slices
    expect(childrenOf(s, CONTRACT_RULES)).toEqual([
      { side: 'SELL', type: 'LIMIT', volume: '2', price: '100' },
      { side: 'SELL', type: 'LIMIT', volume: '3', price: '100' }
    ])
    expect(childrenOf({ ...s, quantity: '6' }, CONTRACT_RULES)).toHaveLength(1) // every slice 2
  })

  it('an iceberg: its visible part and what the total leaves over whole parts', () => {
    const s = spot({ kind: 'iceberg', side: 'BUY', quantity: '1', visibleQuantity: '0.3', limitPrice: '100' })
    expect(childrenOf(s, SPOT_RULES).map((c) => c.volume)).toEqual(['0.3', '0.1'])
    expect(childrenOf({ ...s, visibleQuantity: '0.25' }, SPOT_RULES).map((c) => c.volume)).toEqual(['0.25'])
    expect(remainderOf('1', '0.3')).toBe('0.1')
    expect(remainderOf('1', '0.25')).toBe('0')
  })

  it('a chase: its bound, only when it has one', () => {
    const s = spot({ kind: 'chase', side: 'BUY', intervalSeconds: 5 })
    expect(childrenOf(s, SPOT_RULES)).toEqual([])
    expect(childrenOf({ ...s, limitPrice: '105' }, SPOT_RULES)).toEqual([
      { side: 'BUY', type: 'LIMIT', volume: '1', price: '105' }
    ])
  })

  it("a scaled order: each level; a layout the market's steps cannot lay, refused at the orders", () => {
    const s = spot({
      kind: 'scaled',
      side: 'BUY',
      quantity: '0.6',
      fromPrice: '100',
      toPrice: '110',
      orders: 3,
      sizing: 'linear',
      sizeFactor: '1'
    })
    expect(childrenOf(s, SPOT_RULES).map((c) => [c.volume, c.price])).toEqual([
      ['0.2', '100'],
      ['0.2', '105'],
      ['0.2', '110']
    ])
    expect(() => childrenOf({ ...s, quantity: '0.0002' }, SPOT_RULES)).toThrow(
      expect.objectContaining({ contractError: expect.objectContaining({ field: 'orders' }) })
    )
  })

  it('the stops and an OCO: a market order unless a stop-limit price is said (never for a stop-market)', () => {
    expect(childrenOf(spot({ triggerPrice: '90' }), SPOT_RULES)).toEqual([
      { side: 'SELL', type: 'MARKET', volume: '1' }
    ])
    expect(childrenOf(spot({ triggerPrice: '90', stopLimitPrice: '89' }), SPOT_RULES)).toEqual([
      { side: 'SELL', type: 'MARKET', volume: '1' }
    ])
    expect(childrenOf(spot({ kind: 'trailing-stop', trailPercent: '2' }), SPOT_RULES)).toEqual([
      { side: 'SELL', type: 'MARKET', volume: '1' }
    ])
    expect(childrenOf(spot({ kind: 'stop-limit', triggerPrice: '90', stopLimitPrice: '89' }), SPOT_RULES)).toEqual([
      { side: 'SELL', type: 'LIMIT', volume: '1', price: '89' }
    ])
    const oco = spot({ kind: 'oco', limitPrice: '110', triggerPrice: '90' })
    expect(childrenOf(oco, SPOT_RULES)).toEqual([
      { side: 'SELL', type: 'LIMIT', volume: '1', price: '110' },
      { side: 'SELL', type: 'MARKET', volume: '1' }
    ])
    expect(childrenOf({ ...oco, stopLimitPrice: '89' }, SPOT_RULES)[1]).toEqual({
      side: 'SELL',
      type: 'LIMIT',
      volume: '1',
      price: '89'
    })
  })
})
