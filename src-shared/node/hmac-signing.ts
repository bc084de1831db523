// X-CH HMAC-SHA256 request signing (client) and verification (embedded exchange), over the shared PreHash.
// Secrets are only ever hashed: no error message or thrown value carries one.

import { Buffer } from 'node:buffer'
import { createHmac } from 'node:crypto'
import { preHashHead, timestampText, type PreHashInput } from './prehash'

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

/**
 * Lower-case hex HMAC-SHA256 of the PreHash (validates timestamp, method, path and query; throws on bad input).
 * Head and body go into the HMAC one after the other: the bytes of buildPreHashBytes, without joining them.
 */
export function computeHmacSignature(secret: string, input: PreHashInput): string {
  const key = Buffer.from(normalizeSecret(secret), 'utf8')
  const hmac = createHmac('sha256', key).update(preHashHead(input).head, 'utf8')
  const body = input.body
  if (typeof body === 'string') hmac.update(body, 'utf8')
  else if (body !== undefined) hmac.update(body)
  return hmac.digest('hex')
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
  const signature = input.signature
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false
  let expected: string
  try {
    expected = computeHmacSignature(input.secret, input)
  } catch {
    return false
  }
  return sameHex(expected, signature)
}

/**
 * Constant-time equality of a lower-case hex digest and a 64-digit hex signature of either case (checked by
 * HEX_SHA256): every digit is compared, no early exit. `| 0x20` lower-cases A-F and leaves 0-9 as they are.
 */
function sameHex(lower: string, signature: string): boolean {
  let diff = lower.length ^ signature.length
  for (let k = 0; k < lower.length; k++) diff |= lower.charCodeAt(k) ^ (signature.charCodeAt(k) | 0x20)
  return diff === 0
}
