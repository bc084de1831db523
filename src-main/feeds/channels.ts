// WS channel names (api-family-notes "WebSocket market data"): market_{sym}_depth_step0 | _trade_ticker |
// _ticker | _kline_{interval}. {sym} is the spot symbol lowercased, or the futures contract lowercased
// without dashes behind `e_` (E-BTC-USDT -> e_btcusdt). The names themselves come from src-shared/api/ws-channels.ts.
import { channelName, channelSymbol } from '@shared/api/ws-channels'
import type { Gateway } from '../../src-shared/api/types'
import type { FeedInterval, StreamKind, StreamSpec } from './types'

export { channelSymbol }

/** The WS spelling of an interval: the channel list says `60min`, whatever REST says for the gateway. */
export function wsInterval(interval: FeedInterval): string {
  return interval === '1h' ? '60min' : interval
}

export function channelOf(gateway: Gateway, spec: StreamSpec): string {
  const sym = channelSymbol(gateway, spec.symbol)
  if (spec.kind === 'kline' && !spec.interval) throw new Error('a kline stream needs an interval')
  return channelName(sym, spec.kind === 'trades' ? 'trade' : spec.kind, spec.interval && wsInterval(spec.interval))
}

export interface ParsedChannel {
  /** channel symbol: btcusdt or e_btcusdt */
  sym: string
  kind: StreamKind
  interval?: FeedInterval
}

const CHANNEL =
  /^market_(e_[a-z0-9]+|[a-z0-9]+)_(depth_step0|trade_ticker|ticker|kline_(1min|5min|15min|30min|60min|1h|1day|1week|1month))$/

/** Null for anything that is not a channel this terminal subscribes to. */
export function parseChannel(channel: string): ParsedChannel | null {
  const m = CHANNEL.exec(channel)
  if (!m) return null
  const sym = m[1]!
  if (m[2] === 'depth_step0') return { sym, kind: 'depth' }
  if (m[2] === 'trade_ticker') return { sym, kind: 'trades' }
  if (m[2] === 'ticker') return { sym, kind: 'ticker' }
  return { sym, kind: 'kline', interval: m[3] as FeedInterval }
}
