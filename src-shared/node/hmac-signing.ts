// X-CH HMAC-SHA256 request signing (client) and verification (embedded exchange), over the shared PreHash.
// Secrets are only ever hashed: no error message or thrown value carries one.

import { Buffer } from 'node:buffer'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { buildPreHashBytes, timestampText, type PreHashInput } from './prehash'

export interface SignRequestInput {
  apiKey: string
  secret: string
  method: string
  /** Endpoint path without gateway prefix. */
  requestPath: string
  /** Query string exactly as sent (see buildQueryString), without '?'. */
  query?: string
  /** Body serialized once; these exact bytes must be the ones sent. */
  body?: string | Uint8Array
  /** Milliseconds as a 13-digit string (or safe integer); X-CH-TS carries the same string. */
  timestamp: string | number
}

export interface HmacHeaders {
  'X-CH-APIKEY': string
  'X-CH-TS': string
  'X-CH-SIGN': string
  'Content-Type': 'application/json'
}

/** Spec: surrounding whitespace of key and secret is trimmed; a key must also be a valid header value. */
export function normalizeApiKey(apiKey: string): string {
  const key = typeof apiKey === 'string' ? apiKey.trim() : ''
  if (key === '') throw new Error('API key must not be empty')
  if (!/^[\x21-\x7e]+$/.test(key)) throw new Error('API key must be printable ASCII without spaces')
  return key
}

export function normalizeSecret(secret: string): string {
  const s = typeof secret === 'string' ? secret.trim() : ''
  if (s === '') throw new Error('API secret must not be empty')
  return s
}

function hmacHex(secret: string, data: Uint8Array): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(data).digest('hex')
}

/** Lower-case hex HMAC-SHA256 of the PreHash (validates timestamp, method, path and query). */
export function computeHmacSignature(secret: string, input: PreHashInput): string {
  return hmacHex(normalizeSecret(secret), buildPreHashBytes(input))
}

/** Headers of a TRADE / USER_DATA request. X-CH-TS is byte-identical to the timestamp in the PreHash. */
export function signRequest(input: SignRequestInput): HmacHeaders {
  const apiKey = normalizeApiKey(input.apiKey)
  const timestamp = timestampText(input.timestamp)
  const sign = computeHmacSignature(input.secret, {
    timestamp,
    method: input.method,
    requestPath: input.requestPath,
    query: input.query,
    body: input.body
  })
  return { 'X-CH-APIKEY': apiKey, 'X-CH-TS': timestamp, 'X-CH-SIGN': sign, 'Content-Type': 'application/json' }
}

export interface VerifyHmacInput {
  secret: string
  method: string
  /** Path after the gateway prefix was stripped (see splitGatewayPath). */
  requestPath: string
  /** Raw query string from the request URL, without '?', never re-encoded. */
  query?: string
  /** Raw body bytes as received. */
  body?: Uint8Array | string
  /** X-CH-TS header value as received. */
  timestamp: string
  /** X-CH-SIGN header value as received. */
  signature: string
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/

/**
 * True when `signature` is the HMAC of the request. Malformed input (bad timestamp, path with gateway prefix,
 * non-hex signature) is simply not a valid signature. The comparison is constant-time over the digest bytes;
 * the time-window check stays with the caller, which owns the clock.
 */
export function verifyHmacSignature(input: VerifyHmacInput): boolean {
  if (typeof input.signature !== 'string' || !HEX_SHA256.test(input.signature)) return false
  let expected: Buffer
  try {
    const prehash = buildPreHashBytes({
      timestamp: input.timestamp,
      method: input.method,
      requestPath: input.requestPath,
      query: input.query,
      body: input.body
    })
    expected = createHmac('sha256', Buffer.from(normalizeSecret(input.secret), 'utf8')).update(prehash).digest()
  } catch {
    return false
  }
  return timingSafeEqual(expected, Buffer.from(input.signature, 'hex'))
}
