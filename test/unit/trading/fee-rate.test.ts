// Fee rates learned from the trader's own fills: the latest maker and taker fill each, the fee measured against the
// fill's value, or against its quantity when charged in the base coin. Hand-computed.
import { describe, expect, it } from 'vitest'
import { mul } from '@shared/decimal'
import type { UserTradeView } from '@shared/ipc/views/account'
import { feeAt, feeRates } from '@shared/trading/fee-rate'

const fill = (o: Partial<UserTradeView>): UserTradeView => ({
  module: 'spot',
  symbol: 'btcusdt',
  id: '1',
  side: 'BUY',
  price: '65000',
  qty: '0.01',
  fee: '0.65',
  feeCoin: 'USDT',
  isMaker: false,
  time: 1,
  ...o
})
const quote = (p: string, q: string) => mul(p, q)

describe('fee rates from own fills', () => {
  it('takes the latest maker and taker fill', () => {
    const fills = [
      fill({ fee: '0.65', time: 1 }),
      fill({ fee: '0.13', isMaker: true, time: 2 }),
      fill({ fee: '0.325', time: 3 })
    ]
    // taker: 0.325 / 650 = 0.0005 (the latest one); maker: 0.13 / 650 = 0.0002
    expect(feeRates(fills, 'BTC', quote)).toEqual({ maker: '0.00020000', taker: '0.00050000' })
  })

  it('measures a fee charged in the base coin against the quantity, and knows nothing without fills', () => {
    expect(feeRates([fill({ fee: '0.00001', feeCoin: 'BTC' })], 'BTC', quote)).toEqual({
      maker: null,
      taker: '0.00100000'
    })
    expect(feeRates([], 'BTC', quote)).toEqual({ maker: null, taker: null })
  })

  it('prices a fee at a rate', () => {
    expect(feeAt('650.001', '0.001')).toBe('0.650001')
  })
})
