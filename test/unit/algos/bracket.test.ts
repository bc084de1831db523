// The bracket's state machine (src-main/algos/bracket.ts, machine.ts onPrice): its take profit covers exactly what
// the entry filled, its stop loss is armed only while something is held, and a fired stop cancels the entry's rest
// and the take profit (read final) before it sends an order for what is still held.
import { describe, expect, it } from 'vitest'
import { decide, onPrice } from '../../../src-main/algos/machine'
import type { Algo, ChildOrder } from '../../../src-main/algos/types'

const now = { now: 0 }
const bracket = (side: 'BUY' | 'SELL', rest: Partial<Algo> = {}): Algo => ({
  id: 'a',
  profileId: 'p',
  spec: {
    kind: 'bracket',
    module: 'spot',
    symbol: 'btcusdt',
    side,
    quantity: '1',
    limitPrice: '100',
    takeProfitPrice: side === 'BUY' ? '110' : '90',
    triggerPrice: side === 'BUY' ? '95' : '105',
    ...(side === 'SELL' ? { stopLimitPrice: '106' } : {}),
    fireLate: false
  },
  state: 'working',
  children: [],
  rules: { pricePrecision: 2, quantityPrecision: 4, limitVolumeMin: '0.01' },
  createdAt: 0,
  updatedAt: 0,
  ...rest
})
const entry = (c: Partial<ChildOrder> = {}): ChildOrder => ({
  clientOrderId: 'e',
  role: 'entry',
  side: 'BUY',
  type: 'LIMIT',
  volume: '1',
  price: '100',
  state: 'open',
  orderId: '1',
  filled: '0',
  ...c
})
const tp = (c: Partial<ChildOrder> = {}): ChildOrder => ({
  clientOrderId: 't',
  role: 'take-profit',
  side: 'SELL',
  type: 'LIMIT',
  volume: '0.4',
  price: '110',
  state: 'open',
  orderId: '2',
  filled: '0',
  ...c
})
const fired = { triggered: { price: '94', at: 1, late: false } }

describe('a bracket', () => {
  it('places its entry, then a take profit for exactly what filled, replaced as more fills', () => {
    expect(decide(bracket('BUY'), now)).toMatchObject({
      do: 'place',
      child: { role: 'entry', side: 'BUY', type: 'LIMIT', volume: '1', price: '100' }
    })
    expect(decide(bracket('BUY', { children: [entry()] }), now)).toMatchObject({
      do: 'wait',
      next: { key: 'algos.next.entry' }
    })
    // A part fill below the symbol's minimum waits for more while the entry is open.
    expect(decide(bracket('BUY', { children: [entry({ filled: '0.005' })] }), now)).toMatchObject({ do: 'wait' })
    expect(decide(bracket('BUY', { children: [entry({ filled: '0.4' })] }), now)).toMatchObject({
      do: 'place',
      child: { role: 'take-profit', side: 'SELL', type: 'LIMIT', volume: '0.4', price: '110' }
    })
    const covered = bracket('BUY', { children: [entry({ filled: '0.4' }), tp()] })
    expect(decide(covered, now)).toMatchObject({ do: 'wait', next: { key: 'algos.next.bracketWatch' } })
    // More filled: the take profit is cancelled, then placed again for what it did not sell.
    const more = bracket('BUY', { children: [entry({ filled: '0.7' }), tp({ filled: '0.1' })] })
    expect(decide(more, now)).toMatchObject({ do: 'cancel', child: { clientOrderId: 't' } })
    const replaced = bracket('BUY', {
      children: [entry({ filled: '0.7' }), tp({ state: 'final', status: 'CANCELED', filled: '0.1', cancelled: true })]
    })
    expect(decide(replaced, now)).toMatchObject({ do: 'place', child: { role: 'take-profit', volume: '0.6' } })
  })

  it('ends done once the take profit gave back all the entry took', () => {
    const a = bracket('BUY', {
      children: [
        entry({ state: 'final', status: 'FILLED', filled: '1' }),
        tp({ volume: '1', filled: '1', state: 'final', status: 'FILLED' })
      ]
    })
    expect(decide(a, now)).toMatchObject({ do: 'end', state: 'done', reason: { key: 'algos.reason.takeProfit' } })
  })

  it('arms its stop loss only while something is held, on the exit side', () => {
    expect(onPrice(bracket('BUY', { children: [entry()] }), '90', 1, false)).toBeNull()
    const held = bracket('BUY', { children: [entry({ filled: '0.4' }), tp()] })
    expect(onPrice(held, '96', 1, false)).toBeNull()
    expect(onPrice(held, '95', 1, false)?.triggered).toMatchObject({ price: '95' })
    const sell = bracket('SELL', { children: [entry({ side: 'SELL', filled: '1', state: 'final', status: 'FILLED' })] })
    expect(onPrice(sell, '104', 1, false)).toBeNull()
    expect(onPrice(sell, '105', 1, false)?.triggered).toMatchObject({ price: '105' })
    // All given back by the take profit: nothing to protect.
    const flat = bracket('BUY', {
      children: [entry({ filled: '0.4' }), tp({ filled: '0.4', state: 'final', status: 'FILLED' })]
    })
    expect(onPrice(flat, '80', 1, false)).toBeNull()
  })

  it('a fired stop loss cancels the entry, then the take profit, then sells what is still held', () => {
    const held = [entry({ filled: '0.4' }), tp({ filled: '0.1' })]
    expect(decide(bracket('BUY', { children: held, ...fired }), now)).toMatchObject({
      do: 'cancel',
      child: { role: 'entry' }
    })
    const entryDone = [
      entry({ filled: '0.5', state: 'final', status: 'CANCELED', cancelled: true }),
      tp({ filled: '0.1' })
    ]
    expect(decide(bracket('BUY', { children: entryDone, ...fired }), now)).toMatchObject({
      do: 'cancel',
      child: { role: 'take-profit' }
    })
    const both = [entryDone[0]!, tp({ filled: '0.1', state: 'final', status: 'CANCELED', cancelled: true })]
    expect(decide(bracket('BUY', { children: both, ...fired }), now)).toMatchObject({
      do: 'place',
      child: { role: 'stop', side: 'SELL', type: 'MARKET', volume: '0.4' }
    })
    const sold = [
      ...both,
      tp({
        clientOrderId: 's',
        role: 'stop',
        type: 'MARKET',
        volume: '0.4',
        filled: '0.4',
        state: 'final',
        status: 'FILLED'
      })
    ]
    expect(decide(bracket('BUY', { children: sold, ...fired }), now)).toMatchObject({
      do: 'end',
      state: 'done',
      reason: { key: 'algos.reason.stopLoss' }
    })
    // A sell bracket buys back with its stop limit.
    const sell = bracket('SELL', {
      children: [
        entry({ side: 'SELL', filled: '1', state: 'final', status: 'FILLED' }),
        tp({ side: 'BUY', volume: '1', state: 'final', status: 'CANCELED', cancelled: true })
      ],
      ...fired
    })
    expect(decide(sell, now)).toMatchObject({
      do: 'place',
      child: { role: 'stop', side: 'BUY', type: 'LIMIT', price: '106', volume: '1' }
    })
  })

  it('fails in words when an order of it ended outside it', () => {
    const gone = bracket('BUY', { children: [entry({ state: 'final', status: 'CANCELED' })] })
    expect(decide(gone, now)).toMatchObject({ do: 'fail', reason: { key: 'algos.reason.endedOutside' } })
    const tpGone = bracket('BUY', { children: [entry({ filled: '0.4' }), tp({ state: 'final', status: 'CANCELED' })] })
    expect(decide(tpGone, now)).toMatchObject({ do: 'fail', reason: { key: 'algos.reason.endedOutside' } })
    // An entry cancelled outside after a part fill: its exits go on for what it took.
    const part = bracket('BUY', { children: [entry({ filled: '0.3', state: 'final', status: 'CANCELED' })] })
    expect(decide(part, now)).toMatchObject({ do: 'place', child: { role: 'take-profit', volume: '0.3' } })
  })
})
