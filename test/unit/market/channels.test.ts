import { describe, expect, it } from 'vitest'
import { channelName, channelSymbol, parseChannel } from '../../../src-sim/market/channels'

describe('channels', () => {
  it('names spot symbols lowercased and futures contracts e_ + lowercase without dashes', () => {
    expect(channelSymbol('spot', 'BTCUSDT')).toBe('btcusdt')
    expect(channelSymbol('spot', 'btcusdt')).toBe('btcusdt')
    expect(channelSymbol('futures', 'E-BTC-USDT')).toBe('e_btcusdt')
    expect(channelSymbol('futures', 'E-ETH-USDT')).toBe('e_ethusdt')
  })

  it('parses the four channel kinds', () => {
    expect(parseChannel('market_btcusdt_depth_step0')).toEqual({ sym: 'btcusdt', type: 'depth' })
    expect(parseChannel('market_btcusdt_trade_ticker')).toEqual({ sym: 'btcusdt', type: 'trade' })
    expect(parseChannel('market_e_btcusdt_ticker')).toEqual({ sym: 'e_btcusdt', type: 'ticker' })
    expect(parseChannel('market_btcusdt_kline_1week')).toEqual({ sym: 'btcusdt', type: 'kline', interval: '1week' })
    expect(parseChannel('market_e_btcusdt_kline_1h')).toEqual({ sym: 'e_btcusdt', type: 'kline', interval: '60min' })
  })

  it('rejects what it does not serve', () => {
    expect(parseChannel('market_btcusdt_depth_step1')).toBeNull()
    expect(parseChannel('market_btcusdt_kline_3min')).toBeNull()
    expect(parseChannel('market_BTCUSDT_ticker')).toBeNull()
    expect(parseChannel('btcusdt_ticker')).toBeNull()
  })

  it('builds names back', () => {
    expect(channelName('e_btcusdt', 'kline', '1h')).toBe('market_e_btcusdt_kline_1h')
    expect(channelName('btcusdt', 'depth')).toBe('market_btcusdt_depth_step0')
  })
})
