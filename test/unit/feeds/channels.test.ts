// Channel names, frame decoding and tick normalization.
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { channelOf, channelSymbol, parseChannel } from '../../../src-main/feeds/channels'
import { decodeFrame } from '../../../src-main/feeds/decode'
import { dec, updateFromFrame } from '../../../src-main/feeds/normalize'

describe('channels', () => {
  it('maps spot symbols and futures contracts', () => {
    expect(channelSymbol('spot', 'BTCUSDT')).toBe('btcusdt')
    expect(channelSymbol('futures', 'E-BTC-USDT')).toBe('e_btcusdt')
    expect(channelSymbol('futures', 'BTC-USDT')).toBe('e_btcusdt')
    expect(channelOf('futures', { kind: 'depth', symbol: 'E-ETH-USDT' })).toBe('market_e_ethusdt_depth_step0')
    expect(channelOf('spot', { kind: 'trades', symbol: 'btcusdt' })).toBe('market_btcusdt_trade_ticker')
    expect(channelOf('spot', { kind: 'ticker', symbol: 'btcusdt' })).toBe('market_btcusdt_ticker')
    expect(channelOf('futures', { kind: 'kline', symbol: 'E-BTC-USDT', interval: '1h' })).toBe(
      'market_e_btcusdt_kline_60min'
    )
    expect(() => channelOf('spot', { kind: 'kline', symbol: 'btcusdt' })).toThrow()
    expect(parseChannel('market_e_btcusdt_kline_5min')).toEqual({ sym: 'e_btcusdt', kind: 'kline', interval: '5min' })
    expect(parseChannel('market_btcusdt_depth_step1')).toBeNull()
  })
})

describe('decode and normalize', () => {
  it('gzip or text, JSON or nothing', () => {
    expect(decodeFrame(gzipSync('{"ping":1}'))).toEqual({ ping: 1 })
    expect(decodeFrame('{"ping":1}')).toEqual({ ping: 1 })
    expect(decodeFrame('ping')).toBeUndefined()
    expect(decodeFrame([Buffer.from('{"a":'), Buffer.from('1}')])).toEqual({ a: 1 })
  })

  it('depth: buys -> bids, numbers -> decimal text, extra columns dropped', () => {
    const u = updateFromFrame('depth', { ts: 7, tick: { asks: [[101.5, 2, 2, 203]], buys: [['99', '1e-7']] } })
    expect(u).toEqual({ kind: 'depth', book: { asks: [['101.5', '2']], bids: [['99', '0.0000001']], ts: 7 } })
    expect(updateFromFrame('depth', { ts: 1, tick: 'x' })).toBeNull()
    expect(dec(1e-7)).toBe('0.0000001')
  })

  it('trades, ticker, kline', () => {
    expect(
      updateFromFrame('trades', {
        ts: 1,
        tick: { id: 5, ts: 1, data: [{ id: 5, side: 'SELL', price: '1', vol: '2', amount: '2', ts: 1 }, { bad: true }] }
      })
    ).toEqual({
      kind: 'trades',
      trades: [{ id: '5', side: 'sell', price: '1', vol: '2', amount: '2', ts: 1 }]
    })
    expect(updateFromFrame('trades', { ts: 1, tick: { data: [] } })).toBeNull()
    expect(
      updateFromFrame('ticker', {
        ts: 3,
        tick: { amount: '1', vol: '2', open: '3', close: '4', high: '5', low: '1', rose: '0.1' }
      })
    ).toEqual({
      kind: 'ticker',
      ticker: { close: '4', open: '3', high: '5', low: '1', vol: '2', amount: '1', rose: '0.1', ts: 3 }
    })
    expect(
      updateFromFrame('kline', { ts: 3, tick: { id: 60, open: 1, close: 2, high: 2, low: 1, vol: 0, amount: 0 } })
    ).toEqual({
      kind: 'kline',
      candles: [{ id: 60, open: '1', close: '2', high: '2', low: '1', vol: '0', amount: '0' }]
    })
  })
})
