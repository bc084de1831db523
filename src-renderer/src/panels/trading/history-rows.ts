// The cells of an order-history row, in words (catalog `orders.history`, `orders.enum`) and with units: a market order
// shows "Market" and its average rather than a price of 0; an amount names its unit (a spot market buy is asked in
// quote); a partly filled order that was canceled shows what filled and what the cancel left ("359.00 USDT unspent").
import { compare, countDecimals, formatFixed, isDecimalText, normalizeDecimal, sub } from '@shared/decimal'
import { t } from '../../i18n'
import { spentQuote, type OrderOutcome } from '../../lib/fill-words'
import { assetDecimals, fixDecimals, group, num } from '../../lib/format'

export interface HistoryRowText {
  price: string
  amount: string
  filled: string
  avg: string
  status: string
  /** What became of the unfilled rest of a finished order; null when nothing is left or the order is open. */
  rest: string | null
}

const zero = (x: string | null): boolean => x === null || !isDecimalText(x) || compare(x, '0') === 0
const size = (x: string, unit: string): string => `${group(normalizeDecimal(x))} ${unit}`

export function historyRow(o: OrderOutcome, price: string, status: string): HistoryRowText {
  const dp = Math.max(2, countDecimals(o.volume))
  const money = (x: string): string => `${group(formatFixed(x, dp))} ${o.quote}`
  const amount = o.askedInQuote ? money(o.volume) : size(o.volume, o.unit)
  const spent = o.askedInQuote ? spentQuote(o.executed, o.avgPrice) : null
  const spentShown = o.askedInQuote && spent !== null && !zero(spent)
  const executed = size(o.executed, o.unit)
  const filled = zero(o.executed)
    ? '–'
    : spentShown
      ? t('orders.history.filledFor', { size: executed, money: money(spent) })
      : executed
  const marketType = o.type === 'MARKET' || zero(price)
  let rest: string | null = null
  if (o.state === 'canceled' || o.state === 'rejected') {
    if (o.askedInQuote)
      rest = spent === null ? null : t('orders.history.unspent', { money: money(sub(o.volume, spent)) })
    else if (compare(o.executed, o.volume) < 0) {
      const left = size(sub(o.volume, o.executed), o.unit)
      rest = t(o.side === 'BUY' ? 'orders.history.notBought' : 'orders.history.notSold', { size: left })
    }
  }
  return {
    price: marketType ? t('orders.history.market') : num(price),
    amount,
    filled,
    avg: zero(o.avgPrice) ? '–' : num(o.avgPrice),
    status: statusWords(o, status),
    rest
  }
}

/** The state in words; a partly filled order that was canceled says both. */
function statusWords(o: OrderOutcome, status: string): string {
  const some = !zero(o.executed)
  switch (o.state) {
    case 'filled':
      return t('orders.enum.FILLED')
    case 'canceled':
      return some ? t('orders.history.partCanceled') : t('orders.enum.CANCELED')
    case 'rejected':
      return t('orders.enum.REJECTED')
    default:
      if (status === 'PENDING_CANCEL') return t('orders.enum.PENDING_CANCEL')
      return some ? t('orders.history.partOpen') : t(status === 'INIT' ? 'orders.enum.INIT' : 'orders.enum.NEW')
  }
}

/**
 * The fee cells of a page of fills, by row id: each fee as the venue's fill said it (never rounded), padded with zeros
 * to the places its coin reads in (lib/format.ts assetDecimals) or, when a fee of that coin on the page has more, to
 * those: the column lines up per coin, and padding with zeros is exact. A fill that names no coin (futures: the
 * margin coin) is padded to the most places among such fills.
 */
export function feeCells(rows: readonly { id: string; fee: string; feeCoin: string | null }[]): Map<string, string> {
  const places = new Map<string, number>()
  for (const r of rows) {
    if (!isDecimalText(r.fee, { allowNegative: true })) continue
    const key = r.feeCoin ?? ''
    const least = key ? assetDecimals(key) : 0
    places.set(key, Math.max(places.get(key) ?? least, least, countDecimals(r.fee)))
  }
  const cells = new Map<string, string>()
  for (const r of rows) {
    const dp = places.get(r.feeCoin ?? '')
    // Padding only: fixDecimals never rounds here, as no fee of the coin has more places than dp.
    cells.set(r.id, dp === undefined ? num(r.fee) : group(fixDecimals(normalizeDecimal(r.fee), dp)))
  }
  return cells
}
