// Every live-venue variant of api-family-notes "Variance" (and the number/id conventions) normalized into the one
// shape the client returns. Responses are raw text through a stub transport, so lossless parsing is exercised too.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CATALOG, type EndpointId } from '../../../src-shared/api/catalog'
import { ServerClock } from '../../../src-main/client/clock'
import { API_KEY, SECRET, makeClient, reply, stubTransport } from './helpers'

const rsaPrivateKey = readFileSync(new URL('../../fixtures/signing/test-only-rsa-private.pem', import.meta.url), 'utf8')

async function answer<I extends EndpointId>(id: I, body: string, params?: Record<string, unknown>) {
  const client = makeClient(
    stubTransport(() => reply(200, body)),
    { clock: new ServerClock({ now: () => 1700000000000, offsetMs: 500 }) }
  )
  return client.call(id, params as never)
}
const BIG = '3176901856236716480' // > 2^53: would become 3176901856236716500 through Number

describe('spot orders', () => {
  const create = `{"orderId":["${BIG}"],"clientOrderId":"c1","symbol":"btcusdt","transactTime":"1700000000000","price":"10.50","origQty":"1","executedQty":"0","type":"LIMIT","side":"BUY","status":"NEW"}`
  it('create: orderId as an array of one string becomes the string', async () => {
    const r = await answer('spot.order.place', create, {
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      volume: '1',
      price: '10.50'
    })
    expect(r.orderId).toBe(BIG)
    expect(r.price).toBe('10.50')
  })
  it('margin create gets the same treatment', async () => {
    const r = await answer('margin.order.place', create, {
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      volume: '1',
      price: '10.50'
    })
    expect(r.orderId).toBe(BIG)
  })
  it('cancel: PENDING_CANCEL is a status like any other; a JSON number id keeps every digit', async () => {
    const r = await answer(
      'spot.order.cancel',
      `{"symbol":"btcusdt","clientOrderId":"c1","orderId":${BIG},"status":"PENDING_CANCEL"}`,
      { symbol: 'btcusdt', orderId: BIG }
    )
    expect(r).toEqual({ symbol: 'btcusdt', clientOrderId: 'c1', orderId: BIG, status: 'PENDING_CANCEL' })
  })
  it('{"list": [...]} wrappers become arrays (open orders, deposit and withdraw history)', async () => {
    const open = await answer(
      'spot.openOrders',
      `{"list":[{"orderId":${BIG},"symbol":"btcusdt","price":"1","origQty":"2","executedQty":"0","avgPrice":"0","type":"LIMIT","side":"SELL","status":"NEW","time":"1700000000000"}]}`,
      { symbol: 'btcusdt' }
    )
    expect(open).toHaveLength(1)
    expect(open[0]!.orderId).toBe(BIG)
    expect(await answer('spot.depositHistory', '{"list":[]}')).toEqual([])
    const w = await answer(
      'spot.withdrawHistory',
      '{"list":[{"symbol":"USDT","amount":12.5,"address":"a","txid":"t","status":5,"createTime":1700000000000,"withdrawId":99,"fee":"0.1"}]}'
    )
    expect(w[0]).toMatchObject({ amount: '12.5', status: 5, withdrawId: '99', createTime: 1700000000000 })
  })
  it('user trades: numeric ids become strings, booleans as sent or as text', async () => {
    const r = await answer(
      'spot.myTrades',
      `[{"symbol":"btcusdt","id":${BIG},"bidId":9007199254740993,"askId":"5","price":"1","qty":"2","time":1700000000000,"isBuyer":"true","isMaker":false,"feeCoin":"USDT","fee":0.001}]`,
      { symbol: 'btcusdt' }
    )
    expect(r[0]).toMatchObject({
      id: BIG,
      bidId: '9007199254740993',
      askId: '5',
      isBuyer: true,
      isMaker: false,
      fee: '0.001'
    })
  })
  it('symbols answered as a bare array are wrapped', async () => {
    const r = await answer('spot.symbols', '[{"symbol":"btcusdt","pricePrecision":"2","limitPriceMin":0.01}]')
    expect(r.symbols[0]).toMatchObject({ symbol: 'btcusdt', pricePrecision: 2, limitPriceMin: '0.01' })
  })
})

describe('market data', () => {
  it('depth levels of 3 or 4 columns become [price, qty]; time null is kept', async () => {
    const r = await answer(
      'spot.depth',
      '{"time":null,"bids":[["100.10","1.5","1.5"],["100.00","2","3.5","350.15"]],"asks":[[100.2,0.5]]}',
      { symbol: 'btcusdt' }
    )
    expect(r).toEqual({
      time: null,
      bids: [
        ['100.10', '1.5'],
        ['100.00', '2']
      ],
      asks: [['100.2', '0.5']]
    })
  })
  it('depth with a time keeps it as a number', async () => {
    const r = await answer('futures.depth', '{"time":1700000000001,"bids":[],"asks":[]}', {
      contractName: 'E-BTC-USDT'
    })
    expect(r.time).toBe(1700000000001)
  })
  it('futures index: the live shape becomes the documented one', async () => {
    const r = await answer(
      'futures.index',
      '{"currentFundRate":0.0001,"indexPrice":64000.12345678901234,"tagPrice":"64001.5","nextFundRate":-0.00005}',
      { contractName: 'E-BTC-USDT' }
    )
    expect(r).toEqual({
      contractName: 'E-BTC-USDT',
      indexPrice: '64000.12345678901234',
      markPrice: '64001.5',
      lastFundingRate: '0.0001',
      time: 1700000000500, // the server-time estimate at receipt (local + offset)
      nextFundingRate: '-0.00005'
    })
  })
  it('futures index: the documented shape passes with exact decimals', async () => {
    const r = await answer(
      'futures.index',
      '{"contractName":"E-BTC-USDT","indexPrice":1.10,"markPrice":1.2,"lastFundingRate":1E-7,"time":1700000000000}',
      { contractName: 'E-BTC-USDT' }
    )
    expect(r).toEqual({
      contractName: 'E-BTC-USDT',
      indexPrice: '1.10',
      markPrice: '1.2',
      lastFundingRate: '0.0000001',
      time: 1700000000000
    })
  })
  it('server time: localized timezone kept as given, serverTime parsed (number or string)', async () => {
    expect(await answer('spot.time', '{"timezone":"中国标准时间","serverTime":1700000000000}')).toEqual({
      timezone: '中国标准时间',
      serverTime: 1700000000000
    })
    expect(await answer('futures.time', '{"timezone":"GMT+8","serverTime":"1700000000001"}')).toEqual({
      timezone: 'GMT+8',
      serverTime: 1700000000001
    })
  })
  it('candles and tickers: numbers become decimal text, idx a number', async () => {
    const c = await answer(
      'futures.klines',
      '[{"idx":1700000000,"open":1.5,"close":"1.6","high":2,"low":1,"vol":10.000}]',
      { contractName: 'E-BTC-USDT', interval: '1h' }
    )
    expect(c[0]).toEqual({ idx: 1700000000, open: '1.5', close: '1.6', high: '2', low: '1', vol: '10.000' })
    const all = await answer(
      'futures.allTicker',
      '{"E-BTC-USDT":{"time":1,"high":2.5,"low":"1","last":2,"vol":3,"rose":-0.01}}'
    )
    expect(all['E-BTC-USDT']).toEqual({ time: 1, high: '2.5', low: '1', last: '2', vol: '3', rose: '-0.01' })
  })
  it('index price map and index/mark list: decimals as text', async () => {
    expect(await answer('futures.allIndexPrice', '{"E-BTC-USDT":64000.1,"E-ETH-USDT":"3000"}')).toEqual({
      'E-BTC-USDT': '64000.1',
      'E-ETH-USDT': '3000'
    })
    expect(await answer('futures.indexTagPrice', '[{"symbol":"E-BTC-USDT","indexPrice":1,"markPrice":2.50}]')).toEqual([
      { symbol: 'E-BTC-USDT', indexPrice: '1', markPrice: '2.50' }
    ])
  })
})

describe('futures resources', () => {
  it('empty open orders answered as the success envelope with data null become []', async () => {
    expect(await answer('futures.openOrders', '{"code":"0","msg":"success","data":null}')).toEqual([])
  })
  it('open orders: ids and decimals as text, fills too', async () => {
    const r = await answer(
      'futures.openOrders',
      `[{"orderId":${BIG},"contractName":"E-BTC-USDT","side":"BUY","action":"OPEN","type":"LIMIT","price":64000.10,"origQty":2,"executedQty":0.5,"avgPrice":64000.1,"transactTime":"1700000000000","status":"PARTIALLY_FILLED","fills":[{"tradeId":${BIG},"price":64000.1,"qty":0.5,"commission":0.0128,"commissionCoin":"USDT"}]}]`
    )
    expect(r[0]).toMatchObject({
      orderId: BIG,
      price: '64000.10',
      origQty: '2',
      executedQty: '0.5',
      fills: [{ tradeId: BIG, commission: '0.0128' }]
    })
  })
  it('openOrdersCount: envelope unwrapped to {count, orderList}', async () => {
    expect(await answer('futures.openOrdersCount', '{"code":"0","data":{"count":0,"orderList":[]}}')).toEqual({
      count: 0,
      orderList: []
    })
  })
  it('edits: the success envelope becomes {ok: true}', async () => {
    expect(
      await answer('futures.leverage.edit', '{"code":"0","msg":"success","data":null}', {
        contractName: 'E',
        leverageLevel: 5,
        positionType: 1
      })
    ).toEqual({ ok: true })
  })
  it('order id answers: a JSON number id beyond 2^53 keeps every digit', async () => {
    const r = await answer('futures.order.place', `{"orderId":${BIG}}`, {
      contractName: 'E',
      volume: '1',
      side: 'BUY',
      type: 'MARKET',
      open: 'OPEN',
      positionType: 1
    })
    expect(r.orderId).toBe(BIG)
  })
  it('positions and account: every money field a decimal string from the exact text', async () => {
    const pos =
      '{"id":9007199254740993,"contractId":1,"positionType":1,"side":"BUY","volume":0.1,"openPrice":123456789.123456789123,"avgPrice":1E-7,"leverageLevel":20,"unRealizedAmount":-0.30,"freezeLock":0,"status":1}'
    const r = await answer('futures.positions', `{"positions":[${pos}]}`)
    expect(r.positions[0]).toMatchObject({
      id: '9007199254740993',
      contractId: 1,
      volume: '0.1',
      openPrice: '123456789.123456789123',
      avgPrice: '0.0000001',
      leverageLevel: '20',
      unRealizedAmount: '-0.30',
      freezeLock: 0
    })
    const acct = await answer(
      'futures.account',
      `{"account":[{"marginCoin":"USDT","accountNormal":1000.00,"totalEquity":"999.7","positionVos":[{"contractId":1,"contractName":"E-BTC-USDT","contractSymbol":"BTC-USDT","positions":[${pos}]}]}]}`
    )
    expect(acct.account[0]).toMatchObject({ accountNormal: '1000.00', totalEquity: '999.7' })
    expect(acct.account[0]!.positionVos[0]!.positions[0]!.openPrice).toBe('123456789.123456789123')
  })
  it('histories, trades, records: ids as strings, codes as numbers', async () => {
    const h = await answer(
      'futures.orderHistorical',
      `[{"orderId":${BIG},"type":1,"status":"2","price":1.5,"dealMoney":0,"ctime":"2024-05-01 12:00:00","ctimeMs":1714564800000}]`
    )
    expect(h[0]).toEqual({
      orderId: BIG,
      type: 1,
      status: 2,
      price: '1.5',
      dealMoney: '0',
      ctime: '2024-05-01 12:00:00',
      ctimeMs: 1714564800000
    })
    const t = await answer(
      'futures.myTrades',
      `[{"tradeId":${BIG},"bidUserId":12,"price":1,"qty":"2","fee":0.1,"time":5}]`
    )
    expect(t[0]).toEqual({ tradeId: BIG, bidUserId: '12', price: '1', qty: '2', fee: '0.1', time: 5 })
    const adl = await answer('futures.adlRecord', '{"list":[{"id":1,"volume":2,"price":3.0,"time":4}]}', {
      contractName: 'E'
    })
    expect(adl).toEqual([{ id: '1', volume: '2', price: '3.0', time: 4 }])
  })
  it('trigger orders: types 1 / 2 of some venues read as 3 / 4', async () => {
    const r = await answer(
      'futures.triggerOrder.list',
      '{"count":2,"trigOrderList":[{"id":1,"triggerType":1,"triggerPrice":60000},{"id":2,"triggerType":4}]}',
      { page: 1, limit: 10 }
    )
    expect(r.count).toBe(2)
    expect(r.trigOrderList.map((o) => o.triggerType)).toEqual([3, 4])
    expect(r.trigOrderList[0]!.triggerPrice).toBe('60000')
  })
  it('capital flow: type code as text, amounts as decimals', async () => {
    const r = await answer(
      'futures.capital',
      '{"records":[{"contractName":"E","type":5,"amount":-0.5,"balance":"10","time":1}]}'
    )
    expect(r.records[0]).toEqual({ contractName: 'E', type: '5', amount: '-0.5', balance: '10', time: 1 })
  })
  it('unnamed extra fields are kept, numbers as exact text', async () => {
    const r = (await answer(
      'spot.ticker',
      '{"time":1,"high":"1","low":"1","last":"1","vol":"1","rose":"0","amount":12345678901234567890.5}',
      { symbol: 'b' }
    )) as unknown as Record<string, unknown>
    expect(r['amount']).toBe('12345678901234567890.5')
  })
})

describe('coverage', () => {
  it('every catalog endpoint normalizes an empty object and an empty array without throwing', async () => {
    const ids = CATALOG.map((d) => d.id)
    for (const body of ['{}', '[]', 'null']) {
      for (const id of ids) {
        const def = CATALOG.find((d) => d.id === id)!
        const client = makeClient(
          stubTransport(() => reply(200, body)),
          {
            autoClientOrderId: false,
            credentials: async () => ({ apiKey: API_KEY, secret: SECRET, rsaPrivateKey })
          }
        )
        const r = await client.executor.call(id, minimalParams(def.params) as never).catch((e: unknown) => e)
        expect(r, `${id} with ${body}`).not.toBeInstanceOf(Error)
      }
    }
  })
})

function minimalParams(
  params: readonly {
    name: string
    type: string
    required: boolean
    requiredWhen?: unknown
    values?: readonly string[]
    fields?: readonly unknown[]
    items?: string
  }[]
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const p of params) {
    if (!p.required && !p.requiredWhen) continue
    const v =
      p.type === 'decimal'
        ? '1'
        : p.type === 'id'
          ? '1'
          : p.type === 'integer'
            ? Number(p.values?.[0] ?? 1)
            : p.type === 'long'
              ? '1'
              : p.type === 'enum'
                ? p.values![0]
                : p.type === 'array'
                  ? p.fields
                    ? [minimalParams(p.fields as never)]
                    : ['1']
                  : 'x'
    out[p.name] = v
  }
  return out
}
