// Typed failures of the exchange client. Every failure the client produces is an ExchangeError; its message and
// JSON carry only what is safe to show and log: never a secret, a signature or a header set (the request layer
// redacts anything the venue might echo back, and no raw transport error is attached as `cause`).
import { errorByCode } from '../../src-shared/api/errors'

export type ErrorKind =
  | 'api' // the venue answered with an error code (HTTP 4xx, or HTTP 200 with a failure envelope)
  | 'http' // an HTTP status without a usable error body (e.g. 5xx on a GET, 404 from a proxy)
  | 'timeout' // no answer in time on a safe request
  | 'network' // the connection failed (on a POST: before anything was sent)
  | 'validation' // refused by the client before sending anything
  | 'unknown-outcome' // a POST may or may not have taken effect: reconcile before resending
  | 'parse' // the answer is not the JSON expected
  | 'aborted' // the caller's signal aborted the call

export interface ExchangeErrorInit {
  kind: ErrorKind
  message: string
  endpointId: string
  code?: number
  httpStatus?: number
  retryAfterMs?: number
  /** The venue's own text when it differs from `message` (e.g. Chinese msg of live venues). */
  venueMessage?: string
  /** For unknown-outcome: what happened on the wire ('timeout', 'network', 'http', 'parse'). */
  detail?: string
  /** Client order id of the order concerned, when the request carried one (reconciliation key). */
  clientOrderId?: string
}

export class ExchangeError extends Error {
  // Optional fields are `declare`d so an absent one is not an own property (JSON and logs show only what is set).
  readonly kind: ErrorKind
  readonly endpointId: string
  declare readonly code?: number
  declare readonly httpStatus?: number
  declare readonly retryAfterMs?: number
  declare readonly venueMessage?: string
  declare readonly detail?: string
  declare readonly clientOrderId?: string

  constructor(init: ExchangeErrorInit) {
    super(init.message)
    this.name = 'ExchangeError'
    this.kind = init.kind
    this.endpointId = init.endpointId
    if (init.code !== undefined) this.code = init.code
    if (init.httpStatus !== undefined) this.httpStatus = init.httpStatus
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs
    if (init.venueMessage !== undefined) this.venueMessage = init.venueMessage
    if (init.detail !== undefined) this.detail = init.detail
    if (init.clientOrderId !== undefined) this.clientOrderId = init.clientOrderId
  }

  /** The safe fields only (what the UI contract and logs may carry). */
  toJSON(): ExchangeErrorInit & { name: string } {
    const out: ExchangeErrorInit & { name: string } = {
      name: this.name,
      kind: this.kind,
      message: this.message,
      endpointId: this.endpointId
    }
    for (const k of ['code', 'httpStatus', 'retryAfterMs', 'venueMessage', 'detail', 'clientOrderId'] as const) {
      if (this[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = this[k]
    }
    return out
  }
}

/** A parameter refused before sending: names the field (dotted path, e.g. `orders[2].price`) and the rule. */
export class ClientValidationError extends ExchangeError {
  readonly field: string
  readonly rule: string
  constructor(endpointId: string, field: string, rule: string) {
    super({ kind: 'validation', endpointId, message: `${endpointId}: parameter '${field}' ${rule}` })
    this.name = 'ClientValidationError'
    this.field = field
    this.rule = rule
  }
  override toJSON(): ExchangeErrorInit & { name: string; field: string; rule: string } {
    return { ...super.toJSON(), field: this.field, rule: this.rule }
  }
}

export function isExchangeError(e: unknown): e is ExchangeError {
  return e instanceof ExchangeError
}

/** Printable ASCII only: good enough to tell an English venue message from a localized one. */
const ENGLISH = /^[\x20-\x7e]*$/

/**
 * The text shown for an API error: the venue's msg when it is English, else the error table's meaning,
 * else a generic text. The venue's own words are kept separately as venueMessage.
 */
export function apiErrorText(code: number | undefined, venueMsg: string | undefined): string {
  if (venueMsg && ENGLISH.test(venueMsg)) return venueMsg
  const known = code === undefined ? undefined : errorByCode(code)
  if (known) return known.meaning
  return code === undefined ? 'request failed' : `error ${code}`
}

/** Removes every occurrence of the given sensitive strings (secret, signature) from a text. */
export function redact(text: string, sensitive: readonly string[]): string {
  let out = text
  for (const s of sensitive) if (s.length >= 4 && out.includes(s)) out = out.split(s).join('[redacted]')
  return out
}
