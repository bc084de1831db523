// An order's outcome told in words a trader checks against the account: what filled of what was asked, at what
// average, and what became of the rest ("rest canceled: 359.00 USDT unspent"). A spot market buy is sized in quote:
// its fill is told as quote spent of quote asked. Every figure is exact decimal text (never a float).
import { compare, countDecimals, div, formatFixed, isDecimalText, mul, normalizeDecimal, sub } from '@shared/decimal'
import { t } from '../i18n'
import { group } from './format'

export type OrderState = 'open' | 'filled' | 'canceled' | 'rejected'

export interface OrderOutcome {
  /** The market in words: "ETH/USDT", "ETH/USDT margin", "BTC/USDT perpetual". */
  market: string
  side: 'BUY' | 'SELL'
  /** LIMIT, MARKET, IOC, FOK, POST_ONLY. */
  type: string
  /** What was asked: in `unit`, or in `quote` when `askedInQuote`. */
  volume: string
  /** True for a spot/margin market buy: `volume` is an amount of quote to spend. */
  askedInQuote: boolean
  /** What filled, in `unit`. */
  executed: string
  /** Null when the venue has not told it. */
  avgPrice: string | null
  state: OrderState
  /** The unit of sizes: the base asset ("ETH") or "contracts". */
  unit: string
  /** The quote asset ("USDT"). */
  quote: string
  /** The market's price decimals: an average is shown at them (a venue's average carries many more). */
  priceDecimals?: number
}

export interface OutcomeWords {
  /** "Filled", "Partially filled", "Canceled, nothing filled", "Rejected" (in the window's language). */
  headline: string
  /** The headline and the market: a toast's or notification's title. */
  title: string
  /** The figures in a sentence. */
  text: string
  /** How a toast shows it: a fill is good news, a rest left unfilled needs a look. */
  tone: 'success' | 'info' | 'warn'
}

const pos = (t: string | null | undefined): t is string =>
  typeof t === 'string' && isDecimalText(t) && compare(t, '0') > 0
/** Sizes without the venue's padding ("0.044000" -> "0.044"), grouped. */
const size = (t: string): string => group(normalizeDecimal(t))
/** Quote money at the decimals the order was asked in, at least 2 ("359.00"). */
const money = (t: string, dp: number): string => group(formatFixed(t, dp))
/** Whole percent, rounded down: 99.9% filled is not 100%. */
const percent = (part: string, whole: string): string => `${div(mul(part, '100'), whole, 0, 'down')}%`

/** Quote spent by a fill: executed x average. Null without an average. */
export function spentQuote(executed: string, avgPrice: string | null): string | null {
  return pos(executed) && pos(avgPrice) ? mul(executed, avgPrice) : pos(executed) ? null : '0'
}

export function outcomeWords(o: OrderOutcome): OutcomeWords {
  const bought = o.side === 'BUY'
  const did = t(bought ? 'order.fill.bought' : 'order.fill.sold')
  const didNot = t(bought ? 'order.fill.notBought' : 'order.fill.notSold')
  const at = pos(o.avgPrice)
    ? t('order.fill.avg', {
        price: group(o.priceDecimals === undefined ? o.avgPrice : formatFixed(o.avgPrice, o.priceDecimals))
      })
    : ''
  const filled = pos(o.executed)
  const dp = Math.max(2, countDecimals(o.volume))
  const spent = o.askedInQuote ? spentQuote(o.executed, o.avgPrice) : null

  const headline = t(
    o.state === 'rejected'
      ? 'order.fill.rejected'
      : !filled
        ? o.state === 'open'
          ? 'order.fill.openNothing'
          : 'order.fill.canceledNothing'
        : o.state === 'filled'
          ? 'order.fill.filled'
          : 'order.fill.partial'
  )
  const tone: OutcomeWords['tone'] = filled && o.state === 'filled' ? 'success' : o.state === 'open' ? 'info' : 'warn'
  const words = (text: string): OutcomeWords => ({
    headline,
    title: t('order.fill.title', { headline, market: o.market }),
    text,
    tone
  })

  if (!filled) {
    return words(
      o.askedInQuote
        ? t('order.fill.unspent', { headline, amount: money(o.volume, dp), quote: o.quote })
        : t('order.fill.notDone', { headline, size: size(o.volume), unit: o.unit, didNot })
    )
  }
  if (o.askedInQuote) {
    // Spent is executed x average: the venue names no quote total for an order.
    const paidWith = (key: 'order.fill.paid' | 'order.fill.paidIn'): string =>
      spent === null ? '' : t(key, { spent: money(spent, dp), quote: o.quote })
    const got = t('order.fill.got', { did, size: size(o.executed), unit: o.unit, at })
    if (o.state === 'filled') return words(t('order.fill.filledQuote', { got, paid: paidWith('order.fill.paidIn') }))
    const paid = paidWith('order.fill.paid')
    const share =
      spent === null
        ? ''
        : t('order.fill.share', { asked: money(o.volume, dp), quote: o.quote, pct: percent(spent, o.volume) })
    const rest =
      spent === null ? '' : t('order.fill.restUnspent', { left: money(sub(o.volume, spent), dp), quote: o.quote })
    return words(
      t(o.state === 'open' ? 'order.fill.partQuoteOpen' : 'order.fill.partQuoteCanceled', { got, paid, share, rest })
    )
  }
  if (o.state === 'filled' || compare(o.executed, o.volume) >= 0)
    return words(t('order.fill.filledSize', { did, size: size(o.executed), unit: o.unit, at }))
  const part = t('order.fill.part', {
    did,
    executed: size(o.executed),
    volume: size(o.volume),
    unit: o.unit,
    pct: percent(o.executed, o.volume),
    at
  })
  const rest = `${size(sub(o.volume, o.executed))} ${o.unit}`
  return words(
    o.state === 'open' ? t('order.fill.partOpen', { part, rest }) : t('order.fill.partCanceled', { part, rest, didNot })
  )
}
