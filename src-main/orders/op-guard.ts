// Sends a futures operation that is not a plain order (trigger order, TP/SL, leverage or model edit, wallet
// transfer) ONCE and, when its outcome is unknown (timeout, 5xx, dropped connection, -1000), finds out from the
// venue whether it took effect before anything is reported (op-reconcile.ts) — the order gateway's rule for
// these operations. Verdicts: 'applied', 'not-applied' (only then is a resend safe), 'undetermined' (the venue
// cannot tell: said so, never guessed). When no verdict is reached by the deadline the result is 'unknown' and
// checking goes on in the background until `settled` resolves. While an operation is sending or being checked,
// an identical one (same key) is refused without sending: a user's retry can never duplicate it.
import { setMaxListeners } from 'node:events'
import { ClientValidationError, ExchangeError } from '../client/errors'
import type { ExchangeClient } from '../client/exchange-client'
import type { EndpointId } from '../../src-shared/api/catalog'
import { asExchangeError, isUnknownOutcome, reconcileSettings, type OrderGatewayOptions, type ReconcileSettings } from './order-gateway'
import type { OpFacts, OpWindow } from './op-reconcile'
import { reconcileEnv, withinDeadline, type ReconcileEnv } from './reconcile'

export type OpVerdict<T> =
  | { status: 'applied'; value: T; reconciled: boolean }
  | { status: 'not-applied'; reconciled: boolean; error: ExchangeError }
  | { status: 'undetermined'; reconciled: true; error: ExchangeError }
export type OpResult<T> = OpVerdict<T> | { status: 'unknown'; error: ExchangeError; settled: Promise<OpVerdict<T>> }

export interface GuardedOp<T> {
  endpointId: EndpointId
  /** Equal for identical operations (endpoint and every field sent). */
  key: string
  /** Runs under the identical-request lock before sending (a read the reconciliation relies on); a throw sends nothing. */
  prepare?(): Promise<void>
  send(): Promise<T>
  /** Safe reads only; `w` is where, on the venue's clock, it may have processed the request. */
  reconcile(env: ReconcileEnv, w: OpWindow): Promise<OpFacts<T>>
}

/** An operation without a verdict yet (for the status/log: what is being checked and why it is not known yet). */
export interface PendingOp {
  endpointId: EndpointId
  phase: 'sending' | 'reconciling'
  since: number
  queries: number
  lastError?: string
}

export type OperationGuardOptions = Omit<OrderGatewayOptions, 'onEvent'> & { client: ExchangeClient }

export class OperationGuard {
  private readonly client: ExchangeClient
  private readonly settings: ReconcileSettings
  private readonly busy = new Map<string, PendingOp>()
  private readonly closing = new AbortController()

  constructor(opts: OperationGuardOptions) {
    this.client = opts.client
    this.settings = reconcileSettings(opts)
    setMaxListeners(0, this.closing.signal)
  }

  pending(): PendingOp[] {
    return [...this.busy.values()].map((p) => ({ ...p }))
  }

  /** Stops background checks; open `settled` promises reject with kind 'aborted'. */
  close(): void {
    this.closing.abort(new ExchangeError({ kind: 'aborted', endpointId: 'operations', message: 'closed before the outcome was known' }))
  }

  async run<T>(op: GuardedOp<T>): Promise<OpResult<T>> {
    if (this.busy.has(op.key)) {
      const error = new ClientValidationError(op.endpointId, 'request', 'is identical to one still being sent or checked with the venue; nothing was sent: wait for its verdict')
      return { status: 'not-applied', reconciled: false, error }
    }
    const p: PendingOp = { endpointId: op.endpointId, phase: 'sending', since: Date.now(), queries: 0 }
    this.busy.set(op.key, p)
    if (op.prepare) {
      try {
        await op.prepare()
      } catch (e) {
        this.busy.delete(op.key)
        throw e
      }
    }
    const from = this.now() - this.settings.marginMs
    try {
      const value = await op.send()
      this.busy.delete(op.key)
      return { status: 'applied', value, reconciled: false }
    } catch (e) {
      const error = asExchangeError(e, op.endpointId)
      if (!isUnknownOutcome(error)) {
        this.busy.delete(op.key)
        return { status: 'not-applied', reconciled: false, error }
      }
      p.phase = 'reconciling'
      const w = { from, settleAt: this.now() + this.settings.windowMs + this.settings.marginMs }
      // async: a check that throws at once still settles, so the lock below is released
      const settled = (async () => verdictOf(op.endpointId, await op.reconcile(this.env(p), w)))()
      void settled.then(
        () => this.busy.delete(op.key),
        () => this.busy.delete(op.key)
      )
      return this.withDeadline(op.endpointId, settled)
    }
  }

  private withDeadline<T>(endpointId: EndpointId, settled: Promise<OpVerdict<T>>): Promise<OpResult<T>> {
    return withinDeadline(settled, this.settings.deadlineMs, (): OpResult<T> => {
      const error = new ExchangeError({
        kind: 'unknown-outcome',
        endpointId,
        message: `${endpointId}: outcome unknown: the venue could not be reached to check whether it took effect; still checking (an identical request is refused until then)`
      })
      return { status: 'unknown', error, settled }
    })
  }

  private now(): number {
    return this.client.executor.clock.now()
  }

  private env(p: PendingOp): ReconcileEnv {
    return reconcileEnv(this.client, this.settings, this.closing.signal, {
      onQuery: () => void p.queries++,
      onInconclusive: (reason) => void (p.lastError = reason)
    })
  }
}

function verdictOf<T>(endpointId: EndpointId, f: OpFacts<T>): OpVerdict<T> {
  if (f.kind === 'applied') return { status: 'applied', value: f.value, reconciled: true }
  if (f.kind === 'not-applied') {
    return { status: 'not-applied', reconciled: true, error: new ExchangeError({ kind: 'api', endpointId, message: `${endpointId}: not applied: ${f.reason}; sending it again is safe` }) }
  }
  return { status: 'undetermined', reconciled: true, error: new ExchangeError({ kind: 'unknown-outcome', endpointId, detail: 'undetermined', message: `${endpointId}: outcome unknown: ${f.reason}` }) }
}
