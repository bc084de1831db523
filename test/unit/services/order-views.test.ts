// Venue open orders in the contract's one OpenOrderView shape: a client order id the venue sends beyond the
// spec's shapes is kept, an absent, empty or non-string one is null. Order events carry main's words for the UI.
import { describe, expect, it } from 'vitest'
import type { SpotOpenOrder } from '@shared/api/wire'
import type { FuturesOrderDetail } from '../../../src-main/client/types'
import { futuresOpenOrder, operationEvent, orderEvent, spotOpenOrder } from '../../../src-main/services/order-views'
import { translateIn } from '@shared/i18n/translate'

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

describe("order events in main's words", () => {
  it('a correction notice names the order told "not placed" and the one the exchange now shows', () => {
    const e = orderEvent({
      type: 'settled',
      action: 'place',
      notice: 'correction',
      late: true,
      result: {
        status: 'placed',
        actionId: 'a1',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: 'c1',
        reconciled: true,
        orderId: '77',
        order: { orderId: '77' }
      }
    } as Parameters<typeof orderEvent>[0])
    expect(e).toMatchObject({
      notice: 'correction',
      noticeWords: { key: 'main.notice.correction', params: { clientOrderId: 'c1', orderId: '77' } }
    })
    const w = e.type === 'settled' && e.action !== 'operation' ? e.noticeWords : undefined
    expect(translateIn('zh-CN', w!.key, w!.params)).toBe(
      '终端曾提示订单 c1 未下单，但交易所现在显示其为订单 77。请检查当前委托和仓位。'
    )
  })

  it('a pending place carries its order as asked; a cancel none', () => {
    const base = { actionId: 'a1', market: 'spot', symbol: 'btcusdt', phase: 'sending', since: 1, queries: 0 } as const
    const place = orderEvent({
      type: 'pending',
      pending: { ...base, action: 'place', clientOrderId: 'c1', order: { side: 'SELL', type: 'MARKET', volume: '2' } }
    })
    expect(place).toMatchObject({ action: 'place', order: { side: 'SELL', type: 'MARKET', volume: '2', price: null } })
    const cancel = orderEvent({ type: 'pending', pending: { ...base, action: 'cancel', orderId: '9' } })
    expect(cancel).not.toHaveProperty('order')
  })

  it("an operation's subject carries what was asked in words, its terms linked in", () => {
    const e = operationEvent({
      type: 'pending',
      pending: {
        id: 'op-1',
        endpointId: 'futures.leverage.edit',
        subject: {
          kind: 'leverage',
          symbol: 'E-BTC-USDT',
          detail: 'leverage 20, cross',
          words: { key: 'main.operation.leverage', params: { leverage: 20, mode: 'main.term.marginMode.cross' } }
        },
        phase: 'sending',
        since: 1,
        queries: 0
      }
    })
    const o = e.action === 'operation' ? e.operation : undefined
    expect(o).toMatchObject({ detail: 'leverage 20, cross' })
    expect(translateIn('en', o!.words!.key, o!.words!.params)).toBe('leverage 20, cross')
    expect(translateIn('zh-TW', o!.words!.key, o!.words!.params)).toBe('槓桿 20 倍，全倉')
  })
})
