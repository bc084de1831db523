// Order sizes from what the user has and types: a share of a balance, contracts for a notional, decimal text
// kept within a precision while typing. Rounded down, so a size made here never exceeds what it came from.
import { div, mul } from '../decimal'
import type { ContractView } from '../ipc/views/market'
import { volumeDecimals } from './order-rules'

/** `share` percent (0..100, whole) of `available`, rounded DOWN to `decimals` so the order never exceeds it. */
export function shareOf(available: string, share: number, decimals: number): string {
  return div(mul(available, String(Math.round(share))), '100', decimals, 'down')
}

/** How many contracts a notional buys at `price` (rounded down to the contract's volume decimals). */
export function contractsFor(c: ContractView, notional: string, price: string): string {
  return c.side === 1 ? div(notional, mul(c.multiplier, price), volumeDecimals(c), 'down') : div(mul(notional, price), c.multiplier, volumeDecimals(c), 'down')
}

/** Keeps what a decimal field may hold while typing: digits, one point, at most `max` decimals. */
export function sanitizeDecimal(text: string, max: number): string {
  let t = text.replace(/,/g, '.').replace(/[^\d.]/g, '')
  const dot = t.indexOf('.')
  if (dot >= 0) t = t.slice(0, dot + 1) + t.slice(dot + 1).replace(/\./g, '')
  if (dot >= 0) t = max === 0 ? t.slice(0, dot) : t.slice(0, dot + 1 + max)
  return t.replace(/^0+(?=\d)/, '')
}
