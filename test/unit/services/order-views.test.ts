// Venue open orders in the contract's one OpenOrderView shape: a client order id the venue sends beyond the
// spec's shapes is kept, an absent, empty or non-string one is null.
import { describe, expect, it } from 'vitest'
import type { SpotOpenOrder } from '@shared/api/wire'
import type { FuturesOrderDetail } from '../../../src-main/client/types'
import { futuresOpenOrder, spotOpenOrder } from '../../../src-main/services/order-views'

const spot: SpotOpenOrder = {
  symbol: 'btcusdt',
  orderId: '3176901856236716480',
  price: '65000.5',
  origQty: '0.1',
  executedQty: '0.02',
  avgPrice: '65000.5',
  type: 'LIMIT',
  side: 'BUY',
  status: 'PART_FILLED',
  time: '1700000000000'
}
const futures: FuturesOrderDetail = {
  orderId: '2006628907041292645',
  contractName: 'E-BTC-USDT',
  side: 'SELL',
  action: 'CLOSE',
  type: 'LIMIT',
  price: '70000',
  origQty: '3',
  executedQty: '0',
  avgPrice: '0',
  transactTime: '1700000000001',
  status: 'INIT',
  fills: []
}

describe('open order views', () => {
  it('maps a spot or margin open order', () => {
    expect(spotOpenOrder('margin', spot)).toEqual({
      module: 'margin',
      symbol: 'btcusdt',
      orderId: '3176901856236716480',
      clientOrderId: null,
      side: 'BUY',
      type: 'LIMIT',
      price: '65000.5',
      volume: '0.1',
      executed: '0.02',
      avgPrice: '65000.5',
      status: 'PART_FILLED',
      time: 1700000000000,
      open: null
    })
  })

  it('maps a futures open order with its action', () => {
    expect(futuresOpenOrder(futures)).toEqual({
      module: 'futures',
      symbol: 'E-BTC-USDT',
      orderId: '2006628907041292645',
      clientOrderId: null,
      side: 'SELL',
      type: 'LIMIT',
      price: '70000',
      volume: '3',
      executed: '0',
      avgPrice: '0',
      status: 'INIT',
      time: 1700000000001,
      open: 'CLOSE'
    })
  })

  it('keeps a client order id the venue sends, and only a non-empty string', () => {
    for (const [sent, kept] of [
      ['t1abc', 't1abc'],
      ['', null],
      [42, null],
      [null, null]
    ] as const) {
      expect(spotOpenOrder('spot', { ...spot, clientOrderId: sent } as SpotOpenOrder).clientOrderId).toBe(kept)
      expect(futuresOpenOrder({ ...futures, clientOrderId: sent } as FuturesOrderDetail).clientOrderId).toBe(kept)
    }
  })
})
