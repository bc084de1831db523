// An order's outcome told in words a trader checks against the account: what filled of what was asked, at what
// average, and what became of the rest ("rest canceled: 359.00 USDT unspent"). A spot market buy is sized in quote:
// its fill is told as quote spent of quote asked. Every figure is exact decimal text (never a float).
import { compare, countDecimals, div, formatFixed, isDecimalText, mul, normalizeDecimal, sub } from '@shared/decimal'
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
  /** "Filled", "Partially filled", "Canceled, nothing filled", "Rejected". */
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
  const did = bought ? 'bought' : 'sold'
  const didNot = bought ? 'not bought' : 'not sold'
  const at = pos(o.avgPrice)
    ? ` at ${group(o.priceDecimals === undefined ? o.avgPrice : formatFixed(o.avgPrice, o.priceDecimals))} (avg)`
    : ''
  const filled = pos(o.executed)
  const dp = Math.max(2, countDecimals(o.volume))
  const spent = o.askedInQuote ? spentQuote(o.executed, o.avgPrice) : null

  const headline =
    o.state === 'rejected'
      ? 'Rejected'
      : !filled
        ? o.state === 'open'
          ? 'Open, nothing filled'
          : 'Canceled, nothing filled'
        : o.state === 'filled'
          ? 'Filled'
          : 'Partially filled'
  const tone: OutcomeWords['tone'] = headline === 'Filled' ? 'success' : o.state === 'open' ? 'info' : 'warn'
  const words = (text: string): OutcomeWords => ({ headline, title: `${headline} · ${o.market}`, text, tone })

  if (!filled) {
    const asked = o.askedInQuote ? `${money(o.volume, dp)} ${o.quote} unspent` : `${size(o.volume)} ${o.unit} ${didNot}`
    return words(`${headline}: ${asked}`)
  }
  if (o.askedInQuote) {
    // Spent is executed x average: the venue names no quote total for an order.
    const paid = spent === null ? '' : ` for ${money(spent, dp)}`
    const got = `${did} ${size(o.executed)} ${o.unit}${at}`
    if (o.state === 'filled') return words(`Filled: ${got}${paid}${paid ? ` ${o.quote}` : ''}`)
    const share = spent === null ? '' : ` of ${money(o.volume, dp)} ${o.quote} (${percent(spent, o.volume)})`
    const rest = spent === null ? '' : `: ${money(sub(o.volume, spent), dp)} ${o.quote} unspent`
    return words(
      `Partially filled: ${got}${paid}${share}, rest ${o.state === 'open' ? 'still open' : 'canceled'}${rest}`
    )
  }
  if (o.state === 'filled' || compare(o.executed, o.volume) >= 0)
    return words(`Filled: ${did} ${size(o.executed)} ${o.unit}${at}`)
  const part = `${did} ${size(o.executed)} of ${size(o.volume)} ${o.unit} (${percent(o.executed, o.volume)})${at}`
  const rest = `${size(sub(o.volume, o.executed))} ${o.unit}`
  return words(
    o.state === 'open'
      ? `Partially filled: ${part}, ${rest} still open`
      : `Partially filled: ${part}, rest canceled: ${rest} ${didNot}`
  )
}
