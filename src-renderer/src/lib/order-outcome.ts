// The outcome of an order as fill-words.ts tells it, from either history the terminal reads: main's spot/margin
// order history and the venue's futures order history. The market's rules name the units; without them (not loaded,
// or a symbol the venue no longer lists) the units are the generic "base" and "quote" rather than a guess. Words
// are in the window's language when the outcome is made.
import { FUTURES_HISTORY_STATUS, FUTURES_HISTORY_TYPE } from '@shared/api/wire'
import type { FuturesOrderHistoryView } from '@shared/ipc/views/account'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import { contractLabel } from '../i18n/market-words'
import { contractNameParts } from '@shared/trading/market-name'
import { t } from '../i18n'
import type { OrderOutcome, OrderState } from './fill-words'

/** A spot/margin status in the outcome's terms (PENDING_CANCEL is still open: it may yet fill). */
export function spotState(status: string): OrderState {
  if (status === 'FILLED') return 'filled'
  if (status === 'CANCELED' || status === 'CANCELLED' || status === 'EXPIRED') return 'canceled'
  return status === 'REJECTED' ? 'rejected' : 'open'
}

/** A futures history status code in the outcome's terms (EXPIRED: an IOC/FOK rest the venue dropped). */
export function futuresState(code: number): OrderState {
  const s = FUTURES_HISTORY_STATUS[code as keyof typeof FUTURES_HISTORY_STATUS]
  return s === 'FILLED' ? 'filled' : s === 'CANCELED' || s === 'EXPIRED' ? 'canceled' : 'open'
}

/** A spot market buy is sized in quote (the spec's marketBuyMin is in quote units). */
export const askedInQuote = (o: { type: string; side: string }): boolean => o.type === 'MARKET' && o.side === 'BUY'

/** E-BTC-USDT -> BTC/USDT perpetual, quoted in USDT. */
export function contractName(symbol: string): { market: string; quote: string } {
  return { market: contractLabel(symbol), quote: contractNameParts(symbol)?.quote ?? t('order.outcome.quote') }
}

export function spotOutcome(o: OrderHistoryEntryView, s: SpotSymbolView | undefined): OrderOutcome {
  const base = s?.baseAsset.toUpperCase() ?? t('order.outcome.base')
  const quote = s?.quoteAsset.toUpperCase() ?? t('order.outcome.quote')
  const pair = s ? `${base}/${quote}` : o.symbol.toUpperCase()
  const market = o.module === 'margin' ? t('order.outcome.margin', { market: pair }) : pair
  return {
    market,
    side: o.side,
    type: o.type,
    volume: o.volume,
    askedInQuote: askedInQuote(o),
    executed: o.executed,
    avgPrice: o.avgPrice,
    state: spotState(o.status),
    unit: base,
    quote,
    ...(s ? { priceDecimals: s.pricePrecision } : {})
  }
}

export function futuresOutcome(o: FuturesOrderHistoryView, c?: ContractView): OrderOutcome {
  const { market, quote } = contractName(c?.symbol ?? o.contractName)
  const type = FUTURES_HISTORY_TYPE[o.type as keyof typeof FUTURES_HISTORY_TYPE] ?? `#${o.type}`
  return {
    market,
    side: o.side === 'SELL' ? 'SELL' : 'BUY',
    type,
    volume: o.volume,
    askedInQuote: false,
    executed: o.dealVolume,
    avgPrice: o.avgPrice,
    state: futuresState(o.status),
    unit: t('order.unit.contracts'),
    quote,
    ...(c ? { priceDecimals: c.pricePrecision } : {})
  }
}
