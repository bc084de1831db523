// Sends a futures operation that is not a plain order (trigger order, TP/SL, leverage or model edit, wallet
// transfer) ONCE and, when its outcome is unknown (timeout, 5xx, dropped connection, -1000), finds out from the
// venue whether it took effect before anything is reported (op-reconcile.ts) — the order gateway's rule for
// these operations. Verdicts: 'applied', 'not-applied' (only then is a resend safe), 'undetermined' (the venue
// cannot tell: said so, never guessed). When no verdict is reached by the deadline the result is 'unknown' and
// checking goes on in the background until `settled` resolves. While an operation is sending or being checked,
// an identical one (same key) is refused without sending: a user's retry can never duplicate it.
// Like the order gateway, it announces each operation to `onEvent`: 'pending' when it starts and whenever its
// check progresses, 'settled' when it ends (`late` when the command had already answered 'unknown'), so a verdict
// reached after the deadline still reaches the user.
import { randomBytes } from 'node:crypto'
import { setMaxListeners } from 'node:events'
import type { Words } from '@shared/i18n/words'
import type { ExchangeError } from '../client/errors'
import type { ExchangeClient } from '../client/exchange-client'
import type { EndpointId } from '../../src-shared/api/catalog'
import {
  asExchangeError,
  isUnknownOutcome,
  reconcileSettings,
  type OrderGatewayOptions,
  type ReconcileSettings
} from './order-gateway'
import type { OpFacts, OpWindow } from './op-reconcile'
import { reconcileEnv, settlePoint, withinDeadline, type ReconcileEnv } from './reconcile'
import { linking, said, SaidValidationError } from './said'

export type OpVerdict<T> =
  | { status: 'applied'; value: T; reconciled: boolean }
  | { status: 'not-applied'; reconciled: boolean; error: ExchangeError }
  | { status: 'undetermined'; reconciled: true; error: ExchangeError }
/** `id`: the operation's (its events' `id`); a request refused as identical gets one too, though no event names it. */
export type OpResult<T> = (
  OpVerdict<T> | { status: 'unknown'; error: ExchangeError; settled: Promise<OpVerdict<T>> }
) & { id: string }

export interface GuardedOp<T> {
  endpointId: EndpointId
  /** Equal for identical operations (endpoint and every field sent). */
  key: string
  subject: OpSubject
  /**
   * Runs under the identical-request lock before sending (a read the reconciliation relies on); a throw sends nothing.
   */
  prepare?(): Promise<void>
  send(): Promise<T>
  /** Safe reads only; `w` is where, on the venue's clock, it may have processed the request. */
  reconcile(env: ReconcileEnv, w: OpWindow): Promise<OpFacts<T>>
}

export type OpKind =
  'conditional' | 'tp-sl' | 'trigger-cancel' | 'leverage' | 'position-mode' | 'margin-mode' | 'transfer'

/** What an operation is about, for the user (never a secret). */
export interface OpSubject {
  kind: OpKind
  /** The contract, when there is one. */
  symbol?: string
  coin?: string
  /** Decimal text: a volume or a transfer's amount. */
  amount?: string
  /** A short description of what was asked ("leverage 20, cross"). */
  detail: string
  /** `detail` in catalog words (main.operation.*), for the UI to tell in its language. */
  words?: Words
}

/** An operation without a verdict yet (for the status/log: what is being checked and why it is not known yet). */
export interface PendingOp {
  /**
   * Ties 'pending' events to their 'settled' one; the command's action id. Unique in the run (a random prefix per
   * guard): a guard rebuilt after a profile edit must not reuse the ids of the one before.
   */
  id: string
  endpointId: EndpointId
  subject: OpSubject
  phase: 'sending' | 'reconciling'
  since: number
  queries: number
  lastError?: string
}

export type OpEvent =
  | { type: 'pending'; pending: PendingOp }
  | {
      type: 'settled'
      id: string
      endpointId: EndpointId
      subject: OpSubject
      status: OpVerdict<unknown>['status']
      /** Why not applied, or why the venue cannot tell (a safe message); none when applied. */
      error?: ExchangeError
      /** The command had already answered 'unknown' (this verdict is the only word the user gets). */
      late: boolean
    }

export type OperationGuardOptions = Omit<OrderGatewayOptions, 'onEvent'> & {
  client: ExchangeClient
  onEvent?: (e: OpEvent) => void
}

export class OperationGuard {
  private readonly client: ExchangeClient
  private readonly settings: ReconcileSettings
  private readonly busy = new Map<string, PendingOp>()
  private readonly closing = new AbortController()
  private readonly onEvent: ((e: OpEvent) => void) | undefined
  private seq = 0
  private readonly prefix = `op-${randomBytes(6).toString('hex')}`

  constructor(opts: OperationGuardOptions) {
    const { onEvent, ...rest } = opts
    this.client = opts.client
    this.onEvent = onEvent
    this.settings = reconcileSettings(rest)
    setMaxListeners(0, this.closing.signal)
  }

  pending(): PendingOp[] {
    return [...this.busy.values()].map((p) => ({ ...p }))
  }

  /** Stops background checks; open `settled` promises reject with kind 'aborted'. */
  close(): void {
    this.closing.abort(said({ kind: 'aborted', endpointId: 'operations' }, { key: 'main.op.closed' }, null))
  }

  async run<T>(op: GuardedOp<T>): Promise<OpResult<T>> {
    if (this.busy.has(op.key)) {
      const error = new SaidValidationError(
        op.endpointId,
        'request',
        'is identical to one still being sent or checked with the venue; nothing was sent: wait for its verdict',
        { key: 'main.op.identical' }
      )
      return { status: 'not-applied', reconciled: false, error, id: this.nextId() }
    }
    const p: PendingOp = {
      id: this.nextId(),
      endpointId: op.endpointId,
      subject: op.subject,
      phase: 'sending',
      since: Date.now(),
      queries: 0
    }
    this.busy.set(op.key, p)
    this.emit({ type: 'pending', pending: { ...p } })
    const late = { value: false }
    const end = (status: OpVerdict<unknown>['status'], error?: ExchangeError): void => {
      this.busy.delete(op.key)
      this.emit({
        type: 'settled',
        id: p.id,
        endpointId: op.endpointId,
        subject: op.subject,
        status,
        ...(error ? { error } : {}),
        late: late.value
      })
    }
    if (op.prepare) {
      try {
        await op.prepare()
      } catch (e) {
        end('not-applied', asExchangeError(e, op.endpointId))
        throw e
      }
    }
    // The venue's clock when it could first see the request: at least the estimate less its error bound, on a measured
    // clock (unmeasured, the send below is refused anyway: request.ts stamps writes only on a known clock).
    await this.client.executor.clock.ensureSynced()
    const from = this.client.executor.clock.venueNowAtLeast() - this.settings.marginMs
    try {
      const value = await op.send()
      end('applied')
      return { status: 'applied', value, reconciled: false, id: p.id }
    } catch (e) {
      const error = asExchangeError(e, op.endpointId)
      if (!isUnknownOutcome(error)) {
        end('not-applied', error)
        return { status: 'not-applied', reconciled: false, error, id: p.id }
      }
      this.update(p, { phase: 'reconciling' })
      const w = { from, settleAt: settlePoint(this.client, this.settings.windowMs, this.settings.marginMs) }
      // async: a check that throws at once still settles, so the lock below is released
      const settled = (async () => verdictOf(op.endpointId, await op.reconcile(this.env(p), w)))()
      void settled.then(
        (v) => end(v.status, v.status === 'applied' ? undefined : v.error),
        (e: unknown) => end('undetermined', asExchangeError(e, op.endpointId))
      )
      return this.withDeadline(p.id, op.endpointId, settled, late)
    }
  }

  private nextId(): string {
    return `${this.prefix}-${++this.seq}`
  }

  private withDeadline<T>(
    id: string,
    endpointId: EndpointId,
    settled: Promise<OpVerdict<T>>,
    late: { value: boolean }
  ): Promise<OpResult<T>> {
    const verdict = settled.then((v): OpResult<T> => ({ ...v, id }))
    return withinDeadline(verdict, this.settings.deadlineMs, (): OpResult<T> => {
      late.value = true
      const error = said({ kind: 'unknown-outcome', endpointId }, { key: 'main.op.unknown' })
      return { status: 'unknown', error, settled, id }
    })
  }

  private env(p: PendingOp): ReconcileEnv {
    return reconcileEnv(this.client, this.settings, this.closing.signal, {
      onQuery: () => this.update(p, { queries: p.queries + 1 }),
      onInconclusive: (reason) => this.update(p, { lastError: reason })
    })
  }

  private update(p: PendingOp, change: Partial<PendingOp>): void {
    Object.assign(p, change)
    if ([...this.busy.values()].includes(p)) this.emit({ type: 'pending', pending: { ...p } })
  }

  private emit(e: OpEvent): void {
    try {
      this.onEvent?.(e)
    } catch {
      // a failing listener must not break the operation
    }
  }
}

function verdictOf<T>(endpointId: EndpointId, f: OpFacts<T>): OpVerdict<T> {
  if (f.kind === 'applied') return { status: 'applied', value: f.value, reconciled: true }
  if (f.kind === 'not-applied') {
    return {
      status: 'not-applied',
      reconciled: true,
      error: said({ kind: 'api', endpointId }, linking({ key: 'main.op.notApplied' }, 'reason', f.reason))
    }
  }
  return {
    status: 'undetermined',
    reconciled: true,
    error: said(
      { kind: 'unknown-outcome', endpointId, detail: 'undetermined' },
      linking({ key: 'main.op.undetermined' }, 'reason', f.reason)
    )
  }
}
