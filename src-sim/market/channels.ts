// WS channel names: market_{sym}_depth_step0 | _trade_ticker | _ticker | _kline_{interval}, where {sym}
// is the spot symbol lowercased (btcusdt) or the futures contract lowercased without dashes behind an `e_`
// prefix (E-BTC-USDT -> e_btcusdt).
import { normalizeInterval, type Interval } from './intervals'
import { channelName, channelSymbol, type WsChannelType } from '@shared/api/ws-channels'

export { channelName, channelSymbol }

export type ChannelType = WsChannelType

export interface ParsedChannel {
  /** channel symbol, e.g. btcusdt or e_btcusdt */
  sym: string
  type: ChannelType
  /** kline only, normalized (1h -> 60min) */
  interval?: Interval
}

const CHANNEL = /^market_(e_[a-z0-9]+|[a-z0-9]+)_(depth_step0|trade_ticker|ticker|kline_([0-9a-z]+))$/

/** Null for anything that is not a supported channel (other depth steps, unknown intervals, bad case). */
export function parseChannel(channel: string): ParsedChannel | null {
  const m = CHANNEL.exec(channel)
  if (!m) return null
  const sym = m[1]!
  const kind = m[2]!
  if (kind === 'depth_step0') return { sym, type: 'depth' }
  if (kind === 'trade_ticker') return { sym, type: 'trade' }
  if (kind === 'ticker') return { sym, type: 'ticker' }
  const interval = normalizeInterval(m[3]!)
  return interval ? { sym, type: 'kline', interval } : null
}
