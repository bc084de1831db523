// Markets in the form a trader reads them: ETH/USDT for spot symbol ethusdt, BTC/USDT perpetual for contract
// E-BTC-USDT. Messages, confirmations and tables name markets this way; the venue's symbol stays in requests.
import type { ContractView, SpotSymbolView } from '../ipc/views/market'

export const spotMarketName = (s: Pick<SpotSymbolView, 'baseAsset' | 'quoteAsset'>): string =>
  `${s.baseAsset}/${s.quoteAsset}`

export type ContractKind = 'perpetual' | 'simulated' | 'futures'

/**
 * E-BTC-USDT -> BTC/USDT (base BTC, quote USDT), perpetual (E: the family's perpetual prefix, S: a simulated
 * contract); null: not a contract symbol.
 */
export function contractNameParts(
  symbol: string
): { pair: string; base: string; quote: string; kind: ContractKind } | null {
  const [prefix, base, ...rest] = symbol.split('-')
  if (!base || !rest.length) return null
  const quote = rest.join('-')
  const kind = prefix === 'E' ? 'perpetual' : prefix === 'S' ? 'simulated' : 'futures'
  return { pair: `${base}/${quote}`, base, quote, kind }
}

const KIND_WORDS: Record<ContractKind, string> = {
  perpetual: 'perpetual',
  simulated: 'simulated futures',
  futures: 'futures'
}

/** E-BTC-USDT -> BTC/USDT perpetual, in English (main's logs and messages); a window names it in its language. */
export function contractMarketName(symbol: string): string {
  const n = contractNameParts(symbol)
  return n ? `${n.pair} ${KIND_WORDS[n.kind]}` : symbol
}

export const marketName = (m: SpotSymbolView | ContractView): string =>
  'baseAsset' in m ? spotMarketName(m) : contractMarketName(m.symbol)
