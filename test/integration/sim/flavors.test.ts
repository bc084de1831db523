// `flavor: 'live'` answers the way live venues of the family do (api-family-notes.md, "Variance"); the spec
// flavor answers the spec's plain shapes. The same requests go to one exchange of each flavor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningExchange } from '../../../src-sim/exchange'
import { control, quietExchange, type SimClient, type WsMessage, WsProbe } from './harness'

interface Venue {
  ex: RunningExchange
  alice: SimClient
  bob: SimClient
}
let live: Venue
let spec: Venue

beforeAll(async () => {
  live = await quietExchange({ flavor: 'live' })
  spec = await quietExchange({ flavor: 'spec' })
})
afterAll(async () => {
  await live?.ex.close()
  await spec?.ex.close()
})

/** Every frame received up to the first solusdt depth snapshot; its best ask is the one the depth test above placed. */
async function depthSnapshotFrames(ex: RunningExchange): Promise<WsMessage[]> {
  const ws = await WsProbe.open(`ws://127.0.0.1:${ex.port}/spot/ws`)
  try {
    ws.sub('market_solusdt_depth_step0', 'd')
    const snap = await ws.waitFor((m) => m.channel === 'market_solusdt_depth_step0' && m.tick)
    expect(snap.tick.asks[0]).toEqual(['150.000', '1.50'])
    return [...ws.messages]
  } finally {
    ws.close()
  }
}

const restingBuy = { symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '50000.00', volume: '0.1' }

describe('live flavor', () => {
  it('answers create-order with orderId as an array of one string, and cancel with PENDING_CANCEL', async () => {
    const placed = await live.alice.order({ ...restingBuy, newClientOrderId: 'lv-1' })
    expect(placed.status).toBe(200)
    expect(Array.isArray(placed.body.orderId)).toBe(true)
    expect(placed.body.orderId).toHaveLength(1)
    const id = placed.body.orderId[0]
    expect(id).toMatch(/^\d+$/)
    expect(BigInt(id)).toBeGreaterThan(2n ** 53n)
    expect(placed.body).toMatchObject({ status: 'NEW', symbol: 'btcusdt', clientOrderId: 'lv-1', price: '50000.00' })

    // The id in the array is the real order id: query by it works, and the order is really canceled.
    const q = await live.alice.signed('GET', '/spot/open/sapi/v1/order', { symbol: 'btcusdt', orderId: id })
    expect(q.body).toMatchObject({ orderId: id, status: 'NEW' })
    const c = await live.alice.signed('POST', '/spot/open/sapi/v1/cancel', { symbol: 'btcusdt', orderId: id })
    expect(c.status).toBe(200)
    expect(c.body).toEqual({ symbol: 'btcusdt', clientOrderId: 'lv-1', orderId: id, status: 'PENDING_CANCEL' })
    const after = await live.alice.signed('GET', '/spot/open/sapi/v1/order', { symbol: 'btcusdt', orderId: id })
    expect(after.body.status).toBe('CANCELED')
    expect((await live.alice.balances())['USDT']).toEqual({ free: '100000.00000000', locked: '0.00000000' })
  })

  it.each([
    ['unknown symbol', { ...restingBuy, symbol: 'nopeusdt' }, '-1121', '无效的交易对'],
    ['insufficient balance', { ...restingBuy, price: '1000000.00', volume: '1' }, '-2017', '余额不足'],
    ['precision', { ...restingBuy, price: '50000.001' }, '-1111', '精度超出限制'],
    ['below minimum', { ...restingBuy, volume: '0.00001' }, '-1136', '下单数量过小']
  ])(
    'answers an error (%s) as HTTP 200 with a string code, Chinese msg, data, succ:false and msgData',
    async (_n, params, code, msg) => {
      const r = await live.alice.order(params)
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ code, msg, data: null, succ: false, msgData: expect.any(String) })
      expect(r.body.msgData.length).toBeGreaterThan(5)
    }
  )

  it('keeps the 200 envelope for auth and unknown-order errors too', async () => {
    const bad = await live.alice.signed('POST', '/spot/open/sapi/v1/order', restingBuy, {
      'X-CH-SIGN': 'ab'.repeat(32)
    })
    expect(bad.status).toBe(200)
    expect(bad.body).toMatchObject({ code: '-1022', msg: '签名无效', succ: false })
    const missing = await live.alice.signed('GET', '/spot/open/sapi/v1/order', { symbol: 'btcusdt', orderId: '123' })
    expect(missing.status).toBe(200)
    expect(missing.body).toMatchObject({ code: '-2013', msg: '订单不存在', succ: false })
  })

  it('keeps HTTP 429 for rate limits (still in the live envelope)', async () => {
    // 20 public calls per second per IP: a burst of 40 must see some refused, however slow the machine.
    const replies = await Promise.all(
      Array.from({ length: 40 }, () => live.alice.public('/spot/open/sapi/v1/ticker', { symbol: 'dogeusdt' }))
    )
    const limited = replies.filter((r) => r.status === 429)
    expect(limited.length).toBeGreaterThanOrEqual(1)
    expect(replies.every((r) => r.status === 200 || r.status === 429)).toBe(true)
    expect(limited[0]?.body).toMatchObject({ code: '-1003', msg: '请求过于频繁', succ: false })
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  })

  it('wraps openOrders, deposit history and withdraw history as {list: [...]}', async () => {
    const a = await live.alice.order({ ...restingBuy, price: '40000.00' })
    const b = await live.alice.order({ ...restingBuy, price: '41000.00' })
    const open = await live.alice.signed('GET', '/spot/open/sapi/v1/openOrders', { symbol: 'btcusdt' })
    expect(Object.keys(open.body)).toEqual(['list'])
    expect(open.body.list.map((o: any) => o.orderId).sort()).toEqual([a.body.orderId[0], b.body.orderId[0]].sort())

    const deposits = await live.alice.signed('GET', '/spot/open/sapi/v1/deposit/history', {})
    expect(Object.keys(deposits.body)).toEqual(['list'])
    expect(deposits.body.list.map((d: any) => d.symbol).sort()).toEqual(['BTC', 'DOGE', 'ETH', 'SOL', 'USDT'])

    await control(live.ex, 'withdraw', { apiKey: live.alice.keys.apiKey, asset: 'ETH', amount: '1', fee: '0.01' })
    const withdrawals = await live.alice.signed('GET', '/spot/open/sapi/v1/withdraw/history', {})
    expect(Object.keys(withdrawals.body)).toEqual(['list'])
    expect(withdrawals.body.list).toHaveLength(1)
    expect(withdrawals.body.list[0]).toMatchObject({ symbol: 'ETH', amount: '1', fee: '0.01' })
  })

  it('sends depth levels with a third, cumulative column and time null', async () => {
    await live.bob.order({ symbol: 'solusdt', side: 'SELL', type: 'LIMIT', price: '150.000', volume: '1.5' })
    await live.bob.order({ symbol: 'solusdt', side: 'SELL', type: 'LIMIT', price: '150.500', volume: '2.25' })
    await live.bob.order({ symbol: 'solusdt', side: 'SELL', type: 'LIMIT', price: '151.000', volume: '0.05' })
    await live.alice.order({ symbol: 'solusdt', side: 'BUY', type: 'LIMIT', price: '149.000', volume: '3' })
    const d = await live.alice.public('/spot/open/sapi/v1/depth', { symbol: 'solusdt' })
    expect(d.status).toBe(200)
    expect(d.body).toEqual({
      time: null,
      asks: [
        ['150.000', '1.50', '1.50'],
        ['150.500', '2.25', '3.75'],
        ['151.000', '0.05', '3.80']
      ],
      bids: [['149.000', '3.00', '3.00']]
    })
  })

  it('localizes the time endpoint timezone', async () => {
    const before = Date.now()
    const t = await live.alice.public('/spot/open/sapi/v1/time')
    expect(t.body.timezone).toBe('中国标准时间')
    expect(t.body.serverTime).toBeGreaterThanOrEqual(before - 1000)
    expect(t.body.serverTime).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('sends WebSocket frames as plain text', async () => {
    const messages = await depthSnapshotFrames(live.ex)
    expect(messages.length).toBeGreaterThanOrEqual(2)
    expect(messages.every((m) => m.binary === false)).toBe(true)
  })
})

describe('spec flavor (the opposite of each live variant)', () => {
  it('answers create-order with a string orderId, and cancel with CANCELED', async () => {
    const placed = await spec.alice.order(restingBuy)
    expect(typeof placed.body.orderId).toBe('string')
    const c = await spec.alice.signed('POST', '/spot/open/sapi/v1/cancel', {
      symbol: 'btcusdt',
      orderId: placed.body.orderId
    })
    expect(c.body.status).toBe('CANCELED')
  })

  it('answers errors with the HTTP status of the error table and {code: number, msg: English}', async () => {
    const r = await spec.alice.order({ ...restingBuy, symbol: 'nopeusdt' })
    expect(r.status).toBe(400)
    expect(r.body).toEqual({ code: -1121, msg: expect.stringContaining('nopeusdt') })
    const bad = await spec.alice.signed('POST', '/spot/open/sapi/v1/order', restingBuy, {
      'X-CH-SIGN': 'ab'.repeat(32)
    })
    expect(bad.status).toBe(401)
    expect(bad.body.code).toBe(-1022)
  })

  it('answers lists as plain arrays', async () => {
    const placed = await spec.alice.order({ ...restingBuy, price: '40000.00' })
    const open = await spec.alice.signed('GET', '/spot/open/sapi/v1/openOrders', { symbol: 'btcusdt' })
    expect(Array.isArray(open.body)).toBe(true)
    expect(open.body.map((o: any) => o.orderId)).toEqual([placed.body.orderId])
    const deposits = await spec.alice.signed('GET', '/spot/open/sapi/v1/deposit/history', {})
    expect(Array.isArray(deposits.body)).toBe(true)
    expect(deposits.body).toHaveLength(5)
    const withdrawals = await spec.alice.signed('GET', '/spot/open/sapi/v1/withdraw/history', {})
    expect(withdrawals.body).toEqual([])
  })

  it('sends two-column depth levels with a numeric time, and timezone UTC', async () => {
    await spec.bob.order({ symbol: 'solusdt', side: 'SELL', type: 'LIMIT', price: '150.000', volume: '1.5' })
    await spec.bob.order({ symbol: 'solusdt', side: 'SELL', type: 'LIMIT', price: '150.500', volume: '2.25' })
    const d = await spec.alice.public('/spot/open/sapi/v1/depth', { symbol: 'solusdt' })
    expect(d.body.asks).toEqual([
      ['150.000', '1.50'],
      ['150.500', '2.25']
    ])
    expect(d.body.bids).toEqual([])
    expect(typeof d.body.time).toBe('number')
    const t = await spec.alice.public('/spot/open/sapi/v1/time')
    expect(t.body.timezone).toBe('UTC')
  })

  it('sends WebSocket frames gzip-compressed in binary frames', async () => {
    expect((await depthSnapshotFrames(spec.ex)).every((m) => m.binary === true)).toBe(true)
  })
})
