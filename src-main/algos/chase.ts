// The chase's state machine: one limit at the best bid (a BUY) or ask (a SELL), moved as the book moves, never past
// its bound: the limit price, and/or `maxDistancePercent` from the best price when it started (journaled as
// `anchor`), whichever is tighter. A move waits `intervalSeconds` after the last place, and is a cancel (read final,
// so its fill counts) then a place for what is left: never two live children.
import { add, compare, div, mul, normalizeDecimal, roundToDecimals, sub } from '@shared/decimal'
import type { Algo } from './types'
import {
  clock,
  done,
  endedOutside,
  filledOf,
  isFilled,
  notPlaced,
  outsideWords,
  remainingOf,
  w,
  type BestPrices,
  type Step
} from './steps'

/** The worst price the chase may go to (a BUY's highest, a SELL's lowest). */
export function chaseBound(a: Algo): string | null {
  const s = a.spec
  const buy = s.side === 'BUY'
  let bound: string | null = s.limitPrice ?? null
  if (s.maxDistancePercent !== undefined && a.anchor !== undefined) {
    const pct = div(s.maxDistancePercent, '100', 12, 'down')
    const far = normalizeDecimal(
      roundToDecimals(
        mul(a.anchor, buy ? add('1', pct) : sub('1', pct)),
        a.rules?.pricePrecision ?? 8,
        buy ? 'down' : 'up'
      )
    )
    if (bound === null || (buy ? compare(far, bound) < 0 : compare(far, bound) > 0)) bound = far
  }
  return bound
}

export function decideChase(a: Algo, now: number, book: BestPrices | undefined): Step {
  const s = a.spec
  const buy = s.side === 'BUY'
  const refused = a.children.find((c) => c.state === 'not-placed')
  if (refused) return { do: 'fail', reason: notPlaced(refused) }
  const outside = a.children.find(endedOutside)
  if (outside) return { do: 'fail', reason: outsideWords(outside) }
  if (isFilled(a)) return done
  const best = book ? (buy ? book.bid : book.ask) : null
  if (best === null)
    return { do: 'wait', next: w('algos.next.chaseBook', { side: `algoUi.book.${buy ? 'bid' : 'ask'}` }) }
  if (a.anchor === undefined && s.maxDistancePercent !== undefined) return { do: 'note', patch: { anchor: best } }
  const bound = chaseBound(a)!
  const target = buy ? (compare(best, bound) > 0 ? bound : best) : compare(best, bound) < 0 ? bound : best
  const live = a.children.find((c) => c.state === 'open')
  const last = a.children.at(-1)
  const ready = last?.at === undefined ? now : last.at + s.intervalSeconds! * 1000
  const progress = { filled: filledOf(a), total: s.quantity }
  // A live order beyond the bound (its limit or maximum distance tightened by an edit) is cancelled at once, not at
  // the next interval: it must never fill past what the user now allows. The move then goes the usual way.
  if (live && (buy ? compare(live.price!, bound) > 0 : compare(live.price!, bound) < 0))
    return { do: 'cancel', child: live }
  if (live && compare(live.price!, target) === 0)
    return { do: 'wait', next: w('algos.next.chaseAt', { ...progress, price: target, bound }) }
  if (now < ready)
    return { do: 'wait', next: w('algos.next.chaseMove', { ...progress, price: target, at: clock(ready) }) }
  if (live) return { do: 'cancel', child: live }
  return { do: 'place', child: { role: 'limit', side: s.side, type: 'LIMIT', volume: remainingOf(a), price: target } }
}
