// The market of a table row or a message in the form a trader reads (ETH/USDT, ETH/USDT margin, BTC/USDT perpetual),
// from the venue's symbol, through src-shared/trading/market-name.ts. A spot symbol not listed (yet) shows as sent.
// A module (spot, margin, futures) is named through moduleLabel, the one place its label comes from.
import type { SpotSymbolView } from '@shared/ipc/views/market'
import type { Module } from '@shared/module'
import { contractMarketName, spotMarketName } from '@shared/trading/market-name'

const MODULE_LABEL: Readonly<Record<Module, string>> = { spot: 'Spot', margin: 'Margin', futures: 'Futures' }

/** A module as the tabs, menus and messages name it: `Spot`, `Margin`, `Futures`. */
export const moduleLabel = (m: Module): string => MODULE_LABEL[m]

export function marketLabel(
  module: string,
  symbol: string,
  spotOf: (s: string) => Pick<SpotSymbolView, 'baseAsset' | 'quoteAsset'> | undefined
): string {
  if (module === 'futures') return contractMarketName(symbol)
  const s = spotOf(symbol)
  const name = s ? spotMarketName(s) : symbol
  return module === 'margin' ? `${name} margin` : name
}

/** The units a row's numbers carry: prices in the quote coin, sizes in the base coin (spot) or in contracts. */
export function marketUnits(
  module: string,
  symbol: string,
  spotOf: (s: string) => Pick<SpotSymbolView, 'baseAsset' | 'quoteAsset'> | undefined
): { price: string; size: string } {
  if (module === 'futures') return { price: symbol.split('-').slice(2).join('-') || '', size: 'Cont' }
  const s = spotOf(symbol)
  return s ? { price: s.quoteAsset, size: s.baseAsset } : { price: '', size: '' }
}
