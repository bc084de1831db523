// Futures rules beyond an order's size and price: where a trigger price may sit against the mark, a trailing
// stop's callback ratio, a TP/SL leg, and leverage. Each check returns the first broken rule or null. Main runs
// the same checks as the UI, with the mark it polls for the UI (without one, a trigger's side is the venue's call).
import { compare } from '../decimal'
import type { ContractView } from '../ipc/views/market'
import { contractMarketName } from './market-name'
import { readNumber, type NumberReading } from './number-input'
import { checkFuturesOrder, valueCoin } from './order-rules'
import { amount, decimals, fail, orderWords, refusalOf, type Refusal } from './refusal'

export type TriggerKind = 'stop-loss' | 'take-profit' | 'trailing-stop'

/**
 * A trigger price at the contract's precision, on the side of the mark it must wait on: a SELL stop (closing a
 * long) fires when the price falls to it, so it sits below the mark; a SELL take-profit above it; BUY mirrors.
 * A trailing stop waits for the price to reach its activation price first (SELL: from below).
 */
export function checkTrigger(
  c: ContractView,
  side: 'BUY' | 'SELL',
  kind: TriggerKind,
  triggerPrice: string | undefined,
  mark: string | undefined,
  field = 'triggerPrice'
): Refusal | null {
  return refusalOf(() => {
    const t = amount(triggerPrice, field, 'triggerPrice')
    decimals(t, c.pricePrecision, field, 'triggerPrice', contractMarketName(c.symbol), 'pricePrecision', {
      coin: valueCoin(c)
    })
    if (!mark) return
    const below = (side === 'SELL') === (kind === 'stop-loss')
    const params = {
      side: side === 'SELL' ? 'order.rule.side.sell' : 'order.rule.side.buy',
      kind: `order.kinds.${kind}`,
      mark,
      trigger: t
    }
    if (below && compare(t, mark) >= 0) fail('triggerPrice', field, orderWords('order.rule.triggerBelow', params))
    if (!below && compare(t, mark) <= 0) fail('triggerPrice', field, orderWords('order.rule.triggerAbove', params))
  }, c.symbol)
}

export function checkCallbackRatio(ratio: string | undefined): Refusal | null {
  return refusalOf(() => {
    const r = amount(ratio, 'callbackRatio', 'callbackRatio')
    if (compare(r, '1') >= 0)
      fail('callbackRatio', 'callbackRatio', orderWords('order.rule.callbackRatio', { ratio: r }))
  })
}

export function checkLeverage(text: string): Refusal | null {
  return refusalOf(() => {
    if (!/^[1-9]\d{0,3}$/.test(text) || Number(text) > 1000)
      fail('leverage', 'leverage', orderWords('order.rule.leverage'))
  })
}

/** A leverage field's text read as the price field's is (full-width digits, spaces around), then checked. */
export function readLeverage(text: string): NumberReading {
  const r = readNumber(text, 'leverage', 'order.what.leverage')
  const refused = r.ok ? checkLeverage(r.value) : null
  return refused ? { ok: false, refusal: refused } : r
}

/** A conditional order beyond its size and price (checkFuturesOrder): its trigger, and a trailing stop's ratio. */
export function checkConditional(
  c: ContractView,
  o: { side: 'BUY' | 'SELL'; kind: TriggerKind; triggerPrice: string; callbackRatio?: string | undefined },
  mark: string | undefined
): Refusal | null {
  return (
    checkTrigger(c, o.side, o.kind, o.triggerPrice, mark) ??
    (o.kind === 'trailing-stop' ? checkCallbackRatio(o.callbackRatio) : null)
  )
}

export interface TpSlLegRule {
  triggerPrice: string
  volume: string
  /** The order sent when triggered; MARKET when absent. */
  type?: 'LIMIT' | 'MARKET' | undefined
  price?: string | undefined
}

/** One TP/SL leg: its trigger against the mark, then the closing order it sends, checked as its own type. */
export function checkTpSlLeg(
  c: ContractView,
  side: 'BUY' | 'SELL',
  kind: 'stop-loss' | 'take-profit',
  leg: TpSlLegRule,
  mark: string | undefined,
  field: string
): Refusal | null {
  const order = {
    side,
    type: leg.type ?? ('MARKET' as const),
    open: 'CLOSE' as const,
    volume: leg.volume,
    ...(leg.price !== undefined ? { price: leg.price } : {})
  }
  return (
    checkTrigger(c, side, kind, leg.triggerPrice, mark, `${field}.triggerPrice`) ??
    checkFuturesOrder(c, order, { prefix: `${field}.` })
  )
}
