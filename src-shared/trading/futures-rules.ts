// Futures rules beyond an order's size and price: where a trigger price may sit against the mark, a trailing
// stop's callback ratio, a TP/SL leg, and leverage. Each check returns the first broken rule or null. Main runs
// the same checks as the UI, with the mark it polls for the UI (without one, a trigger's side is the venue's call).
import { compare } from '../decimal'
import type { ContractView } from '../ipc/views/market'
import { contractMarketName } from './market-name'
import { checkFuturesOrder, valueCoin } from './order-rules'
import { amount, decimals, fail, refusalOf, type Refusal } from './refusal'

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
    const t = amount(triggerPrice, field, 'the trigger price')
    decimals(
      t,
      c.pricePrecision,
      field,
      'the trigger price',
      contractMarketName(c.symbol),
      'pricePrecision',
      ` ${valueCoin(c)}`
    )
    if (!mark) return
    const below = (side === 'SELL') === (kind === 'stop-loss')
    if (below && compare(t, mark) >= 0)
      fail(
        'triggerPrice',
        field,
        `a ${side.toLowerCase()} ${kind} triggers below the mark price ${mark}; ${t} is not below it`
      )
    if (!below && compare(t, mark) <= 0)
      fail(
        'triggerPrice',
        field,
        `a ${side.toLowerCase()} ${kind} triggers above the mark price ${mark}; ${t} is not above it`
      )
  })
}

export function checkCallbackRatio(ratio: string | undefined): Refusal | null {
  return refusalOf(() => {
    const r = amount(ratio, 'callbackRatio', 'the callback ratio')
    if (compare(r, '1') >= 0)
      fail(
        'callbackRatio',
        'callbackRatio',
        `the callback ratio is a share of the price, below 1 (0.01 = 1%); ${r} is not`
      )
  })
}

export function checkLeverage(text: string): Refusal | null {
  return refusalOf(() => {
    if (!/^[1-9]\d{0,3}$/.test(text) || Number(text) > 1000)
      fail('leverage', 'leverage', 'leverage must be a whole number from 1 to 1000')
  })
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
