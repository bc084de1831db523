// The chase's state machine (src-main/algos/chase.ts): a limit at the best bid (a BUY), moved as the book moves up
// to its bound (the limit price, or the maximum distance from where it started, the tighter), at most once per
// interval, a move being a cancel then a place for what is left: never two live children.
import { describe, expect, it } from 'vitest'
import { chaseBound } from '../../../src-main/algos/chase'
import { decide } from '../../../src-main/algos/machine'
import type { Algo, AlgoSpec, ChildOrder } from '../../../src-main/algos/types'

const chase = (s: Partial<AlgoSpec>, rest: Partial<Algo> = {}): Algo => ({
  id: 'a',
  profileId: 'p',
  spec: {
    kind: 'chase',
    module: 'spot',
    symbol: 'btcusdt',
    side: 'BUY',
    quantity: '1',
    intervalSeconds: 5,
    fireLate: false,
    ...s
  },
  state: 'working',
  children: [],
  rules: { pricePrecision: 2, quantityPrecision: 3, limitVolumeMin: '0.001' },
  createdAt: 0,
  updatedAt: 0,
  ...rest
})
const live = (c: Partial<ChildOrder>): ChildOrder => ({
  clientOrderId: 'c1',
  role: 'limit',
  side: 'BUY',
  type: 'LIMIT',
  volume: '1',
  price: '100',
  state: 'open',
  orderId: '1',
  filled: '0',
  at: 0,
  ...c
})
const book = (bid: string | null, ask: string | null = null) => ({ bid, ask })

describe('a chase', () => {
  it('waits for the book, journals where it started, then joins the best bid', () => {
    const a = chase({ maxDistancePercent: '1' })
    expect(decide(a, { now: 0 })).toMatchObject({ do: 'wait', next: { key: 'algos.next.chaseBook' } })
    expect(decide(a, { now: 0, book: book(null, '101') })).toMatchObject({ do: 'wait' })
    expect(decide(a, { now: 0, book: book('100') })).toEqual({ do: 'note', patch: { anchor: '100' } })
    const anchored = { ...a, anchor: '100' }
    expect(chaseBound(anchored)).toBe('101')
    expect(decide(anchored, { now: 0, book: book('100') })).toMatchObject({
      do: 'place',
      child: { role: 'limit', side: 'BUY', type: 'LIMIT', volume: '1', price: '100' }
    })
  })

  it('follows the book after its interval, never past its bound, cancelling before it places', () => {
    const a = chase({ maxDistancePercent: '1', limitPrice: '100.5' }, { anchor: '100', children: [live({})] })
    expect(chaseBound(a)).toBe('100.5') // the tighter of the two
    expect(decide(a, { now: 1000, book: book('100') })).toMatchObject({
      do: 'wait',
      next: { key: 'algos.next.chaseAt' }
    })
    expect(decide(a, { now: 4999, book: book('100.2') })).toMatchObject({
      do: 'wait',
      next: { key: 'algos.next.chaseMove', params: { price: '100.2' } }
    })
    expect(decide(a, { now: 5000, book: book('100.2') })).toMatchObject({
      do: 'cancel',
      child: { clientOrderId: 'c1' }
    })
    const moved = { ...a, children: [live({ state: 'final', status: 'CANCELED', cancelled: true, filled: '0.4' })] }
    expect(decide(moved, { now: 5000, book: book('103') })).toMatchObject({
      do: 'place',
      child: { price: '100.5', volume: '0.6' }
    })
  })

  it('a SELL follows the best ask down to its bound; done once filled; unknown outcomes first', () => {
    const s = chase({ side: 'SELL', maxDistancePercent: '2' }, { anchor: '100.01' })
    expect(chaseBound(s)).toBe('98.01') // 98.0098 rounded up: never past the distance
    expect(decide(s, { now: 0, book: book('90', '97') })).toMatchObject({ do: 'place', child: { price: '98.01' } })
    const filled = { ...s, children: [live({ side: 'SELL', state: 'final', status: 'FILLED', filled: '1' })] }
    expect(decide(filled, { now: 0, book: book('90', '97') })).toMatchObject({ do: 'end', state: 'done' })
    const unknown = { ...s, children: [live({ side: 'SELL', state: 'placing' })] }
    expect(decide(unknown, { now: 0, book: book('90', '97') })).toMatchObject({ do: 'reconcile-place' })
  })
})

describe('a chase whose bound is tightened', () => {
  it('cancels its live order beyond the new bound at once, without waiting for its interval', () => {
    // Placed at 100 just now (interval 5 s); the limit edited down to 99.5: 100 is beyond it.
    const a = chase({ limitPrice: '99.5' }, { children: [live({ price: '100', at: 1000 })] })
    expect(decide(a, { now: 1500, book: book('100') })).toMatchObject({ do: 'cancel', child: { clientOrderId: 'c1' } })
    // A SELL's bound is its lowest: a live ask below a raised limit goes at once too.
    const sell = chase(
      { side: 'SELL', limitPrice: '101' },
      { children: [live({ side: 'SELL', price: '100.5', at: 1000 })] }
    )
    expect(decide(sell, { now: 1500, book: book(null, '100.5') })).toMatchObject({ do: 'cancel' })
    // Within the bound, it still waits for its interval.
    const within = chase({ limitPrice: '101' }, { children: [live({ price: '100', at: 1000 })] })
    expect(decide(within, { now: 1500, book: book('100.5') })).toMatchObject({ do: 'wait' })
  })

  it('cancels at once when the maximum distance is tightened under its live order', () => {
    const a = chase({ maxDistancePercent: '0.5' }, { anchor: '100', children: [live({ price: '100.8', at: 1000 })] })
    expect(chaseBound(a)).toBe('100.5')
    expect(decide(a, { now: 1500, book: book('101') })).toMatchObject({ do: 'cancel' })
  })
})
