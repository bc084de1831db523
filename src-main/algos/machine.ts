// The algorithms' state machines as pure functions: what an algorithm does next from its journaled state alone
// (`decide`), and what a last price does to it (`onPrice`). The engine (algo-engine.ts) performs the step, journals
// the result and asks again, so a run killed between any two steps resumes exactly where it was.
//
// Rules every kind keeps:
// - a child whose place or cancel has no known outcome is reconciled before anything else;
// - at most one live child at a time, sized to the total less what every other child filled (read final): the
//   filled total never exceeds the total;
// - every path ends in done, cancelled or failed (with a reason in words).
import { add, compare, div, mul, normalizeDecimal, roundToDecimals, sub } from '@shared/decimal'
import type { Words } from '@shared/i18n/words'
import { bracketHeld, decideBracket } from './bracket'
import { decideIceberg } from './iceberg'
import { decideChase } from './chase'
import { decideScaled } from './scaled'
import { decideTwap } from './twap'
import {
  done,
  isFilled,
  notPlaced,
  opposite,
  outsideWords,
  remainingOf,
  w,
  type DecideContext,
  type Step
} from './steps'
import type { Algo, AlgoSide, AlgoSpec, ChildOrder } from './types'
import { TERMINAL_STATES } from './types'

export { filledOf, remainingOf, type DecideContext, type Step } from './steps'

const live = (c: ChildOrder): boolean => c.state === 'open'

export function decide(a: Algo, ctx: DecideContext = { now: Date.now() }): Step {
  if (TERMINAL_STATES.has(a.state)) return { do: 'wait', next: w('algos.next.none') }
  const unknownPlace = a.children.find((c) => c.state === 'placing')
  if (unknownPlace) return { do: 'reconcile-place', child: unknownPlace }
  const unknownCancel = a.children.find((c) => c.state === 'cancelling')
  if (unknownCancel) return { do: 'reconcile-cancel', child: unknownCancel }
  if (a.state === 'stopping') {
    const open = a.children.find(live)
    if (open) return { do: 'cancel', child: open }
    const s = a.stopping ?? { end: 'cancelled', reason: w('algos.reason.cancelled') }
    return { do: 'end', state: s.end, reason: s.reason }
  }
  if (a.state === 'paused') return { do: 'wait', next: w('algos.next.paused') }
  switch (a.spec.kind) {
    case 'oco':
      return decideOco(a)
    case 'bracket':
      return decideBracket(a)
    case 'iceberg':
      return decideIceberg(a)
    case 'twap':
      return decideTwap(a, ctx.now)
    case 'scaled':
      return decideScaled(a)
    case 'chase':
      return decideChase(a, ctx.now, ctx.book)
    default:
      return decideStop(a)
  }
}

function decideOco(a: Algo): Step {
  const s = a.spec
  const limit = a.children.find((c) => c.role === 'limit')
  const stop = a.children.find((c) => c.role === 'stop')
  if (!limit)
    return {
      do: 'place',
      child: { role: 'limit', side: s.side, type: 'LIMIT', volume: s.quantity, price: s.limitPrice! }
    }
  if (limit.state === 'not-placed') return { do: 'fail', reason: notPlaced(limit) }
  if (isFilled(a)) return done
  if (!a.triggered) {
    if (limit.state === 'final') return { do: 'fail', reason: outsideWords(limit) }
    return { do: 'wait', next: w('algos.next.ocoWatch', { limit: s.limitPrice!, trigger: s.triggerPrice! }) }
  }
  // The stop fired: the limit is cancelled first and read final, so the stop order is sized to what it left.
  if (limit.state === 'open') return { do: 'cancel', child: limit }
  return stopChild(a, stop)
}

function decideStop(a: Algo): Step {
  const stop = a.children.find((c) => c.role === 'stop')
  if (isFilled(a)) return done
  if (!a.triggered) return { do: 'wait', next: waitingWords(a) }
  return stopChild(a, stop)
}

/** After the trigger: the stop's one child, for what is left. */
function stopChild(a: Algo, stop: ChildOrder | undefined): Step {
  const s = a.spec
  if (!stop) {
    const volume = remainingOf(a)
    if (compare(volume, '0') <= 0) return done
    const price = s.kind === 'stop-market' || s.kind === 'trailing-stop' ? undefined : s.stopLimitPrice
    return {
      do: 'place',
      child: { role: 'stop', side: s.side, type: price ? 'LIMIT' : 'MARKET', volume, ...(price ? { price } : {}) }
    }
  }
  if (stop.state === 'not-placed') return { do: 'fail', reason: notPlaced(stop) }
  if (stop.state === 'final') return stop.status === 'FILLED' ? done : { do: 'fail', reason: outsideWords(stop) }
  return { do: 'wait', next: w('algos.next.fill', { order: stop.orderId ?? stop.clientOrderId }) }
}

function waitingWords(a: Algo): Words {
  const s = a.spec
  if (s.kind === 'trailing-stop') {
    const stop = trailingStop(a)
    return stop === null ? w('algos.next.trailStart') : triggerWords(s.side, stop)
  }
  return triggerWords(s.side, s.triggerPrice!)
}

/** The side named in the window's words (linked in as `@:{side}`), not the venue's code. */
const triggerWords = (side: AlgoSide, trigger: string): Words =>
  w('algos.next.trigger', { side: `algoUi.sides.${side}`, trigger })

/**
 * The trailing stop's price now: `trailPercent` behind the best price seen (null before any price), on the symbol's
 * ticks when its rules are known, rounded against the trader (a SELL's down, a BUY's up): on last prices, which are
 * on the ticks, it fires exactly where the unrounded price would, and it is the price shown.
 */
export function trailingStop(a: Algo): string | null {
  if (a.extreme === undefined) return null
  const pct = div(a.spec.trailPercent ?? '0', '100', 12, 'down')
  const factor = a.spec.side === 'SELL' ? sub('1', pct) : add('1', pct)
  const exact = mul(a.extreme, factor)
  if (!a.rules) return exact
  return normalizeDecimal(roundToDecimals(exact, a.rules.pricePrecision, a.spec.side === 'SELL' ? 'down' : 'up'))
}

/** The side of the order a stop sends: a bracket's stop loss exits, the other side of its entry. */
const stopSide = (s: AlgoSpec): AlgoSide => (s.kind === 'bracket' ? opposite(s.side) : s.side)

/** Whether this last price fires a stop with a fixed trigger (a SELL stop: at or below; a BUY stop: at or above). */
function crosses(s: AlgoSpec, price: string, trigger: string): boolean {
  return stopSide(s) === 'SELL' ? compare(price, trigger) <= 0 : compare(price, trigger) >= 0
}

/** The kinds a last price can fire (a bracket's stop loss only while its entry holds something not exited). */
function watchesPrice(a: Algo): boolean {
  switch (a.spec.kind) {
    case 'oco':
    case 'stop-market':
    case 'stop-limit':
    case 'trailing-stop':
      return true
    case 'bracket':
      return compare(bracketHeld(a), '0') > 0
    default:
      return false
  }
}

/**
 * What a last price changes: the trailing extreme, the trigger. `first` is the first price this run saw for the
 * algorithm after a restart: a trigger crossed then passed while the terminal was closed, so it fires only if the
 * user chose late fires (else the algorithm pauses, saying so). Returns null when nothing changed.
 */
export function onPrice(a: Algo, price: string, at: number, first: boolean): Algo | null {
  if (a.triggered || (a.state !== 'waiting' && a.state !== 'working') || !watchesPrice(a)) return null
  const s = a.spec
  let next: Algo = a
  let trigger: string | null | undefined = s.triggerPrice
  if (s.kind === 'trailing-stop') {
    const better =
      a.extreme === undefined || (s.side === 'SELL' ? compare(price, a.extreme) > 0 : compare(price, a.extreme) < 0)
    if (better) next = { ...a, extreme: price }
    trigger = trailingStop(next)
    if (trigger === null) return next === a ? null : next
  }
  if (trigger === undefined || !crosses(s, price, trigger)) return next === a ? null : { ...next, updatedAt: at }
  if (first && !s.fireLate)
    return {
      ...next,
      state: 'paused',
      pausedFrom: a.state,
      missed: { price, at },
      reason: w('algos.reason.missed', { price, trigger }),
      updatedAt: at
    }
  return { ...next, triggered: { price, at, late: first }, updatedAt: at }
}
