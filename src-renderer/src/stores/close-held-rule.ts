// A futures close beside the position's resting close orders: the venue holds their unfilled contracts and closes
// none of them twice (it refuses the rest as "insufficient balance"). One rule for the order form and the Algo tab,
// in words naming both numbers, with what can still be closed as the one-click fix.
import { compare, sub } from '@shared/decimal'
import { orderWords, refusal, type Refusal } from '@shared/trading/refusal'
import { group } from '../lib/format'

/**
 * Null when `volume` fits in what the long (`long` true) or short position of `held` contracts has left once its
 * close orders' `pending` contracts are set aside; else the refusal at `field`.
 */
export function closeBeyondHeld(
  o: { long: boolean; volume: string; held: string; pending: string },
  field: string
): Refusal | null {
  const free = sub(o.held, o.pending)
  if (compare(o.pending, '0') <= 0 || compare(o.volume, free) <= 0) return null
  const key = o.long ? 'order.check.closeLongHeld' : 'order.check.closeShortHeld'
  const said = { volume: group(o.volume), pending: group(o.pending), held: group(o.held), free: group(free) }
  return refusal('closeOrders', field, orderWords(key, said), compare(free, '0') > 0 ? [free] : [])
}
