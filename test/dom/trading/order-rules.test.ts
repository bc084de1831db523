// The renderer's rule checks: each refusal names its rule, as main's order-rules word them.
import { describe, expect, it } from 'vitest'
import { checkCallbackRatio, checkFuturesOrder, checkSpotOrder, checkTrigger, contractsFor, sanitizeDecimal, shareOf } from '../../../src-renderer/src/lib/order-rules'
import { BTCUSDT, DOGEUSDT, EBTC } from './fixtures'

describe('spot rules', () => {
  it('accepts an order within precision and minimums', () => {
    expect(checkSpotOrder(BTCUSDT, { side: 'BUY', type: 'LIMIT', price: '65000.12', volume: '0.000123' })).toBeNull()
  })
  it.each([
    [{ side: 'BUY', type: 'LIMIT', price: '65000.123', volume: '1' }, 'pricePrecision', 'price has 3 decimals; btcusdt allows 2 (pricePrecision)'],
    [{ side: 'BUY', type: 'LIMIT', price: '65000', volume: '0.0000001' }, 'quantityPrecision', 'volume has 7 decimals; btcusdt allows 6 (quantityPrecision)'],
    [{ side: 'SELL', type: 'LIMIT', price: '0.001', volume: '1' }, 'pricePrecision', 'price has 3 decimals; btcusdt allows 2 (pricePrecision)'],
    [{ side: 'SELL', type: 'LIMIT', price: '65000', volume: '0.00005' }, 'limitVolumeMin', "volume 0.00005 is below btcusdt's minimum 0.0001 for limit orders (limitVolumeMin)"],
    [{ side: 'BUY', type: 'MARKET', volume: '4.99' }, 'marketBuyMin', "the quote amount 4.99 is below btcusdt's minimum 5 USDT for market buys (marketBuyMin)"],
    [{ side: 'BUY', type: 'MARKET', volume: '5.001' }, 'pricePrecision', 'the quote amount of a market buy has 3 decimals; btcusdt allows 2 (pricePrecision)'],
    [{ side: 'SELL', type: 'MARKET', volume: '0.00001' }, 'marketSellMin', "volume 0.00001 is below btcusdt's minimum 0.0001 for market sells (marketSellMin)"],
    [{ side: 'BUY', type: 'LIMIT', volume: '1' }, 'price', 'price is required']
  ] as const)('refuses %o by %s', (o, rule, message) => {
    expect(checkSpotOrder(BTCUSDT, o)).toMatchObject({ rule, message })
  })
  it('checks free balance on the side the order draws from', () => {
    expect(checkSpotOrder(BTCUSDT, { side: 'BUY', type: 'LIMIT', price: '65000', volume: '2' }, { quote: '100000' })).toMatchObject({
      rule: 'balance',
      message: 'the order needs 130000 USDT; 100000 USDT is available (balance)'
    })
    expect(checkSpotOrder(BTCUSDT, { side: 'SELL', type: 'MARKET', volume: '10.5' }, { base: '10' })?.rule).toBe('balance')
    expect(checkSpotOrder(DOGEUSDT, { side: 'SELL', type: 'LIMIT', price: '0.165', volume: '10' }, { base: '10' })).toBeNull()
  })
  it('refuses text that is not a positive decimal before any arithmetic', () => {
    expect(checkSpotOrder(BTCUSDT, { side: 'BUY', type: 'LIMIT', price: '1e3', volume: '1' })?.message).toBe('price must be a number greater than 0')
    expect(checkSpotOrder(BTCUSDT, { side: 'BUY', type: 'LIMIT', price: '100', volume: '0' })?.field).toBe('volume')
  })
})

describe('futures rules', () => {
  const o = { side: 'BUY', type: 'LIMIT', open: 'OPEN' } as const
  it('sizes a market open by notional and everything else in whole contracts', () => {
    expect(checkFuturesOrder(EBTC, { ...o, type: 'MARKET', volume: '4' })).toMatchObject({ rule: 'minOrderMoney' })
    expect(checkFuturesOrder(EBTC, { ...o, type: 'MARKET', volume: '100.5' })).toBeNull()
    expect(checkFuturesOrder(EBTC, { ...o, price: '65000', volume: '1.5' })).toMatchObject({ rule: 'minOrderVolume', message: 'volume has 1 decimal; E-BTC-USDT allows 0 (minOrderVolume)' })
    expect(checkFuturesOrder(EBTC, { ...o, price: '65000.25', volume: '1' })).toMatchObject({ rule: 'pricePrecision' })
    expect(checkFuturesOrder(EBTC, { ...o, price: '1', volume: '1' })).toMatchObject({ rule: 'minOrderMoney', message: "the order value 0.001 is below E-BTC-USDT's minimum 5 (minOrderMoney)" })
    expect(checkFuturesOrder(EBTC, { ...o, open: 'CLOSE', type: 'MARKET', volume: '20001' })).toMatchObject({ rule: 'maxMarketVolume' })
  })
  it('refuses POST_ONLY on a market order', () => {
    expect(checkFuturesOrder(EBTC, { ...o, type: 'MARKET', volume: '100', timeInForce: 'POST_ONLY' })).toMatchObject({ rule: 'timeInForce' })
  })
  it('puts a trigger on the side of the mark it waits on', () => {
    expect(checkTrigger(EBTC, 'SELL', 'stop-loss', '64000', '65000')).toBeNull()
    expect(checkTrigger(EBTC, 'SELL', 'stop-loss', '66000', '65000')).toMatchObject({ rule: 'triggerPrice', message: 'a SELL stop-loss triggers below the mark price 65000; 66000 is not (triggerPrice)' })
    expect(checkTrigger(EBTC, 'SELL', 'take-profit', '64000', '65000')?.rule).toBe('triggerPrice')
    expect(checkTrigger(EBTC, 'BUY', 'stop-loss', '66000', '65000')).toBeNull()
    expect(checkTrigger(EBTC, 'SELL', 'stop-loss', '64000.05', undefined)?.rule).toBe('pricePrecision')
    expect(checkCallbackRatio('1.5')?.rule).toBe('callbackRatio')
    expect(checkCallbackRatio('0.01')).toBeNull()
  })
})

describe('sizing helpers', () => {
  it('takes a share of a balance, rounded down to the precision', () => {
    expect(shareOf('100000', 33, 2)).toBe('33000.00')
    expect(shareOf('0.123457', 50, 6)).toBe('0.061728')
    expect(shareOf('10', 100, 0)).toBe('10')
  })
  it('converts notional to contracts, rounded down', () => {
    expect(contractsFor(EBTC, '1000', '65000')).toBe('15')
  })
  it('keeps typed text within the precision', () => {
    expect(sanitizeDecimal('65000.129', 2)).toBe('65000.12')
    expect(sanitizeDecimal('1,5', 2)).toBe('1.5')
    expect(sanitizeDecimal('12.5', 0)).toBe('12')
    expect(sanitizeDecimal('a0012.3.4', 3)).toBe('12.34')
  })
})
