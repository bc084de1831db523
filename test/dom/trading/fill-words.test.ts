// Fills told in words, and order-history rows with units: a full fill, a partial fill then canceled, a spot market
// buy sized in quote with what stayed unspent, nothing filled, futures contracts; and which states are news.
import { describe, expect, it } from 'vitest'
import type { FuturesOrderHistoryView } from '@shared/ipc/views/account'
import type { SpotSymbolView } from '@shared/ipc/views/market'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import { outcomeWords, type OrderOutcome } from '../../../src-renderer/src/lib/fill-words'
import { futuresOutcome, spotOutcome } from '../../../src-renderer/src/lib/order-outcome'
import { historyRow } from '../../../src-renderer/src/panels/trading/history-rows'
import { OrderTeller } from '../../../src-renderer/src/stores/order-teller'

const ETH: SpotSymbolView = {
  symbol: 'ethusdt',
  baseAsset: 'eth',
  quoteAsset: 'usdt',
  pricePrecision: 2,
  quantityPrecision: 6,
  limitPriceMin: '0.01',
  limitVolumeMin: '0.0001',
  marketBuyMin: '5',
  marketSellMin: '0.0001'
}
const entry = (o: Partial<OrderHistoryEntryView>): OrderHistoryEntryView => ({
  module: 'spot',
  symbol: 'ethusdt',
  orderId: '9007199254740993',
  clientOrderId: null,
  side: 'BUY',
  type: 'LIMIT',
  price: '3100.00',
  volume: '0.156000',
  executed: '0.156000',
  avgPrice: '3100',
  status: 'FILLED',
  final: true,
  time: 1,
  updatedAt: 2,
  ...o
})
const futures = (o: Partial<FuturesOrderHistoryView>): FuturesOrderHistoryView =>
  ({
    orderId: '77',
    contractName: 'E-BTC-USDT',
    side: 'BUY',
    openOrClose: 'OPEN',
    positionType: 1,
    type: 1,
    price: '65000.0',
    volume: '45',
    dealVolume: '45',
    dealMoney: '2925',
    avgPrice: '65000.0',
    leverageLevel: 10,
    status: 2,
    ctime: '',
    ctimeMs: 1,
    ...o
  }) as FuturesOrderHistoryView
const spot = (o: Partial<OrderHistoryEntryView>) => outcomeWords(spotOutcome(entry(o), ETH))

describe('fills told in words', () => {
  it('a full fill: what was bought, at its average', () => {
    expect(spot({})).toEqual({
      headline: 'Filled',
      title: 'Filled · ETH/USDT',
      text: 'Filled: bought 0.156 ETH at 3,100.00 (avg)',
      tone: 'success'
    })
    expect(spot({ module: 'margin', side: 'SELL', avgPrice: '3100.25' }).text).toBe(
      'Filled: sold 0.156 ETH at 3,100.25 (avg)'
    )
    expect(spot({ module: 'margin' }).title).toBe('Filled · ETH/USDT margin')
  })

  it('a partial fill then canceled: both the filled part with its share and the rest', () => {
    const w = spot({ executed: '0.044000', avgPrice: '3100.00', status: 'CANCELED' })
    expect(w.text).toBe(
      'Partially filled: bought 0.044 of 0.156 ETH (28%) at 3,100.00 (avg), rest canceled: 0.112 ETH not bought'
    )
    expect(w.tone).toBe('warn')
    expect(spot({ executed: '0.044000', status: 'PARTIALLY_FILLED', final: false }).text).toBe(
      'Partially filled: bought 0.044 of 0.156 ETH (28%) at 3,100.00 (avg), 0.112 ETH still open'
    )
  })

  it('a spot market buy is sized in quote: told as spent of asked, and what stayed unspent', () => {
    const w = spot({
      type: 'MARKET',
      price: '0',
      volume: '500',
      executed: '0.044000',
      avgPrice: '3204.5454',
      status: 'CANCELED'
    })
    // 0.044 x 3204.5454 = 140.9999976 spent: 359.00 of 500 unspent.
    expect(w).toMatchObject({ headline: 'Partially filled', title: 'Partially filled · ETH/USDT' })
    expect(w.text).toBe(
      'Partially filled: bought 0.044 ETH at 3,204.55 (avg) for 141.00 of 500.00 USDT (28%), rest canceled: 359.00 USDT unspent'
    )
    expect(
      spot({ type: 'MARKET', price: '0', volume: '500', executed: '0.16', avgPrice: '3125', status: 'FILLED' }).text
    ).toBe('Filled: bought 0.16 ETH at 3,125.00 (avg) for 500.00 USDT')
  })

  it('nothing filled and canceled: what was not bought or stayed unspent', () => {
    expect(spot({ type: 'MARKET', volume: '500', executed: '0', avgPrice: '0.00', status: 'CANCELED' })).toMatchObject({
      title: 'Canceled, nothing filled · ETH/USDT',
      text: 'Canceled, nothing filled: 500.00 USDT unspent',
      tone: 'warn'
    })
    expect(
      spot({ type: 'MARKET', side: 'SELL', volume: '0.5', executed: '0', avgPrice: null, status: 'CANCELED' }).text
    ).toBe('Canceled, nothing filled: 0.5 ETH not sold')
  })

  it('futures: sizes in contracts, on the contract named as a trader reads it', () => {
    expect(outcomeWords(futuresOutcome(futures({})))).toMatchObject({
      title: 'Filled · BTC/USDT perpetual',
      text: 'Filled: bought 45 contracts at 65,000.0 (avg)'
    })
    expect(
      outcomeWords(futuresOutcome(futures({ side: 'SELL', type: 2, dealVolume: '10', avgPrice: '64990.5', status: 4 })))
        .text
    ).toBe('Partially filled: sold 10 of 45 contracts (22%) at 64,990.5 (avg), rest canceled: 35 contracts not sold')
  })
})

describe('order-history rows', () => {
  const row = (o: Partial<OrderHistoryEntryView>) => {
    const e = entry(o)
    return historyRow(spotOutcome(e, ETH), e.price, e.status)
  }

  it('a market buy partly filled then canceled shows its average, amounts with units, the fill and the unspent rest', () => {
    expect(
      row({
        type: 'MARKET',
        price: '0.00',
        volume: '500.00',
        executed: '0.044000',
        avgPrice: '3204.5454',
        status: 'CANCELED'
      })
    ).toEqual({
      price: 'Market',
      amount: '500.00 USDT',
      filled: '0.044 ETH for 141.00 USDT',
      avg: '3,204.5454',
      status: 'Partially filled, rest canceled',
      rest: '359.00 USDT unspent'
    })
  })

  it('a limit order: price, amount in base, and the rest of a canceled one', () => {
    expect(row({})).toEqual({
      price: '3,100.00',
      amount: '0.156 ETH',
      filled: '0.156 ETH',
      avg: '3,100',
      status: 'Filled',
      rest: null
    })
    expect(row({ executed: '0.044', status: 'CANCELED' })).toMatchObject({
      status: 'Partially filled, rest canceled',
      rest: '0.112 ETH not bought'
    })
    expect(row({ executed: '0', avgPrice: null, status: 'CANCELED' })).toMatchObject({
      filled: '–',
      avg: '–',
      status: 'Canceled',
      rest: '0.156 ETH not bought'
    })
    expect(row({ executed: '0.05', status: 'PARTIALLY_FILLED' })).toMatchObject({
      status: 'Partially filled, open',
      rest: null
    })
  })

  it('without the symbol’s rules the units are generic, never guessed', () => {
    const e = entry({ type: 'MARKET', volume: '500' })
    expect(historyRow(spotOutcome(e, undefined), e.price, e.status).amount).toBe('500.00 quote')
  })

  it('futures rows name contracts', () => {
    const o = futures({ type: 2, price: '0', dealVolume: '10', status: 4 })
    expect(historyRow(futuresOutcome(o), o.price, 'CANCELED')).toEqual({
      price: 'Market',
      amount: '45 contracts',
      filled: '10 contracts',
      avg: '65,000.0',
      status: 'Partially filled, rest canceled',
      rest: '35 contracts not bought'
    })
  })
})

describe('which states are news', () => {
  const o = (x: Partial<OrderOutcome>): OrderOutcome => ({
    market: 'ETH/USDT',
    side: 'BUY',
    type: 'LIMIT',
    volume: '1',
    askedInQuote: false,
    executed: '0',
    avgPrice: null,
    state: 'open',
    unit: 'ETH',
    quote: 'USDT',
    ...x
  })

  it('tells a growing fill once each, and the end once, once its average is known', () => {
    const t = new OrderTeller()
    expect(t.news('a', o({}))).toBeNull() // resting, nothing filled
    expect(t.news('a', o({ executed: '0.3' }))).not.toBeNull()
    expect(t.news('a', o({ executed: '0.3' }))).toBeNull()
    expect(t.news('a', o({ executed: '1', state: 'filled' }))).toBeNull() // the create answer: no average yet
    expect(t.news('a', o({ executed: '1', state: 'filled', avgPrice: '3100' }))).toMatchObject({ state: 'filled' })
    expect(t.news('a', o({ executed: '1', state: 'filled', avgPrice: '3100' }))).toBeNull()
  })

  it('a limit order canceled with nothing filled is no news; a market order that filled nothing is', () => {
    const t = new OrderTeller()
    expect(t.news('l', o({ state: 'canceled' }))).toBeNull()
    expect(t.news('m', o({ type: 'MARKET', askedInQuote: true, state: 'canceled' }))).toMatchObject({ type: 'MARKET' })
  })
})
