// The Algo tab's price guard, the order form's own (order-guards.ts priceGuard): every price its algorithm will
// trade or trigger at (a trigger, a limit, a stop limit, a bracket's take profit, a scaled order's range) more than
// the guard's percent from the last (spot) or mark (futures) price, or any price while none has been seen yet, is
// named with its distance in the confirmation and wants its own tick there. An edit asks it of the prices it changes.
import { t } from '../i18n'
import { labelKey, type AlgoField, type FormKind } from './algo-reading'
import type { Guard } from './order-guards'

const PRICES: readonly AlgoField[] = [
  'triggerPrice',
  'limitPrice',
  'stopLimitPrice',
  'takeProfitPrice',
  'fromPrice',
  'toPrice'
]

export function algoPriceGuards(
  spec: { kind: FormKind },
  priceGuard: (what: string, p: string) => Guard | null
): Guard[] {
  return PRICES.flatMap((f) => {
    const p = (spec as Partial<Record<AlgoField, unknown>>)[f]
    const g = typeof p === 'string' ? priceGuard(t(labelKey(spec.kind, f)), p) : null
    return g ? [g] : []
  })
}
