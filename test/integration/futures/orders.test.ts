// Every futures order endpoint over HTTP, with its errors: place (all checks), cancel, batch place (both paths)
// and cancel, order query, open orders, openOrdersCount, order and PnL history with fromId paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { futuresRig, type FClient, type FuturesRig } from './harness'

let rig: FuturesRig
let alice: FClient
let bob: FClient
const C = 'E-BTC-USDT'
const E = 'E-ETH-USDT'

beforeAll(async () => {
  rig = await futuresRig()
  alice = await rig.client({ usdt: '100000' })
  bob = await rig.client({ usdt: '100000' })
})
afterAll(() => rig.close())

const limit = (o: Record<string, unknown> = {}) => ({
  contractName: C,
  side: 'BUY',
  type: 'LIMIT',
  open: 'OPEN',
  positionType: 1,
  price: '64000.0',
  volume: '1',
  ...o
})

describe('POST /fapi/v1/order: checks and their codes', () => {
  it.each([
    ['an unknown contract', { contractName: 'E-XRP-USDT' }, 400, -1121],
    ['a LIMIT without price', { price: undefined }, 400, -1102],
    ['a price finer than the tick', { price: '64000.05' }, 400, -1111],
    ['a fraction of a contract', { volume: '1.5' }, 400, -1111],
    ['a volume above maxLimitVolume', { volume: '100001' }, 400, -1102],
    ['a market open below one contract of notional', { type: 'MARKET', price: undefined, volume: '1' }, 400, -1136],
    ['a price more than 10 % above the mark', { price: '71500.1' }, 400, -1138],
    ['a positionType other than the margin model', { positionType: 2 }, 400, -1102],
    ['a bad side', { side: 'HOLD' }, 400, -1117],
    ['a bad type', { type: 'STOP' }, 400, -1116],
    ['a clientOrderId of 32 characters', { clientOrderId: 'x'.repeat(32) }, 400, -1102],
    [
      'MARKET with POST_ONLY',
      { type: 'MARKET', price: undefined, volume: '100', timeInForce: 'POST_ONLY' },
      400,
      -1102
    ],
    ['an order the margin cannot carry', { volume: '20000', price: '64000.0' }, 400, -2017],
    ['a CLOSE with no position', { open: 'CLOSE', side: 'SELL' }, 400, -2017]
  ])('refuses %s', async (_what, o, status, code) => {
    const r = await alice.post('order', limit(o))
    expect([r.status, r.body.code]).toEqual([status, code])
  })

  it('refuses a position beyond the tier of its leverage (10 001 contracts at 100x: tier 2 allows 50x)', async () => {
    expect((await alice.post('edit_lever', { contractName: C, leverageLevel: 100, positionType: 1 })).status).toBe(200)
    const r = await alice.post('order', limit({ volume: '10001' }))
    expect([r.status, r.body.code]).toEqual([400, -1102])
    expect(r.body.msg).toContain('at most 50x')
    expect((await alice.post('edit_lever', { contractName: C, leverageLevel: 10, positionType: 1 })).status).toBe(200)
  })

  it('refuses an order over maxValidOrder (200 open orders per contract)', async () => {
    const orders = Array.from({ length: 10 }, () => ({
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      positionType: 1,
      price: '60000.0',
      volume: '1'
    }))
    for (let i = 0; i < 20; i++)
      expect((await alice.post('batchOrders', { contractName: C, orders })).body.ids).toHaveLength(10)
    const r = await alice.post('order', limit({ price: '60000.0' }))
    expect([r.status, r.body.code]).toEqual([400, -1102])
    expect(r.body.msg).toContain('maxValidOrder')
    // the count, paged
    const page = await alice.post('openOrdersCount', { contractId: 1, page: 2, pageSize: 150 })
    expect(page.body.code).toBe('0')
    expect(page.body.data.count).toBe('200')
    expect(page.body.data.orderList).toHaveLength(50)
    expect((await alice.post('openOrdersCount', { contractId: 99, page: 1, pageSize: 10 })).body.code).toBe(-1121)
    const ids = (await alice.get('openOrders', { contractName: C })).body.map((o: any) => o.orderId)
    for (let i = 0; i < ids.length; i += 10) {
      const res = await alice.post('batchCancel', { contractName: C, orderIds: ids.slice(i, i + 10) })
      expect(res.body.failed).toEqual([])
    }
    expect((await alice.get('openOrders', {})).body).toEqual([])
  })

  it('keeps CLOSE orders within the position (a close larger than the position is refused)', async () => {
    await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '5' })
    await alice.place({ contractName: C, side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '325' }) // 5 contracts of notional
    expect((await alice.position(C)).volume).toBe('5')
    const over = await alice.post('order', limit({ side: 'SELL', open: 'CLOSE', price: '66000.0', volume: '6' }))
    expect([over.status, over.body.code]).toEqual([400, -2017])
    await alice.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'CLOSE', price: '66000.0', volume: '3' })
    const more = await alice.post('order', limit({ side: 'SELL', open: 'CLOSE', price: '66000.0', volume: '3' }))
    expect(more.body.msg).toContain('3 of them')
    // one-way mode: an OPEN against the long is refused
    const against = await alice.post('order', limit({ side: 'SELL', open: 'OPEN', price: '66000.0' }))
    expect([against.status, against.body.code]).toEqual([400, -1102])
  })
})

describe('time in force', () => {
  it('POST_ONLY that would take and FOK that cannot fill are REJECTED; IOC fills what it can and cancels the rest', async () => {
    await bob.place({ contractName: E, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '3200.00', volume: '2' })
    const po = await alice.place({
      contractName: E,
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      price: '3200.00',
      volume: '1',
      timeInForce: 'POST_ONLY'
    })
    expect((await alice.get('order', { contractName: E, orderId: po })).body.status).toBe('REJECTED')
    const fok = await alice.place({
      contractName: E,
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      price: '3200.00',
      volume: '3',
      timeInForce: 'FOK'
    })
    expect((await alice.get('order', { contractName: E, orderId: fok })).body).toMatchObject({
      status: 'REJECTED',
      executedQty: '0'
    })
    const ioc = await alice.place({
      contractName: E,
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      price: '3200.00',
      volume: '3',
      timeInForce: 'IOC',
      clientOrderId: 'ioc-1'
    })
    expect((await alice.get('order', { contractName: E, clientOrderId: 'ioc-1' })).body).toMatchObject({
      orderId: ioc,
      status: 'CANCELED',
      executedQty: '2'
    })
    const resting = await alice.place({
      contractName: E,
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      price: '3100.00',
      volume: '3',
      timeInForce: 'POST_ONLY'
    })
    expect((await alice.get('order', { contractName: E, orderId: resting })).body.status).toBe('NEW')
    // carol sells 1 of the 3 into it: PARTIALLY_FILLED, still open
    const carol = await rig.client({ usdt: '1000' })
    await carol.place({ contractName: E, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '3100.00', volume: '1' })
    expect((await alice.get('order', { contractName: E, orderId: resting })).body).toMatchObject({
      status: 'PARTIALLY_FILLED',
      executedQty: '1',
      origQty: '3'
    })
    expect((await alice.get('openOrders', { contractName: E })).body.map((o: any) => o.orderId)).toEqual([resting])
    const hist = (await alice.post('orderHistorical', { contractName: E })).body
    expect(hist.map((o: any) => [o.type, o.status])).toEqual([
      ['5', '3'], // POST_ONLY resting: PARTIALLY_FILLED
      ['3', '4'], // IOC: CANCELED after a partial fill
      ['4', '6'], // FOK refused
      ['5', '6'] // POST_ONLY refused
    ])
    expect(hist[1]).toMatchObject({
      dealVolume: '2',
      dealMoney: '64',
      avgPrice: '3200.00',
      openTakerFeeRate: '0.0006',
      openMakerFeeRate: '0.0002',
      leverageLevel: '10',
      positionType: '1'
    })
    expect(hist[1].ctime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  })
})

describe('cancel, batches, queries', () => {
  it('cancels once; a second cancel is -1145; an unknown or foreign id is -2013', async () => {
    const id = await alice.place(limit({ price: '63000.0' }))
    expect((await alice.post('cancel', { contractName: C, orderId: id })).body).toEqual({ orderId: id })
    expect((await alice.post('cancel', { contractName: C, orderId: id })).body.code).toBe(-1145)
    expect((await alice.post('cancel', { contractName: C, orderId: '42' })).body.code).toBe(-2013)
    const carol = await rig.client({ usdt: '1000' })
    const other = await carol.place(limit({ price: '63000.0' }))
    expect((await alice.post('cancel', { contractName: C, orderId: other })).body.code).toBe(-2013)
    expect((await alice.get('order', { contractName: C, orderId: other })).body.code).toBe(-2013)
    expect((await alice.get('order', { contractName: C })).body.code).toBe(-1102)
  })

  it('places a batch on both paths, answering ids as strings; one malformed item places nothing', async () => {
    const orders = [
      { side: 'BUY', type: 'LIMIT', open: 'OPEN', positionType: 1, price: '62000.0', volume: '1' },
      { side: 'BUY', type: 'LIMIT', open: 'OPEN', positionType: 1, price: '62000.1', volume: '1' }
    ]
    for (const path of ['batchOrders', 'placeBatchOrder']) {
      const r = await alice.post(path, { contractName: C, orders })
      expect(r.body.ids).toHaveLength(2)
      expect(JSON.parse(r.text).ids.every((x: unknown) => typeof x === 'string')).toBe(true)
      const c = await alice.post('batchCancel', { contractName: C, orderIds: [...r.body.ids, '7'] })
      expect(c.body).toEqual({ success: r.body.ids, failed: ['7'] })
    }
    const bad = await alice.post('batchOrders', {
      contractName: C,
      orders: [orders[0], { ...orders[1], price: '62000.05' }]
    })
    expect([bad.status, bad.body.code]).toEqual([400, -1111])
    expect(bad.body.msg).toContain('orders[1]')
    expect((await alice.post('batchOrders', { contractName: C, orders: Array(11).fill(orders[0]) })).body.code).toBe(
      -1101
    )
    const engine = await alice.post('batchOrders', {
      contractName: C,
      orders: [orders[0], { ...orders[1], volume: '90000' }]
    })
    expect(engine.body.ids).toHaveLength(1)
    expect(engine.body.failed).toEqual([
      { index: '1', code: '-2017', msg: expect.stringContaining('Insufficient margin') }
    ])
    await alice.post('batchCancel', { contractName: C, orderIds: engine.body.ids })
  })

  it('answers orderId as a JSON number written from its exact digits', async () => {
    const r = await alice.post('order', limit({ price: '61000.0' }))
    expect(r.text).toMatch(/^\{"orderId":\d{19}\}$/)
    expect(BigInt(r.body.orderId) > 2n ** 53n).toBe(true)
    const open = await alice.get('openOrders', {})
    expect(open.text).toContain(`"orderId":${r.body.orderId}`)
    await alice.post('cancel', { contractName: C, orderId: r.body.orderId })
  })

  it('pages order history backwards by fromId and PnL history likewise', async () => {
    const all = (await alice.post('orderHistorical', { limit: 1000 })).body
    const first = (await alice.post('orderHistorical', { limit: 3 })).body
    expect(first.map((o: any) => o.orderId)).toEqual(all.slice(0, 3).map((o: any) => o.orderId))
    const next = (await alice.post('orderHistorical', { limit: 3, fromId: first[2].orderId })).body
    expect(next.map((o: any) => o.orderId)).toEqual(all.slice(3, 6).map((o: any) => o.orderId))
    // two closed positions for the PnL history; z (hedge mode) takes the other side of each close
    const z = await rig.client({ usdt: '100000' })
    await z.post('edit_user_position_model', { contractName: E, positionModel: 2 })
    for (let i = 0; i < 2; i++) {
      await bob.place({ contractName: E, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '3200.00', volume: '1' })
      await alice.place({ contractName: E, side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '32' })
      const held = String((await alice.position(E)).volume)
      await z.place({ contractName: E, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '3190.00', volume: held })
      await alice.place({ contractName: E, side: 'SELL', type: 'MARKET', open: 'CLOSE', volume: held })
      expect(await alice.position(E)).toBeUndefined()
    }
    const pnl = (await alice.post('profitHistorical', { contractName: E })).body
    expect(pnl.length).toBeGreaterThanOrEqual(2)
    const older = (await alice.post('profitHistorical', { contractName: E, fromId: pnl[0].id })).body
    expect(older[0].id).toBe(pnl[1].id)
    expect((await alice.post('profitHistorical', { contractName: 'E-NOPE' })).body.code).toBe(-1121)
  })
})
