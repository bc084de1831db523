// The scaled order's state machine: `orders` limits across [fromPrice, toPrice], evenly spaced, sized linear or
// geometric (`sizeFactor`), all placed through batchOrders (at most 10 a call, the venue's limit) and then left to
// fill. The levels are computed once when it is created (`scaledLevels`, src-shared/trading/scaled-levels.ts, shared
// with the order form: exact decimals, each size rounded down to the size's decimals and the rounding left over given
// to the largest, so their sum is the total, never more) and journaled; every level's child is written down before
// its batch is sent.
import type { Algo } from './types'
import { done, endedOutside, filledOf, isFilled, notPlaced, outsideWords, w, type NewChild, type Step } from './steps'

export { scaledLevels, type Level } from '@shared/trading/scaled-levels'

/** The venue's limit of orders in one batch (exchange-rest-interface.md: batchOrders, max 10). */
export const BATCH_MAX = 10

export function decideScaled(a: Algo): Step {
  const s = a.spec
  const refused = a.children.find((c) => c.state === 'not-placed')
  if (refused) return { do: 'fail', reason: notPlaced(refused) }
  const outside = a.children.find(endedOutside)
  if (outside) return { do: 'fail', reason: outsideWords(outside) }
  if (isFilled(a)) return done
  const levels = a.levels ?? []
  const placed = new Set(a.children.map((c) => c.level))
  const next: NewChild[] = []
  for (let k = 0; k < levels.length && next.length < BATCH_MAX; k++)
    if (!placed.has(k))
      next.push({
        role: 'level',
        side: s.side,
        type: 'LIMIT',
        volume: levels[k]!.volume,
        price: levels[k]!.price,
        level: k
      })
  if (next.length > 0) return { do: 'place-batch', children: next }
  const open = a.children.filter((c) => c.state === 'open').length
  return { do: 'wait', next: w('algos.next.scaled', { open, filled: filledOf(a), total: s.quantity }) }
}
