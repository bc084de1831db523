// What main stamps on the events of its per-profile streams (src-main/core/profile-streams.ts), done by the fake
// clients so a test writes an event as the service makes it: `seq` counts up over the fake's life (as main's never
// restarts), `profileId` is the event's own, else the one the subscription named, else the active one the test set;
// and the action ids main gives the answers of commands that act.
import type { ActionRefView, StreamStamp } from '@shared/ipc/views/common'

/** An event of any stream, its stamp optional (given, it is kept: a test may send an old or foreign one). */
export type Unstamped<E> = E extends StreamStamp ? Omit<E, keyof StreamStamp> & Partial<StreamStamp> : E

const STAMPED = new Set(['trading.onOrderEvents', 'trading.onOrderHistory', 'account.onUpdate'])

export function streamStamper(activeProfile: () => string) {
  let seq = 0
  return {
    /** Called once per emit: the next number. */
    next: (): number => ++seq,
    stamp(channel: string, event: unknown, params: unknown, n: number): unknown {
      if (!STAMPED.has(channel)) return event
      const e = event as Partial<StreamStamp>
      const named = (params as { profileId?: string } | undefined)?.profileId
      return { ...e, profileId: e.profileId ?? named ?? activeProfile(), seq: e.seq ?? n }
    }
  }
}

/** A command's answer as a test may write it: the action ids main gives (top level, or per batch result) optional. */
export type ActionIdsOptional<T> = T extends { results: (infer R)[] }
  ? Omit<T, 'results'> & { results: ActionIdsOptional<R>[] }
  : T extends ActionRefView
    ? Omit<T, 'actionId'> & Partial<ActionRefView>
    : T

/** Commands that answer with action ids (src-shared/ipc/contract.ts). */
const ACTING = new Set([
  'trading.placeOrder',
  'trading.cancelOrder',
  'trading.cancelAll',
  'trading.batchPlace',
  'trading.batchCancel',
  'trading.placeConditional',
  'trading.placeTpSl',
  'trading.cancelTrigger',
  'trading.setLeverage',
  'trading.setPositionMode',
  'trading.setMarginMode',
  'transfer.submit'
])

/** The answer with the action ids main would have given where the test left them out (`fake-1`, `fake-2`...). */
export function actionIdStamper() {
  let n = 0
  const fill = (a: unknown): unknown => {
    if (a === null || typeof a !== 'object' || Array.isArray(a)) return a
    const o = a as { results?: unknown; actionId?: unknown }
    if (Array.isArray(o.results)) return { ...o, results: o.results.map(fill) }
    return o.actionId === undefined ? { ...o, actionId: `fake-${++n}` } : a
  }
  return (channel: string, answer: unknown): unknown => (ACTING.has(channel) ? fill(answer) : answer)
}
