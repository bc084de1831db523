// An algorithm typed in the order form's Algo tab, read as the order form reads an order: each number as typed
// (src-shared/trading/number-input.ts: never rewritten; a sign, an exponent, letters or spaces inside are refused in
// words), greater than 0, the rules between fields as main reads them (readAlgoSpec), then every order the algorithm
// may send held to the symbol's rules (checkSpotOrder: ticks, steps, minimums, as main checks them before it
// creates one). The first broken rule names the form's own field and says it in the form's words.
import { compare } from '@shared/decimal'
import { readAlgoSpec, type AlgoKindInput } from '@shared/ipc/schemas/algos'
import type { SpotSymbolView } from '@shared/ipc/views/market'
import { readNumber } from '@shared/trading/number-input'
import { checkSpotOrder } from '@shared/trading/order-rules'
import { spotMarketName } from '@shared/trading/market-name'
import { decimals, nameOf, orderWords, refusal, refusalOf, type Refusal } from '@shared/trading/refusal'
import type { AlgoSpecInput } from './algos'

export type AlgoField = 'quantity' | 'limitPrice' | 'triggerPrice' | 'stopLimitPrice' | 'trailPercent'

/** The kinds the Algo tab can fill in (bracket, iceberg, TWAP, scaled and chase have fields it does not have yet). */
export const FORM_KINDS = ['oco', 'stop-market', 'stop-limit', 'trailing-stop'] as const
export type FormKind = (typeof FORM_KINDS)[number]

/** The Algo tab's fields as typed. */
export interface AlgoTyped {
  kind: FormKind
  side: 'BUY' | 'SELL'
  quantity: string
  limitPrice: string
  triggerPrice: string
  stopLimitPrice: string
  trailPercent: string
  fireLate: boolean
}

/** The fields each kind takes, in the order the tab shows them. */
export const FIELDS_OF: Record<FormKind, readonly AlgoField[]> = {
  oco: ['limitPrice', 'triggerPrice', 'stopLimitPrice', 'quantity'],
  'stop-market': ['triggerPrice', 'quantity'],
  'stop-limit': ['triggerPrice', 'stopLimitPrice', 'quantity'],
  'trailing-stop': ['trailPercent', 'quantity']
}

/** A sell OCO's stop leg may be a market sell: its stop-limit price is optional (a buy's is not: readAlgoSpec). */
export const optionalField = (kind: AlgoKindInput, side: 'BUY' | 'SELL', f: AlgoField): boolean =>
  kind === 'oco' && side === 'SELL' && f === 'stopLimitPrice'

/** The key naming a field in a refusal (linked in as `@:{what}`). */
export const algoWhat = (f: AlgoField): string => `algoUi.what.${f}`

export interface AlgoReading {
  /** The spec to send, when every rule holds. */
  spec: AlgoSpecInput | null
  /** The first broken rule ('required' while a field is still empty). */
  refusal: Refusal | null
  /** How a field's text was read when it is not plain ("1,234.5" -> "1234.5"). */
  readAs: Partial<Record<AlgoField, string>>
}

/** A refusal of an order rule said of the form's field: its name, and its words naming it. */
function asField(r: Refusal, f: AlgoField): Refusal {
  const params = { ...r.words?.params, what: algoWhat(f) }
  return r.words ? refusal(r.rule, f, { ...r.words, params }, r.fixes) : { ...r, field: f }
}

export function readAlgoForm(typed: AlgoTyped, symbol: string, s: SpotSymbolView | undefined): AlgoReading {
  const readAs: AlgoReading['readAs'] = {}
  const values: Partial<Record<AlgoField, string>> = {}
  const out = (refused: Refusal): AlgoReading => ({ spec: null, refusal: refused, readAs })
  let empty: Refusal | null = null
  for (const f of FIELDS_OF[typed.kind]) {
    const text = typed[f]
    if (optionalField(typed.kind, typed.side, f) && text.trim() === '') continue
    const r = readNumber(text, f, algoWhat(f))
    if (!r.ok) {
      if (r.refusal.rule !== 'required') return out(r.refusal)
      empty ??= r.refusal
      continue
    }
    if (r.readAs !== null) readAs[f] = r.readAs
    if (compare(r.value, '0') <= 0)
      return out(refusal('positive', f, orderWords('order.rule.positive', { what: algoWhat(f) })))
    values[f] = r.value
  }
  if (empty) return out(empty)
  if (!s) return out(refusal('symbol', 'symbol', orderWords('order.check.loading', { symbol })))
  const { kind, side, fireLate } = typed
  const spec = { kind, module: 'spot', symbol, side, ...values, fireLate } as AlgoSpecInput
  const between = readAlgoSpec(spec)
  if (!between.ok) return out(refusal('algo-rule', between.field, between.words))
  const market = spotMarketName(s)
  // A trigger is compared with last prices: held to the price's ticks, as the futures form holds its trigger.
  const trigger = values.triggerPrice
  const tick =
    trigger &&
    refusalOf(() =>
      decimals(trigger, s.pricePrecision, 'triggerPrice', 'triggerPrice', market, 'pricePrecision', {
        coin: s.quoteAsset
      })
    )
  if (tick) return out(asField(tick, 'triggerPrice'))
  for (const c of childrenOf(spec)) {
    const r = checkSpotOrder(s, c.order)
    if (r) return out(asField(r, nameOf(r.field) === 'price' ? c.priceField! : 'quantity'))
  }
  return { spec, refusal: null, readAs }
}

interface Child {
  order: { side: 'BUY' | 'SELL'; type: 'LIMIT' | 'MARKET'; volume: string; price?: string }
  priceField?: AlgoField
}

/** The orders a spec may send (as main checks them: src-main/algos/algo-service.ts childrenOf). */
function childrenOf(s: AlgoSpecInput): Child[] {
  const out: Child[] = []
  const limit = (price: string, priceField: AlgoField): Child => ({
    order: { side: s.side, type: 'LIMIT', volume: s.quantity, price },
    priceField
  })
  if (s.kind === 'oco' && s.limitPrice) out.push(limit(s.limitPrice, 'limitPrice'))
  if (s.stopLimitPrice) out.push(limit(s.stopLimitPrice, 'stopLimitPrice'))
  else if (s.side === 'SELL') out.push({ order: { side: 'SELL', type: 'MARKET', volume: s.quantity } })
  return out
}
