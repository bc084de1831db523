import { describe, expect, it } from 'vitest'
import type { OrderInfo, OrderStatus, Trade } from '../../../src-sim/engine'
import { MAX_ORDERS, MAX_TRADES, SpotRecords } from '../../../src-sim/spot/records'

const order = (n: number, status: OrderStatus, clientOrderId: string | null = null): OrderInfo => ({
  orderId: String(n),
  clientOrderId,
  account: 'u1',
  symbol: 'btcusdt',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: 100,
  origQty: 1,
  quoteQty: 0,
  executedQty: status === 'FILLED' ? 1 : 0,
  executedQuote: '0',
  status,
  time: n,
  updateTime: n
})

describe('spot order records', () => {
  it('keep at most MAX_ORDERS orders: the oldest closed ones go, open ones and the newest stay', () => {
    const r = new SpotRecords()
    r.recordOrder(order(0, 'NEW', 'still-open'))
    r.recordOrder(order(1, 'CANCELED', 'gone'))
    for (let n = 2; n < MAX_ORDERS + 5000; n++) r.recordOrder(order(n, n % 2 === 0 ? 'FILLED' : 'CANCELED'))
    expect(r.orders.size).toBe(MAX_ORDERS)
    expect(r.findOrder('u1', 'btcusdt', { orderId: '0' })?.status).toBe('NEW')
    expect(r.findOrder('u1', 'btcusdt', { clientOrderId: 'still-open' })?.orderId).toBe('0')
    expect(r.findOrder('u1', 'btcusdt', { orderId: '1' })).toBeUndefined()
    expect(r.findOrder('u1', 'btcusdt', { clientOrderId: 'gone' })).toBeUndefined()
    expect(r.byClientId.has('u1|btcusdt|gone')).toBe(false)
    expect(r.findOrder('u1', 'btcusdt', { orderId: String(MAX_ORDERS + 4999) })?.status).toBe('CANCELED')
  })

  it('an order closed later is dropped in its turn; a client id reused by a newer order keeps pointing to it', () => {
    const r = new SpotRecords()
    r.recordOrder(order(1, 'NEW', 'a'), 3)
    r.recordOrder(order(2, 'FILLED', 'b'), 3)
    r.recordOrder(order(3, 'CANCELED', 'a'), 3) // 'a' now names order 3
    r.recordOrder(order(4, 'FILLED'), 3) // over the limit: 1 is open (to the back), 2 dropped
    expect([...r.orders.keys()]).toEqual(['3', '4', '1'])
    expect(r.byClientId.get('u1|btcusdt|b')).toBeUndefined()
    r.recordOrder(order(1, 'CANCELED', 'a'), 3) // 1 closes where it stands; 'a' names order 1 again
    r.recordOrder(order(5, 'FILLED'), 3) // drops 3, whose client id 'a' now names order 1: it stays
    expect([...r.orders.keys()]).toEqual(['4', '1', '5'])
    expect(r.findOrder('u1', 'btcusdt', { clientOrderId: 'a' })?.orderId).toBe('1')
    r.recordOrder(order(6, 'FILLED'), 3) // drops 4
    r.recordOrder(order(7, 'FILLED'), 3) // drops 1, and its client id with it
    expect([...r.orders.keys()]).toEqual(['5', '6', '7'])
    expect(r.byClientId.has('u1|btcusdt|a')).toBe(false)
  })

  it('restores a snapshot as it was kept, dropping nothing', () => {
    const r = new SpotRecords()
    for (let n = 1; n <= 5; n++) r.recordOrder(order(n, 'FILLED'), 10)
    const again = SpotRecords.restore(JSON.parse(JSON.stringify(r.snapshot())))
    expect([...again.orders.keys()]).toEqual(['1', '2', '3', '4', '5'])
  })

  it('keep the newest MAX_TRADES fills of an account and symbol, oldest first, through every read', () => {
    const fill = (n: number): Trade => ({
      id: String(1000 + n),
      symbol: 'btcusdt',
      price: 100,
      qty: 1,
      quoteQty: 100,
      takerSide: 'BUY',
      takerOrderId: 'o',
      makerOrderId: 'm',
      takerAccount: 'u1',
      makerAccount: 'bot',
      takerFee: 0,
      takerFeeAsset: 'btc',
      makerFee: 0,
      makerFeeAsset: 'usdt',
      time: n
    })
    const r = new SpotRecords()
    const total = MAX_TRADES + 3001 // past the cap by less than the list may run over it before a cut
    const ids = (l: readonly { id: string }[]): string[] => l.map((t) => t.id)
    const window = (from: number, to: number): string[] =>
      Array.from({ length: to - from }, (_, k) => String(1000 + from + k))
    for (let n = 0; n < total; n++) r.recordTrade(fill(n), 'u1', false)
    expect(ids(r.userTrades('u1', 'btcusdt', 5))).toEqual(window(total - 5, total))
    expect(ids(r.userTrades('u1', 'btcusdt', 3, '1000'))).toEqual(window(total - MAX_TRADES, total - MAX_TRADES + 3))
    expect(ids(r.tradesOf('u1', 'btcusdt'))).toEqual(window(total - MAX_TRADES, total))
    for (let n = total; n < total + 7; n++) r.recordTrade(fill(n), 'u1', false)
    const kept = SpotRecords.restore(JSON.parse(JSON.stringify(r.snapshot()))).tradesOf('u1', 'btcusdt')
    expect(ids(kept)).toEqual(window(total + 7 - MAX_TRADES, total + 7))
  })
})
