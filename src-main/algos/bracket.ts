// The bracket's state machine (spot and futures): an entry limit; once it fills (partly: for what filled) a
// take-profit limit on the other side, and a stop loss watched on the last price (machine.ts onPrice, armed only
// while the entry holds something not yet exited). The two exits are an OCO pair: when the stop fires the entry's
// rest and the take profit are cancelled and read final first, then the stop order is sent for exactly what is still
// held.
// On futures the entry is an OPEN and both exits are CLOSE orders (futures-spec.ts childOpen: reduce-only at the
// venue), sent by this same machine rather than the venue's own trigger or TP/SL orders (conditionOrder,
// profitLossOrder). Chosen because those take no client order id and their list shows none, so a place whose answer
// is lost cannot be reconciled (sent again it could duplicate), a fired trigger's order cannot be read for its fill,
// and the venue does not cancel one leg when the other fills (a stale stop could close a later position). Here every
// leg has a journaled client id, an unknown outcome is reconciled before anything else is sent, and the take profit
// is cancelled and read final before the stop order goes; reduce-only CLOSE legs can at most flatten, never reverse.
// The cost: the take profit rests at the venue, but the stop loss fires only while the terminal runs (a trigger
// passed while it was closed is reported at start, as every stop's).
import { compare, sub } from '@shared/decimal'
import type { Algo } from './types'
import { endedOutside, filledOf, notPlaced, opposite, outsideWords, sumFilled, w, type Step } from './steps'

/** What the entry bought (or sold) and the exits have not yet given back. */
export const bracketHeld = (a: Algo): string =>
  sub(filledOf(a), sumFilled(a.children.filter((c) => c.side !== a.spec.side)))

export function decideBracket(a: Algo): Step {
  const s = a.spec
  const exitSide = opposite(s.side)
  const entry = a.children.find((c) => c.role === 'entry')
  if (!entry)
    return {
      do: 'place',
      child: { role: 'entry', side: s.side, type: 'LIMIT', volume: s.quantity, price: s.limitPrice! }
    }
  if (entry.state === 'not-placed') return { do: 'fail', reason: notPlaced(entry) }
  const tps = a.children.filter((c) => c.role === 'take-profit')
  const liveTp = tps.find((c) => c.state === 'open')
  const outside = tps.find(endedOutside)
  if (outside) return { do: 'fail', reason: outsideWords(outside) }
  const bought = entry.filled
  const held = bracketHeld(a)

  if (a.triggered) {
    // The stop fired: the entry's rest and the take profit first, each read final, so the stop order is sized right.
    if (entry.state === 'open') return { do: 'cancel', child: entry }
    if (liveTp) return { do: 'cancel', child: liveTp }
    const stop = a.children.find((c) => c.role === 'stop')
    if (!stop) {
      if (compare(held, '0') <= 0) return { do: 'end', state: 'done', reason: w('algos.reason.takeProfit') }
      const price = s.stopLimitPrice
      return {
        do: 'place',
        child: {
          role: 'stop',
          side: exitSide,
          type: price ? 'LIMIT' : 'MARKET',
          volume: held,
          ...(price ? { price } : {})
        }
      }
    }
    if (stop.state === 'not-placed') return { do: 'fail', reason: notPlaced(stop) }
    if (stop.state === 'final')
      return stop.status === 'FILLED'
        ? { do: 'end', state: 'done', reason: w('algos.reason.stopLoss') }
        : { do: 'fail', reason: outsideWords(stop) }
    return { do: 'wait', next: w('algos.next.fill', { order: stop.orderId ?? stop.clientOrderId }) }
  }

  if (entry.state === 'final') {
    // Ended by the venue or the user before anything filled: nothing to exit.
    if (compare(bought, '0') <= 0) return { do: 'fail', reason: outsideWords(entry) }
    if (compare(held, '0') <= 0) return { do: 'end', state: 'done', reason: w('algos.reason.takeProfit') }
  }
  // The take profit covers what is held: one live at a time, replaced (cancelled, read final) when more filled.
  const cover = sub(bought, sumFilled(tps.filter((c) => c !== liveTp)))
  if (liveTp && compare(liveTp.volume, cover) < 0) return { do: 'cancel', child: liveTp }
  if (!liveTp && compare(cover, '0') > 0) {
    // A part fill below the symbol's minimum waits for more (unless the entry is over: then it is tried as it is).
    const min = a.rules?.limitVolumeMin
    if (entry.state === 'final' || min === undefined || compare(cover, min) >= 0)
      return {
        do: 'place',
        child: { role: 'take-profit', side: exitSide, type: 'LIMIT', volume: cover, price: s.takeProfitPrice! }
      }
  }
  if (compare(held, '0') <= 0)
    return {
      do: 'wait',
      next: w('algos.next.entry', { price: s.limitPrice!, order: entry.orderId ?? entry.clientOrderId })
    }
  return {
    do: 'wait',
    next: w('algos.next.bracketWatch', { held, takeProfit: s.takeProfitPrice!, trigger: s.triggerPrice! })
  }
}
