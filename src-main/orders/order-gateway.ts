// The one way the terminal places and cancels orders (docs/ARCHITECTURE.md): every order gets a client order id
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
//
// Every place and cancel is written down before it is sent (intents.ts) and struck off at its verdict: a terminal
// killed meanwhile resumes it at its next start (reconciled, its verdict told with notice 'recovered'). A place
// reconciled as "not placed" is read back once more `confirmAfterMs` later; found then, its verdict is corrected
// (a 'placed' event with notice 'correction', told at once). Notices are told again to subscribers that come soon
// after (noticesToTell), so one reached before any window listened is not lost.
import { setMaxListeners } from 'node:events'
import { ClientValidationError, ExchangeError, apiErrorText, isExchangeError } from '../client/errors'
import type { ExchangeClient } from '../client/exchange-client'
import { MAX_WRITE_ERROR_MS } from '../client/clock'
import { IntentLog, IntentWriteError, type Intent, type NewIntent } from './intents'
import {
  backOff,
  lookup,
  reconcileCancel,
  reconcileEnv,
  reconcilePlace,
  settlePoint,
  withinDeadline,
  type ReconcileEnv
} from './reconcile'
import type { RecheckOptions } from './recheck'
import type {
  BatchPlaceRequest,
  CancelRequest,
  CancelResult,
  CancelUndeterminedResult,
  CancelVerdict,
  GatewayEvent,
  PendingAction,
  PlaceRequest,
  PlaceResult,
  PlaceUndeterminedResult,
  PlaceVerdict,
  UnknownResult,
  VenueOrder
} from './types'
import { ClientIds } from './client-ids'
import { NoticeLog } from './notice-log'
import { NotPlacedWatch } from './not-placed-watch'
import { PendingActions } from './pending-actions'
import { UndeterminedBook, type SeenOrder, type Settled } from './undetermined-book'
import type { UndeterminedStore } from './undetermined-store'
import { batchItemParams, MARKET_OPS, placeParams, placedFields, refParams } from './venue-ops'
import { cancelVerdict, placeVerdict, undetermined } from './verdicts'
import { asSaid, linking, said, SaidError } from './said'
import type { Module } from '@shared/module'

export interface OrderGatewayOptions {
  client: ExchangeClient
  /** How long place/cancel waits for a verdict before answering 'unknown' (and reconciling on). Default 20 000 ms. */
  reconcileDeadlineMs?: number
  /** The venue's timestamp window (spec: 5000 ms); a place's own recvWindow replaces it. */
  timeWindowMs?: number
  /**
   * Added to the window before "absent" is final: the venue's processing (the clock's error is its own bound). Default
   * 1000 ms.
   */
  settleMarginMs?: number
  /** Back-off between reconciliation reads while the venue is unreachable. Default 250 ms doubling to 5000 ms. */
  backoff?: { baseMs?: number; maxMs?: number }
  random?: () => number
  onEvent?: (e: GatewayEvent) => void
  /** When undetermined actions are read back again (recheck.ts). */
  recheck?: RecheckOptions
  /** Where undetermined verdicts outlive a restart (undetermined-store.ts); none: memory only. */
  undetermined?: UndeterminedStore
  /** The venue's base URL, stored with each undetermined verdict: one about another venue is never re-checked here. */
  venue?: string
  /** How long after a reconciled "not placed" the client id is read back once more. Default 30 000 ms. */
  confirmAfterMs?: number
}

/** The family's "unknown error while processing": the venue itself does not know what it did. */
const VENUE_UNKNOWN = -1000

/**
 * The gateway closed under a send: no verdict here; the gateway that took over resumes the action (OrderGateway.sent).
 */
class GatewayReplacedError extends SaidError {
  constructor(endpointId: string) {
    const { message, words } = said({ kind: 'aborted', endpointId }, { key: 'main.order.replaced' })
    super({ kind: 'aborted', endpointId, message }, words)
  }
}
const isClosedError = (e: unknown): boolean => e instanceof GatewayReplacedError

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
  return said({ kind: 'unknown-outcome', endpointId }, { key: 'main.order.unexpected' })
}

export class OrderGateway {
  private readonly client: ExchangeClient
  /** Its reconciliation settings (a move's reads back off as its reconciliation does). */
  readonly settings: ReconcileSettings
  private readonly listeners = new Set<(e: GatewayEvent) => void>()
  private readonly actions: PendingActions
  private readonly ids: ClientIds
  private readonly book: UndeterminedBook
  private readonly intents: IntentLog
  /** Notices (recovered verdicts, corrections): told again to the subscribers that come soon after. */
  private readonly notices = new NoticeLog()
  private readonly notPlaced: NotPlacedWatch
  private readonly closing = new AbortController()

  constructor(opts: OrderGatewayOptions) {
    this.client = opts.client
    this.settings = reconcileSettings(opts)
    this.book = new UndeterminedBook({
      recheck: opts.recheck,
      env: this.backgroundEnv(),
      inFlight: (action, ids, order) => this.actions.inFlight(action, ids, order),
      emit: (e) => this.emit(e),
      ...(opts.undetermined ? { store: opts.undetermined } : {}),
      ...(opts.venue ? { venue: opts.venue } : {})
    })
    if (opts.onEvent) this.listeners.add(opts.onEvent)
    // Every reconciliation read listens on this one signal; many at once are expected, not a leak.
    setMaxListeners(0, this.closing.signal)
    this.intents = new IntentLog(opts.undetermined, opts.venue ?? '')
    this.actions = new PendingActions({ newId: () => this.intents.newId(), emit: (e) => this.emit(e) })
    this.ids = new ClientIds((cid) => this.book.holdsId(cid))
    this.notPlaced = new NotPlacedWatch({
      intents: this.intents,
      env: () => this.backgroundEnv(),
      confirmAfterMs: opts.confirmAfterMs ?? 30_000,
      correct: (event) => {
        this.notices.add(event)
        this.emit(event)
      }
    })
    for (const i of this.intents.takeRestored()) void this.resume(i)
  }

  /** Subscribes to 'pending' and 'settled' events; returns the unsubscribe function. */
  onEvent(listener: (e: GatewayEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Actions without a verdict yet, oldest first. */
  pending(): PendingAction[] {
    return this.actions.list()
  }

  /**
   * The latest 'undetermined' verdicts (oldest first) that no later verdict of the same action and order has
   * answered (a second cancel the venue took or refused): the user still has to check these at the venue.
   */
  undetermined(): GatewayEvent[] {
    return this.book.list()
  }

  /**
   * Verdicts told as notices (resumed after a restart, corrected later) for a subscriber that comes now
   * (notice-log.ts).
   */
  noticesToTell(): GatewayEvent[] {
    return this.notices.toTell()
  }

  /**
   * Stops background reconciliation; the `settled` promises of unknown results reject with kind 'aborted'. Actions in
   * flight stay written down: the next start resumes them.
   */
  close(): void {
    this.notPlaced.close()
    this.book.close()
    this.closing.abort(said({ kind: 'aborted', endpointId: 'orders' }, { key: 'main.order.closed' }, null))
  }

  /** The user checked the venue: the undetermined action on this order is no longer listed, stored or re-checked. */
  dismissUndetermined(
    action: 'place' | 'cancel',
    ids: { market: Module; orderId?: string; clientOrderId?: string }
  ): void {
    this.book.dismiss(action, ids)
  }

  /** Orders the terminal saw on the venue (open orders, the order history): undetermined actions they answer settle. */
  sawOrders(orders: readonly SeenOrder[]): void {
    this.book.saw(orders)
    this.notPlaced.saw(orders) // a place told "not placed" awaiting its read-back: corrected at once
  }

  /**
   * A private read of this profile succeeded: reads may work again, so undetermined actions are re-checked
   * (recheck.ts).
   */
  readsWork(): void {
    this.book.readsWork()
  }

  async place(r: PlaceRequest): Promise<PlaceResult> {
    const ops = MARKET_OPS[r.market]
    const subject = { market: r.market, symbol: r.symbol }
    const claimed = this.ids.claim(ops.place, r.clientOrderId)
    // Refused before anything is tracked: an id of its own all the same, though no event will name it.
    if (claimed instanceof ExchangeError)
      return {
        status: 'rejected',
        actionId: this.intents.newId(),
        ...subject,
        clientOrderId: r.clientOrderId ?? '',
        reconciled: false,
        error: claimed
      }
    const cid = claimed
    const key = this.track({ action: 'place', ...subject, clientOrderId: cid, order: placedFields(r) })
    const actionId = this.actions.actionIdOf(key)
    const ownWindow = r.market !== 'futures' && r.recvWindow !== undefined ? { windowMs: r.recvWindow } : {}
    const unrecorded = await this.record(
      [key],
      [{ action: 'place', ...subject, clientOrderId: cid, request: placedFields(r), phase: 'sending', ...ownWindow }],
      ops.place
    )
    if (unrecorded)
      return this.finish(key, 'place', {
        status: 'rejected',
        actionId,
        ...subject,
        clientOrderId: cid,
        reconciled: false,
        error: unrecorded
      })
    try {
      const order = (await this.sent(ops.place, placeParams(r, cid), { priority: r.priority })) as VenueOrder
      return this.finish(key, 'place', {
        status: 'placed',
        actionId,
        ...subject,
        clientOrderId: cid,
        reconciled: false,
        orderId: order.orderId,
        order
      })
    } catch (e) {
      if (isClosedError(e)) throw e
      const error = asExchangeError(e, ops.place)
      if (!isUnknownOutcome(error))
        return this.finish(key, 'place', {
          status: 'rejected',
          actionId,
          ...subject,
          clientOrderId: cid,
          reconciled: false,
          error
        })
      const window = r.market !== 'futures' && r.recvWindow !== undefined ? r.recvWindow : this.settings.windowMs
      return this.reconcilePlaced(
        key,
        r.market,
        r.symbol,
        cid,
        error,
        settlePoint(this.client, window, this.settings.marginMs)
      )
    }
  }

  /** Places up to 10 orders in one request; one result per item, in order. */
  async placeBatch(r: BatchPlaceRequest): Promise<PlaceResult[]> {
    const ops = MARKET_OPS[r.market]
    const batchId = ops.batch!
    const subject = { market: r.market, symbol: r.symbol }
    const given = r.orders.map((o) => o.clientOrderId).filter((c): c is string => c !== undefined)
    const reused = given.find((c, i) => this.ids.isTaken(c) || given.indexOf(c) !== i)
    if (reused !== undefined) {
      const error = this.ids.reuseError(batchId, reused)
      return r.orders.map((o) => ({
        status: 'rejected',
        actionId: this.intents.newId(),
        ...subject,
        clientOrderId: o.clientOrderId ?? '',
        reconciled: false,
        error
      }))
    }
    const cids = r.orders.map((o) => this.ids.claim(batchId, o.clientOrderId) as string)
    const keys = cids.map((cid, i) =>
      this.track({ action: 'place', ...subject, clientOrderId: cid, order: placedFields(r.orders[i]!) })
    )
    const unrecorded = await this.record(
      keys,
      cids.map((cid, i) => ({
        action: 'place',
        ...subject,
        clientOrderId: cid,
        request: placedFields(r.orders[i]!),
        phase: 'sending'
      })),
      batchId
    )
    const actionIds = keys.map((k) => this.actions.actionIdOf(k))
    if (unrecorded)
      return cids.map((cid, i) =>
        this.finish(keys[i]!, 'place', {
          status: 'rejected',
          actionId: actionIds[i]!,
          ...subject,
          clientOrderId: cid,
          reconciled: false,
          error: unrecorded
        })
      )
    const items = r.orders.map((o, i) => batchItemParams(r.market, o, cids[i]!))
    let answer: { ids?: string[]; failed?: { index?: unknown; code?: unknown; msg?: unknown }[] }
    try {
      answer = (await this.sent(
        batchId,
        { [ops.symbolParam]: r.symbol, orders: items },
        { priority: r.priority }
      )) as typeof answer
    } catch (e) {
      if (isClosedError(e)) throw e
      const error = asExchangeError(e, batchId)
      if (!isUnknownOutcome(error))
        return cids.map((cid, i) =>
          this.finish(keys[i]!, 'place', {
            status: 'rejected',
            actionId: actionIds[i]!,
            ...subject,
            clientOrderId: cid,
            reconciled: false,
            error
          })
        )
      const settleAt = settlePoint(this.client, this.settings.windowMs, this.settings.marginMs)
      return Promise.all(cids.map((cid, i) => this.reconcilePlaced(keys[i]!, r.market, r.symbol, cid, error, settleAt)))
    }
    const ids = answer.ids ?? []
    const failed = new Map((answer.failed ?? []).map((f) => [Number(f.index), f]))
    if (ids.length + failed.size !== cids.length) {
      // The answer cannot be matched to the items; the request is complete, so each query is final at once.
      const error = said(
        { kind: 'unknown-outcome', detail: 'unmatched batch answer', endpointId: batchId },
        { key: 'main.order.batchUnmatched', params: { listed: ids.length, total: cids.length } }
      )
      return Promise.all(
        cids.map((cid, i) => this.reconcilePlaced(keys[i]!, r.market, r.symbol, cid, error, -Infinity))
      )
    }
    let next = 0
    return cids.map((cid, i) => {
      const f = failed.get(i)
      if (!f) {
        const orderId = ids[next++]!
        return this.finish(keys[i]!, 'place', {
          status: 'placed',
          actionId: actionIds[i]!,
          ...subject,
          clientOrderId: cid,
          reconciled: false,
          orderId,
          order: { orderId }
        })
      }
      const code = Number(f.code)
      const msg = typeof f.msg === 'string' ? f.msg : undefined
      const error = new ExchangeError({
        kind: 'api',
        endpointId: batchId,
        code,
        clientOrderId: cid,
        message: `${batchId}: orders[${i}]: ${apiErrorText(code, msg)} (${code})`
      })
      return this.finish(keys[i]!, 'place', {
        status: 'rejected',
        actionId: actionIds[i]!,
        ...subject,
        clientOrderId: cid,
        reconciled: false,
        error
      })
    })
  }

  async cancel(r: CancelRequest): Promise<CancelResult> {
    const ops = MARKET_OPS[r.market]
    const ref = { orderId: r.orderId, clientOrderId: r.clientOrderId }
    const named = { market: r.market, symbol: r.symbol, clientOrderId: r.clientOrderId ?? '', reconciled: false }
    if (!ref.orderId && !ref.clientOrderId) {
      return {
        status: 'rejected',
        actionId: this.intents.newId(),
        ...named,
        error: new ClientValidationError(ops.cancel, 'orderId', 'or clientOrderId is required')
      }
    }
    const key = this.track({
      action: 'cancel',
      market: r.market,
      symbol: r.symbol,
      orderId: r.orderId,
      clientOrderId: r.clientOrderId
    })
    const base = { actionId: this.actions.actionIdOf(key), ...named }
    if (!ref.orderId && !ops.cancelByClientId) {
      // Futures cancels by order id only: learn it first with a safe read (nothing is sent if that fails).
      const q = await lookup(this.env(key), r.market, r.symbol, ref)
      if (q.kind !== 'found') {
        const reason =
          q.kind === 'absent' ? { key: 'main.verdict.noSuchOrder' } : q.kind === 'refused' ? q.reason : asSaid(q.reason)
        const error = said(
          {
            kind: q.kind === 'absent' ? 'api' : 'network',
            code: q.kind === 'absent' ? -2013 : undefined,
            endpointId: ops.query
          },
          linking({ key: 'main.order.idUnread' }, 'reason', reason),
          ops.cancel
        )
        return this.finish(key, 'cancel', { status: 'rejected', ...base, error })
      }
      ref.orderId = q.order.orderId
    }
    const unrecorded = await this.record(
      [key],
      [
        {
          action: 'cancel',
          market: r.market,
          symbol: r.symbol,
          clientOrderId: r.clientOrderId ?? '',
          orderId: ref.orderId,
          phase: 'sending'
        }
      ],
      ops.cancel
    )
    if (unrecorded)
      return this.finish(key, 'cancel', { status: 'rejected', ...base, orderId: ref.orderId, error: unrecorded })
    try {
      const order = (await this.sent(ops.cancel, refParams(r.market, r.symbol, ref), {
        priority: r.priority
      })) as VenueOrder & {
        clientOrderId?: string
      }
      const orderId = order.orderId ?? ref.orderId
      return this.finish(key, 'cancel', {
        status: 'canceled',
        ...base,
        clientOrderId: order.clientOrderId || base.clientOrderId,
        orderId,
        order
      })
    } catch (e) {
      if (isClosedError(e)) throw e
      const error = asExchangeError(e, ops.cancel)
      if (!isUnknownOutcome(error))
        return this.finish(key, 'cancel', { status: 'rejected', ...base, orderId: ref.orderId, error })
      return this.reconcileCancelled(
        key,
        r,
        ref,
        error,
        settlePoint(this.client, this.settings.windowMs, this.settings.marginMs)
      )
    }
  }

  // ---- actions in flight across restarts ----

  /**
   * Sends a place or cancel. An answer that comes after close() (the profile was edited: a new gateway took over)
   * is not made a verdict here: the action stays written down, and the gateway that took over resumes it, so it
   * gets exactly one verdict. The caller sees kind 'aborted'.
   */
  private async sent(...[endpointId, params, opts]: Parameters<ExchangeClient['call']>): Promise<unknown> {
    const closedError = (): ExchangeError => new GatewayReplacedError(String(endpointId))
    let answer: unknown
    try {
      // The close signal too: a request still queued for its rate budget never leaves once the gateway is replaced.
      answer = await this.client.call(endpointId, params, { priority: opts?.priority, signal: this.closing.signal })
    } catch (e) {
      throw this.closing.signal.aborted ? closedError() : e
    }
    if (this.closing.signal.aborted) throw closedError()
    return answer
  }

  /** Writes the actions down before they are sent; an error (nothing sent) when that failed. */
  private async record(
    keys: number[],
    intents: Omit<NewIntent, 'id'>[],
    endpointId: string
  ): Promise<ExchangeError | undefined> {
    try {
      const ids = await this.intents.add(intents.map((x, i) => ({ ...x, id: this.actions.actionIdOf(keys[i]!) })))
      keys.forEach((k, i) => this.actions.setIntent(k, ids[i]!))
      return undefined
    } catch (e) {
      const why = e instanceof IntentWriteError ? e.words : { key: 'main.order.notRecorded' }
      return said({ kind: 'validation', endpointId }, why)
    }
  }

  /**
   * An action a previous run wrote down and never settled (it was killed, or closed while reconciling): reconciled
   * now and its verdict told as a notice; a "not placed" of the previous run still to confirm is read back.
   */
  private async resume(i: Intent): Promise<void> {
    if (i.action === 'place') this.ids.add(i.clientOrderId) // a resend under it would look like this order
    if (i.phase === 'confirming') {
      this.notPlaced.resume(i)
      return
    }
    const subject = { market: i.market, symbol: i.symbol }
    // Its entry's id is its action id: the verdict carries the id this action had when it was sent.
    const key = this.track({
      actionId: i.id,
      action: i.action,
      ...subject,
      clientOrderId: i.clientOrderId || undefined,
      ...(i.orderId ? { orderId: i.orderId } : {}),
      ...(i.action === 'place' && i.request ? { order: i.request } : {})
    })
    this.actions.markRecovered(key)
    this.actions.setIntent(key, i.id) // its entry stays in the file until the verdict
    const endpointId = i.action === 'place' ? MARKET_OPS[i.market].place : MARKET_OPS[i.market].cancel
    const error = said({ kind: 'unknown-outcome', detail: 'restart', endpointId }, { key: 'main.order.restarted' })
    this.actions.update(key, { phase: 'reconciling' })
    try {
      const settleAt = await this.restartSettlePoint(key, i.windowMs ?? this.settings.windowMs)
      if (i.action === 'place') await this.reconcilePlaced(key, i.market, i.symbol, i.clientOrderId, error, settleAt)
      else
        await this.reconcileCancelled(
          key,
          { ...subject, orderId: i.orderId, clientOrderId: i.clientOrderId || undefined },
          { orderId: i.orderId, clientOrderId: i.clientOrderId || undefined },
          error,
          settleAt
        )
    } catch {
      this.actions.forget(key) // closed before the verdict: still written down for the next start
    }
  }

  /**
   * The settle point of a request a previous run stamped at an unknown moment before this start: the venue's clock
   * now at most (estimate + its error bound), + how far ahead that run's stamp could be (writes are stamped only
   * within MAX_WRITE_ERROR_MS, request.ts), + the window and the processing margin. Computed once the clock is synced
   * (the local clock alone proves nothing).
   */
  private async restartSettlePoint(key: number, windowMs: number): Promise<number> {
    const clock = this.client.executor.clock
    for (let n = 1; ; n++) {
      await clock.ensureSynced()
      if (clock.state().synced) break
      await backOff(this.env(key), n, 'the venue clock could not be read')
    }
    return clock.now() + clock.errorBoundMs() + MAX_WRITE_ERROR_MS + windowMs + this.settings.marginMs
  }

  // ---- reconciliation ----

  private reconcilePlaced(
    key: number,
    market: Module,
    symbol: string,
    cid: string,
    error: ExchangeError,
    settleAt: number
  ): Promise<PlaceResult> {
    this.actions.update(key, { phase: 'reconciling' })
    const subject = {
      actionId: this.actions.actionIdOf(key),
      market,
      symbol,
      clientOrderId: cid,
      reconciled: true
    } as const
    const verdict = reconcilePlace(this.env(key), market, symbol, cid, settleAt).then((facts): PlaceVerdict => {
      if (facts.kind === 'cannot-tell') {
        return {
          status: 'undetermined',
          ...subject,
          reconciled: true,
          error: undetermined(
            MARKET_OPS[market].place,
            cid,
            linking({ key: 'main.verdict.placeUndetermined', params: { order: cid } }, 'reason', facts.reason)
          )
        } satisfies PlaceUndeterminedResult
      }
      return placeVerdict(subject, facts)
    })
    return this.withDeadline(key, 'place', verdict, { status: 'unknown', ...subject, error }, settleAt)
  }

  private reconcileCancelled(
    key: number,
    r: CancelRequest,
    ref: { orderId?: string; clientOrderId?: string },
    error: ExchangeError,
    settleAt: number
  ): Promise<CancelResult> {
    this.actions.update(key, { phase: 'reconciling' })
    const ops = MARKET_OPS[r.market]
    const base = {
      actionId: this.actions.actionIdOf(key),
      market: r.market,
      symbol: r.symbol,
      clientOrderId: r.clientOrderId ?? '',
      reconciled: true
    } as const
    const verdict = reconcileCancel(this.env(key), r.market, r.symbol, ref, settleAt).then((facts): CancelVerdict => {
      if (facts.kind === 'cannot-tell') {
        const which = ref.orderId ?? ref.clientOrderId
        const error = undetermined(
          ops.cancel,
          base.clientOrderId || undefined,
          linking({ key: 'main.verdict.cancelUndetermined', params: { order: which ?? '' } }, 'reason', facts.reason)
        )
        return {
          status: 'undetermined',
          ...base,
          reconciled: true,
          orderId: ref.orderId,
          error
        } satisfies CancelUndeterminedResult
      }
      return cancelVerdict({ ...base, orderId: ref.orderId }, facts)
    })
    return this.withDeadline(
      key,
      'cancel',
      verdict,
      { status: 'unknown', ...base, orderId: ref.orderId, error },
      settleAt
    )
  }

  /**
   * The verdict if it comes within the deadline, else 'unknown' with the verdict to come as `settled`.
   * `settleAt` (the reconciliation's settle point) is where an undetermined verdict's re-checks start.
   */
  private withDeadline<V extends PlaceVerdict | CancelVerdict>(
    key: number,
    action: 'place' | 'cancel',
    verdict: Promise<V>,
    unknown: Omit<UnknownResult<V>, 'settled'>,
    settleAt: number
  ): Promise<V | UnknownResult<V>> {
    const settled = verdict.then((v) => this.finish(key, action, v, settleAt))
    settled.catch(() => this.actions.forget(key)) // closed: no verdict; the caller's own handler sees the rejection
    return withinDeadline(settled, this.settings.deadlineMs, () => {
      this.actions.markAnsweredUnknown(key)
      return { ...unknown, settled } as UnknownResult<V>
    })
  }

  /** Reads that track no pending action (re-checks, read-backs): background priority, no counts or notes to update. */
  private backgroundEnv(): ReconcileEnv {
    return {
      ...reconcileEnv(this.client, this.settings, this.closing.signal, {
        onQuery: () => undefined,
        onInconclusive: () => undefined
      }),
      priority: 'background'
    }
  }

  private env(key: number): ReconcileEnv {
    return reconcileEnv(this.client, this.settings, this.closing.signal, {
      onQuery: () => this.actions.queried(key),
      onInconclusive: (reason) => this.actions.update(key, { lastError: reason })
    })
  }

  // ---- the pending list ----

  /** Lists an action (pending-actions.ts); the undetermined book hears of it first, to release what it answers. */
  private track(a: Parameters<PendingActions['track']>[0]): number {
    this.book.keep(a.action, a)
    return this.actions.track(a)
  }

  private finish<V extends PlaceVerdict | CancelVerdict>(
    key: number,
    action: 'place' | 'cancel',
    v: V,
    settleAt = -Infinity
  ): V {
    const { request, recovered, late, intent } = this.actions.take(key)
    const notPlaced = action === 'place' && v.status === 'rejected' && v.reconciled && v.error.code === -2013
    // Read back once more later: a venue that still took a copy is told as a correction.
    if (notPlaced)
      this.notPlaced.watch(intent, {
        actionId: v.actionId,
        market: v.market,
        symbol: v.symbol,
        clientOrderId: v.clientOrderId,
        ...(request ? { request } : {})
      })
    else this.intents.remove(intent)
    const event = {
      type: 'settled',
      action,
      result: v,
      late,
      ...(request ? { request } : {}),
      ...(recovered ? { notice: 'recovered' } : {})
    } as Settled
    if (recovered) this.notices.add(event)
    this.book.keep(action, v, event, settleAt)
    this.emit(event)
    return v
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
