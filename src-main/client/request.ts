// The one request path of the exchange client, driven by the catalog:
//   validate + serialize once (prepare) -> credentials -> rate budget (governor) -> timestamp (clock) -> sign
//   -> send with timeout -> lossless parse + envelope / error mapping (response) -> normalize.
// Retries (retry.ts): reads (GET, and POSTs the catalog marks readOnly) on network error / timeout / 5xx / 429; any
// method, once, after a -1021 timestamp rejection with a clock resync in between (the venue's own signature check
// refused it before acting). A write that timed out, got a 5xx or a rate limit (429 / -1003: a gateway in front of
// the venue may say so after forwarding),
// lost its connection or got an unreadable answer is an 'unknown-outcome' ExchangeError: it is never resent here; the
// `onUnknownOutcome` hook (and the error's clientOrderId) is where reconciliation by client order id attaches.
import { endpointById, type EndpointId } from '../../src-shared/api/catalog'
import type { EndpointDef, Gateway } from '../../src-shared/api/types'
import { sendOnce, type AttemptResult } from './attempt'
import { MAX_WRITE_ERROR_MS, ServerClock, type TimeSample } from './clock'
import { ClientValidationError, ExchangeError, redact, type ExchangeErrorInit } from './errors'
import { normalizeResponse } from './normalize/index'
import { prepareRequest, type PreparedRequest } from './prepare'
import { RateGovernor } from './rate-governor'
import { interpretResponse } from './response'
import { DEFAULT_RETRY, backoffMs, sleep, type RetryPolicy } from './retry'
import { apiKeyTag, authHeaders } from './sign'
import { fetchTransport, type Transport } from './transport'
import type { CallOptions, Credentials, CredentialsProvider } from './types'
import type { RequestParams } from './validate'

export interface UnknownOutcomeInfo {
  endpointId: string
  /** Client order ids the request carried: query them (or open orders) before resending anything. */
  clientOrderIds: string[]
}
export type UnknownOutcomeHook = (error: ExchangeError, info: UnknownOutcomeInfo) => void

export interface RequestExecutorOptions {
  /** Scheme, host and port of the venue, e.g. http://127.0.0.1:8080 (gateway prefixes are added per module). */
  baseUrl: string
  credentials?: CredentialsProvider
  transport?: Transport
  clock?: ServerClock
  governor?: RateGovernor
  /** Per-attempt timeout, ms. Default 10 000. */
  timeoutMs?: number
  retry?: Partial<RetryPolicy>
  /** The gateway whose time endpoint the clock samples. Default spot. */
  timeGateway?: Gateway
  /** Give every order a client order id when the caller did not. Default true. */
  autoClientOrderId?: boolean
  onUnknownOutcome?: UnknownOutcomeHook
  random?: () => number
}

const CONNECTION_LOST = new Set(['timeout', 'network', 'aborted'])

/** A request that may change something at the venue (a POST the catalog does not mark read-only). */
const isWrite = (def: EndpointDef): boolean => def.method === 'POST' && !def.readOnly

/** A rate limit answered to a write: it may have been forwarded first, so its outcome is unknown (never resent). */
function rateLimitedWrite(err: ExchangeErrorInit, pauseMs: number): ExchangeErrorInit {
  return {
    ...err,
    kind: 'unknown-outcome',
    detail: 'rate-limited',
    retryAfterMs: err.retryAfterMs ?? Math.round(pauseMs),
    message: `${err.message}; a gateway in front of the venue may have forwarded it first, so the request may or may not have taken effect`
  }
}

export class RequestExecutor {
  readonly baseUrl: string
  readonly clock: ServerClock
  readonly governor: RateGovernor
  private readonly transport: Transport
  private readonly credentials: CredentialsProvider | undefined
  private readonly timeoutMs: number
  private readonly retry: RetryPolicy
  private readonly autoClientOrderId: boolean
  private readonly onUnknownOutcome: UnknownOutcomeHook | undefined
  private readonly random: () => number
  private readonly timeDef: EndpointDef

  constructor(opts: RequestExecutorOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '')
    this.transport = opts.transport ?? fetchTransport()
    this.credentials = opts.credentials
    this.clock = opts.clock ?? new ServerClock()
    this.governor = opts.governor ?? new RateGovernor()
    this.timeoutMs = opts.timeoutMs ?? 10_000
    this.retry = { ...DEFAULT_RETRY, ...opts.retry }
    this.autoClientOrderId = opts.autoClientOrderId ?? true
    this.onUnknownOutcome = opts.onUnknownOutcome
    this.random = opts.random ?? Math.random
    this.timeDef = endpointById(opts.timeGateway === 'futures' ? 'futures.time' : 'spot.time')
    this.clock.setSampler(() => this.sampleTime())
  }

  /** Calls one catalog endpoint and resolves to its normalized response; fails with an ExchangeError. */
  async call(endpointId: EndpointId | string, params?: RequestParams, opts: CallOptions = {}): Promise<unknown> {
    const def = endpointById(endpointId)
    if (!def) throw new ClientValidationError(String(endpointId), 'endpointId', 'is not an endpoint of the catalog')
    const req = prepareRequest(def, params, this.baseUrl, this.autoClientOrderId)
    const signed = def.security !== 'NONE'
    const creds = signed ? await this.loadCredentials(def) : undefined
    if (signed) await this.clock.ensureSynced()
    const key = RateGovernor.keyOf(def, { apiKeyTag: creds && apiKeyTag(creds.apiKey), baseUrl: this.baseUrl })
    const priority = opts.priority ?? 'user'
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs
    let retries = 0
    let resynced = false
    const write = signed && isWrite(def)
    for (;;) {
      if (opts.signal?.aborted)
        throw new ExchangeError({ kind: 'aborted', endpointId: def.id, message: `${def.id}: aborted before sending` })
      if (write && this.clock.errorBoundMs() > MAX_WRITE_ERROR_MS) await this.clock.sync().catch(() => undefined)
      const wait = this.governor.acquire(key, def, priority, opts.signal)
      if (wait) await wait
      // Stamped after the budget wait, so time spent queued never ages the timestamp.
      const generation = this.clock.syncGeneration()
      let auth: ReturnType<typeof authHeaders>
      let attempt: AttemptResult
      try {
        if (write) this.refuseUncertainClock(def) // checked with no await before the stamp: no resync between
        auth = authHeaders(req, creds, this.clock.timestamp())
        attempt = await sendOnce(
          this.transport,
          req.url,
          { method: def.method, headers: auth.headers, body: req.body },
          timeoutMs,
          opts.signal
        )
      } finally {
        this.governor.answered(key) // the venue saw it (if at all) before now: the budget counts it from here
      }
      const outcome = attempt.ok ? this.interpret(req, attempt.res) : this.transportFailure(req, attempt)
      if ('value' in outcome) {
        this.governor.succeeded(key)
        return outcome.value
      }
      const err = outcome.error
      // -1003 is the family's rate-limit code; some venues send it with HTTP 200.
      if (err.httpStatus === 429 || (err.kind === 'api' && err.code === -1003)) {
        const pause = this.governor.rateLimited(key, def, err.retryAfterMs)
        // A write is never resent on a rate limit: a gateway in front of the venue may answer 429 after forwarding it.
        if (isWrite(def)) throw this.fail(rateLimitedWrite(err, pause), req, auth.sensitive)
        if (retries++ < this.retry.maxRetries) continue // the bucket's pause holds the next acquire
        err.retryAfterMs ??= Math.round(pause)
        throw this.fail(err, req, auth.sensitive)
      }
      if (attempt.ok) this.governor.succeeded(key)
      if (err.kind === 'api' && err.code === -1021 && signed && !resynced) {
        resynced = true
        // A burst stamped before one resync gets -1021s together: only the first of them measures again.
        if (this.clock.syncGeneration() === generation) await this.clock.sync().catch(() => undefined)
        continue
      }
      if (this.retryableGet(def, err) && retries < this.retry.maxRetries) {
        retries++
        await sleep(Math.max(backoffMs(retries, this.retry, this.random), err.retryAfterMs ?? 0), opts.signal).catch(
          () => undefined
        )
        continue
      }
      throw this.fail(err, req, auth.sensitive)
    }
  }

  /**
   * A write is stamped only on a clock known to within MAX_WRITE_ERROR_MS: were its answer lost, whether it could
   * still be accepted must be decidable (and a next run must know how far off its stamp could be).
   */
  private refuseUncertainClock(def: EndpointDef): void {
    const bound = this.clock.errorBoundMs()
    if (bound <= MAX_WRITE_ERROR_MS) return
    const why = Number.isFinite(bound)
      ? `the exchange's clock is known only to within ${Math.round(bound)} ms (its time endpoint answers slowly or unevenly; orders need ${MAX_WRITE_ERROR_MS} ms or better)`
      : "the exchange's clock could not be measured (its time endpoint did not answer)"
    throw new ExchangeError({
      kind: 'validation',
      endpointId: def.id,
      message: `${def.id}: not sent: ${why}, so a lost answer could not be checked; try again once the clock is measured (status bar: Clock)`
    })
  }

  private async loadCredentials(def: EndpointDef): Promise<Credentials> {
    if (!this.credentials)
      throw new ExchangeError({
        kind: 'validation',
        endpointId: def.id,
        message: `${def.id}: credentials: no API key configured for this profile`
      })
    try {
      return await this.credentials()
    } catch (e) {
      if (e instanceof ExchangeError) throw e
      // The provider's own error is not passed on: it could quote what it read.
      throw new ExchangeError({
        kind: 'validation',
        endpointId: def.id,
        message: `${def.id}: credentials: unavailable`
      })
    }
  }

  private interpret(
    req: PreparedRequest,
    res: { status: number; headers: Record<string, string>; bodyText: string }
  ): { value: unknown } | { error: ExchangeErrorInit } {
    const out = interpretResponse(req.def, res, Date.now())
    if (!out.ok) {
      const e = out.error
      const post = isWrite(req.def)
      if (post && (e.kind === 'parse' || (e.kind === 'http' && (e.httpStatus ?? 0) >= 500))) {
        return {
          error: {
            ...e,
            kind: 'unknown-outcome',
            detail: e.kind,
            message: `${e.message}; the order may or may not have been accepted`
          }
        }
      }
      return { error: e }
    }
    try {
      return {
        value: normalizeResponse(req.def, out.value, { params: req.values, receivedAt: Math.round(this.clock.now()) })
      }
    } catch {
      const kind = isWrite(req.def) ? 'unknown-outcome' : 'parse'
      return {
        error: {
          kind,
          endpointId: req.def.id,
          httpStatus: res.status,
          detail: 'parse',
          message: `${req.def.id}: answer has an unexpected shape`
        }
      }
    }
  }

  private transportFailure(
    req: PreparedRequest,
    a: Extract<AttemptResult, { ok: false }>
  ): { error: ExchangeErrorInit } {
    const id = req.def.id
    if (a.notSent)
      return {
        error: { kind: a.reason === 'aborted' ? 'aborted' : 'network', endpointId: id, message: `${id}: ${a.text}` }
      }
    if (isWrite(req.def) && CONNECTION_LOST.has(a.reason)) {
      return {
        error: {
          kind: 'unknown-outcome',
          detail: a.reason,
          endpointId: id,
          message: `${id}: ${a.text}; the request may or may not have taken effect`
        }
      }
    }
    return { error: { kind: a.reason, endpointId: id, message: `${id}: ${a.text}` } }
  }

  private retryableGet(def: EndpointDef, e: ExchangeErrorInit): boolean {
    if (isWrite(def)) return false
    return e.kind === 'timeout' || e.kind === 'network' || (e.kind === 'http' && (e.httpStatus ?? 0) >= 500)
  }

  private fail(init: ExchangeErrorInit, req: PreparedRequest, sensitive: string[]): ExchangeError {
    const e: ExchangeErrorInit = { ...init, message: redact(init.message, sensitive) }
    if (init.venueMessage !== undefined) e.venueMessage = redact(init.venueMessage, sensitive)
    if (req.clientOrderIds.length === 1) e.clientOrderId = req.clientOrderIds[0]
    const err = new ExchangeError(e)
    if (err.kind === 'unknown-outcome' && this.onUnknownOutcome) {
      try {
        this.onUnknownOutcome(err, { endpointId: req.def.id, clientOrderIds: [...req.clientOrderIds] })
      } catch {
        // a failing hook must not replace the caller's error
      }
    }
    return err
  }

  /** One clock sample: budgeted like any call, timed around the send only. */
  private async sampleTime(): Promise<TimeSample> {
    const def = this.timeDef
    const key = RateGovernor.keyOf(def, { baseUrl: this.baseUrl })
    const wait = this.governor.acquire(key, def, 'user')
    if (wait) await wait
    const req = prepareRequest(def, undefined, this.baseUrl)
    const sentAt = this.clock.local()
    const a = await sendOnce(
      this.transport,
      req.url,
      { method: 'GET', headers: {} },
      this.timeoutMs,
      undefined
    ).finally(() => this.governor.answered(key))
    const receivedAt = this.clock.local()
    const out = a.ok ? this.interpret(req, a.res) : this.transportFailure(req, a)
    if ('error' in out) throw new ExchangeError(out.error)
    const serverTime = (out.value as { serverTime?: unknown }).serverTime
    if (typeof serverTime !== 'number')
      throw new ExchangeError({ kind: 'parse', endpointId: def.id, message: `${def.id}: serverTime missing` })
    return { sentAt, receivedAt, serverTime }
  }
}
