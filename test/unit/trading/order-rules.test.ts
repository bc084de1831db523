// The order rules main and the renderer both check before sending (src-shared/trading): each refusal carries the
// rule (the venue's field name, for code), the field to mark, says it in words a trader reads (the market in human
// form, units, no API names) and offers the nearest allowed values. Instruments are the embedded exchange's.
import { describe, expect, it } from 'vitest'
import { checkCallbackRatio, checkLeverage, checkTrigger, readLeverage } from '@shared/trading/futures-rules'
import {
  checkBatchRoom,
  checkFuturesOrder,
  checkPricePrecision,
  checkSpotOrder,
  contractValue,
  type FuturesRuleOrder,
  type RuleOrder
} from '@shared/trading/order-rules'
import { translateIn } from '@shared/i18n/translate'
import type { Refusal } from '@shared/trading/refusal'
import { BTCUSDT, DOGEUSDT, EBTC, EBTC_USD } from '../../fixtures/instruments'

/** A refusal as its English fields (its words are checked apart: told in each language below). */
const english = (r: Refusal | null) => r && (({ words: _words, ...rest }) => rest)(r)
/** A refusal's words in `locale`. */
const told = (r: Refusal | null, locale: 'en' | 'zh-CN' | 'zh-TW') =>
  r?.words ? translateIn(locale, r.words.key, r.words.params) : undefined

describe('spot order rules', () => {
  const limit = { side: 'BUY', type: 'LIMIT', price: '65000.5', volume: '0.001' } as const

  it('accepts an order inside every rule (trailing zeros do not count as decimals)', () => {
    expect(checkSpotOrder(BTCUSDT, limit)).toBeNull()
    expect(checkSpotOrder(BTCUSDT, { ...limit, price: '65000.12', volume: '0.000123' })).toBeNull()
    expect(checkSpotOrder(BTCUSDT, { ...limit, price: '65000.500' })).toBeNull()
    expect(checkSpotOrder(BTCUSDT, { side: 'BUY', type: 'MARKET', volume: '5' })).toBeNull()
    expect(checkSpotOrder(BTCUSDT, { side: 'SELL', type: 'MARKET', volume: '0.0001' })).toBeNull()
  })

  it.each<[RuleOrder, string, string, string, string[]?]>([
    [
      { ...limit, price: '65000.123' },
      'pricePrecision',
      'price',
      'price ticks are 0.01 USDT on BTC/USDT: 65000.12 or 65000.13',
      ['65000.12', '65000.13']
    ],
    [
      { ...limit, volume: '0.0000001' },
      'quantityPrecision',
      'volume',
      'size steps are 0.000001 BTC on BTC/USDT: 0.000001',
      ['0.000001']
    ],
    [
      { side: 'SELL', type: 'LIMIT', price: '0.001', volume: '1' },
      'pricePrecision',
      'price',
      'price ticks are 0.01 USDT on BTC/USDT: 0.01',
      ['0.01']
    ],
    [
      { side: 'SELL', type: 'LIMIT', price: '65000', volume: '0.00005' },
      'limitVolumeMin',
      'volume',
      'size 0.00005 BTC is below the minimum 0.0001 BTC for limit orders on BTC/USDT',
      ['0.0001']
    ],
    [
      { side: 'BUY', type: 'MARKET', volume: '4.99' },
      'marketBuyMin',
      'volume',
      'the amount to spend 4.99 USDT is below the minimum 5 USDT for market buys on BTC/USDT',
      ['5']
    ],
    [
      { side: 'BUY', type: 'MARKET', volume: '5.001' },
      'pricePrecision',
      'volume',
      'the amount to spend steps are 0.01 USDT on BTC/USDT: 5.00 or 5.01',
      ['5.00', '5.01']
    ],
    [
      { side: 'SELL', type: 'MARKET', volume: '0.00009' },
      'marketSellMin',
      'volume',
      'size 0.00009 BTC is below the minimum 0.0001 BTC for market sells on BTC/USDT',
      ['0.0001']
    ],
    [
      { side: 'SELL', type: 'MARKET', volume: '0.5', price: '65000' },
      'price',
      'price',
      'a market order takes no price'
    ],
    [{ side: 'BUY', type: 'LIMIT', volume: '1' }, 'price', 'price', 'price is required'],
    [
      { side: 'BUY', type: 'LIMIT', price: '1e3', volume: '1' },
      'price',
      'price',
      'price must be a number greater than 0'
    ],
    [
      { side: 'BUY', type: 'LIMIT', price: '100', volume: '0' },
      'volume',
      'volume',
      'size must be a number greater than 0'
    ]
  ])('refuses %o by %s', (o, rule, field, message, fixes) => {
    expect(english(checkSpotOrder(BTCUSDT, o))).toEqual({ rule, field, message, ...(fixes ? { fixes } : {}) })
  })

  it('puts the order path in front of the field inside a batch, and names the rule without it', () => {
    expect(checkSpotOrder(BTCUSDT, { ...limit, price: '1.001' }, { prefix: 'orders.3.' })).toMatchObject({
      rule: 'pricePrecision',
      field: 'orders.3.price'
    })
    expect(checkSpotOrder(BTCUSDT, { side: 'BUY', type: 'LIMIT', volume: '1' }, { prefix: 'orders.3.' })).toMatchObject(
      { rule: 'price', field: 'orders.3.price' }
    )
  })

  it('checks free balance on the side the order draws from, when it is known', () => {
    expect(
      english(
        checkSpotOrder(
          BTCUSDT,
          { side: 'BUY', type: 'LIMIT', price: '65000', volume: '2' },
          { funds: { quote: '100000' } }
        )
      )
    ).toEqual({
      rule: 'balance',
      field: 'volume',
      message: 'the order needs 130,000 USDT; 100,000 USDT is available',
      fixes: ['1.538461'] // the largest size the balance affords at this price
    })
    expect(
      checkSpotOrder(BTCUSDT, { side: 'BUY', type: 'MARKET', volume: '100001' }, { funds: { quote: '100000' } })?.rule
    ).toBe('balance')
    expect(
      checkSpotOrder(BTCUSDT, { side: 'SELL', type: 'MARKET', volume: '10.5' }, { funds: { base: '10' } })?.rule
    ).toBe('balance')
    expect(
      checkSpotOrder(BTCUSDT, { side: 'SELL', type: 'MARKET', volume: '10.5' }, { funds: { quote: '0' } })
    ).toBeNull()
    expect(
      checkSpotOrder(DOGEUSDT, { side: 'SELL', type: 'LIMIT', price: '0.165', volume: '10' }, { funds: { base: '10' } })
    ).toBeNull()
  })
})

describe('futures order rules', () => {
  const limit = { side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '65000.5', volume: '10' } as const

  it('values linear contracts at multiplier x price and inverse ones at the multiplier', () => {
    expect(contractValue(EBTC, '10', '65000.5')).toBe('650.005')
    expect(contractValue(EBTC_USD, '10', '65000.5')).toBe('1000')
  })

  it('sizes a market open by notional and everything else in whole contracts', () => {
    expect(checkFuturesOrder(EBTC, limit)).toBeNull()
    expect(checkFuturesOrder(EBTC, { side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '100.25' })).toBeNull()
    expect(checkFuturesOrder(EBTC, { side: 'SELL', type: 'MARKET', open: 'CLOSE', volume: '3' })).toBeNull()
    expect(checkFuturesOrder(EBTC, { side: 'SELL', type: 'MARKET', open: 'CLOSE', volume: '3.5' })?.rule).toBe(
      'minOrderVolume'
    )
  })

  it.each<[FuturesRuleOrder, string, string, string?]>([
    [
      { ...limit, price: '65000.55' },
      'pricePrecision',
      'price',
      'price ticks are 0.1 USDT on BTC/USDT perpetual: 65000.5 or 65000.6'
    ],
    [{ ...limit, volume: '1.5' }, 'minOrderVolume', 'volume', 'size takes whole numbers on BTC/USDT perpetual: 1 or 2'],
    [{ ...limit, volume: '100001' }, 'maxLimitVolume', 'volume'],
    [
      { ...limit, price: '4000', volume: '1' },
      'minOrderMoney',
      'volume',
      'the order value 4 USDT is below the minimum 5 USDT on BTC/USDT perpetual'
    ],
    [
      { ...limit, price: '1', volume: '1' },
      'minOrderMoney',
      'volume',
      'the order value 0.001 USDT is below the minimum 5 USDT on BTC/USDT perpetual'
    ],
    [{ ...limit, price: '100000', volume: '90000' }, 'maxLimitMoney', 'volume'],
    [{ side: 'SELL', type: 'MARKET', open: 'CLOSE', volume: '20001' }, 'maxMarketVolume', 'volume'],
    [{ side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '4' }, 'minOrderMoney', 'volume'],
    [{ side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '1500001' }, 'maxMarketMoney', 'volume'],
    [
      { side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '100', timeInForce: 'POST_ONLY' },
      'timeInForce',
      'timeInForce',
      'post-only needs a limit order'
    ],
    [
      { side: 'BUY', type: 'MARKET', open: 'CLOSE', volume: '1', price: '65000' },
      'price',
      'price',
      'a market order takes no price'
    ],
    [{ side: 'BUY', type: 'LIMIT', open: 'OPEN', volume: '1' }, 'price', 'price', 'price is required']
  ])('refuses %o by %s', (o, rule, field, message) => {
    expect(checkFuturesOrder(EBTC, o)).toMatchObject({ rule, field, ...(message ? { message } : {}) })
  })

  it('offers as a fix the size that meets an order-value bound, in contracts', () => {
    expect(checkFuturesOrder(EBTC, { ...limit, price: '4000', volume: '1' })?.fixes).toEqual(['2']) // 2 x 0.001 x 4000 = 8 >= 5
    expect(checkFuturesOrder(EBTC, { ...limit, price: '100000', volume: '90000' })?.fixes).toEqual(['80000']) // 8 000 000 / 100
  })

  it('keeps one more open order under maxValidOrder when the count is known', () => {
    expect(checkFuturesOrder(EBTC, limit, { openOrders: 199 })).toBeNull()
    expect(english(checkFuturesOrder(EBTC, limit, { openOrders: 200 }))).toEqual({
      rule: 'maxValidOrder',
      field: 'symbol',
      message: 'BTC/USDT perpetual allows at most 200 open orders; 200 are open'
    })
    expect(checkFuturesOrder(EBTC, limit, { openOrders: 200, prefix: 'orders.1.' })?.field).toBe('orders.1.symbol')
  })

  it('refuses every order on a contract that is not tradable', () => {
    expect(checkFuturesOrder({ ...EBTC, status: 0 }, limit)).toMatchObject({
      rule: 'status',
      field: 'symbol',
      message: 'BTC/USDT perpetual is not tradable now (status 0)'
    })
  })

  it('checks a trigger or TP/SL price at the contract precision, naming the field with its path', () => {
    expect(checkPricePrecision(EBTC, '65000.5', 'stopLoss.triggerPrice')).toBeNull()
    expect(english(checkPricePrecision(EBTC, '1.25', 'stopLoss.triggerPrice'))).toEqual({
      rule: 'pricePrecision',
      field: 'stopLoss.triggerPrice',
      message: 'the trigger price ticks are 0.1 USDT on BTC/USDT perpetual: 1.2 or 1.3',
      fixes: ['1.2', '1.3']
    })
    expect(checkPricePrecision(EBTC, '-5', 'takeProfit.price')).toMatchObject({
      rule: 'price',
      field: 'takeProfit.price'
    })
  })

  it('holds a batch to the venue maximum of 10 orders', () => {
    expect(checkBatchRoom(9)).toBeNull()
    expect(english(checkBatchRoom(10))).toEqual({
      rule: 'batchSize',
      field: 'batch',
      message: 'a batch holds at most 10 orders'
    })
  })
})

describe('futures trigger, callback and leverage rules', () => {
  it('puts a trigger on the side of the mark it waits on', () => {
    expect(checkTrigger(EBTC, 'SELL', 'stop-loss', '64000', '65000')).toBeNull()
    expect(english(checkTrigger(EBTC, 'SELL', 'stop-loss', '66000', '65000'))).toEqual({
      rule: 'triggerPrice',
      field: 'triggerPrice',
      message: 'a sell stop-loss triggers below the mark price 65000; 66000 is not below it'
    })
    expect(checkTrigger(EBTC, 'SELL', 'stop-loss', '65000', '65000')?.rule).toBe('triggerPrice')
    expect(checkTrigger(EBTC, 'SELL', 'take-profit', '64000', '65000')?.rule).toBe('triggerPrice')
    expect(checkTrigger(EBTC, 'BUY', 'stop-loss', '66000', '65000')).toBeNull()
    expect(checkTrigger(EBTC, 'BUY', 'trailing-stop', '66000', '65000')?.rule).toBe('triggerPrice')
  })

  it('checks the trigger precision even without a mark, under the field it is given', () => {
    expect(checkTrigger(EBTC, 'SELL', 'stop-loss', '64000.05', undefined)).toMatchObject({
      rule: 'pricePrecision',
      message: 'the trigger price ticks are 0.1 USDT on BTC/USDT perpetual: 64000.0 or 64000.1'
    })
    expect(english(checkTrigger(EBTC, 'SELL', 'stop-loss', '', '65000', 'stopLoss.triggerPrice'))).toEqual({
      rule: 'triggerPrice',
      field: 'stopLoss.triggerPrice',
      message: 'the trigger price is required'
    })
  })

  it('takes a callback ratio as a share of the price below 1', () => {
    expect(checkCallbackRatio('0.01')).toBeNull()
    expect(checkCallbackRatio('1')?.rule).toBe('callbackRatio')
    expect(checkCallbackRatio('1.5')?.rule).toBe('callbackRatio')
    expect(checkCallbackRatio(undefined)?.message).toBe('the callback ratio is required')
  })

  it('takes leverage as a whole number from 1 to 1000', () => {
    for (const ok of ['1', '10', '1000']) expect(checkLeverage(ok)).toBeNull()
    for (const bad of ['0', '1001', '2.5', '-3', '', '010']) expect(checkLeverage(bad)?.rule).toBe('leverage')
    // Read as a number field is first: full-width digits and spaces around pass, a sign or letters are refused so.
    expect(readLeverage(' ２５ ')).toEqual({ ok: true, value: '25', readAs: '25' })
    expect(readLeverage('-5')).toMatchObject({ ok: false, refusal: { rule: 'sign', field: 'leverage' } })
    expect(readLeverage('1001')).toMatchObject({ ok: false, refusal: { rule: 'leverage' } })
    expect(readLeverage('')).toMatchObject({ ok: false, refusal: { rule: 'required' } })
  })
})

describe('refusals in words', () => {
  it('carry catalog words whose English is the message, told in Chinese by the same key and values', () => {
    const ticks = checkSpotOrder(BTCUSDT, { side: 'BUY', type: 'LIMIT', price: '65000.123', volume: '0.001' })
    expect(ticks?.words?.key).toBe('order.rule.ticks')
    expect(told(ticks, 'en')).toBe(ticks?.message)
    expect(told(ticks, 'zh-CN')).toBe('BTC/USDT 的价格最小变动单位为 0.01 USDT：65000.12 或 65000.13')
    expect(told(ticks, 'zh-TW')).toBe('BTC/USDT 的價格最小變動單位為 0.01 USDT：65000.12 或 65000.13')
    const min = checkFuturesOrder(EBTC, { side: 'SELL', type: 'MARKET', open: 'CLOSE', volume: '20001' })
    expect(told(min, 'zh-CN')).toBe('数量 20001 张 高于 BTC/USDT perpetual 市价单的最大值 20000 张')
    const trigger = checkTrigger(EBTC, 'SELL', 'stop-loss', '66000', '65000')
    expect(told(trigger, 'zh-CN')).toBe('卖出止损须在标记价格 65000 以下触发，66000 不低于标记价格')
    expect(told(checkLeverage('0'), 'zh-TW')).toBe('槓桿倍數須為 1 到 1000 之間的整數')
    const funds = checkSpotOrder(
      BTCUSDT,
      { side: 'BUY', type: 'LIMIT', price: '65000', volume: '2' },
      { funds: { quote: '100000' } }
    )
    expect(told(funds, 'zh-CN')).toBe('该委托需要 130,000 USDT，可用仅 100,000 USDT')
  })
})

describe("main's refusal of a broken rule", () => {
  it('carries the words to the UI and their English as the message', async () => {
    const { enforce, errorBody } = await import('../../../src-main/services/errors')
    const r = checkSpotOrder(BTCUSDT, { side: 'BUY', type: 'LIMIT', price: '65000.123', volume: '0.001' })
    let thrown: unknown
    try {
      enforce(r)
    } catch (e) {
      thrown = e
    }
    expect(errorBody(thrown)).toEqual({ code: 'order-rule', field: 'price', message: r!.message, words: r!.words })
  })
})
