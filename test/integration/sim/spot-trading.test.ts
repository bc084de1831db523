import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningExchange } from '../../../src-sim/exchange'
import { quietExchange, type SimClient } from './harness'

let ex: RunningExchange
let alice: SimClient
let bob: SimClient

beforeAll(async () => {
  ;({ ex, alice, bob } = await quietExchange())
})
afterAll(() => ex.close())

describe('spot trading between two accounts', () => {
  it('rests a limit order, locks exactly its notional, and fills it with exact balances and fees', async () => {
    const before = { a: await alice.balances(), b: await bob.balances() }
    expect(before.a['USDT']).toEqual({ free: '100000.00000000', locked: '0.00000000' })

    const placed = await alice.order({
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '60000.00',
      volume: '0.5',
      newClientOrderId: 'a-1'
    })
    expect(placed.status).toBe(200)
    expect(placed.body).toMatchObject({
      symbol: 'btcusdt',
      status: 'NEW',
      executedQty: '0.000000',
      price: '60000.00',
      origQty: '0.500000',
      clientOrderId: 'a-1',
      type: 'LIMIT',
      side: 'BUY'
    })
    expect(typeof placed.body.orderId).toBe('string')
    expect(BigInt(placed.body.orderId)).toBeGreaterThan(2n ** 53n)
    expect((await alice.balances())['USDT']).toEqual({ free: '70000.00000000', locked: '30000.00000000' })

    // Bob sells 0.2 into it: maker fee 0.1% on BTC received by Alice, taker fee 0.2% on USDT received by Bob.
    const sold = await bob.order({ symbol: 'btcusdt', side: 'SELL', type: 'MARKET', volume: '0.2' })
    expect(sold.status).toBe(200)
    const a = await alice.balances()
    const b = await bob.balances()
    expect(a['USDT']).toEqual({ free: '70000.00000000', locked: '18000.00000000' })
    expect(a['BTC']).toEqual({ free: '10.19980000', locked: '0.00000000' })
    expect(b['BTC']).toEqual({ free: '9.80000000', locked: '0.00000000' })
    expect(b['USDT']).toEqual({ free: '111976.00000000', locked: '0.00000000' })

    const q = await alice.signed('GET', '/spot/open/sapi/v1/order', { symbol: 'btcusdt', orderId: placed.body.orderId })
    expect(q.body).toMatchObject({ status: 'PARTIALLY_FILLED', executedQty: '0.200000', avgPrice: '60000.00' })

    const trades = await alice.signed('GET', '/spot/open/sapi/v1/myTrades', { symbol: 'btcusdt' })
    expect(trades.body).toHaveLength(1)
    expect(trades.body[0]).toMatchObject({
      price: '60000.00',
      qty: '0.200000',
      isBuyer: true,
      isMaker: true,
      feeCoin: 'BTC',
      fee: '0.0002',
      bidId: placed.body.orderId
    })

    const bobTrades = await bob.signed('GET', '/spot/open/sapi/v1/myTrades', { symbol: 'btcusdt' })
    expect(bobTrades.body[0]).toMatchObject({ isBuyer: false, isMaker: false, feeCoin: 'USDT', fee: '24' })

    // Cancel the rest: the lock is released exactly.
    const c = await alice.signed('POST', '/spot/open/sapi/v1/cancel', {
      symbol: 'btcusdt',
      orderId: placed.body.orderId
    })
    expect(c.body).toEqual({
      symbol: 'btcusdt',
      clientOrderId: 'a-1',
      orderId: placed.body.orderId,
      status: 'CANCELED'
    })
    expect((await alice.balances())['USDT']).toEqual({ free: '88000.00000000', locked: '0.00000000' })
    const again = await alice.signed('POST', '/spot/open/sapi/v1/cancel', {
      symbol: 'btcusdt',
      orderId: placed.body.orderId
    })
    expect(again.body.code).toBe(-1145)
  })

  it('sizes a market buy in quote and checks marketBuyMin', async () => {
    await bob.order({ symbol: 'ethusdt', side: 'SELL', type: 'LIMIT', price: '3000.00', volume: '1' })
    const buy = await alice.order({ symbol: 'ethusdt', side: 'BUY', type: 'MARKET', volume: '300' })
    expect(buy.body).toMatchObject({ status: 'NEW', origQty: '300.00' })
    const q = await alice.signed('GET', '/spot/open/sapi/v1/order', { symbol: 'ethusdt', orderId: buy.body.orderId })
    expect(q.body).toMatchObject({ status: 'FILLED', executedQty: '0.1000', avgPrice: '3000.00' })
    const tooSmall = await alice.order({ symbol: 'ethusdt', side: 'BUY', type: 'MARKET', volume: '4' })
    expect(tooSmall.status).toBe(400)
    expect(tooSmall.body.code).toBe(-1136)
  })

  it('queries by client order id, the latest of duplicates winning', async () => {
    const first = await alice.order({
      symbol: 'solusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '100.000',
      volume: '1',
      newClientOrderId: 'dup'
    })
    const second = await alice.order({
      symbol: 'solusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '101.000',
      volume: '1',
      newClientOrderId: 'dup'
    })
    const q = await alice.signed('GET', '/spot/open/sapi/v1/order', { symbol: 'solusdt', newClientOrderId: 'dup' })
    expect(q.body.orderId).toBe(second.body.orderId)
    const c = await alice.signed('POST', '/spot/open/sapi/v1/cancel', { symbol: 'solusdt', newClientOrderId: 'dup' })
    expect(c.body.orderId).toBe(second.body.orderId)
    const open = await alice.signed('GET', '/spot/open/sapi/v1/openOrders', { symbol: 'solusdt' })
    expect(open.body.map((o: { orderId: string }) => o.orderId)).toEqual([first.body.orderId])
    expect(open.body[0]).not.toHaveProperty('clientOrderId')
    expect(open.body[0]).toHaveProperty('time')
  })

  it('places and cancels batches with failed semantics', async () => {
    const batch = await alice.signed('POST', '/spot/open/sapi/v1/batchOrders', {
      symbol: 'dogeusdt',
      orders: [
        { price: '0.10000', volume: '100', side: 'BUY', batchType: 'LIMIT' },
        { price: '0.10001', volume: '200', side: 'BUY', batchType: 'LIMIT', newClientOrderId: 'b2' }
      ]
    })
    expect(batch.status).toBe(200)
    expect(batch.body.ids).toHaveLength(2)
    const cancel = await alice.signed('POST', '/spot/open/sapi/v1/batchCancel', {
      symbol: 'dogeusdt',
      orderIds: [...batch.body.ids, '999']
    })
    expect(cancel.body).toEqual({ success: batch.body.ids, failed: ['999'] })
    const again = await alice.signed('POST', '/spot/open/sapi/v1/batchCancel', {
      symbol: 'dogeusdt',
      orderIds: [batch.body.ids[0]]
    })
    expect(again.body).toEqual({ success: [], failed: [batch.body.ids[0]] })
    const tooMany = await alice.signed('POST', '/spot/open/sapi/v1/batchOrders', {
      symbol: 'dogeusdt',
      orders: Array.from({ length: 11 }, () => ({ price: '0.1', volume: '100', side: 'BUY', batchType: 'LIMIT' }))
    })
    expect(tooMany.body.code).toBe(-1101)
  })

  it('validates an order with order/test without placing it', async () => {
    const before = await alice.balances()
    const ok = await alice.signed('POST', '/spot/open/sapi/v1/order/test', {
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000.00',
      volume: '1'
    })
    expect(ok).toMatchObject({ status: 200, body: {} })
    expect(await alice.balances()).toEqual(before)
    const bad = await alice.signed('POST', '/spot/open/sapi/v1/order/test', {
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000.001',
      volume: '1'
    })
    expect(bad.body.code).toBe(-1111)
  })
})
