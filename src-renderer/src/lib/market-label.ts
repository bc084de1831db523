// The market of a table row or a message in the form a trader reads (ETH/USDT, ETH/USDT margin, BTC/USDT perpetual),
// from the venue's symbol, through src-shared/trading/market-name.ts, in the window's language. A spot symbol not
// listed (yet) shows as sent. A module's own name is the catalog's (`common.modules`).
import type { SpotSymbolView } from '@shared/ipc/views/market'
import { contractNameParts, spotMarketName } from '@shared/trading/market-name'
import { t } from '../i18n'
import { contractLabel } from '../i18n/market-words'

export function marketLabel(
  module: string,
  symbol: string,
  spotOf: (s: string) => Pick<SpotSymbolView, 'baseAsset' | 'quoteAsset'> | undefined
): string {
  if (module === 'futures') return contractLabel(symbol)
  const s = spotOf(symbol)
  const name = s ? spotMarketName(s) : symbol
  return module === 'margin' ? t('market.marginMarket', { name }) : name
}

/** The units a row's numbers carry: prices in the quote coin, sizes in the base coin (spot) or in contracts. */
export function marketUnits(
  module: string,
  symbol: string,
  spotOf: (s: string) => Pick<SpotSymbolView, 'baseAsset' | 'quoteAsset'> | undefined
): { price: string; size: string } {
  if (module === 'futures') return { price: contractNameParts(symbol)?.quote ?? '', size: t('market.units.contracts') }
  const s = spotOf(symbol)
  return s ? { price: s.quoteAsset, size: s.baseAsset } : { price: '', size: '' }
}
