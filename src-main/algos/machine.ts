// The algorithms' state machines as pure functions: what an algorithm does next from its journaled state alone
// (`decide`), and what a last price does to it (`onPrice`). The engine (algo-engine.ts) performs the step, journals
// the result and asks again, so a run killed between any two steps resumes exactly where it was.
//
// Rules every kind keeps:
// - a child whose place or cancel has no known outcome is reconciled before anything else;
// - at most one live child at a time, sized to the total less what every other child filled (read final): the
//   filled total never exceeds the total;
// - every path ends in done, cancelled or failed (with a reason in words).
import { add, compare, div, mul, sub } from '@shared/decimal'
import type { Words } from '@shared/i18n/words'
import { linking } from '../orders/said'
import type { Algo, AlgoSpec, ChildOrder } from './types'
import { TERMINAL_STATES } from './types'

export type Step =
  | { do: 'reconcile-place'; child: ChildOrder }
  | { do: 'reconcile-cancel'; child: ChildOrder }
  | { do: 'place'; child: Omit<ChildOrder, 'clientOrderId' | 'state' | 'filled'> }
  | { do: 'cancel'; child: ChildOrder }
  | { do: 'end'; state: 'done' | 'cancelled' | 'failed'; reason: Words }
  | { do: 'fail'; reason: Words }
  /** Nothing to send now: waiting for the trigger, a fill, or the user (`next` says which, in words). */
  | { do: 'wait'; next: Words }

export const filledOf = (a: Algo): string => a.children.reduce((s, c) => add(s, c.filled), '0')
export const remainingOf = (a: Algo): string => sub(a.spec.quantity, filledOf(a))
const live = (c: ChildOrder): boolean => c.state === 'open'

const w = (key: string, params: Record<string, string | number> = {}): Words => ({ key, params })

export function decide(a: Algo): Step {
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
  return a.spec.kind === 'oco' ? decideOco(a) : decideStop(a)
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
  if (compare(filledOf(a), s.quantity) >= 0) return { do: 'end', state: 'done', reason: w('algos.reason.filled') }
  if (!a.triggered) {
    if (limit.state === 'final')
      return { do: 'fail', reason: w('algos.reason.endedOutside', { status: limit.status ?? '?' }) }
    return { do: 'wait', next: w('algos.next.ocoWatch', { limit: s.limitPrice!, trigger: s.triggerPrice! }) }
  }
  // The stop fired: the limit is cancelled first and read final, so the stop order is sized to what it left.
  if (limit.state === 'open') return { do: 'cancel', child: limit }
  return stopChild(a, stop)
}

function decideStop(a: Algo): Step {
  const stop = a.children.find((c) => c.role === 'stop')
  if (compare(filledOf(a), a.spec.quantity) >= 0) return { do: 'end', state: 'done', reason: w('algos.reason.filled') }
  if (!a.triggered) return { do: 'wait', next: waitingWords(a) }
  return stopChild(a, stop)
}

/** After the trigger: the stop's one child, for what is left. */
function stopChild(a: Algo, stop: ChildOrder | undefined): Step {
  const s = a.spec
  if (!stop) {
    const volume = remainingOf(a)
    if (compare(volume, '0') <= 0) return { do: 'end', state: 'done', reason: w('algos.reason.filled') }
    const price = s.kind === 'stop-market' || s.kind === 'trailing-stop' ? undefined : s.stopLimitPrice
    return {
      do: 'place',
      child: { role: 'stop', side: s.side, type: price ? 'LIMIT' : 'MARKET', volume, ...(price ? { price } : {}) }
    }
  }
  if (stop.state === 'not-placed') return { do: 'fail', reason: notPlaced(stop) }
  if (stop.state === 'final') {
    if (stop.status === 'FILLED') return { do: 'end', state: 'done', reason: w('algos.reason.filled') }
    return { do: 'fail', reason: w('algos.reason.endedOutside', { status: stop.status ?? '?' }) }
  }
  return { do: 'wait', next: w('algos.next.fill', { order: stop.orderId ?? stop.clientOrderId }) }
}

const notPlaced = (c: ChildOrder): Words =>
  linking(w('algos.reason.notPlaced', { role: c.role }), 'cause', c.error ?? { key: 'main.verdict.noSuchOrder' })

function waitingWords(a: Algo): Words {
  const s = a.spec
  if (s.kind === 'trailing-stop') {
    const stop = trailingStop(a)
    return stop === null ? w('algos.next.trailStart') : w('algos.next.trigger', { side: s.side, trigger: stop })
  }
  return w('algos.next.trigger', { side: s.side, trigger: s.triggerPrice! })
}

/** The trailing stop's price now: `trailPercent` behind the best price seen (null before any price). */
export function trailingStop(a: Algo): string | null {
  if (a.extreme === undefined) return null
  const pct = div(a.spec.trailPercent ?? '0', '100', 12, 'down')
  const factor = a.spec.side === 'SELL' ? sub('1', pct) : add('1', pct)
  return mul(a.extreme, factor)
}

/** Whether this last price fires the stop of a spec with a fixed trigger (SELL: at or below; BUY: at or above). */
function crosses(s: AlgoSpec, price: string, trigger: string): boolean {
  return s.side === 'SELL' ? compare(price, trigger) <= 0 : compare(price, trigger) >= 0
}

/**
 * What a last price changes: the trailing extreme, the trigger. `first` is the first price this run saw for the
 * algorithm after a restart: a trigger crossed then passed while the terminal was closed, so it fires only if the
 * user chose late fires (else the algorithm pauses, saying so). Returns null when nothing changed.
 */
export function onPrice(a: Algo, price: string, at: number, first: boolean): Algo | null {
  if (a.triggered || (a.state !== 'waiting' && a.state !== 'working')) return null
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
