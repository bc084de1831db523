// What the order form says a limit order is worth: a spot total in the quote, rounded against the trader as the
// confirmation rounds it (a buy's cost up, a sell's proceeds down), or a contract's value. A spot total below the
// quote's smallest unit (a contract value below a cent) is said so in words ("less than 0.01 USDT"), never rounded up
// to a figure it does not reach; the exact figure goes in the title whenever the shown one is rounded.
import { compare, formatFixed, mul, normalizeDecimal } from '@shared/decimal'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import { contractValue, valueCoin } from '@shared/trading/order-rules'
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
    return shownTotal(normalizeDecimal(mul(price, volume)), dp, o.side === 'SELL' ? 'down' : 'up', quote)
  }
  // A contract's value is no cost: shown at the cent, rounded up as before, but never a cent it does not reach.
  if (o.contract)
    return shownTotal(normalizeDecimal(contractValue(o.contract, volume, price)), 2, 'up', valueCoin(o.contract))
  return null
}

function shownTotal(exact: string, dp: number, mode: 'up' | 'down', coin: string): LimitTotal {
  const shown = formatFixed(exact, dp, mode)
  const title = compare(shown, exact) === 0 ? '' : t('order.form.totalExact', { total: group(exact), quote: coin })
  const unit = dp > 0 ? `0.${'0'.repeat(dp - 1)}1` : '1'
  if (compare(exact, '0') > 0 && compare(exact, unit) < 0)
    return { text: t('order.form.totalBelow', { min: num(unit), quote: coin }), title }
  return { text: `${num(shown)} ${coin}`, title }
}
