// X-CH HMAC-SHA256 request signing (client) and verification (embedded exchange), over the shared PreHash.
// Secrets are only ever hashed: no error message or thrown value carries one.

import { Buffer } from 'node:buffer'
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto'
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
  const key = secretKeyOf(secret)
  const hmac = createHmac('sha256', key).update(preHashHead(input).head, 'utf8')
  const body = input.body
  if (typeof body === 'string') hmac.update(body, 'utf8')
  else if (body !== undefined) hmac.update(body)
  return hmac.digest('hex')
}

// A secret's trimmed bytes as a KeyObject, made once per secret: createHmac with a Buffer or string copies and
// checks the key on every call (about a fifth of an HMAC of an order's PreHash). The exchange verifies with a few
// keys and a client signs with one or two, so the map stays small; past its bound it is simply emptied.
const secretKeys = new Map<string, KeyObject>()
const SECRET_KEYS_KEPT = 64

function secretKeyOf(secret: string): KeyObject {
  let key = secretKeys.get(secret)
  if (key === undefined) {
    key = createSecretKey(Buffer.from(normalizeSecret(secret), 'utf8'))
    if (secretKeys.size >= SECRET_KEYS_KEPT) secretKeys.clear()
    secretKeys.set(secret, key)
  }
  return key
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

/**
 * True when `signature` is the HMAC of the request. Malformed input (bad timestamp, path with gateway prefix,
 * non-hex signature) is simply not a valid signature. The comparison is constant-time over the digest bytes;
 * the time-window check stays with the caller, which owns the clock.
 */
export function verifyHmacSignature(input: VerifyHmacInput): boolean {
  const signature = input.signature
  if (typeof signature !== 'string' || signature.length !== 64) return false
  let expected: string
  try {
    expected = computeHmacSignature(input.secret, input)
  } catch {
    return false
  }
  return sameHex(expected, signature)
}

/**
 * Constant-time equality of a 64-digit lower-case hex digest and a 64-character signature that must be hex digits
 * of either case: every digit is compared, no early exit. `| 0x20` lower-cases A-F and leaves 0-9 as they are; it
 * also folds some non-hex characters onto hex ones (U+0010 onto '0', 'A'..'F' are meant), so each character as sent
 * is checked to be a hex digit too (which tells only about the signature as sent, nothing about the digest).
 */
function sameHex(lower: string, signature: string): boolean {
  let diff = lower.length ^ signature.length
  let hex = true
  for (let k = 0; k < lower.length; k++) {
    const raw = signature.charCodeAt(k)
    const c = raw | 0x20
    hex &&= (raw >= 0x30 && raw <= 0x39) || (c >= 0x61 && c <= 0x66)
    diff |= lower.charCodeAt(k) ^ c
  }
  return hex && diff === 0
}
