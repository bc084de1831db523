// The cells of an order-history row, in words and with units: a market order shows "Market" and its average rather
// than a price of 0; an amount names its unit (a spot market buy is asked in quote); a partly filled order that was
// canceled shows what filled and what the cancel left ("359.00 USDT unspent").
import { compare, countDecimals, formatFixed, isDecimalText, normalizeDecimal, sub } from '@shared/decimal'
import { spentQuote, type OrderOutcome } from '../../lib/fill-words'
import { group, num } from '../../lib/format'

export interface HistoryRowText {
  price: string
  amount: string
  filled: string
  avg: string
  status: string
  /** What became of the unfilled rest of a finished order; null when nothing is left or the order is open. */
  rest: string | null
}

const zero = (t: string | null): boolean => t === null || !isDecimalText(t) || compare(t, '0') === 0
const size = (t: string, unit: string): string => `${group(normalizeDecimal(t))} ${unit}`

export function historyRow(o: OrderOutcome, price: string, status: string): HistoryRowText {
  const dp = Math.max(2, countDecimals(o.volume))
  const money = (t: string): string => `${group(formatFixed(t, dp))} ${o.quote}`
  const amount = o.askedInQuote ? money(o.volume) : size(o.volume, o.unit)
  const spent = o.askedInQuote ? spentQuote(o.executed, o.avgPrice) : null
  const share = o.askedInQuote ? (spent === null || zero(spent) ? '' : ` for ${money(spent)}`) : ''
  const filled = zero(o.executed) ? '–' : `${size(o.executed, o.unit)}${share}`
  const marketType = o.type === 'MARKET' || zero(price)
  let rest: string | null = null
  if (o.state === 'canceled' || o.state === 'rejected') {
    if (o.askedInQuote) rest = spent === null ? null : `${money(sub(o.volume, spent))} unspent`
    else if (compare(o.executed, o.volume) < 0)
      rest = `${size(sub(o.volume, o.executed), o.unit)} ${o.side === 'BUY' ? 'not bought' : 'not sold'}`
  }
  return {
    price: marketType ? 'Market' : num(price),
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
      return 'Filled'
    case 'canceled':
      return some ? 'Partially filled, rest canceled' : 'Canceled'
    case 'rejected':
      return 'Rejected'
    default:
      if (status === 'PENDING_CANCEL') return 'Canceling'
      return some ? 'Partially filled, open' : status === 'INIT' ? 'Pending' : 'Open'
  }
}
