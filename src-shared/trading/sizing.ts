// Order sizes from what the user has: a share of a balance, contracts for a notional. Rounded down, so a size
// made here never exceeds what it came from.
import { div, mul } from '../decimal'
import type { ContractView } from '../ipc/views/market'
import { contractsAt } from './order-rules'

/** `share` percent (0..100, whole) of `available`, rounded DOWN to `decimals` so the order never exceeds it. */
export function shareOf(available: string, share: number, decimals: number): string {
  return div(mul(available, String(Math.round(share))), '100', decimals, 'down')
}

/** How many contracts a notional buys at `price` (rounded down to the contract's volume decimals). */
export const contractsFor = (c: ContractView, notional: string, price: string): string =>
  contractsAt(c, notional, price, 'down')
