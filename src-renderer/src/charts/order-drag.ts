// Trading from the candle chart, the pure part: a pointer's price snapped to the market's tick (what a drag shows
// and drops, what the price menu offers), a drag's life (start on an order's line, follow, Esc cancels, drop moves
// only to a new price) and the price menu's entries per module. The component (panels/market/ChartTrading.vue)
// turns pixels into axis values with ECharts and sends through the stores.
import { compare, roundToDecimals } from '@shared/decimal'
import type { Module } from '@shared/module'

/**
 * An axis value as a price on the tick (`decimals` places, half-even), or null off the axis (not a positive finite
 * number). The axis value is a float from the pixel; the price is decimal text from here on.
 */
export function snapPrice(value: number, decimals: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return null
  const text = value.toFixed(Math.min(20, decimals + 4))
  const snapped = roundToDecimals(text, decimals, 'half-even')
  return compare(snapped, '0') > 0 ? snapped : null
}

export interface OrderDrag {
  /** The line's order id. */
  orderId: string
  /** The order's price when the drag began. */
  from: string
  /** The snapped price under the pointer now (null: off the axis). */
  to: string | null
}

/** What a drop does: move the order to a new price, or nothing (off the axis, or back where it was). */
export function dropOf(d: OrderDrag): { orderId: string; price: string } | null {
  if (d.to === null || compare(d.to, d.from) === 0) return null
  return { orderId: d.orderId, price: d.to }
}

export type MenuAction = 'buy-limit' | 'sell-limit' | 'buy-stop' | 'sell-stop'

/** The price menu's entries: limits everywhere, stops only where the module has trigger orders (futures). */
export function menuActions(module: Module): MenuAction[] {
  return module === 'futures' ? ['buy-limit', 'sell-limit', 'buy-stop', 'sell-stop'] : ['buy-limit', 'sell-limit']
}
