// "Algorithm here…" in the candle chart's price menu (spot, and futures for the kinds main runs there): the clicked
// price as a stop's, a trailing stop's or an OCO's trigger, or as a bracket's entry, handed to the order form's Algo
// tab, which reads it as typed and sends nothing before its own confirmation. Pure: the side follows from where the
// price is against the last price (a stop below it sells, above it buys; a bracket's entry below it buys).
import { compare, div, mul, sub } from '@shared/decimal'
import { FUTURES_ALGO_KINDS } from '@shared/ipc/schemas/algos'
import type { Module } from '@shared/module'
import type { AlgoPrefill } from '../stores/algo-prefill'

export type AlgoMenuAction = 'stop-limit' | 'trailing-stop' | 'oco' | 'bracket'

const ACTIONS: readonly AlgoMenuAction[] = ['stop-limit', 'trailing-stop', 'oco', 'bracket']

/**
 * The menu's algorithm items: on spot, and on futures those main runs there (the Algo tab then asks open or close;
 * margin has no algorithms).
 */
export const algoMenuActions = (module: Module): AlgoMenuAction[] =>
  module === 'spot' ? [...ACTIONS] : module === 'futures' ? ACTIONS.filter((a) => FUTURES_ALGO_KINDS.includes(a)) : []

/** How far the price is from the last price, in percent of it (2 decimals), or null (no last price, or no distance). */
export function trailPercentAt(price: string, last: string | null): string | null {
  if (last === null || compare(last, '0') <= 0) return null
  const gap = compare(price, last) < 0 ? sub(last, price) : sub(price, last)
  const pct = div(mul(gap, '100'), last, 2, 'half-even')
  return compare(pct, '0') > 0 ? pct : null
}

/** What the Algo tab is filled with for an item at `price`, or null (a trailing stop with no distance to trail by). */
export function algoPrefillAt(action: AlgoMenuAction, price: string, last: string | null): AlgoPrefill | null {
  const above = last !== null && compare(price, last) > 0
  // A stop protects what is held against a fall unless the price is above the market.
  const stopSide = above ? 'BUY' : 'SELL'
  switch (action) {
    case 'stop-limit':
      return { kind: 'stop-limit', side: stopSide, fields: { triggerPrice: price } }
    case 'oco':
      return { kind: 'oco', side: stopSide, fields: { triggerPrice: price } }
    case 'trailing-stop': {
      const pct = trailPercentAt(price, last)
      return pct === null ? null : { kind: 'trailing-stop', side: stopSide, fields: { trailPercent: pct } }
    }
    case 'bracket':
      return { kind: 'bracket', side: above ? 'SELL' : 'BUY', fields: { limitPrice: price } }
  }
}
