// Authentication of signed requests, in the order a client can act on: who (-1002), when (-1023), the
// signature header (-1024), the content type (-1017), the signature itself over the raw bytes (-1022); the
// time window (-1021) is checked once recvWindow has been read from the request.
import type { IncomingHttpHeaders } from 'node:http'
import type { Security } from '@shared/api/types'
import { verifyHmacSignature } from '@shared/node/hmac-signing'
import { verifyRsa } from '@shared/node/rsa-signing'
import { apiFail } from './api-error'

export interface Credential {
  apiKey: string
  secret: string
  accountId: string
  /** PEM of the public key that verifies this key's RSA-signed transfers. */
  rsaPublicKey?: string
  /** Bench accounts only: rate limits lifted. */
  unlimited?: boolean
}

export interface SignedRequest {
  headers: IncomingHttpHeaders
  method: string
  requestPath: string
  /** Raw query string as received, without '?'. */
  query: string
  body: Buffer
}

const TS_RE = /^\d{13}$/
export const DEFAULT_WINDOW_MS = 5000
/** Spec: skew beyond +-5 s is rejected, so a timestamp may be at most this far ahead of the server. */
export const MAX_AHEAD_MS = 5000

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name]
  return Array.isArray(v) ? v[0] : v
}

export interface AuthRules {
  /** A signed GET may come without Content-Type (live venues answer it; the spec answers -1017). */
  bareSignedGet?: boolean
}

export function authenticate(
  security: Security,
  req: SignedRequest,
  lookup: (apiKey: string) => Credential | undefined,
  rules: AuthRules = {}
): { credential: Credential; timestamp: number } {
  const key = header(req.headers, 'x-ch-apikey')?.trim()
  if (!key) apiFail('UNAUTHORIZED', 'X-CH-APIKEY header is missing')
  const credential = lookup(key)
  if (!credential) apiFail('UNAUTHORIZED', 'API key is not known')
  if (security === 'RSA') return { credential, timestamp: checkRsa(req, credential) }

  const ts = header(req.headers, 'x-ch-ts')
  if (!ts) apiFail('TIMESTAMP_MISSING', 'X-CH-TS header cannot be empty')
  if (!TS_RE.test(ts)) apiFail('TIMESTAMP_MISSING', 'X-CH-TS must be a 13-digit millisecond timestamp')
  const sign = header(req.headers, 'x-ch-sign')
  if (!sign) apiFail('SIGNATURE_MISSING', 'X-CH-SIGN header is missing')
  checkContentType(req, rules)
  const ok = verifyHmacSignature({
    secret: credential.secret,
    method: req.method,
    requestPath: req.requestPath,
    query: req.query,
    body: req.method === 'GET' ? undefined : req.body,
    timestamp: ts,
    signature: sign
  })
  if (!ok) apiFail('INVALID_SIGNATURE', 'Signature for this request is not valid')
  return { credential, timestamp: Number(ts) }
}

function checkContentType(req: SignedRequest, rules: AuthRules = {}): void {
  const value = header(req.headers, 'content-type')
  // Only an absent header: a GET naming another type is still refused.
  if (value === undefined && rules.bareSignedGet && req.method === 'GET') return
  if (value === 'application/json') return // what clients send; anything else is normalised first
  const ct = value?.split(';')[0]?.trim().toLowerCase()
  if (ct !== 'application/json') apiFail('ILLEGAL_CONTENT_TYPE', 'Content-Type must be application/json')
}

function checkRsa(req: SignedRequest, credential: Credential): number {
  const ts = header(req.headers, 'ex-ts')
  if (!ts) apiFail('TIMESTAMP_MISSING', 'Ex-ts header cannot be empty')
  if (!TS_RE.test(ts)) apiFail('TIMESTAMP_MISSING', 'Ex-ts must be a 13-digit millisecond timestamp')
  const sign = header(req.headers, 'ex-sign')
  if (!sign) apiFail('SIGNATURE_MISSING', 'Ex-sign header is missing')
  checkContentType(req)
  if (!credential.rsaPublicKey) apiFail('REJECTED_API_KEY', 'No RSA public key is registered for this API key')
  if (!verifyRsa(credential.rsaPublicKey, req.body, ts, sign))
    apiFail('INVALID_SIGNATURE', 'Ex-sign is not a valid RSA signature of this body')
  return Number(ts)
}

/** The family's cap on recvWindow: a wider window would let a captured signed request be replayed for longer. */
export const MAX_RECV_WINDOW_MS = 60_000

/**
 * Rejects a timestamp older than the window (5000 ms or recvWindow) or more than 5 s ahead, and a recvWindow past
 * the 60000 ms cap (-1021, as the venues do). recvWindow arrives as the request carried it: an integer on most
 * endpoints, digits in a string on margin ones.
 */
export function checkTimeWindow(timestamp: number, now: number, recvWindow: unknown): void {
  let window = DEFAULT_WINDOW_MS
  if (recvWindow !== undefined) {
    const text = String(recvWindow).replace(/^0+(?=\d)/, '')
    if (!/^\d+$/.test(text) || text === '0')
      apiFail('MANDATORY_PARAM', `Parameter 'recvWindow' must be a whole number of ms from 1 to ${MAX_RECV_WINDOW_MS}`)
    // Compared as text first: 10^30 is no safe integer, and is over the cap all the same.
    window = text.length > 6 ? Number.POSITIVE_INFINITY : Number(text)
    if (window > MAX_RECV_WINDOW_MS)
      apiFail('INVALID_TIMESTAMP', `recvWindow ${text} ms is over the ${MAX_RECV_WINDOW_MS} ms cap`)
  }
  if (now - timestamp > window) {
    apiFail('INVALID_TIMESTAMP', `Timestamp is ${now - timestamp} ms old, outside the ${window} ms window`)
  }
  if (timestamp - now > MAX_AHEAD_MS) {
    apiFail('INVALID_TIMESTAMP', `Timestamp is ${timestamp - now} ms ahead of server time (at most ${MAX_AHEAD_MS} ms)`)
  }
}
