// The one way the terminal places and cancels orders (DESIGN "Orders"): every order gets a client order id
// before it is sent, every place or cancel is sent ONCE, and a timeout, 5xx or dropped connection is an unknown
// outcome that is reconciled by reading the venue (reconcile.ts) before anything is reported. The gateway never
// resends a place: only a definitive 'rejected' lets the caller try again, and then with a new client order id.
//
// Results: 'placed' / 'canceled' and 'rejected' are definitive. 'unknown' is returned only when reconciliation
// has not reached the venue by `reconcileDeadlineMs`; it then goes on in the background until it has a verdict,
// which resolves the result's `settled` promise and is emitted as a 'settled' event. Actions without a verdict
// are listed by pending() (phase 'sending' or 'reconciling') and announced by 'pending' events. When the venue
// refuses the reads for good (a revoked key, a ban: read-errors.ts) the verdict is 'undetermined': the user is
// told to check the venue, and the order's client id stays taken until the outcome is known (a resend naming it is
// refused unsent: if the first order exists, a second one under its id would make both ambiguous). Once reads
// may work again, each undetermined action is read back again (recheck.ts: when, how often, when to stop); a
// definitive answer becomes its verdict event (placed / rejected / canceled) and frees the client id's reservation.
import { setMaxListeners } from 'node:events'
import { ClientValidationError, ExchangeError, apiErrorText, isExchangeError } from '../client/errors'
import type { ExchangeClient } from '../client/exchange-client'
import { makeClientOrderId } from '../client/client-order-id'
import { lookup, recheckCancel, recheckPlace, reconcileCancel, reconcileEnv, reconcilePlace, withinDeadline, type OrderView, type ReconcileEnv } from './reconcile'
import { RecheckSchedule, recheckSettings, type RecheckOptions, type RecheckSettings, type RoundOutcome } from './recheck'
import type {
  BatchPlaceRequest,
  CancelRequest,
  CancelResult,
  CancelUndeterminedResult,
  CancelVerdict,
  GatewayEvent,
  OrderMarket,
  PendingAction,
  PlacedFields,
  PlaceRequest,
  PlaceResult,
  PlaceUndeterminedResult,
  PlaceVerdict,
  UnknownResult,
  VenueOrder
} from './types'
import { batchItemParams, isCancelled, MARKET_OPS, placeParams, placedFields, refParams } from './venue-ops'

export interface OrderGatewayOptions {
  client: ExchangeClient
  /** How long place/cancel waits for a verdict before answering 'unknown' (and reconciling on). Default 20 000 ms. */
  reconcileDeadlineMs?: number
  /** The venue's timestamp window (spec: 5000 ms); a place's own recvWindow replaces it. */
  timeWindowMs?: number
  /** Added to the window before "absent" is final: clock estimate error plus the venue's processing. Default 1000 ms. */
  settleMarginMs?: number
  /** Back-off between reconciliation reads while the venue is unreachable. Default 250 ms doubling to 5000 ms. */
  backoff?: { baseMs?: number; maxMs?: number }
  random?: () => number
  onEvent?: (e: GatewayEvent) => void
  /** When undetermined actions are read back again (recheck.ts). */
  recheck?: RecheckOptions
}

type Settled = Extract<GatewayEvent, { type: 'settled' }>

/** Client ids remembered to refuse reuse (a reused id would make reconciliation ambiguous). */
const REMEMBERED_IDS = 100_000
/** Undetermined verdicts told again to a later subscriber (a window opened since): the newest few. */
const TOLD_AGAIN = 20
/** The family's "unknown error while processing": the venue itself does not know what it did. */
const VENUE_UNKNOWN = -1000

/** Whether a failed place or cancel may have taken effect. */
export function isUnknownOutcome(e: unknown): boolean {
  if (!isExchangeError(e)) return true // an unexpected throw proves nothing about the venue
  if (e.kind === 'unknown-outcome') return true
  if (e.kind === 'api' && e.code === VENUE_UNKNOWN) return true
  return e.kind === 'http' && e.httpStatus === 408
}

export interface ReconcileSettings {
  deadlineMs: number
  windowMs: number
  marginMs: number
  backoff: { baseMs: number; maxMs: number }
  random: () => number
}

/** The reconciliation settings of the options, defaults filled in (the operation guard shares them). */
export function reconcileSettings(opts: Omit<OrderGatewayOptions, 'client'>): ReconcileSettings {
  return {
    deadlineMs: opts.reconcileDeadlineMs ?? 20_000,
    windowMs: opts.timeWindowMs ?? 5000,
    marginMs: opts.settleMarginMs ?? 1000,
    backoff: { baseMs: opts.backoff?.baseMs ?? 250, maxMs: opts.backoff?.maxMs ?? 5000 },
    random: opts.random ?? Math.random
  }
}

/** A failure as the client's error; an unexpected throw is an unknown outcome. */
export function asExchangeError(e: unknown, endpointId: string): ExchangeError {
  if (isExchangeError(e)) return e
  return new ExchangeError({ kind: 'unknown-outcome', endpointId, message: `${endpointId}: unexpected failure; the request may or may not have taken effect` })
}

export class OrderGateway {
  private readonly client: ExchangeClient
  private readonly settings: ReconcileSettings
  private readonly listeners = new Set<(e: GatewayEvent) => void>()
  private readonly actions = new Map<number, PendingAction>()
  /** What each tracked place asked for, carried on its 'settled' event (batch answers name only the ids). */
  private readonly requests = new Map<number, PlacedFields>()
  private readonly usedIds = new Set<string>()
  /** Client ids of places whose outcome the venue would not tell: kept until a re-check answers (unbounded; few). */
  private readonly undeterminedIds = new Set<string>()
  /** The latest undetermined verdicts whose action no later verdict has settled, oldest first. */
  private unsettled: Settled[] = []
  /** Per tracked action, the settle point of its reconciliation (what a later re-check needs). */
  private readonly settlePoints = new Map<number, number>()
  /** Per kept undetermined verdict: its settle point and the failed re-queries so far. */
  private readonly rechecks = new WeakMap<Settled, { settleAt: number; tries: number }>()
  private readonly recheckSettings: RecheckSettings
  private readonly schedule: RecheckSchedule
  private readonly closing = new AbortController()
  private seq = 0

  constructor(opts: OrderGatewayOptions) {
    this.client = opts.client
    this.settings = reconcileSettings(opts)
    this.recheckSettings = recheckSettings(opts.recheck)
    this.schedule = new RecheckSchedule(this.recheckSettings, () => this.recheckRound())
    if (opts.onEvent) this.listeners.add(opts.onEvent)
    // Every reconciliation read listens on this one signal; many at once are expected, not a leak.
    setMaxListeners(0, this.closing.signal)
  }

  /** Subscribes to 'pending' and 'settled' events; returns the unsubscribe function. */
  onEvent(listener: (e: GatewayEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Actions without a verdict yet, oldest first. */
  pending(): PendingAction[] {
    return [...this.actions.values()].map((a) => ({ ...a }))
  }

  /**
   * The latest 'undetermined' verdicts (oldest first) that no later verdict of the same action and order has
   * answered (a second cancel the venue took or refused): the user still has to check these at the venue.
   */
  undetermined(): GatewayEvent[] {
    return [...this.unsettled]
  }

  /** Stops background reconciliation; the `settled` promises of unknown results reject with kind 'aborted'. */
  close(): void {
    this.schedule.close()
    this.closing.abort(new ExchangeError({ kind: 'aborted', endpointId: 'orders', message: 'order gateway closed before the outcome was known' }))
  }

  /** A private read of this profile succeeded: reads may work again, so undetermined actions are re-checked (recheck.ts). */
  readsWork(): void {
    this.schedule.readsWork()
  }

  async place(r: PlaceRequest): Promise<PlaceResult> {
    const ops = MARKET_OPS[r.market]
    const subject = { market: r.market, symbol: r.symbol }
    const claimed = this.claimId(ops.place, r.clientOrderId)
    if (claimed instanceof ExchangeError) return { status: 'rejected', ...subject, clientOrderId: r.clientOrderId ?? '', reconciled: false, error: claimed }
    const cid = claimed
    const key = this.track({ action: 'place', ...subject, clientOrderId: cid })
    this.requests.set(key, placedFields(r))
    try {
      const order = (await this.client.call(ops.place, placeParams(r, cid))) as VenueOrder
      return this.finish(key, 'place', { status: 'placed', ...subject, clientOrderId: cid, reconciled: false, orderId: order.orderId, order })
    } catch (e) {
      const error = asExchangeError(e, ops.place)
      if (!isUnknownOutcome(error)) return this.finish(key, 'place', { status: 'rejected', ...subject, clientOrderId: cid, reconciled: false, error })
      const window = r.market !== 'futures' && r.recvWindow !== undefined ? r.recvWindow : this.settings.windowMs
      return this.reconcilePlaced(key, r.market, r.symbol, cid, error, this.client.executor.clock.now() + window + this.settings.marginMs)
    }
  }

  /** Places up to 10 orders in one request; one result per item, in order. */
  async placeBatch(r: BatchPlaceRequest): Promise<PlaceResult[]> {
    const ops = MARKET_OPS[r.market]
    const batchId = ops.batch!
    const subject = { market: r.market, symbol: r.symbol }
    const given = r.orders.map((o) => o.clientOrderId).filter((c): c is string => c !== undefined)
    const reused = given.find((c, i) => this.isTaken(c) || given.indexOf(c) !== i)
    if (reused !== undefined) {
      const error = this.reuseError(batchId, reused)
      return r.orders.map((o) => ({ status: 'rejected', ...subject, clientOrderId: o.clientOrderId ?? '', reconciled: false, error }))
    }
    const cids = r.orders.map((o) => this.claimId(batchId, o.clientOrderId) as string)
    const keys = cids.map((cid) => this.track({ action: 'place', ...subject, clientOrderId: cid }))
    keys.forEach((k, i) => this.requests.set(k, placedFields(r.orders[i]!)))
    const items = r.orders.map((o, i) => batchItemParams(r.market, o, cids[i]!))
    let answer: { ids?: string[]; failed?: { index?: unknown; code?: unknown; msg?: unknown }[] }
    try {
      answer = (await this.client.call(batchId, { [ops.symbolParam]: r.symbol, orders: items })) as typeof answer
    } catch (e) {
      const error = asExchangeError(e, batchId)
      if (!isUnknownOutcome(error)) return cids.map((cid, i) => this.finish(keys[i]!, 'place', { status: 'rejected', ...subject, clientOrderId: cid, reconciled: false, error }))
      const settleAt = this.client.executor.clock.now() + this.settings.windowMs + this.settings.marginMs
      return Promise.all(cids.map((cid, i) => this.reconcilePlaced(keys[i]!, r.market, r.symbol, cid, error, settleAt)))
    }
    const ids = answer.ids ?? []
    const failed = new Map((answer.failed ?? []).map((f) => [Number(f.index), f]))
    if (ids.length + failed.size !== cids.length) {
      // The answer cannot be matched to the items; the request is complete, so each query is final at once.
      const error = new ExchangeError({ kind: 'unknown-outcome', detail: 'unmatched batch answer', endpointId: batchId, message: `${batchId}: answer lists ${ids.length} of ${cids.length} orders` })
      return Promise.all(cids.map((cid, i) => this.reconcilePlaced(keys[i]!, r.market, r.symbol, cid, error, -Infinity)))
    }
    let next = 0
    return cids.map((cid, i) => {
      const f = failed.get(i)
      if (!f) {
        const orderId = ids[next++]!
        return this.finish(keys[i]!, 'place', { status: 'placed', ...subject, clientOrderId: cid, reconciled: false, orderId, order: { orderId } })
      }
      const code = Number(f.code)
      const msg = typeof f.msg === 'string' ? f.msg : undefined
      const error = new ExchangeError({ kind: 'api', endpointId: batchId, code, clientOrderId: cid, message: `${batchId}: orders[${i}]: ${apiErrorText(code, msg)} (${code})` })
      return this.finish(keys[i]!, 'place', { status: 'rejected', ...subject, clientOrderId: cid, reconciled: false, error })
    })
  }

  async cancel(r: CancelRequest): Promise<CancelResult> {
    const ops = MARKET_OPS[r.market]
    const ref = { orderId: r.orderId, clientOrderId: r.clientOrderId }
    const base = { market: r.market, symbol: r.symbol, clientOrderId: r.clientOrderId ?? '', reconciled: false }
    if (!ref.orderId && !ref.clientOrderId) {
      return { status: 'rejected', ...base, error: new ClientValidationError(ops.cancel, 'orderId', 'or clientOrderId is required') }
    }
    const key = this.track({ action: 'cancel', market: r.market, symbol: r.symbol, orderId: r.orderId, clientOrderId: r.clientOrderId })
    if (!ref.orderId && !ops.cancelByClientId) {
      // Futures cancels by order id only: learn it first with a safe read (nothing is sent if that fails).
      const q = await lookup(this.env(key), r.market, r.symbol, ref)
      if (q.kind !== 'found') {
        const error = new ExchangeError({ kind: q.kind === 'absent' ? 'api' : 'network', code: q.kind === 'absent' ? -2013 : undefined, endpointId: ops.query, message: `${ops.cancel}: the order's id could not be read (${q.kind === 'absent' ? 'order does not exist' : q.reason}); nothing was sent` })
        return this.finish(key, 'cancel', { status: 'rejected', ...base, error })
      }
      ref.orderId = q.order.orderId
    }
    try {
      const order = (await this.client.call(ops.cancel, refParams(r.market, r.symbol, ref))) as VenueOrder & { clientOrderId?: string }
      const orderId = order.orderId ?? ref.orderId
      return this.finish(key, 'cancel', { status: 'canceled', ...base, clientOrderId: order.clientOrderId || base.clientOrderId, orderId, order })
    } catch (e) {
      const error = asExchangeError(e, ops.cancel)
      if (!isUnknownOutcome(error)) return this.finish(key, 'cancel', { status: 'rejected', ...base, orderId: ref.orderId, error })
      return this.reconcileCancelled(key, r, ref, error)
    }
  }

  // ---- reconciliation ----

  private reconcilePlaced(key: number, market: OrderMarket, symbol: string, cid: string, error: ExchangeError, settleAt: number): Promise<PlaceResult> {
    this.update(key, { phase: 'reconciling' })
    this.settlePoints.set(key, settleAt)
    const subject = { market, symbol, clientOrderId: cid, reconciled: true } as const
    const verdict = reconcilePlace(this.env(key), market, symbol, cid, settleAt).then((facts): PlaceVerdict => {
      if (facts.kind === 'cannot-tell') {
        this.undeterminedIds.add(cid)
        return { status: 'undetermined', ...subject, reconciled: true, error: undetermined(MARKET_OPS[market].place, cid, `cannot tell whether order ${cid} was placed: ${facts.reason}; check the venue before sending it again`) } satisfies PlaceUndeterminedResult
      }
      return placeVerdict(subject, facts)
    })
    return this.withDeadline(key, 'place', verdict, { status: 'unknown', ...subject, error })
  }

  private reconcileCancelled(key: number, r: CancelRequest, ref: { orderId?: string; clientOrderId?: string }, error: ExchangeError): Promise<CancelResult> {
    this.update(key, { phase: 'reconciling' })
    const ops = MARKET_OPS[r.market]
    const base = { market: r.market, symbol: r.symbol, clientOrderId: r.clientOrderId ?? '', reconciled: true } as const
    const settleAt = this.client.executor.clock.now() + this.settings.windowMs + this.settings.marginMs
    this.settlePoints.set(key, settleAt)
    const verdict = reconcileCancel(this.env(key), r.market, r.symbol, ref, settleAt).then((facts): CancelVerdict => {
      if (facts.kind === 'cannot-tell') {
        const which = ref.orderId ?? ref.clientOrderId
        const error = undetermined(ops.cancel, base.clientOrderId || undefined, `cannot tell whether order ${which} was canceled: ${facts.reason}; check the venue (cancelling again is safe)`)
        return { status: 'undetermined', ...base, reconciled: true, orderId: ref.orderId, error } satisfies CancelUndeterminedResult
      }
      return cancelVerdict({ ...base, orderId: ref.orderId }, facts)
    })
    return this.withDeadline(key, 'cancel', verdict, { status: 'unknown', ...base, orderId: ref.orderId, error })
  }

  /**
   * One re-check of every kept undetermined action not yet given up (one query each, background priority,
   * one at a time). A definitive answer settles it late: its verdict event replaces the undetermined one.
   */
  private async recheckRound(): Promise<RoundOutcome> {
    const env = { ...this.env(0), priority: 'background' as const } // key 0 tracks no action: no pending updates
    let failed = false
    for (const e of [...this.unsettled]) {
      const meta = this.rechecks.get(e)
      if (!meta || meta.tries >= this.recheckSettings.maxTries || !this.unsettled.includes(e)) continue
      this.closing.signal.throwIfAborted()
      const r = e.result
      const facts =
        e.action === 'place'
          ? await recheckPlace(env, r.market, r.symbol, r.clientOrderId, meta.settleAt)
          : await recheckCancel(env, r.market, r.symbol, { orderId: r.orderId, clientOrderId: r.clientOrderId || undefined }, meta.settleAt)
      if (!this.unsettled.includes(e)) continue // a new action on the same order took over meanwhile
      // A new action on the order still in flight, known by the other id (a cancel by order id, then one by client
      // id): the answer, which names both ids, would read as that action's verdict. Asked again next round.
      if ((facts.kind === 'found' || facts.kind === 'absent') && this.inFlight(e.action, r, facts.kind === 'found' ? facts.order : undefined)) continue
      if (facts.kind === 'failed') {
        meta.tries++
        failed = true
      } else if (facts.kind !== 'too-early') {
        const subject = { market: r.market, symbol: r.symbol, clientOrderId: r.clientOrderId, reconciled: true } as const
        const v = e.action === 'place' ? placeVerdict(subject, facts) : cancelVerdict({ ...subject, orderId: r.orderId }, facts)
        if (e.action === 'place') this.undeterminedIds.delete(r.clientOrderId) // answered: an ordinary used id now
        const event = { ...e, result: v } as Settled
        this.keepUndetermined(e.action, v, event)
        this.emit(event)
      }
    }
    return { failed, remaining: this.unsettled.filter((e) => (this.rechecks.get(e)?.tries ?? Infinity) < this.recheckSettings.maxTries).length }
  }

  /** Whether an action of this kind is in flight on the order `ids` or the venue's `order` name. */
  private inFlight(action: 'place' | 'cancel', ids: { clientOrderId?: string; orderId?: string }, order?: OrderView): boolean {
    const cids = [ids.clientOrderId, order?.clientOrderId].filter((c): c is string => !!c)
    const oids = [ids.orderId, order?.orderId].filter((o): o is string => !!o)
    return [...this.actions.values()].some((a) => a.action === action && ((!!a.clientOrderId && cids.includes(a.clientOrderId)) || (!!a.orderId && oids.includes(a.orderId))))
  }

  /** The verdict if it comes within the deadline, else 'unknown' with the verdict to come as `settled`. */
  private withDeadline<V extends PlaceVerdict | CancelVerdict>(key: number, action: 'place' | 'cancel', verdict: Promise<V>, unknown: Omit<UnknownResult<V>, 'settled'>): Promise<V | UnknownResult<V>> {
    const settled = verdict.then((v) => this.finish(key, action, v))
    settled.catch(() => this.forget(key)) // closed: no verdict; the caller's own handler sees the rejection
    return withinDeadline(settled, this.settings.deadlineMs, () => ({ ...unknown, settled }) as UnknownResult<V>)
  }

  private env(key: number): ReconcileEnv {
    return reconcileEnv(this.client, this.settings, this.closing.signal, {
      onQuery: () => this.update(key, { queries: (this.actions.get(key)?.queries ?? 0) + 1 }),
      onInconclusive: (reason) => this.update(key, { lastError: reason })
    })
  }

  // ---- ids and the pending list ----

  /** The caller's client id if it is new to this gateway, else a fresh one; reuse is refused. */
  private claimId(endpointId: string, given: string | undefined): string | ExchangeError {
    if (given !== undefined && this.isTaken(given)) return this.reuseError(endpointId, given)
    const id = given ?? makeClientOrderId()
    this.usedIds.add(id)
    if (this.usedIds.size > REMEMBERED_IDS) this.usedIds.delete(this.usedIds.values().next().value as string)
    return id
  }

  private isTaken(cid: string): boolean {
    return this.usedIds.has(cid) || this.undeterminedIds.has(cid)
  }

  private reuseError(endpointId: string, cid: string): ClientValidationError {
    const why = this.undeterminedIds.has(cid)
      ? 'names an order whose outcome the venue would not tell (it may exist): check the venue; a new order needs a new client order id'
      : 'was already used: a resend needs a new client order id'
    return new ClientValidationError(endpointId, 'clientOrderId', why)
  }

  private track(a: Omit<PendingAction, 'phase' | 'since' | 'queries'>): number {
    const key = ++this.seq
    this.keepUndetermined(a.action, a)
    const entry: PendingAction = { ...a, phase: 'sending', since: Date.now(), queries: 0 }
    this.actions.set(key, entry)
    this.emit({ type: 'pending', pending: { ...entry } })
    return key
  }

  private update(key: number, change: Partial<PendingAction>): void {
    const a = this.actions.get(key)
    if (!a) return
    Object.assign(a, change)
    this.emit({ type: 'pending', pending: { ...a } })
  }

  private finish<V extends PlaceVerdict | CancelVerdict>(key: number, action: 'place' | 'cancel', v: V): V {
    const request = this.requests.get(key)
    const settleAt = this.settlePoints.get(key) ?? -Infinity
    this.forget(key)
    const event = { type: 'settled', action, result: v, ...(request ? { request } : {}) } as Settled
    this.keepUndetermined(action, v, event)
    if (v.status === 'undetermined') {
      this.rechecks.set(event, { settleAt, tries: 0 })
      this.schedule.refused()
    }
    this.emit(event)
    return v
  }

  /**
   * An undetermined verdict is kept to be told again; a new action or verdict of the same kind on the same order
   * ends the kept ones (its pending entry, then its verdict, is what a later subscriber should see).
   */
  private keepUndetermined(action: 'place' | 'cancel', ids: { clientOrderId?: string; orderId?: string }, e?: Settled): void {
    if (this.unsettled.length === 0 && e?.result.status !== 'undetermined') return
    const same = (k: Settled): boolean =>
      k.action === action && ((!!ids.clientOrderId && k.result.clientOrderId === ids.clientOrderId) || (!!ids.orderId && k.result.orderId === ids.orderId))
    const kept = this.unsettled.filter((k) => !same(k))
    if (e?.result.status === 'undetermined') kept.push(e)
    this.unsettled = kept.slice(-TOLD_AGAIN)
  }

  private forget(key: number): void {
    this.actions.delete(key)
    this.requests.delete(key)
    this.settlePoints.delete(key)
  }

  private emit(e: GatewayEvent): void {
    for (const l of this.listeners) {
      try {
        l(e)
      } catch {
        // a failing listener must not break order handling
      }
    }
  }
}

/** The verdict's error when the venue refuses the reads that would tell: an unknown outcome that stays unknown. */
function undetermined(endpointId: string, clientOrderId: string | undefined, text: string): ExchangeError {
  return new ExchangeError({ kind: 'unknown-outcome', detail: 'undetermined', endpointId, ...(clientOrderId ? { clientOrderId } : {}), message: `${endpointId}: ${text}` })
}

type Subject = { market: OrderMarket; symbol: string; clientOrderId: string; reconciled: true }
type Facts = { kind: 'found'; order: OrderView } | { kind: 'absent' }

/** A place's definitive facts as its verdict: found (rejected if the venue shows REJECTED), or absent after the settle point. */
function placeVerdict(subject: Subject, facts: Facts): PlaceVerdict {
  const { market, clientOrderId: cid } = subject
  if (facts.kind === 'found') {
    const order = facts.order as VenueOrder & OrderView
    if (order.status === 'REJECTED') {
      const rejected = new ExchangeError({ kind: 'api', endpointId: MARKET_OPS[market].place, clientOrderId: cid, message: `${MARKET_OPS[market].place}: the venue rejected order ${cid}` })
      return { status: 'rejected', ...subject, error: rejected }
    }
    return { status: 'placed', ...subject, orderId: order.orderId, order }
  }
  const absent = new ExchangeError({
    kind: 'api',
    code: -2013,
    endpointId: MARKET_OPS[market].place,
    clientOrderId: cid,
    message: `${MARKET_OPS[market].place}: not placed: the venue has no order ${cid} after its time window (the request never took effect)`
  })
  return { status: 'rejected', ...subject, error: absent }
}

/** A cancel's definitive facts as its verdict: cancelled, refused by a final status, still open or absent after the settle point. */
function cancelVerdict(base: Subject & { orderId?: string }, facts: Facts): CancelVerdict {
  const ops = MARKET_OPS[base.market]
  if (facts.kind === 'absent') {
    return { status: 'rejected', ...base, error: new ExchangeError({ kind: 'api', code: -2013, endpointId: ops.cancel, message: `${ops.cancel}: order does not exist` }) }
  }
  const order = facts.order as VenueOrder & OrderView
  const cid = order.clientOrderId || base.clientOrderId
  if (isCancelled(order.status)) return { status: 'canceled', ...base, clientOrderId: cid, orderId: order.orderId, order }
  const why = order.status === 'FILLED' || order.status === 'REJECTED' || order.status === 'EXPIRED' ? `the order is ${order.status}` : `the cancel never took effect (the order is ${order.status ?? 'open'})`
  const refused = new ExchangeError({ kind: 'api', code: -1145, endpointId: ops.cancel, message: `${ops.cancel}: not canceled: ${why}` })
  return { status: 'rejected', ...base, clientOrderId: cid, orderId: order.orderId, orderStatus: order.status, error: refused }
}
