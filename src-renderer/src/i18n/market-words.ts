// Markets named in the window's language where the name has words of its own: a contract is "BTC/USDT perpetual",
// "BTC/USDT 永续" (src-shared/trading/market-name.ts parses the symbol; main names it in English). Here, not in
// lib/market-label.ts, so that words.ts can name the contract a refusal from main carries (lib imports i18n, not back).
import { contractNameParts } from '@shared/trading/market-name'
import { t } from './index'

/** A contract in the window's language: E-BTC-USDT -> BTC/USDT perpetual, BTC/USDT 永续. Not a contract: as sent. */
export function contractLabel(symbol: string): string {
  const n = contractNameParts(symbol)
  return n ? t(`market.contract.${n.kind}`, { pair: n.pair }) : symbol
}
