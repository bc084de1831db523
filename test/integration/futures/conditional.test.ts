// Conditional orders, TP/SL and trailing stops triggering when the controlled price crosses; the trigger list,
// cancel and expiry endpoints; a trigger whose order is refused when it fires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { futuresRig, type FClient, type FuturesRig } from './harness'

let rig: FuturesRig
let alice: FClient
let bob: FClient
let carol: FClient
let dave: FClient
const C = 'E-BTC-USDT'

beforeAll(async () => {
  rig = await futuresRig()
  ;[alice, bob, carol, dave] = (await Promise.all([1, 2, 3, 4].map(() => rig.client({ usdt: '50000' })))) as [
    FClient,
    FClient,
    FClient,
    FClient
  ]
})
afterAll(() => rig.close())

/** alice long 10 against bob's short, at 65000.0 */
async function aliceLong(): Promise<string> {
  await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '10' })
  await alice.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '10' })
  return (await alice.position(C)).id
}

const triggers = async (c: FClient): Promise<any[]> =>
  (await c.post('trigger_order_list', { contractName: C, page: 1, limit: 100 })).body.trigOrderList

describe('conditionOrder', () => {
  it('refuses a stop whose price the mark has already crossed', async () => {
    const r = await alice.post('conditionOrder', {
      contractName: C,
      side: 'SELL',
      type: 'MARKET',
      open: 'CLOSE',
      positionType: 1,
      volume: '10',
      triggerType: 3,
      triggerPrice: '65100.0'
    })
    expect(r.status).toBe(400)
    expect(r.body.code).toBe(-1102)
    expect(r.body.msg).toContain('would trigger immediately')
  })

  it('waits as INIT, then a stop-loss fires when the mark falls to its price and closes on the book', async () => {
    await rig.setIndex('btcusdt', '65000.0')
    await aliceLong()
    const r = await alice.post('conditionOrder', {
      contractName: C,
      side: 'SELL',
      type: 'MARKET',
      open: 'CLOSE',
      positionType: 1,
      volume: '10',
      triggerType: 3,
      triggerPrice: '64000.0'
    })
    expect(r.status).toBe(200)
    const id = r.body.orderId
    expect((await alice.get('order', { contractName: C, orderId: id })).body).toMatchObject({
      status: 'INIT',
      action: 'CLOSE',
      origQty: '10'
    })
    expect((await triggers(alice))[0]).toMatchObject({
      id,
      triggerOrderId: id,
      status: '1',
      triggerType: '3',
      triggerPrice: '64000.0',
      open: 'CLOSE',
      side: 'SELL',
      marginCoin: 'USDT',
      multiplier: '0.001',
      pricePrecision: '1'
    })
    await bob.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'CLOSE', price: '63900.0', volume: '10' })
    await rig.setIndex('btcusdt', '64000.1')
    expect((await alice.get('order', { contractName: C, orderId: id })).body.status).toBe('INIT')
    await rig.setIndex('btcusdt', '64000.0')
    expect((await alice.get('order', { contractName: C, orderId: id })).body).toMatchObject({
      status: 'FILLED',
      executedQty: '10',
      avgPrice: '63900.0'
    })
    // fired: no longer a current trigger order
    expect((await triggers(alice)).map((t) => t.id)).not.toContain(id)
    expect(await alice.position(C)).toBeUndefined()
    expect(await bob.position(C)).toBeUndefined()
  })

  it('trails: activates at the trigger price, follows the highest mark, fires 1 % below it', async () => {
    await rig.setIndex('btcusdt', '65000.0')
    await aliceLong()
    const r = await alice.post('conditionOrder', {
      contractName: C,
      side: 'SELL',
      type: 'MARKET',
      open: 'CLOSE',
      positionType: 1,
      volume: '10',
      triggerType: 3,
      triggerPrice: '65500.0',
      trailCallbackRatio: '0.01'
    })
    expect(r.status).toBe(200)
    await bob.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'CLOSE', price: '65000.0', volume: '10' })
    for (const p of ['65400.0', '65500.0', '66000.0', '65400.0', '65340.1']) {
      await rig.setIndex('btcusdt', p)
      expect((await alice.position(C))?.volume, `after ${p}`).toBe('10')
    }
    await rig.setIndex('btcusdt', '65340.0') // 66000 x 0.99
    expect(await alice.position(C)).toBeUndefined()
    expect((await alice.get('order', { contractName: C, orderId: r.body.orderId })).body.avgPrice).toBe('65000.0')
  })

  it('refuses a callback ratio outside 0.001..0.1', async () => {
    const r = await alice.post('conditionOrder', {
      contractName: C,
      side: 'SELL',
      type: 'MARKET',
      open: 'CLOSE',
      positionType: 1,
      volume: '10',
      triggerType: 3,
      triggerPrice: '70000.0',
      trailCallbackRatio: '0.5'
    })
    expect([r.status, r.body.code]).toEqual([400, -1102])
  })
})

describe('profitLossOrder (TP/SL on a position)', () => {
  it('attaches both; the stop-loss fires on the last trade price, the take-profit is canceled with the position', async () => {
    await rig.setIndex('btcusdt', '65000.0')
    const positionId = await aliceLong()
    const r = await alice.post('profitLossOrder', {
      contractName: C,
      positionId,
      side: 'SELL',
      positionType: 1,
      orderList: [
        { triggerType: 4, triggerPrice: '66000.0', volume: '10', type: 2, tagPriceTrigger: 1 },
        { triggerType: 3, triggerPrice: '63000.0', price: '62900.0', volume: '10', type: 1, tagPriceTrigger: 0 }
      ]
    })
    expect(r.status).toBe(200)
    expect(r.body.triggerIds).toHaveLength(2)
    const [tp, sl] = r.body.triggerIds as string[]
    expect(typeof tp).toBe('string')
    expect(JSON.parse(r.text).triggerIds.every((x: unknown) => typeof x === 'string')).toBe(true)
    // A print at 62999.0 between others moves the last price, not the mark.
    await bob.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'CLOSE', price: '62950.0', volume: '10' })
    await carol.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '62999.0', volume: '1' })
    await dave.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '62999.0', volume: '1' })
    await rig.tick()
    expect((await publicGet()).markPrice).toBe('65000.0')
    expect(await alice.position(C)).toBeUndefined()
    expect((await alice.get('order', { contractName: C, orderId: sl })).body).toMatchObject({
      status: 'FILLED',
      type: 'LIMIT',
      avgPrice: '62950.0'
    })
    // the stop-loss fired, the take-profit went with the position: neither is a current trigger order
    const listed = (await triggers(alice)).map((t) => t.id)
    expect(listed).not.toContain(sl)
    expect(listed).not.toContain(tp)
    expect((await alice.get('order', { contractName: C, orderId: tp })).body.status).toBe('CANCELED')
  })

  it('fires a take-profit on the mark', async () => {
    await rig.setIndex('btcusdt', '65000.0')
    const positionId = await aliceLong()
    await alice.post('profitLossOrder', {
      contractName: C,
      positionId,
      side: 'SELL',
      positionType: 1,
      orderList: [{ triggerType: 4, triggerPrice: '66000.0', volume: '10', type: 2, tagPriceTrigger: 1 }]
    })
    await bob.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'CLOSE', price: '65900.0', volume: '10' })
    await rig.setIndex('btcusdt', '65999.9')
    expect((await alice.position(C)).volume).toBe('10')
    await rig.setIndex('btcusdt', '66000.0')
    expect(await alice.position(C)).toBeUndefined()
  })

  it('refuses a wrong side, a position of someone else, a volume above the position and an immediate trigger', async () => {
    await rig.setIndex('btcusdt', '65000.0')
    const positionId = await aliceLong()
    const base = { contractName: C, positionId, side: 'SELL', positionType: 1 }
    const item = { triggerType: 4, triggerPrice: '66000.0', volume: '10', type: 2, tagPriceTrigger: 1 }
    expect((await alice.post('profitLossOrder', { ...base, side: 'BUY', orderList: [item] })).body.code).toBe(-1117)
    expect((await carol.post('profitLossOrder', { ...base, orderList: [item] })).body.code).toBe(-1102)
    expect((await alice.post('profitLossOrder', { ...base, orderList: [{ ...item, volume: '11' }] })).body.code).toBe(
      -2017
    )
    expect(
      (await alice.post('profitLossOrder', { ...base, orderList: [{ ...item, triggerPrice: '64000.0' }] })).body.msg
    ).toContain('immediately')
    // close it for the next tests
    await bob.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'CLOSE', price: '65000.0', volume: '10' })
    await alice.place({ contractName: C, side: 'SELL', type: 'MARKET', open: 'CLOSE', volume: '10' })
  })
})

describe('trigger list, cancel, expiry, refusal on firing', () => {
  it('cancels a waiting trigger once (-1145 after), and knows no other id (-2013)', async () => {
    const r = await alice.post('conditionOrder', {
      contractName: C,
      side: 'BUY',
      type: 'LIMIT',
      price: '70000.0',
      open: 'OPEN',
      positionType: 1,
      volume: '1',
      triggerType: 3,
      triggerPrice: '69000.0'
    })
    const id = r.body.orderId
    expect((await alice.post('cancel_trigger_order', { contractName: C, orderId: id })).body).toEqual({ orderId: id })
    expect((await alice.post('cancel_trigger_order', { contractName: C, orderId: id })).body.code).toBe(-1145)
    expect((await alice.post('cancel_trigger_order', { contractName: C, orderId: '123' })).body.code).toBe(-2013)
    expect((await bob.post('cancel_trigger_order', { contractName: C, orderId: id })).body.code).toBe(-2013)
    expect((await alice.get('order', { contractName: C, orderId: id })).body.status).toBe('CANCELED')
  })

  it('expires at the time trigger_time_edit sets (history status 6)', async () => {
    const r = await alice.post('conditionOrder', {
      contractName: C,
      side: 'BUY',
      type: 'MARKET',
      open: 'OPEN',
      positionType: 1,
      volume: '650',
      triggerType: 3,
      triggerPrice: '69000.0'
    })
    const id = r.body.orderId
    expect((await alice.get('order', { contractName: C, orderId: id })).body.origQty).toBe('650') // a market open's notional
    const past = await alice.post('trigger_time_edit', {
      contractName: C,
      triggerOrderId: id,
      expireTime: rig.clock.now - 1
    })
    expect(past.body.code).toBe(-1102)
    const ok = await alice.post('trigger_time_edit', {
      contractName: C,
      triggerOrderId: id,
      expireTime: rig.clock.now + 5000
    })
    expect(ok.body).toEqual({ code: '0', msg: 'success', data: null })
    expect((await triggers(alice)).find((t) => t.id === id).expireTime).toBe(String(rig.clock.now + 5000))
    await rig.tick(4000)
    expect((await triggers(alice)).find((t) => t.id === id).status).toBe('1')
    await rig.tick(1000)
    expect((await triggers(alice)).find((t) => t.id === id)).toBeUndefined()
    const hist = (await alice.post('orderHistorical', { contractName: C })).body.find((o: any) => o.orderId === id)
    expect(hist).toMatchObject({ status: '6', type: '2', openOrClose: 'OPEN' })
  })

  it('lists only waiting triggers, newest first, paged by page and limit, with the count of them all', async () => {
    const erin = await rig.client({ usdt: '50000' })
    const place = async (triggerPrice: string): Promise<string> =>
      (
        await erin.post('conditionOrder', {
          contractName: C,
          side: 'BUY',
          type: 'LIMIT',
          price: '70000.0',
          open: 'OPEN',
          positionType: 1,
          volume: '1',
          triggerType: 3,
          triggerPrice
        })
      ).body.orderId
    const ids: string[] = []
    for (const p of ['69000.0', '69100.0', '69200.0', '69300.0']) ids.push(await place(p))
    // one canceled, one on the other contract: neither is in this list
    expect((await erin.post('cancel_trigger_order', { contractName: C, orderId: ids[1] })).status).toBe(200)
    await erin.post('conditionOrder', {
      contractName: 'E-ETH-USDT',
      side: 'BUY',
      type: 'MARKET',
      open: 'OPEN',
      positionType: 1,
      volume: '100',
      triggerType: 3,
      triggerPrice: '9000.00'
    })
    const page = async (n: number, limit: number) =>
      (await erin.post('trigger_order_list', { contractName: C, page: n, limit })).body
    const waiting = [ids[3], ids[2], ids[0]]
    expect(await page(1, 2)).toMatchObject({
      count: '3',
      trigOrderList: waiting.slice(0, 2).map((id) => ({ id, status: '1' }))
    })
    expect((await page(2, 2)).trigOrderList.map((t: any) => t.id)).toEqual(waiting.slice(2))
    expect((await page(3, 2)).trigOrderList).toEqual([])
    // without contractName: every contract's waiting triggers
    expect((await erin.post('trigger_order_list', { page: 1, limit: 100 })).body.count).toBe('4')
  })

  it('fails the trigger and rejects its order when the order is refused as it fires', async () => {
    const poor = await rig.client({ usdt: '10' })
    const r = await poor.post('conditionOrder', {
      contractName: C,
      side: 'BUY',
      type: 'LIMIT',
      price: '66000.0',
      open: 'OPEN',
      positionType: 1,
      volume: '100',
      triggerType: 3,
      triggerPrice: '65500.0'
    })
    expect(r.status).toBe(200)
    await rig.setIndex('btcusdt', '65500.0')
    expect(await triggers(poor)).toEqual([])
    expect((await poor.get('order', { contractName: C, orderId: r.body.orderId })).body.status).toBe('REJECTED')
    expect((await poor.post('orderHistorical', { contractName: C })).body[0]).toMatchObject({
      orderId: r.body.orderId,
      status: '6'
    })
  })
})

async function publicGet(): Promise<any> {
  const { publicGet: get } = await import('./harness')
  return (await get(rig.ex, 'index', { contractName: C })).body
}
