// The iceberg's state machine: one limit at a time at the same price, showing at most `visibleQuantity`; once it
// fills the next is placed for the smaller of the visible quantity and what is left, until the total is filled. A
// slice is only placed when none is live, sized to the total less every slice's fill: never more than the total.
import { compare } from '@shared/decimal'
import type { Algo } from './types'
import { done, endedOutside, filledOf, isFilled, notPlaced, outsideWords, remainingOf, w, type Step } from './steps'

export function decideIceberg(a: Algo): Step {
  const s = a.spec
  const refused = a.children.find((c) => c.state === 'not-placed')
  if (refused) return { do: 'fail', reason: notPlaced(refused) }
  const outside = a.children.find(endedOutside)
  if (outside) return { do: 'fail', reason: outsideWords(outside) }
  if (isFilled(a)) return done
  const live = a.children.find((c) => c.state === 'open')
  if (live)
    return {
      do: 'wait',
      next: w('algos.next.iceberg', {
        shown: live.volume,
        price: s.limitPrice!,
        filled: filledOf(a),
        total: s.quantity
      })
    }
  const left = remainingOf(a)
  const volume = compare(left, s.visibleQuantity!) < 0 ? left : s.visibleQuantity!
  return { do: 'place', child: { role: 'slice', side: s.side, type: 'LIMIT', volume, price: s.limitPrice! } }
}
