// What the order form says a limit order is worth: a spot total in the quote, rounded against the trader as the
// confirmation rounds it (a buy's cost up, a sell's proceeds down), or a contract's value. A spot total below the
// quote's smallest unit is said so in words ("less than 0.01 USDT"), never rounded up to a cost it does not have;
// the exact figure goes in the title whenever the shown one is rounded.
import { compare, formatFixed, mul, normalizeDecimal } from '@shared/decimal'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import { contractValue } from '@shared/trading/order-rules'
import { t } from '../i18n'
import { group, num } from '../lib/format'

export interface LimitTotal {
  text: string
  /** The exact figure, when the text rounds it; empty when the text is exact. */
  title: string
}

/** `price` and `volume` are exact decimal text already read from the fields (order-form.ts priceValue, volumeValue). */
export function limitTotal(
  o: { spot?: SpotSymbolView | undefined; contract?: ContractView | undefined; side: 'BUY' | 'SELL' },
  price: string,
  volume: string
): LimitTotal | null {
  if (o.spot) {
    const { pricePrecision: dp, quoteAsset: quote } = o.spot
    const exact = normalizeDecimal(mul(price, volume))
    const shown = formatFixed(exact, dp, o.side === 'SELL' ? 'down' : 'up')
    const title = compare(shown, exact) === 0 ? '' : t('order.form.totalExact', { total: group(exact), quote })
    const unit = dp > 0 ? `0.${'0'.repeat(dp - 1)}1` : '1'
    if (compare(exact, '0') > 0 && compare(exact, unit) < 0)
      return { text: t('order.form.totalBelow', { min: num(unit), quote }), title }
    return { text: `${num(shown)} ${quote}`, title }
  }
  if (o.contract) {
    const exact = normalizeDecimal(contractValue(o.contract, volume, price))
    const shown = formatFixed(exact, 2, 'up')
    const coin = o.contract.side === 1 ? 'USDT' : 'USD'
    return {
      text: `${num(shown)} ${coin}`,
      title: compare(shown, exact) === 0 ? '' : t('order.form.totalExact', { total: group(exact), quote: coin })
    }
  }
  return null
}
