// The PreHash of the X-CH signing scheme and the query string it covers. The client (signer) and the embedded
// exchange (verifier) both build it here, so the two sides can never disagree on a byte.
// PreHash = ts + METHOD + requestPath (+ "?" + queryString when a query exists) (+ raw body on POST).

import { Buffer } from 'node:buffer'
import { GATEWAY_PREFIX, type Gateway, type HttpMethod } from '../api/types'

export type SignedMethod = HttpMethod

export interface PreHashInput {
  /** 13-digit millisecond timestamp string; the same string goes into X-CH-TS. */
  timestamp: string
  method: string
  /** Endpoint path only (/sapi/v1/..., /fapi/v1/...), never with the gateway prefix. */
  requestPath: string
  /** Query string exactly as sent, without the leading '?'; '' or undefined means no query. */
  query?: string
  /** Raw body exactly as sent (POST). Buffer is signed byte for byte; a string is signed as UTF-8. */
  body?: string | Uint8Array
}

const TS_RE = /^\d{13}$/

/** Throws unless `ts` is a 13-digit millisecond string (spec: X-CH-TS must not be empty). */
export function assertTimestamp(ts: unknown, header = 'X-CH-TS'): asserts ts is string {
  if (typeof ts !== 'string' || ts === '') throw new Error(`${header} must not be empty`)
  if (!TS_RE.test(ts))
    throw new Error(`${header} must be a 13-digit millisecond string, got ${JSON.stringify(ts.slice(0, 32))}`)
}

/** Normalizes a timestamp given as ms number or string to the one string used in both prehash and header. */
export function timestampText(ts: string | number, header = 'X-CH-TS'): string {
  const text = typeof ts === 'number' && Number.isSafeInteger(ts) ? String(ts) : ts
  assertTimestamp(text, header)
  return text
}

export function normalizeMethod(method: string): SignedMethod {
  if (method === 'POST' || method === 'GET') return method // as every request sends it: no upper-casing
  const m = method.toUpperCase()
  if (m !== 'GET' && m !== 'POST') throw new Error(`unsupported method for signing: ${JSON.stringify(method)}`)
  return m
}

const PREFIXES = Object.values(GATEWAY_PREFIX)

function prefixOf(path: string): string | undefined {
  // Checked on every signed request the exchange verifies: no array or string is built per call.
  for (const p of PREFIXES)
    if (path.startsWith(p) && (path.length === p.length || path.charCodeAt(p.length) === 0x2f)) return p
  return undefined
}

// Paths that passed assertRequestPath: a server verifies and a client signs the same few endpoint paths over and
// over, so each is checked once. Bounded (emptied when full) against a caller sending endless new paths.
const goodPaths = new Set<string>()
const GOOD_PATHS_KEPT = 512

/** Spec rule 1: the signed path is the endpoint path; a gateway prefix in it would sign the wrong bytes. */
export function assertRequestPath(requestPath: string): void {
  if (goodPaths.has(requestPath)) return
  checkRequestPath(requestPath)
  if (goodPaths.size >= GOOD_PATHS_KEPT) goodPaths.clear()
  goodPaths.add(requestPath)
}

function checkRequestPath(requestPath: string): void {
  if (typeof requestPath !== 'string' || !requestPath.startsWith('/'))
    throw new Error(`requestPath must start with '/': ${JSON.stringify(requestPath)}`)
  const prefix = prefixOf(requestPath)
  if (prefix !== undefined)
    throw new Error(`requestPath must not include the gateway prefix ${prefix}: ${JSON.stringify(requestPath)}`)
  if (/[?#\s]/.test(requestPath))
    throw new Error(
      `requestPath must not contain '?', '#' or whitespace (pass the query separately): ${JSON.stringify(requestPath)}`
    )
}

/** Spec rule 2: the query is passed without '?'; the formula adds it. */
export function assertQueryString(query: string): void {
  if (query === '') return // an order's POST: nothing to check
  if (query.startsWith('?')) throw new Error("queryString must not start with '?'")
  if (/[#\s]/.test(query)) throw new Error("queryString must be percent-encoded (no '#' or whitespace)")
}

/**
 * Splits a URL path as received by a server (/spot/open/sapi/v1/order) into gateway and signed requestPath.
 * Returns undefined when the path is under no gateway prefix.
 */
export function splitGatewayPath(urlPath: string): { gateway: Gateway; requestPath: string } | undefined {
  for (const [gateway, prefix] of Object.entries(GATEWAY_PREFIX) as [Gateway, string][]) {
    if (urlPath.startsWith(`${prefix}/`)) return { gateway, requestPath: urlPath.slice(prefix.length) }
  }
  return undefined
}

/**
 * The head of the PreHash (everything before the body) after validating every part. The HMAC can take head and
 * body one after the other, which hashes the same bytes as buildPreHashBytes without joining them.
 */
export function preHashHead(input: PreHashInput): { head: string; method: SignedMethod } {
  assertTimestamp(input.timestamp)
  const method = normalizeMethod(input.method)
  assertRequestPath(input.requestPath)
  const query = input.query ?? ''
  assertQueryString(query)
  const hasBody = input.body !== undefined && input.body.length > 0
  if (method === 'GET' && hasBody) throw new Error('a GET request carries no body; put its parameters in the query')
  return { head: `${input.timestamp}${method}${input.requestPath}${query === '' ? '' : `?${query}`}`, method }
}

/** The PreHash as bytes: exactly what the HMAC runs over (body bytes untouched, never re-decoded). */
export function buildPreHashBytes(input: PreHashInput): Buffer {
  const { head } = preHashHead(input)
  const body = input.body ?? ''
  const bodyBytes =
    typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  return Buffer.concat([Buffer.from(head, 'utf8'), bodyBytes])
}

/** The PreHash as text (for logs of the non-secret parts and golden tests). */
export function buildPreHash(input: PreHashInput): string {
  const { head } = preHashHead(input)
  const body = input.body ?? ''
  return head + (typeof body === 'string' ? body : Buffer.from(body).toString('utf8'))
}

// ---- query strings ----------------------------------------------------------------------------------------

export type QueryValue = string | number | bigint | boolean | null | undefined
export type QueryParams = ReadonlyArray<readonly [string, QueryValue]> | Readonly<Record<string, QueryValue>>

/**
 * RFC 3986 percent-encoding of one component: encodeURIComponent (UTF-8, space as %20, never '+') plus
 * !'()* so that only unreserved characters stay literal. Lone surrogates cannot be encoded and throw.
 */
export function encodeRfc3986(text: string): string {
  let encoded: string
  try {
    encoded = encodeURIComponent(text)
  } catch {
    throw new Error('query text is not well-formed Unicode (lone surrogate)')
  }
  return encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

function queryValueText(key: string, value: Exclude<QueryValue, null | undefined>): string {
  if (typeof value === 'number') {
    // Money travels as decimal strings; a float here would print as 1e-7 or lose digits.
    if (!Number.isSafeInteger(value))
      throw new Error(`query parameter ${key}: numbers must be safe integers; pass decimals as strings`)
    return String(value)
  }
  return String(value)
}

/**
 * Builds the query string (no leading '?') from params in the given order; null/undefined are left out.
 * The result is both signed and sent, so it must never be re-encoded afterwards (e.g. by URLSearchParams).
 */
export function buildQueryString(params: QueryParams): string {
  const entries: ReadonlyArray<readonly [string, QueryValue]> = Array.isArray(params)
    ? (params as ReadonlyArray<readonly [string, QueryValue]>)
    : Object.entries(params)
  const parts: string[] = []
  for (const [key, value] of entries) {
    if (value === undefined || value === null) continue
    if (key === '') throw new Error('query parameter name must not be empty')
    parts.push(`${encodeRfc3986(key)}=${encodeRfc3986(queryValueText(key, value))}`)
  }
  return parts.join('&')
}
