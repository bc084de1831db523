// Reconciliation after an unknown outcome: find out from the venue what a place or cancel did, using only safe
// reads (order query by client or order id, open orders), retried with back-off until the answer is definitive.
//
// When is "absent" definitive? A request the venue has not yet seen can still arrive (a slow network, a proxy
// that forwarded late), and the venue accepts it as long as its signed timestamp is inside the time window
// (5000 ms, or the request's recvWindow). The timestamp was stamped before the failure was seen, so once the
// venue's clock is past that stamp + window (+ a margin for processing: the settle point) no copy can be accepted
// any more: a "does not exist" from a query SENT after that point is final. Whether a query was sent after it is
// judged by the LOWEST time the venue's clock can show (the estimate less its error bound, clock.ts: physics, not the
// venue's tolerance), never by the estimate itself: an estimate running ahead by 3 s would otherwise call "not
// placed" an order a request 3 s late still places. Before it, a negative
// answer only means "not yet", and the query is repeated after the settle point. A positive answer is final at
// any time. A read the venue refuses for good (read-errors.ts: a revoked key, a ban, HTTP 403) ends the loop as
// 'cannot-tell' with that reason: repeating it would never tell, and only the user can check the venue.
import type { Words } from '@shared/i18n/words'
import { isExchangeError } from '../client/errors'
import type { ExchangeClient } from '../client/exchange-client'
import type { Priority } from '../client/types'
import { backoffMs, sleep } from '../client/retry'
import type { RequestParams } from '../client/validate'
import { readRefusal } from './read-errors'
import { isCancelled, isNoSuchOrder, isTerminal, MARKET_OPS, refParams } from './venue-ops'
import type { Module } from '@shared/module'

/** The fields reconciliation reads from a query answer; the whole answer is kept as the venue's order. */
export interface OrderView {
  orderId: string
  status?: string
  clientOrderId?: string
}

export interface ReconcileEnv {
  client: ExchangeClient
  /** The venue's time at least, ms: the client's estimate less its error bound (clock.ts). */
  serverNow(): number
  backoff: { baseMs: number; maxMs: number }
  random: () => number
  signal: AbortSignal
  /**
   * The rate governor's queue for the reads: 'user' while an action waits on them, 'background' for later re-checks.
   */
  priority?: Priority
  /** Called after every query that was not conclusive, with a safe reason (for the pending list). */
  onInconclusive(reason: string): void
  onQuery(): void
}

/**
 * The reconciliation environment of a gateway or guard: the client's clock, the settings' back-off, one close signal.
 */
export function reconcileEnv(
  client: ExchangeClient,
  s: { backoff: ReconcileEnv['backoff']; random: () => number },
  signal: AbortSignal,
  hooks: Pick<ReconcileEnv, 'onQuery' | 'onInconclusive'>
): ReconcileEnv {
  return {
    client,
    serverNow: () => client.executor.clock.venueNowAtLeast(),
    backoff: s.backoff,
    random: s.random,
    signal,
    ...hooks
  }
}

/**
 * The settle point of a request that failed now, on the venue's clock: no later than this can the venue still accept
 * a copy of it (its stamp, at most the clock's latest, + the window), plus `marginMs` for the venue's processing.
 */
export function settlePoint(client: ExchangeClient, windowMs: number, marginMs: number): number {
  return client.executor.clock.latestStamp() + windowMs + marginMs
}

/**
 * `verdict` if it comes within `ms`, else what `late()` makes of the wait (an 'unknown' carrying the verdict to come).
 */
export function withinDeadline<V, U>(verdict: Promise<V>, ms: number, late: () => U): Promise<V | U> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<U>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms)
  })
  return Promise.race([verdict, timeout]).finally(() => clearTimeout(timer))
}

/** 'refused': the venue refuses this read for good (repeating it cannot help); 'unreachable': it may pass later. */
type Lookup =
  | { kind: 'found'; order: OrderView }
  | { kind: 'absent' }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'refused'; reason: Words }

/** A failed read as a lookup: refused for good, or worth another try. */
function failedRead(e: unknown): Lookup {
  const refusal = readRefusal(e)
  return refusal !== undefined ? { kind: 'refused', reason: refusal } : { kind: 'unreachable', reason: reasonOf(e) }
}

export function reasonOf(e: unknown): string {
  return isExchangeError(e)
    ? `${e.kind}${e.code !== undefined ? ` ${e.code}` : ''}${e.httpStatus !== undefined ? ` HTTP ${e.httpStatus}` : ''}`
    : 'unexpected error'
}

/**
 * One order query. -2013 is "absent"; anything else that fails says nothing about the order (and may be refused for
 * good).
 */
export async function lookup(
  env: ReconcileEnv,
  market: Module,
  symbol: string,
  ref: { orderId?: string; clientOrderId?: string }
): Promise<Lookup> {
  env.onQuery()
  try {
    const order = (await env.client.call(MARKET_OPS[market].query, refParams(market, symbol, ref), {
      signal: env.signal,
      priority: env.priority
    })) as OrderView
    return { kind: 'found', order }
  } catch (e) {
    if (isNoSuchOrder(e)) return { kind: 'absent' }
    return failedRead(e)
  }
}

/** Open orders, searched for the client id. Spec shapes omit it there; venues that list it are matched. */
async function inOpenOrders(env: ReconcileEnv, market: Module, symbol: string, clientOrderId: string): Promise<Lookup> {
  const ops = MARKET_OPS[market]
  const params: RequestParams = market === 'futures' ? { contractName: symbol } : { symbol, limit: 1000 }
  env.onQuery()
  try {
    const list = (await env.client.call(ops.openOrders, params, {
      signal: env.signal,
      priority: env.priority
    })) as Array<Record<string, unknown>>
    const hit = list.find((o) => o[ops.clientIdParam] === clientOrderId || o['clientOrderId'] === clientOrderId)
    return hit ? { kind: 'found', order: hit as unknown as OrderView } : { kind: 'absent' }
  } catch (e) {
    return failedRead(e)
  }
}

/** Sleeps until the venue's clock has passed `settleAt`. */
export async function untilSettled(env: ReconcileEnv, settleAt: number): Promise<void> {
  // An unmeasured clock (no lower bound): wait a minute and ask again rather than for ever.
  const wait = Math.min(settleAt - env.serverNow(), 60_000)
  if (wait > 0) await sleep(wait + 5, env.signal)
}

/** Waits before the next try after an unreachable venue; throws when the gateway is closed. */
export async function backOff(env: ReconcileEnv, n: number, reason: string): Promise<void> {
  env.onInconclusive(reason)
  await sleep(backoffMs(n, { maxRetries: 0, ...env.backoff }, env.random), env.signal)
}

/**
 * The venue refuses the reads that would tell (`reason` says which and why): the action may or may not have taken
 * effect.
 */
export type CannotTell = { kind: 'cannot-tell'; reason: Words }

export type PlaceFacts = { kind: 'found'; order: OrderView } | { kind: 'absent' } | CannotTell

/**
 * Was the order with this client id placed? Resolves only with a definitive answer, or 'cannot-tell' when the venue
 * refuses the reads.
 */
export async function reconcilePlace(
  env: ReconcileEnv,
  market: Module,
  symbol: string,
  clientOrderId: string,
  settleAt: number
): Promise<PlaceFacts> {
  for (let n = 1; ;) {
    env.signal.throwIfAborted()
    const askedAt = env.serverNow()
    const q = await lookup(env, market, symbol, { clientOrderId })
    if (q.kind === 'found') return q
    if (q.kind === 'refused') return { kind: 'cannot-tell', reason: q.reason }
    if (q.kind === 'unreachable') {
      await backOff(env, n++, q.reason)
      continue
    }
    if (askedAt < settleAt) {
      env.onInconclusive('not found yet; waiting out the time window')
      await untilSettled(env, settleAt)
      continue
    }
    const open = await inOpenOrders(env, market, symbol, clientOrderId)
    if (open.kind === 'refused') return { kind: 'cannot-tell', reason: open.reason }
    if (open.kind !== 'unreachable') return open
    await backOff(env, n++, open.reason)
  }
}

export type CancelFacts = { kind: 'found'; order: OrderView } | { kind: 'absent' } | CannotTell

/**
 * What became of the order after a cancel with an unknown outcome: cancelled or otherwise terminal (final at
 * any time), still open after the settle point (the cancel never took effect), absent after it, or cannot tell
 * (the venue refuses the query).
 */
export async function reconcileCancel(
  env: ReconcileEnv,
  market: Module,
  symbol: string,
  ref: { orderId?: string; clientOrderId?: string },
  settleAt: number
): Promise<CancelFacts> {
  for (let n = 1; ;) {
    env.signal.throwIfAborted()
    const askedAt = env.serverNow()
    const q = await lookup(env, market, symbol, ref)
    if (q.kind === 'refused') return { kind: 'cannot-tell', reason: q.reason }
    if (q.kind === 'unreachable') {
      await backOff(env, n++, q.reason)
      continue
    }
    const final = q.kind === 'found' && (isCancelled(q.order.status) || isTerminal(q.order.status))
    if (final || askedAt >= settleAt) return q
    env.onInconclusive('cancel not seen yet; waiting out the time window')
    await untilSettled(env, settleAt)
  }
}

/**
 * One re-check of an undetermined action (recheck.ts decides when): the same reads as above, each at most once,
 * no back-off. A definitive answer is what the loops above would have returned; 'failed' is a read refused or
 * unreachable (the round counts a try); 'too-early' is an absence seen before the settle point (not yet final).
 */
export type RecheckFacts =
  { kind: 'found'; order: OrderView } | { kind: 'absent' } | { kind: 'failed' } | { kind: 'too-early' }

const failed: RecheckFacts = { kind: 'failed' }

/** Was the order placed? Found at any time; absent only past the settle point and from the open orders too. */
export async function recheckPlace(
  env: ReconcileEnv,
  market: Module,
  symbol: string,
  clientOrderId: string,
  settleAt: number
): Promise<RecheckFacts> {
  const askedAt = env.serverNow()
  const q = await lookup(env, market, symbol, { clientOrderId })
  if (q.kind === 'found') return q
  if (q.kind !== 'absent') return failed
  if (askedAt < settleAt) return { kind: 'too-early' }
  const open = await inOpenOrders(env, market, symbol, clientOrderId)
  return open.kind === 'found' || open.kind === 'absent' ? open : failed
}

/** What became of the order: final at any time; still open, or absent, only past the settle point. */
export async function recheckCancel(
  env: ReconcileEnv,
  market: Module,
  symbol: string,
  ref: { orderId?: string; clientOrderId?: string },
  settleAt: number
): Promise<RecheckFacts> {
  const askedAt = env.serverNow()
  const q = await lookup(env, market, symbol, ref)
  if (q.kind === 'refused' || q.kind === 'unreachable') return failed
  const final = q.kind === 'found' && (isCancelled(q.order.status) || isTerminal(q.order.status))
  return final || askedAt >= settleAt ? q : { kind: 'too-early' }
}
