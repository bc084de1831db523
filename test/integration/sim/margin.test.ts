// Margin trading over HTTP, against the rules at the top of src-sim/venue/margin.ts: auto-borrow of the
// shortfall within 3x leverage, auto-repay from proceeds, the margin order endpoints, and liquidation below a
// margin level of 1.1 (explicitly committed, and by the server's 1 s risk timer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import { clientsOf, control, eventually, keyPairs, type SimClient, WsProbe } from './harness'

let ex: RunningExchange
let alice: SimClient
let bob: SimClient
let carol: SimClient
let dave: SimClient
let erin: SimClient
let frank: SimClient

/** 1 unit of any asset in ledger units (8 decimals). */
const usdt = (whole: number | string): bigint => {
  const [i, f = ''] = String(whole).split('.')
  return BigInt(i! + f.padEnd(8, '0'))
}

beforeAll(async () => {
  ex = await startExchange({
    activity: false,
    control: true,
    keys: keyPairs('alice', 'bob', 'carol', 'dave', 'erin', 'frank'),
    unlimitedKeys: true
  })
  ;[alice, bob, carol, dave, erin, frank] = clientsOf(ex) as [
    SimClient,
    SimClient,
    SimClient,
    SimClient,
    SimClient,
    SimClient
  ]
})
afterAll(() => ex.close())

const idOf = (c: SimClient): string => c.keys.accountId!
/** The margin wallet's balance of an asset, straight from the ledger (there is no margin account endpoint). */
const margin = (c: SimClient, asset: string): { free: bigint; locked: bigint } =>
  ex.spot.engine.balance(`${idOf(c)}:margin`, asset)
const debt = (c: SimClient, asset: string): bigint => ex.spot.margin.debt(idOf(c), asset)
const marginOrder = (c: SimClient, params: Record<string, unknown>) =>
  c.signed('POST', '/spot/open/sapi/v1/margin/order', params)
const marginQuery = (c: SimClient, params: Record<string, unknown>) =>
  c.signed('GET', '/spot/open/sapi/v1/margin/order', params)
const marginOpen = (c: SimClient, symbol: string) => c.signed('GET', '/spot/open/sapi/v1/margin/openOrders', { symbol })

describe('auto-borrow and auto-repay', () => {
  it('borrows the shortfall of a margin buy, fills it, and repays the debt from later sale proceeds', async () => {
    expect(margin(alice, 'USDT')).toEqual({ free: usdt(10000), locked: 0n })
    const spotBefore = await alice.balances()
    expect(
      (await bob.order({ symbol: 'btcusdt', side: 'SELL', type: 'LIMIT', price: '60000.00', volume: '0.25' })).status
    ).toBe(200)

    // 0.25 BTC at 60000 costs 15000 USDT; the margin wallet holds 10000, so 5000 is borrowed.
    const buy = await marginOrder(alice, {
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '60000.00',
      volume: '0.25'
    })
    expect(buy.status).toBe(200)
    expect(buy.body).toMatchObject({
      status: 'NEW',
      executedQty: '0.000000',
      origQty: '0.250000',
      side: 'BUY',
      type: 'LIMIT'
    })
    expect(typeof buy.body.orderId).toBe('string')
    const q = await marginQuery(alice, { symbol: 'btcusdt', orderId: buy.body.orderId })
    expect(q.body).toMatchObject({ status: 'FILLED', executedQty: '0.250000', avgPrice: '60000.00' })
    expect(debt(alice, 'USDT')).toBe(usdt(5000))
    expect(margin(alice, 'USDT')).toEqual({ free: 0n, locked: 0n })
    expect(margin(alice, 'BTC')).toEqual({ free: usdt('0.2495'), locked: 0n }) // taker fee 0.2 % of the BTC received
    // The spot wallet is a different wallet: untouched, and its trade list is empty.
    expect(await alice.balances()).toEqual(spotBefore)
    expect((await alice.signed('GET', '/spot/open/sapi/v1/myTrades', { symbol: 'btcusdt' })).body).toEqual([])

    // Selling 0.05 BTC brings 3000 less 0.2 % = 2994 USDT, all of which repays debt.
    await bob.order({ symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '60000.00', volume: '0.1' })
    expect((await marginOrder(alice, { symbol: 'btcusdt', side: 'SELL', type: 'MARKET', volume: '0.05' })).status).toBe(
      200
    )
    expect(debt(alice, 'USDT')).toBe(usdt(2006))
    expect(margin(alice, 'USDT').free).toBe(0n)
    // The next 2994 clears the debt and leaves 988 USDT in the wallet.
    expect((await marginOrder(alice, { symbol: 'btcusdt', side: 'SELL', type: 'MARKET', volume: '0.05' })).status).toBe(
      200
    )
    expect(debt(alice, 'USDT')).toBe(0n)
    expect(margin(alice, 'USDT')).toEqual({ free: usdt(988), locked: 0n })
    expect(margin(alice, 'BTC').free).toBe(usdt('0.1495'))

    const trades = await alice.signed('GET', '/spot/open/sapi/v1/margin/myTrades', { symbol: 'btcusdt' })
    expect(trades.body.map((t: any) => [t.isBuyer, t.isMaker, t.qty, t.price, t.feeCoin, t.fee])).toEqual([
      [true, false, '0.250000', '60000.00', 'BTC', '0.0005'],
      [false, false, '0.050000', '60000.00', 'USDT', '6'],
      [false, false, '0.050000', '60000.00', 'USDT', '6']
    ])
  })

  it('refuses borrowing beyond 3x leverage with -2017 and changes nothing; exactly 3x is allowed', async () => {
    const before = { usdt: margin(carol, 'USDT'), btc: margin(carol, 'BTC'), debt: debt(carol, 'USDT') }
    // 30000.03 USDT of BTC on 10000 USDT: the wallet would hold 30000.03 against a 20000.03 debt, under 1.5x.
    const over = await marginOrder(carol, {
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000.00',
      volume: '1.000001'
    })
    expect(over.status).toBe(400)
    expect(over.body.code).toBe(-2017)
    expect(over.body.msg).toMatch(/3x leverage/)
    expect({ usdt: margin(carol, 'USDT'), btc: margin(carol, 'BTC'), debt: debt(carol, 'USDT') }).toEqual(before)
    expect((await marginOpen(carol, 'btcusdt')).body).toEqual([])

    // 30000 USDT is exactly 3x: 20000 is borrowed and the whole notional is held by the resting order.
    const at = await marginOrder(carol, {
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000.00',
      volume: '1'
    })
    expect(at.status).toBe(200)
    expect(debt(carol, 'USDT')).toBe(usdt(20000))
    expect(margin(carol, 'USDT')).toEqual({ free: 0n, locked: usdt(30000) })
    // At the limit, even 3 USDT more is refused.
    const more = await marginOrder(carol, {
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000.00',
      volume: '0.0001'
    })
    expect(more.body.code).toBe(-2017)
    expect(debt(carol, 'USDT')).toBe(usdt(20000))
    // Canceling releases the hold in the margin wallet.
    const c = await carol.signed('POST', '/spot/open/sapi/v1/margin/cancel', {
      symbol: 'btcusdt',
      orderId: at.body.orderId
    })
    expect(c.body.status).toBe('CANCELED')
    expect(margin(carol, 'USDT')).toEqual({ free: usdt(30000), locked: 0n })
  })
})

describe('margin order endpoints', () => {
  it('queries, lists, cancels and reports trades of margin orders, apart from the spot wallet', async () => {
    const placed = await marginOrder(dave, {
      symbol: 'ethusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000.00',
      volume: '1',
      newClientOrderId: 'm-1'
    })
    expect(placed.status).toBe(200)
    const id = placed.body.orderId
    expect(placed.body.clientOrderId).toBe('m-1')
    expect(margin(dave, 'USDT')).toEqual({ free: usdt(9000), locked: usdt(1000) })
    expect(debt(dave, 'USDT')).toBe(0n)

    const open = await marginOpen(dave, 'ethusdt')
    expect(open.body).toHaveLength(1)
    expect(open.body[0]).toMatchObject({
      orderId: id,
      status: 'NEW',
      price: '1000.00',
      origQty: '1.0000',
      time: expect.any(String)
    })
    expect(open.body[0]).not.toHaveProperty('clientOrderId')
    expect((await dave.signed('GET', '/spot/open/sapi/v1/openOrders', { symbol: 'ethusdt' })).body).toEqual([])

    expect((await marginQuery(dave, { symbol: 'ethusdt', orderId: id })).body).toMatchObject({
      orderId: id,
      status: 'NEW',
      avgPrice: '0.00'
    })
    expect((await marginQuery(dave, { symbol: 'ethusdt', newClientOrderId: 'm-1' })).body.orderId).toBe(id)
    const viaSpot = await dave.signed('GET', '/spot/open/sapi/v1/order', { symbol: 'ethusdt', orderId: id })
    expect(viaSpot.body.code).toBe(-2013)
    const noRef = await marginQuery(dave, { symbol: 'ethusdt' })
    expect(noRef.body.code).toBe(-1102)

    const c = await dave.signed('POST', '/spot/open/sapi/v1/margin/cancel', {
      symbol: 'ethusdt',
      newClientOrderId: 'm-1'
    })
    expect(c.body).toEqual({ symbol: 'ethusdt', clientOrderId: 'm-1', orderId: id, status: 'CANCELED' })
    expect(margin(dave, 'USDT')).toEqual({ free: usdt(10000), locked: 0n })
    expect(
      (await dave.signed('POST', '/spot/open/sapi/v1/margin/cancel', { symbol: 'ethusdt', orderId: id })).body.code
    ).toBe(-1145)
    expect((await marginQuery(dave, { symbol: 'ethusdt', orderId: id })).body.status).toBe('CANCELED')
    expect((await marginOpen(dave, 'ethusdt')).body).toEqual([])

    // A margin maker fill: Bob sells into Dave's margin bid.
    const bid = await marginOrder(dave, {
      symbol: 'ethusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000.00',
      volume: '0.3'
    })
    await bob.order({ symbol: 'ethusdt', side: 'SELL', type: 'MARKET', volume: '0.3' })
    expect((await marginQuery(dave, { symbol: 'ethusdt', orderId: bid.body.orderId })).body).toMatchObject({
      status: 'FILLED',
      avgPrice: '1000.00'
    })
    const trades = await dave.signed('GET', '/spot/open/sapi/v1/margin/myTrades', { symbol: 'ethusdt', limit: 1000 })
    expect(trades.body).toHaveLength(1)
    expect(trades.body[0]).toMatchObject({
      bidId: bid.body.orderId,
      price: '1000.00',
      qty: '0.3000',
      isBuyer: true,
      isMaker: true,
      feeCoin: 'ETH',
      fee: '0.0003'
    })
    expect((await dave.signed('GET', '/spot/open/sapi/v1/myTrades', { symbol: 'ethusdt' })).body).toEqual([])
    expect(
      (await dave.signed('GET', '/spot/open/sapi/v1/margin/myTrades', { symbol: 'ethusdt', limit: 1001 })).body.code
    ).toBe(-1102)
    expect(margin(dave, 'ETH').free).toBe(usdt('0.2997'))
  })
})

describe('liquidation', () => {
  it('cancels open margin orders and settles the debt at the mid price once the level falls under 1.1', async () => {
    await control(ex, 'credit', { apiKey: bob.keys.apiKey, asset: 'SOL', amount: '500' })
    await bob.order({ symbol: 'solusdt', side: 'SELL', type: 'LIMIT', price: '150.000', volume: '160' })
    // 160 SOL at 150 = 24000 USDT on 10000: 14000 borrowed; 159.68 SOL received after the 0.2 % taker fee.
    expect(
      (await marginOrder(erin, { symbol: 'solusdt', side: 'BUY', type: 'LIMIT', price: '150.000', volume: '160' }))
        .status
    ).toBe(200)
    expect(debt(erin, 'USDT')).toBe(usdt(14000))
    expect(margin(erin, 'SOL').free).toBe(usdt('159.68'))
    const resting = await marginOrder(erin, {
      symbol: 'solusdt',
      side: 'SELL',
      type: 'LIMIT',
      price: '300.000',
      volume: '10'
    })
    expect(resting.status).toBe(200)
    expect(margin(erin, 'SOL')).toEqual({ free: usdt('149.68'), locked: usdt(10) })
    const spotBefore = await erin.balances()
    const lossBefore = ex.spot.margin.houseLoss
    const ws = await WsProbe.open(`ws://127.0.0.1:${ex.port}/spot/ws`)
    ws.sub('market_solusdt_depth_step0')
    await ws.waitFor((m) => m.channel === 'market_solusdt_depth_step0' && m.tick?.asks?.[0]?.[0] === '300.000')

    // The book moves to 89.900 / 90.100 (mid 90): the wallet is worth 159.68 x 90 = 14371.2 against 14000 of
    // debt, a level of 1.027. (Bid first: with only the bid the mid is still far above.)
    await bob.order({ symbol: 'solusdt', side: 'BUY', type: 'LIMIT', price: '89.900', volume: '1' })
    await bob.order({ symbol: 'solusdt', side: 'SELL', type: 'LIMIT', price: '90.100', volume: '1' })
    // Subscribers see the new best ask (and the liquidation must be pushed after that frame, below).
    await ws.waitFor(
      (m) => m.channel === 'market_solusdt_depth_step0' && m.tick?.asks?.some((l: string[]) => l[0] === '90.100')
    )
    // The 1 s risk timer may have liquidated already; if not, the account is at risk now.
    if (debt(erin, 'USDT') > 0n) expect(ex.spot.margin.atRisk()).toContain(idOf(erin))
    await ex.sim.commit({ t: 'marginLiquidate', account: idOf(erin), time: Date.now() })

    expect(debt(erin, 'USDT')).toBe(0n)
    expect(ex.spot.margin.debts.get(idOf(erin))?.size ?? 0).toBe(0)
    expect(margin(erin, 'SOL')).toEqual({ free: 0n, locked: 0n })
    expect(margin(erin, 'USDT')).toEqual({ free: usdt('371.2'), locked: 0n })
    expect(ex.spot.margin.houseLoss).toBe(lossBefore)
    expect((await marginOpen(erin, 'solusdt')).body).toEqual([])
    expect((await marginQuery(erin, { symbol: 'solusdt', orderId: resting.body.orderId })).body.status).toBe('CANCELED')
    // The liquidated order left the book: the best ask is Bob's 90.100 and nothing remains at 300.
    const depth = await erin.public('/spot/open/sapi/v1/depth', { symbol: 'solusdt' })
    expect(depth.body.asks).toEqual([['90.100', '1.00']])
    // WebSocket depth subscribers are told too: a frame without the liquidated ask follows.
    try {
      const frame = await ws.waitFor(
        (m) =>
          m.channel === 'market_solusdt_depth_step0' && m.tick?.asks?.length === 1 && m.tick.asks[0][0] === '90.100'
      )
      expect(frame.tick).toEqual({ asks: [['90.100', '1.00']], buys: [['89.900', '1.00']] })
    } finally {
      ws.close()
    }
    expect(await erin.balances()).toEqual(spotBefore)
    expect(ex.spot.margin.atRisk()).not.toContain(idOf(erin))
  })

  it('is done by the risk timer on its own, the shortfall being the house loss', async () => {
    await control(ex, 'credit', { apiKey: bob.keys.apiKey, asset: 'DOGE', amount: '200000' })
    await bob.order({ symbol: 'dogeusdt', side: 'SELL', type: 'LIMIT', price: '0.20000', volume: '120000' })
    expect(
      (await marginOrder(frank, { symbol: 'dogeusdt', side: 'BUY', type: 'LIMIT', price: '0.20000', volume: '120000' }))
        .status
    ).toBe(200)
    expect(debt(frank, 'USDT')).toBe(usdt(14000))
    expect(margin(frank, 'DOGE').free).toBe(usdt(119760))
    const lossBefore = ex.spot.margin.houseLoss

    // Mid 0.1: 119760 DOGE are worth 11976 USDT against 14000 of debt.
    await bob.order({ symbol: 'dogeusdt', side: 'BUY', type: 'LIMIT', price: '0.09990', volume: '10' })
    await bob.order({ symbol: 'dogeusdt', side: 'SELL', type: 'LIMIT', price: '0.10010', volume: '10' })
    await eventually(() => debt(frank, 'USDT') === 0n, 20_000)
    expect(margin(frank, 'DOGE')).toEqual({ free: 0n, locked: 0n })
    expect(margin(frank, 'USDT')).toEqual({ free: 0n, locked: 0n })
    expect(ex.spot.margin.houseLoss - lossBefore).toBe(usdt(2024))
  })
})
