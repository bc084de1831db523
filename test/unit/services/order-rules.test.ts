import { describe, expect, it } from 'vitest'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import { OrderRuleError } from '../../../src-main/services/errors'
import { checkFuturesOrder, checkFuturesPrice, checkSpotOrder, contractValue } from '../../../src-main/services/order-rules'

const btc: SpotSymbolView = {
  symbol: 'btcusdt',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  pricePrecision: 2,
  quantityPrecision: 6,
  limitPriceMin: '0.01',
  limitVolumeMin: '0.0001',
  marketBuyMin: '5',
  marketSellMin: '0.0001'
}
const perp: ContractView = {
  symbol: 'E-BTC-USDT',
  status: 1,
  type: 'E',
  side: 1,
  multiplier: '0.001',
  multiplierCoin: 'BTC',
  pricePrecision: 1,
  minOrderVolume: '1',
  minOrderMoney: '5',
  maxMarketVolume: '20000',
  maxMarketMoney: '1500000',
  maxLimitVolume: '100000',
  maxLimitMoney: '8000000',
  maxValidOrder: 200
}
const inverse: ContractView = { ...perp, symbol: 'E-BTC-USD', side: 0, multiplier: '100', minOrderMoney: '100', maxLimitMoney: '5000000' }

function refusal(fn: () => void): { rule: string; field: string; message: string } {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(OrderRuleError)
    const r = e as OrderRuleError
    return { rule: r.rule, field: r.contractError.field!, message: r.message }
  }
  throw new Error('expected a refusal')
}

describe('spot order rules', () => {
  const limit = { side: 'BUY' as const, type: 'LIMIT' as const, price: '65000.5', volume: '0.001' }

  it('accepts an order inside every rule (trailing zeros do not count as decimals)', () => {
    expect(() => checkSpotOrder(btc, limit)).not.toThrow()
    expect(() => checkSpotOrder(btc, { ...limit, price: '65000.500' })).not.toThrow()
    expect(() => checkSpotOrder(btc, { side: 'BUY', type: 'MARKET', volume: '5' })).not.toThrow()
    expect(() => checkSpotOrder(btc, { side: 'SELL', type: 'MARKET', volume: '0.0001' })).not.toThrow()
  })

  it('names the rule it breaks', () => {
    expect(refusal(() => checkSpotOrder(btc, { ...limit, price: '65000.123' }))).toEqual({ rule: 'pricePrecision', field: 'price', message: 'price has 3 decimals; btcusdt allows 2 (pricePrecision)' })
    expect(refusal(() => checkSpotOrder(btc, { ...limit, volume: '0.0000001' }))).toMatchObject({ rule: 'quantityPrecision', field: 'volume', message: 'volume has 7 decimals; btcusdt allows 6 (quantityPrecision)' })
    expect(refusal(() => checkSpotOrder(btc, { ...limit, volume: '0.00005' })).message).toBe("volume 0.00005 is below btcusdt's minimum 0.0001 for limit orders (limitVolumeMin)")
    expect(refusal(() => checkSpotOrder(btc, { side: 'BUY', type: 'MARKET', volume: '4.99' })).message).toBe("the quote amount 4.99 is below btcusdt's minimum 5 USDT for market buys (marketBuyMin)")
    expect(refusal(() => checkSpotOrder(btc, { side: 'BUY', type: 'MARKET', volume: '5.001' })).rule).toBe('pricePrecision')
    expect(refusal(() => checkSpotOrder(btc, { side: 'SELL', type: 'MARKET', volume: '0.00009' })).rule).toBe('marketSellMin')
  })

  it('puts the order path in front of the field inside a batch', () => {
    expect(refusal(() => checkSpotOrder(btc, { ...limit, price: '1.001' }, 'orders.3.')).field).toBe('orders.3.price')
  })
})

describe('futures order rules', () => {
  const limit = { side: 'BUY' as const, type: 'LIMIT' as const, open: 'OPEN' as const, price: '65000.5', volume: '10' }

  it('values linear contracts at multiplier x price and inverse ones at the multiplier', () => {
    expect(contractValue(perp, '10', '65000.5')).toBe('650.005')
    expect(contractValue(inverse, '10', '65000.5')).toBe('1000')
  })

  it('accepts orders inside the rules', () => {
    expect(() => checkFuturesOrder(perp, limit)).not.toThrow()
    expect(() => checkFuturesOrder(perp, { side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '100.25' })).not.toThrow() // notional
    expect(() => checkFuturesOrder(perp, { side: 'SELL', type: 'MARKET', open: 'CLOSE', volume: '3' })).not.toThrow()
  })

  it('names the rule it breaks', () => {
    expect(refusal(() => checkFuturesOrder(perp, { ...limit, price: '65000.55' })).message).toBe('price has 2 decimals; E-BTC-USDT allows 1 (pricePrecision)')
    expect(refusal(() => checkFuturesOrder(perp, { ...limit, volume: '1.5' })).message).toBe('volume has 1 decimal; E-BTC-USDT allows 0 (minOrderVolume)')
    expect(refusal(() => checkFuturesOrder(perp, { ...limit, volume: '100001' })).rule).toBe('maxLimitVolume')
    expect(refusal(() => checkFuturesOrder(perp, { ...limit, price: '4000', volume: '1' })).message).toBe("the order value 4 is below E-BTC-USDT's minimum 5 (minOrderMoney)")
    expect(refusal(() => checkFuturesOrder(perp, { side: 'SELL', type: 'MARKET', open: 'CLOSE', volume: '20001' })).rule).toBe('maxMarketVolume')
    expect(refusal(() => checkFuturesOrder(perp, { side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '4' })).rule).toBe('minOrderMoney')
    expect(refusal(() => checkFuturesOrder(perp, { side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '1500001' })).rule).toBe('maxMarketMoney')
    expect(refusal(() => checkFuturesOrder(perp, limit, 200)).message).toBe('E-BTC-USDT allows at most 200 open orders (maxValidOrder); 200 are open')
    expect(refusal(() => checkFuturesOrder({ ...perp, status: 0 }, limit)).rule).toBe('status')
    expect(refusal(() => checkFuturesPrice(perp, '1.25', 'stopLoss.triggerPrice'))).toEqual({ rule: 'pricePrecision', field: 'stopLoss.triggerPrice', message: 'triggerPrice has 2 decimals; E-BTC-USDT allows 1 (pricePrecision)' })
  })
})
