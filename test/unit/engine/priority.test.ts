import { describe, expect, it } from 'vitest'
import { expectSound, fund, limit, makeEngine, ok } from './helpers'

describe('price-time priority', () => {
  it('fills the better price first, then the earlier order at one price', () => {
    const { e, trades } = makeEngine()
    for (const a of ['m1', 'm2', 'm3', 'm4', 't']) fund(e, a)
    const a1 = ok(limit(e, 'm1', 'SELL', 10100, 100)) // worse price, first in
    const a2 = ok(limit(e, 'm2', 'SELL', 10000, 100)) // best price, earlier
    const a3 = ok(limit(e, 'm3', 'SELL', 10000, 100)) // best price, later
    const a4 = ok(limit(e, 'm4', 'SELL', 10050, 100))
    const t = ok(limit(e, 't', 'BUY', 10100, 350))
    expect(t.status).toBe('FILLED')
    expect(trades.map((x) => [x.makerOrderId, x.price, x.qty])).toEqual([
      [a2.orderId, 10000, 100],
      [a3.orderId, 10000, 100],
      [a4.orderId, 10050, 100],
      [a1.orderId, 10100, 50]
    ])
    expect(e.depth('btcusdt')).toEqual({ bids: [], asks: [[10100, 50]] })
    expectSound(e)
  })

  it('bids: highest first, FIFO within the level', () => {
    const { e, trades } = makeEngine()
    for (const a of ['m1', 'm2', 'm3', 't']) fund(e, a)
    const b1 = ok(limit(e, 'm1', 'BUY', 9900, 10))
    const b2 = ok(limit(e, 'm2', 'BUY', 9950, 10))
    const b3 = ok(limit(e, 'm3', 'BUY', 9900, 10))
    ok(limit(e, 't', 'SELL', 9900, 25))
    expect(trades.map((x) => x.makerOrderId)).toEqual([b2.orderId, b1.orderId, b3.orderId])
    expect(trades.map((x) => x.qty)).toEqual([10, 10, 5])
    expect(e.getOpenOrder(b3.orderId)).toMatchObject({ status: 'PARTIALLY_FILLED', executedQty: 5 })
    expectSound(e)
  })

  it('a limit order trades only at prices at least as good as its limit, then rests', () => {
    const { e, trades } = makeEngine()
    fund(e, 'm')
    fund(e, 't')
    ok(limit(e, 'm', 'SELL', 10000, 10))
    ok(limit(e, 'm', 'SELL', 10200, 10))
    const t = ok(limit(e, 't', 'BUY', 10100, 30))
    expect(trades).toHaveLength(1)
    expect(t).toMatchObject({ status: 'PARTIALLY_FILLED', executedQty: 10, origQty: 30, executedQuote: '100000' })
    expect(e.bestBid('btcusdt')).toBe(10100)
    expect(e.bestAsk('btcusdt')).toBe(10200)
    expect(e.depth('btcusdt')).toEqual({ bids: [[10100, 20]], asks: [[10200, 10]] })
    expectSound(e)
  })

  it('partial fills of a maker keep its place at the head of its level', () => {
    const { e, trades } = makeEngine()
    for (const a of ['m1', 'm2', 't']) fund(e, a)
    const first = ok(limit(e, 'm1', 'SELL', 10000, 100))
    const second = ok(limit(e, 'm2', 'SELL', 10000, 100))
    ok(limit(e, 't', 'BUY', 10000, 30))
    ok(limit(e, 't', 'BUY', 10000, 30))
    ok(limit(e, 't', 'BUY', 10000, 50))
    expect(trades.map((x) => [x.makerOrderId, x.qty])).toEqual([
      [first.orderId, 30],
      [first.orderId, 30],
      [first.orderId, 40],
      [second.orderId, 10]
    ])
    expect(e.getOpenOrder(first.orderId)).toBeUndefined()
    expect(e.getOpenOrder(second.orderId)).toMatchObject({ executedQty: 10, status: 'PARTIALLY_FILLED' })
    expectSound(e)
  })

  it('a canceled order loses its place; later orders at the level keep theirs', () => {
    const { e, trades } = makeEngine()
    for (const a of ['m1', 'm2', 'm3', 't']) fund(e, a)
    const o1 = ok(limit(e, 'm1', 'SELL', 10000, 10))
    const o2 = ok(limit(e, 'm2', 'SELL', 10000, 10))
    const o3 = ok(limit(e, 'm3', 'SELL', 10000, 10))
    expect(ok(e.cancel('m2', 'btcusdt', o2.orderId)).status).toBe('CANCELED')
    expect(e.depth('btcusdt')!.asks).toEqual([[10000, 20]])
    ok(limit(e, 't', 'BUY', 10000, 20))
    expect(trades.map((x) => x.makerOrderId)).toEqual([o1.orderId, o3.orderId])
    expect(e.depth('btcusdt')!.asks).toEqual([])
    expectSound(e)
  })

  it('cancels at either end of a level, then joins at the back; recycled records included', () => {
    const { e, trades } = makeEngine({ recycleOrders: true })
    for (const a of ['m1', 'm2', 'm3', 'm4', 'm5', 't']) fund(e, a)
    const o1 = ok(limit(e, 'm1', 'SELL', 10000, 10))
    const o2 = ok(limit(e, 'm2', 'SELL', 10000, 10))
    const o3 = ok(limit(e, 'm3', 'SELL', 10000, 10))
    ok(e.cancel('m3', 'btcusdt', o3.orderId)) // the newest
    ok(e.cancel('m1', 'btcusdt', o1.orderId)) // the oldest
    const o4 = ok(limit(e, 'm4', 'SELL', 10000, 10)) // on a reused record, behind o2
    ok(e.cancel('m2', 'btcusdt', o2.orderId)) // o4 is now first and last
    const o5 = ok(limit(e, 'm5', 'SELL', 10000, 10))
    expectSound(e)
    expect(e.depth('btcusdt')!.asks).toEqual([[10000, 20]])
    ok(limit(e, 't', 'BUY', 10000, 20))
    expect(trades.map((x) => x.makerOrderId)).toEqual([o4.orderId, o5.orderId])
    // the emptied level is dropped; a new order at its price starts a fresh one
    const o6 = ok(limit(e, 'm1', 'SELL', 10000, 5))
    ok(limit(e, 't', 'BUY', 10000, 5))
    expect(trades.map((x) => x.makerOrderId).slice(2)).toEqual([o6.orderId])
    expect(e.depth('btcusdt')!.asks).toEqual([])
    expectSound(e)
  })

  it('keeps FIFO and level totals through many cancels inside one level', () => {
    const { e, trades } = makeEngine()
    fund(e, 't')
    const ids: string[] = []
    for (let i = 0; i < 200; i++) {
      fund(e, `m${i}`, 0n, 1n, 0n)
      ids.push(ok(limit(e, `m${i}`, 'SELL', 10000, 1 + (i % 7))).orderId)
    }
    const kept: string[] = []
    ids.forEach((id, i) => {
      if (i % 3 !== 0) ok(e.cancel(`m${i}`, 'btcusdt', id))
      else kept.push(id)
    })
    expectSound(e)
    const total = kept.reduce((s, _id, j) => s + 1 + ((j * 3) % 7), 0)
    expect(e.depth('btcusdt')!.asks).toEqual([[10000, total]])
    ok(limit(e, 't', 'BUY', 10000, total))
    expect(trades.map((x) => x.makerOrderId)).toEqual(kept)
    expectSound(e)
  })

  it('keeps FIFO when a taker eats the front of a long queue and cancels follow', () => {
    const { e, trades } = makeEngine()
    fund(e, 't')
    const ids: string[] = []
    for (let i = 0; i < 150; i++) {
      fund(e, `m${i}`, 1000n, 0n, 0n)
      ids.push(ok(limit(e, `m${i}`, 'BUY', 9000, 2)).orderId)
    }
    ok(limit(e, 't', 'SELL', 9000, 161)) // 80 makers filled, the 81st partly
    expect(trades).toHaveLength(81)
    expectSound(e)
    // cancel every other remaining maker, then sweep the rest in order
    const rest = ids.slice(81)
    rest.forEach((id, j) => {
      if (j % 2 === 0) ok(e.cancel(`m${81 + j}`, 'btcusdt', id))
    })
    expectSound(e)
    trades.length = 0
    ok(limit(e, 't', 'SELL', 9000, 1000, { timeInForce: 'IOC' }))
    expect(trades.map((t) => t.makerOrderId)).toEqual([ids[80], ...rest.filter((_id, j) => j % 2 === 1)])
    expect(trades[0]!.qty).toBe(1)
    expect(e.depth('btcusdt')!.bids).toEqual([])
    expectSound(e)
  })

  it('depth aggregates levels, best first, limited', () => {
    const { e } = makeEngine()
    fund(e, 'm')
    for (const [p, q] of [
      [9900, 1],
      [9800, 2],
      [9900, 3],
      [9700, 4]
    ] as const)
      ok(limit(e, 'm', 'BUY', p, q))
    for (const [p, q] of [
      [10100, 5],
      [10000, 6],
      [10300, 7]
    ] as const)
      ok(limit(e, 'm', 'SELL', p, q))
    expect(e.depth('btcusdt', 2)).toEqual({
      bids: [
        [9900, 4],
        [9800, 2]
      ],
      asks: [
        [10000, 6],
        [10100, 5]
      ]
    })
    expect(e.depth('nope')).toBeUndefined()
  })
})

describe('cancel', () => {
  it('cancels an open order of the account and symbol only', () => {
    const { e } = makeEngine()
    fund(e, 'a')
    fund(e, 'b')
    const o = ok(limit(e, 'a', 'BUY', 10000, 10))
    expect(e.cancel('b', 'btcusdt', o.orderId)).toEqual({ ok: false, reason: 'ORDER_NOT_FOUND' })
    expect(e.cancel('a', 'ethusdt', o.orderId)).toEqual({ ok: false, reason: 'ORDER_NOT_FOUND' })
    expect(e.cancel('a', 'btcusdt', '3176901856236716999')).toEqual({ ok: false, reason: 'ORDER_NOT_FOUND' })
    expect(e.cancel('a', 'btcusdt', 'not-an-id')).toEqual({ ok: false, reason: 'ORDER_NOT_FOUND' })
    const c = ok(e.cancel('a', 'btcusdt', o.orderId))
    expect(c).toMatchObject({ orderId: o.orderId, status: 'CANCELED', executedQty: 0 })
    expect(e.cancel('a', 'btcusdt', o.orderId)).toEqual({ ok: false, reason: 'ORDER_NOT_FOUND' })
    expect(e.openOrders('a')).toEqual([])
    expectSound(e)
  })

  it('a filled order can no longer be canceled', () => {
    const { e } = makeEngine()
    fund(e, 'a')
    fund(e, 'b')
    const o = ok(limit(e, 'a', 'SELL', 10000, 10))
    ok(limit(e, 'b', 'BUY', 10000, 10))
    expect(e.cancel('a', 'btcusdt', o.orderId)).toEqual({ ok: false, reason: 'ORDER_NOT_FOUND' })
  })

  it('a partly filled order cancels its rest and keeps its executed quantity', () => {
    const { e, updates } = makeEngine()
    fund(e, 'a')
    fund(e, 'b')
    const o = ok(limit(e, 'a', 'SELL', 10000, 10))
    ok(limit(e, 'b', 'BUY', 10000, 4))
    const c = ok(e.cancel('a', 'btcusdt', o.orderId))
    expect(c).toMatchObject({ status: 'CANCELED', executedQty: 4, origQty: 10 })
    expect(updates.at(-1)).toEqual(c)
    expectSound(e)
  })

  it('cancelAll and client order ids', () => {
    const { e } = makeEngine()
    fund(e, 'a')
    const x1 = ok(limit(e, 'a', 'BUY', 9000, 1, { clientOrderId: 'x' }))
    const y = ok(limit(e, 'a', 'BUY', 9001, 1, { clientOrderId: 'y' }))
    const x2 = ok(limit(e, 'a', 'BUY', 9002, 1, { clientOrderId: 'x' }))
    const eth = ok(
      e.place('a', { symbol: 'ethusdt', side: 'BUY', type: 'LIMIT', price: 100, qty: 1, clientOrderId: 'x' })
    )
    expect(x1.clientOrderId).toBe('x')
    // duplicates: the latest record wins
    expect(e.findOpenByClientOrderId('a', 'btcusdt', 'x')?.id).toBe(x2.orderId)
    expect(ok(e.cancelByClientOrderId('a', 'btcusdt', 'x')).orderId).toBe(x2.orderId)
    expect(e.findOpenByClientOrderId('a', 'btcusdt', 'x')?.id).toBe(x1.orderId)
    expect(e.cancelByClientOrderId('a', 'btcusdt', 'zzz')).toEqual({ ok: false, reason: 'ORDER_NOT_FOUND' })
    expect(e.openOrders('a').map((o) => o.id)).toEqual([x1.orderId, y.orderId, eth.orderId])
    expect(e.openOrders('a', 'btcusdt').map((o) => o.id)).toEqual([x1.orderId, y.orderId])
    expect(e.cancelAll('a', 'btcusdt').map((o) => o.id)).toEqual([x1.orderId, y.orderId])
    expect(e.openOrders('a').map((o) => o.id)).toEqual([eth.orderId])
    expect(e.cancelAll('a').map((o) => o.status)).toEqual(['CANCELED'])
    expect(e.openOrders('nobody')).toEqual([])
    expectSound(e)
  })
})

describe('events and time', () => {
  it('reports trades and order updates with the injected clock', () => {
    const { e, trades, updates, time } = makeEngine()
    fund(e, 'm')
    fund(e, 't')
    time.now = 1_000
    const m = ok(limit(e, 'm', 'SELL', 10000, 10))
    time.now = 2_000
    const t = ok(limit(e, 't', 'BUY', 10000, 4))
    expect(trades).toEqual([
      expect.objectContaining({
        price: 10000,
        qty: 4,
        quoteQty: 40000,
        takerSide: 'BUY',
        takerOrderId: t.orderId,
        makerOrderId: m.orderId,
        takerAccount: 't',
        makerAccount: 'm',
        time: 2_000
      })
    ])
    expect(updates.map((u) => [u.orderId, u.status, u.executedQty, u.updateTime])).toEqual([
      [m.orderId, 'NEW', 0, 1_000],
      [m.orderId, 'PARTIALLY_FILLED', 4, 2_000],
      [t.orderId, 'FILLED', 4, 2_000]
    ])
    expect(t.time).toBe(2_000)
    expect(e.getOpenOrder(m.orderId)).toMatchObject({ time: 1_000, updateTime: 2_000 })
  })

  it('works without a listener', () => {
    const { e } = makeEngine({ listener: {} })
    fund(e, 'm')
    fund(e, 't')
    ok(limit(e, 'm', 'SELL', 10000, 10))
    expect(ok(limit(e, 't', 'BUY', 10000, 10)).status).toBe('FILLED')
    expectSound(e)
  })
})
