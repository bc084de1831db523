// WebSocket channel names of the family (api-family-notes "WebSocket market data"), shared by the embedded
// exchange that serves them and the terminal's feeds that subscribe: market_{sym}_depth_step0 | _trade_ticker |
// _ticker | _kline_{interval}. {sym} is the spot symbol lowercased, or the futures contract lowercased without
// dashes behind `e_` (E-BTC-USDT -> e_btcusdt).
import type { Gateway } from './types'

export type WsChannelType = 'depth' | 'trade' | 'ticker' | 'kline'

/** `btcusdt` -> `btcusdt`; futures `E-BTC-USDT` -> `e_btcusdt`. */
export function channelSymbol(gateway: Gateway, name: string): string {
  const lower = name.toLowerCase()
  if (gateway === 'spot') return lower
  return 'e_' + lower.replace(/^e-/, '').replace(/-/g, '')
}

/** The channel of a channel symbol; `interval` is the WS spelling (60min, not 1h). */
export function channelName(sym: string, type: WsChannelType, interval?: string): string {
  switch (type) {
    case 'depth':
      return `market_${sym}_depth_step0`
    case 'trade':
      return `market_${sym}_trade_ticker`
    case 'ticker':
      return `market_${sym}_ticker`
    case 'kline':
      if (!interval) throw new Error('a kline channel needs an interval')
      return `market_${sym}_kline_${interval}`
  }
}
