// A futures open before it is sent, against hand-computed figures for the embedded exchange's linear contract
// (0.001 BTC a contract, margined in USDT) and its inverse one (100 USD a contract, margined in BTC).
import { describe, expect, it } from 'vitest'
import { futuresPreview } from '@shared/trading/futures-preview'
import { EBTC, EBTC_USD } from '../../fixtures/instruments'

describe('futures preview', () => {
  const base = {
    side: 'BUY',
    type: 'LIMIT',
    price: '60000',
    leverage: '10',
    available: '1000',
    positionType: 2
  } as const

  it('values a limit open, its margin at the leverage, and the most the free margin opens', () => {
    // 10 contracts x 0.001 x 60000 = 600 USDT; margin 60; 1000 x 10 / 60 = 166.6 -> 166
    expect(futuresPreview(EBTC, { ...base, volume: '10' })).toEqual({
      contracts: '10',
      value: '600',
      margin: '60',
      available: '1000',
      maxContracts: '166',
      liquidation: '54000.0', // isolated long: 60000 - 60 / (10 x 0.001)
      coin: 'USDT',
      marginCoin: 'USDT'
    })
  })

  it('backs a cross position with the free margin too, and a short liquidates above', () => {
    // cross long: the free 1000 USDT (the order's 60 of margin comes out of it) backs it: 60000 - 1000 / 0.01 < 0
    expect(futuresPreview(EBTC, { ...base, volume: '10', positionType: 1 }).liquidation).toBeNull()
    // cross long, 100 contracts: backing 1000 over 0.1 BTC = 10000 -> 50000 (not 1600: that counted the margin twice)
    expect(futuresPreview(EBTC, { ...base, volume: '100', positionType: 1 }).liquidation).toBe('50000.0')
    // isolated short: 60000 + 60 / 0.01 = 66000
    expect(futuresPreview(EBTC, { ...base, side: 'SELL', volume: '10' }).liquidation).toBe('66000.0')
  })

  it('turns a market open sized by value into whole contracts at the price it is valued at', () => {
    // 300 USDT / (0.001 x 60000) = 5 contracts worth 300
    expect(futuresPreview(EBTC, { ...base, type: 'MARKET', volume: '300' })).toMatchObject({
      contracts: '5',
      value: '300',
      margin: '30'
    })
    // 301 USDT still opens 5 (contracts are whole; the value shown is what they are worth)
    expect(futuresPreview(EBTC, { ...base, type: 'MARKET', volume: '301' })).toMatchObject({
      contracts: '5',
      value: '300'
    })
  })

  it('margins an inverse contract in its coin', () => {
    // 6 contracts x 100 USD = 600 USD = 0.01 BTC at 60000; margin 0.001 BTC at 10x
    const p = futuresPreview(EBTC_USD, { ...base, volume: '6', available: '0.05' })
    expect(p).toMatchObject({ contracts: '6', value: '600', margin: '0.001', coin: 'USD', marginCoin: 'BTC' })
    // long, isolated: coin value 0.01 + 0.001 = 0.011 BTC -> 600 / 0.011 = 54545.45.. -> 54545.5 (up)
    expect(p.liquidation).toBe('54545.5')
  })

  it('leaves what it cannot know unknown: no free margin loaded', () => {
    expect(futuresPreview(EBTC, { ...base, volume: '10', available: null })).toMatchObject({
      available: null,
      maxContracts: null,
      liquidation: '54000.0'
    })
  })
})
