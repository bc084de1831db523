// An order as the confirmation shows it and the form sends it (a draft), and an answer about it in words.
import type { OrderAckView } from '@shared/ipc/views/trading'
import type { FeeRates } from '@shared/trading/fee-rate'
import type { FillEstimate } from '@shared/trading/market-estimate'
import { t } from '../i18n'
import { outcome, type Outcome } from '../i18n/outcome'
import { wordsText } from '../i18n/words'
import { placedWords } from '../lib/order-summary'
import type { Guard } from './order-guards'
import type { BatchInput, ConditionalInput, PlaceInput, TestInput } from './trading'

export type DraftBody =
  | { kind: 'order'; input: PlaceInput }
  | { kind: 'test'; input: TestInput }
  | { kind: 'conditional'; input: ConditionalInput }
  | { kind: 'batch'; input: BatchInput }

export type Draft = DraftBody & {
  /** The account it goes to, named in the confirmation (its id is in the input too). */
  profile: { id: string | null; name: string; kind: 'embedded' | 'remote' | null; venue: string }
  /** The market in words (ETH/USDT, BTC/USDT perpetual) and the units of its numbers. */
  market: {
    name: string
    base: string
    quote: string
    futures: boolean
    /** Decimals money in the quote is shown at. */ quoteDecimals: number
  }
  /** Guards that fired (src/stores/order-guards.ts); those with `ack` need their own tick in the confirmation. */
  guards: Guard[]
  /** What the book on screen gave a market order when it was drafted. */
  estimate: FillEstimate | null
  /** The order type the trader chose: a market order sent as a protected limit is still refused on stale prices. */
  typed: 'LIMIT' | 'MARKET'
  /** The trader's fee rates on this market, from their own recent fills; null when none is known. */
  feeRates: FeeRates | null
  /** Prices were stale or down when it was drafted: the confirmation names it and wants an explicit tick. */
  stale: { label: string; detail: string } | null
  /** A futures open's leverage and margin mode; `known`: the venue's as this window knows it, else assumed. */
  leverage?: { value: string; mode: 1 | 2; known: boolean }
  /** Drafted again on live prices while its confirmation was open (it had been drafted on stale ones): said there. */
  recovered?: true
}

/** The venue's answer to a placed draft, in words: placed, unknown (still being found out), refused or undetermined. */
export function ackWords(a: OrderAckView, d: Draft): Outcome {
  if (a.status === 'unknown') return outcome(true, () => t('order.result.unknown', { id: a.clientOrderId }))
  if (a.status === 'placed') return outcome(true, () => placedWords(d))
  // undetermined: the exchange would not say whether it placed it; the message says why and to check first.
  const reason = (): string =>
    a.error
      ? wordsText(a.error.words, a.error.message)
      : a.status === 'undetermined'
        ? t('order.result.undetermined', { id: a.clientOrderId })
        : t('order.result.noReason')
  return outcome(false, () => (a.status === 'rejected' ? t('order.result.rejected', { reason: reason() }) : reason()))
}
