// A row's market and units in the window's language: a margin market and the contracts unit come from the catalogs.
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../../src-renderer/src/i18n'
import { contractLabel } from '../../../src-renderer/src/i18n/market-words'
import { marketLabel, marketUnits } from '../../../src-renderer/src/lib/market-label'

afterEach(() => setLocale('en'))
const spotOf = (s: string) => (s === 'ethusdt' ? { baseAsset: 'ETH', quoteAsset: 'USDT' } : undefined)

describe('market labels', () => {
  it('name a margin market and count contracts in the window’s language', () => {
    expect(marketLabel('margin', 'ethusdt', spotOf)).toBe('ETH/USDT margin')
    expect(marketLabel('futures', 'E-BTC-USDT', spotOf)).toBe('BTC/USDT perpetual')
    expect(contractLabel('S-ETH-USDT')).toBe('ETH/USDT simulated futures')
    expect(marketUnits('futures', 'E-BTC-USDT', spotOf)).toEqual({ price: 'USDT', size: 'Cont' })
    setLocale('zh-CN')
    expect(marketLabel('margin', 'ethusdt', spotOf)).toBe('ETH/USDT 杠杆')
    expect(marketLabel('futures', 'E-BTC-USDT', spotOf)).toBe('BTC/USDT 永续')
    expect(marketUnits('futures', 'E-BTC-USDT', spotOf)).toEqual({ price: 'USDT', size: '张' })
    setLocale('zh-TW')
    expect(marketLabel('margin', 'ethusdt', spotOf)).toBe('ETH/USDT 槓桿')
    expect(contractLabel('E-BTC-USD')).toBe('BTC/USD 永續')
    expect(contractLabel('btcusdt')).toBe('btcusdt') // not a contract: as sent
    expect(marketLabel('spot', 'ethusdt', spotOf)).toBe('ETH/USDT')
    expect(marketLabel('margin', 'newusdt', spotOf)).toBe('newusdt 槓桿')
    expect(marketUnits('spot', 'ethusdt', spotOf)).toEqual({ price: 'USDT', size: 'ETH' })
  })
})
