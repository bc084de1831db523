// The gateway's 'undetermined' verdicts (order-gateway.ts): the newest few kept to be told again to a later
// subscriber, the client ids of undetermined places kept taken until their outcome is known, and the re-check
// rounds that read each kept action back (recheck.ts decides when; this file does the reading and the verdicts).
import type { OrderView, ReconcileEnv } from './reconcile'
import { recheckCancel, recheckPlace } from './reconcile'
import {
  RecheckSchedule,
  recheckSettings,
  type RecheckOptions,
  type RecheckSettings,
  type RoundOutcome
} from './recheck'
import type { GatewayEvent } from './types'
import type { UndeterminedStore } from './undetermined-store'
import { isCancelled, isTerminal } from './venue-ops'
import { cancelVerdict, placeVerdict, type Facts } from './verdicts'
import type { Module } from '@shared/module'

/** An order the terminal saw on the venue: an open-orders element or an order-history record. */
export interface SeenOrder {
  market: Module
  symbol: string
  orderId: string
  clientOrderId?: string | null
  status: string
}

export type Settled = Extract<GatewayEvent, { type: 'settled' }>
type Action = 'place' | 'cancel'
/** An order: either id (non-empty), and its market when known (an order id of another market is another order). */
type Ids = { clientOrderId?: string; orderId?: string; market?: Module }

/** Undetermined verdicts told again to a later subscriber (a window opened since): the newest few. */
const TOLD_AGAIN = 20

export interface UndeterminedBookOptions {
  recheck?: RecheckOptions
  /** Re-check reads: background priority, no pending-list hooks, the gateway's close signal. */
  env: ReconcileEnv
  /** Whether an action of this kind is in flight on the order `ids` or the venue's `order` name. */
  inFlight: (action: Action, ids: Ids, order?: OrderView) => boolean
  /** Tells a re-check's verdict (the gateway's listeners). */
  emit: (e: Settled) => void
  /** Where the kept verdicts outlive a restart (undetermined-store.ts); none: memory only. */
  store?: UndeterminedStore
  /**
   * The venue (base URL) this gateway reads: stored verdicts about another one are listed but never re-checked here.
   */
  venue?: string
}

/** Whether the kept verdict `k` is of this action on the order named by `ids`. */
const sameOrder = (k: Settled, action: Action, ids: Ids): boolean =>
  k.action === action &&
  (!ids.market || k.result.market === ids.market) &&
  ((!!ids.clientOrderId && k.result.clientOrderId === ids.clientOrderId) ||
    (!!ids.orderId && k.result.orderId === ids.orderId))

export class UndeterminedBook {
  /** Client ids of places whose outcome the venue would not tell: kept until a re-check answers (unbounded; few). */
  private readonly ids = new Set<string>()
  /** The latest undetermined verdicts whose action no later verdict has settled, oldest first. */
  private kept: Settled[] = []
  /** Per kept undetermined verdict: its settle point and the failed re-queries so far. */
  private readonly rechecks = new WeakMap<Settled, { settleAt: number; tries: number }>()
  /** Stored verdicts about another venue than this gateway's: kept as they are, never re-checked. */
  private readonly elsewhere = new WeakMap<Settled, { settleAt: number; venue: string }>()
  private readonly settings: RecheckSettings
  private readonly schedule: RecheckSchedule

  constructor(private readonly o: UndeterminedBookOptions) {
    this.settings = recheckSettings(o.recheck)
    this.schedule = new RecheckSchedule(this.settings, () => this.round())
    // What a previous run left undetermined: listed and its ids taken; re-checked again, with fresh tries, when it is
    // about this venue (a profile whose URL changed would read another exchange's answer as "not placed").
    const stored = o.store?.load() ?? { kept: [], heldIds: [], intents: [] }
    for (const id of stored.heldIds) this.ids.add(id)
    let ours = 0
    for (const { event, settleAt, venue } of stored.kept.slice(-TOLD_AGAIN)) {
      this.kept.push(event)
      if (event.action === 'place') this.ids.add(event.result.clientOrderId)
      if (!o.venue || venue === o.venue) {
        this.rechecks.set(event, { settleAt, tries: 0 })
        ours++
      } else this.elsewhere.set(event, { settleAt, venue })
    }
    if (ours) this.schedule.refused()
  }

  /** Writes the kept verdicts and the refused ids through, when they outlive a restart. */
  private persist(): void {
    const own = this.o.venue ?? ''
    const kept = this.kept.map((event) => {
      const other = this.elsewhere.get(event)
      // An unmatched batch answer settles at once (-Infinity), which JSON cannot hold: 0 is as far in the past.
      const settleAt = this.rechecks.get(event)?.settleAt ?? 0
      return other ? { event, ...other } : { event, settleAt: Number.isFinite(settleAt) ? settleAt : 0, venue: own }
    })
    void this.o.store?.save({ kept, heldIds: [...this.ids] })
  }

  /** The kept undetermined verdicts, oldest first. */
  list(): Settled[] {
    return [...this.kept]
  }

  /** Whether `cid` names a place whose outcome is still undetermined. */
  holdsId(cid: string): boolean {
    return this.ids.has(cid)
  }

  /**
   * A new action (no `e`) or a verdict `e` of this kind on the order `ids`: it ends the kept verdicts of the same
   * kind on the same order (its pending entry, then its verdict, is what a later subscriber should see); an
   * undetermined `e` is kept, and re-checked from `settleAt` (its reconciliation's settle point).
   */
  keep(action: Action, ids: Ids, e?: Settled, settleAt = -Infinity): void {
    const isUndetermined = e?.result.status === 'undetermined'
    if (this.kept.length > 0 || isUndetermined) {
      const kept = this.kept.filter((k) => !sameOrder(k, action, ids))
      if (isUndetermined) kept.push(e!)
      const changed = kept.length !== this.kept.length || isUndetermined
      this.kept = kept.slice(-TOLD_AGAIN)
      if (isUndetermined) {
        this.rechecks.set(e!, { settleAt, tries: 0 })
        if (action === 'place') this.ids.add(e!.result.clientOrderId)
      }
      if (changed) this.persist()
    }
    if (isUndetermined) this.schedule.refused()
  }

  /**
   * The user checked the venue and dismissed the row: the kept verdicts of this action on this order end (not told
   * again, stored or re-checked). A place's client id stays refused: whether it was placed is still not known here.
   */
  dismiss(action: Action, ids: Ids): void {
    const kept = this.kept.filter((k) => !sameOrder(k, action, ids))
    if (kept.length === this.kept.length) return
    this.kept = kept
    this.persist()
  }

  /** A private read of this profile succeeded: reads may work again (recheck.ts). */
  readsWork(): void {
    this.schedule.readsWork()
  }

  close(): void {
    this.schedule.close()
  }

  /**
   * Orders the terminal saw on the venue (open-orders lists, the order history): a kept undetermined place whose
   * client id is among them was placed (rejected, if the venue shows REJECTED); a kept undetermined cancel whose order
   * shows a final status was canceled, or not (filled first). Each settles as a re-check's answer would.
   */
  saw(orders: readonly SeenOrder[]): void {
    for (const e of [...this.kept]) {
      const r = e.result
      const o = orders.find(
        (x) =>
          x.market === r.market &&
          x.symbol === r.symbol &&
          (e.action === 'place'
            ? !!x.clientOrderId && x.clientOrderId === r.clientOrderId
            : !!r.orderId && x.orderId === r.orderId)
      )
      if (!o || (e.action === 'cancel' && !isCancelled(o.status) && !isTerminal(o.status))) continue // open: a cancel may yet take
      const order = {
        orderId: o.orderId,
        status: o.status,
        ...(o.clientOrderId ? { clientOrderId: o.clientOrderId } : {})
      }
      if (this.o.inFlight(e.action, r, order)) continue
      this.settle(e, { kind: 'found', order })
    }
  }

  /** A kept undetermined action answered: its verdict replaces it (told as a late verdict), a place's id is freed. */
  private settle(e: Settled, facts: Facts): void {
    const r = e.result
    const subject = {
      actionId: r.actionId,
      market: r.market,
      symbol: r.symbol,
      clientOrderId: r.clientOrderId,
      reconciled: true
    } as const
    const v =
      e.action === 'place' ? placeVerdict(subject, facts) : cancelVerdict({ ...subject, orderId: r.orderId }, facts)
    if (e.action === 'place') this.ids.delete(r.clientOrderId) // answered: an ordinary used id now
    const event = { ...e, result: v, late: true } as Settled
    this.keep(e.action, v, event)
    this.o.emit(event)
  }

  /**
   * One re-check of every kept undetermined action not yet given up (one query each, background priority,
   * one at a time). A definitive answer settles it late: its verdict event replaces the undetermined one.
   */
  private async round(): Promise<RoundOutcome> {
    const env = this.o.env
    let failed = false
    for (const e of [...this.kept]) {
      const meta = this.rechecks.get(e)
      if (!meta || meta.tries >= this.settings.maxTries || !this.kept.includes(e)) continue
      env.signal.throwIfAborted()
      const r = e.result
      const facts =
        e.action === 'place'
          ? await recheckPlace(env, r.market, r.symbol, r.clientOrderId, meta.settleAt)
          : await recheckCancel(
              env,
              r.market,
              r.symbol,
              { orderId: r.orderId, clientOrderId: r.clientOrderId || undefined },
              meta.settleAt
            )
      if (!this.kept.includes(e)) continue // a new action on the same order took over meanwhile
      // A new action on the order still in flight, known by the other id (a cancel by order id, then one by client
      // id): the answer, which names both ids, would read as that action's verdict. Asked again next round.
      if (
        (facts.kind === 'found' || facts.kind === 'absent') &&
        this.o.inFlight(e.action, r, facts.kind === 'found' ? facts.order : undefined)
      )
        continue
      if (facts.kind === 'failed') {
        meta.tries++
        failed = true
      } else if (facts.kind !== 'too-early') this.settle(e, facts)
    }
    return {
      failed,
      remaining: this.kept.filter((e) => (this.rechecks.get(e)?.tries ?? Infinity) < this.settings.maxTries).length
    }
  }
}
