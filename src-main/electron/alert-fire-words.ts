// A price alert's fire in a language's words, as the windows tell it (stores/alerts.ts): the market named as the UI
// names it (BTC/USDT, ETH/USDT margin, BTC/USDT perpetual, in that language), the price at the market's tick and
// grouped, the rule's levels grouped as typed. Without the market's rules (the venue's list could not be read) the
// market is named by its symbol and the price written as it came, grouped.
import { formatFixed, groupText, isDecimalText, numberMarks } from '@shared/decimal'
import type { Locale } from '@shared/i18n/locales'
import { translateIn } from '@shared/i18n/translate'
import { alertRuleWords } from '@shared/ipc/schemas/alerts'
import type { AlertFireView } from '@shared/ipc/views/alerts'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import { contractNameParts, spotMarketName } from '@shared/trading/market-name'

export type AlertMarket = Pick<SpotSymbolView, 'baseAsset' | 'quoteAsset' | 'pricePrecision'> | ContractView

/** The market as a window names it in `lang`. */
export function marketNameIn(lang: Locale, f: Pick<AlertFireView, 'module' | 'symbol'>, m?: AlertMarket): string {
  if (f.module === 'futures') {
    const n = contractNameParts(f.symbol)
    return n ? translateIn(lang, `market.contract.${n.kind}`, { pair: n.pair }) : f.symbol
  }
  const name = m && 'baseAsset' in m ? spotMarketName(m) : f.symbol
  return f.module === 'margin' ? translateIn(lang, 'market.marginMarket', { name }) : name
}

/** The notification's title and text of a fire, in `lang`. */
export function alertFireWords(lang: Locale, f: AlertFireView, m?: AlertMarket): { title: string; body: string } {
  // Decimal text grouped in the language's marks; anything else (a level typed otherwise) as it is.
  const marks = numberMarks(lang)
  const group = (x: string) => (isDecimalText(x) ? groupText(x, marks) : x)
  const rule = alertRuleWords(f.source, f.rule, group)
  const price = m && isDecimalText(f.price) ? formatFixed(f.price, m.pricePrecision) : f.price
  return {
    title: translateIn(lang, 'alerts.fired.title', { market: marketNameIn(lang, f, m) }),
    body: translateIn(lang, 'alerts.fired.text', {
      rule: translateIn(lang, rule.key, rule.params),
      price: group(price)
    })
  }
}
