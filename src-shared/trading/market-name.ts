// Markets in the form a trader reads them: ETH/USDT for spot symbol ethusdt, BTC/USDT perpetual for contract
// E-BTC-USDT. Messages, confirmations and tables name markets this way; the venue's symbol stays in requests.
import type { ContractView, SpotSymbolView } from '../ipc/views/market'

export const spotMarketName = (s: Pick<SpotSymbolView, 'baseAsset' | 'quoteAsset'>): string =>
  `${s.baseAsset}/${s.quoteAsset}`

/** E-BTC-USDT -> BTC/USDT perpetual (E is the family's perpetual prefix, S a simulated contract). */
export function contractMarketName(symbol: string): string {
  const [kind, base, ...rest] = symbol.split('-')
  if (!base || !rest.length) return symbol
  const pair = `${base}/${rest.join('-')}`
  return kind === 'E' ? `${pair} perpetual` : kind === 'S' ? `${pair} simulated futures` : `${pair} futures`
}

export const marketName = (m: SpotSymbolView | ContractView): string =>
  'baseAsset' in m ? spotMarketName(m) : contractMarketName(m.symbol)
