// WS channel names: market_{sym}_depth_step0 | _trade_ticker | _ticker | _kline_{interval}, where {sym}
// is the spot symbol lowercased (btcusdt) or the futures contract lowercased without dashes behind an `e_`
// prefix (E-BTC-USDT -> e_btcusdt).
import { normalizeInterval, type Interval } from './intervals'
import type { ModuleKind } from './types'

export type ChannelType = 'depth' | 'trade' | 'ticker' | 'kline'

export interface ParsedChannel {
  /** channel symbol, e.g. btcusdt or e_btcusdt */
  sym: string
  type: ChannelType
  /** kline only, normalized (1h -> 60min) */
  interval?: Interval
}

export function channelSymbol(kind: ModuleKind, name: string): string {
  const lower = name.toLowerCase()
  if (kind === 'spot') return lower
  return 'e_' + lower.replace(/^e-/, '').replace(/-/g, '')
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

export function channelName(sym: string, type: ChannelType, interval?: string): string {
  switch (type) {
    case 'depth':
      return `market_${sym}_depth_step0`
    case 'trade':
      return `market_${sym}_trade_ticker`
    case 'ticker':
      return `market_${sym}_ticker`
    case 'kline':
      return `market_${sym}_kline_${interval}`
  }
}
