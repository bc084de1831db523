import { describe, expect, it } from 'vitest'
import type { OrderInfo, OrderStatus } from '../../../src-sim/engine'
import { MAX_ORDERS, SpotRecords } from '../../../src-sim/spot/records'

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
})
