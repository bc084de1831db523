// Raw requests for the exchange fuzz suite: exact bytes (malformed JSON, duplicate keys, huge bodies) signed or not,
// over node:http so nothing normalises them, and every answer read whole and classified.
import { request } from 'node:http'
import { computeHmacSignature } from '@shared/node/hmac-signing'
import { signRsaRequest } from '@shared/node/rsa-signing'
import { GATEWAY_PREFIX, type EndpointDef } from '@shared/api/types'

export interface Answer {
  status: number
  text: string
  /** The venue code of an error body, or null for a 200 or a body that is not {code, msg}. */
  code: number | null
}

export interface Sent {
  method: string
  path: string
  query?: string
  body?: string | Buffer
  headers?: Record<string, string>
}

export function send(port: number, r: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = r.body === undefined ? undefined : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8')
    const headers: Record<string, string | number> = { ...r.headers }
    if (body) headers['Content-Length'] = body.length
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: r.method,
        path: r.query ? `${r.path}?${r.query}` : r.path,
        headers,
        agent: false
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let code: number | null = null
          try {
            const j = JSON.parse(text) as { code?: unknown }
            if (j && typeof j === 'object' && 'code' in j && Number(j.code) !== 0) code = Number(j.code)
          } catch {
            code = null
          }
          resolve({ status: res.statusCode ?? 0, text, code })
        })
        res.on('error', reject)
      }
    )
    // A huge body may be cut off by the server after its 413: that answer is what counts.
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EPIPE' || e.code === 'ECONNRESET' ? resolve({ status: 0, text: e.code, code: null }) : reject(e)
    )
    req.end(body)
  })
}

export interface Keys {
  apiKey: string
  apiSecret: string
  /** PEM of the RSA key registered for this API key (RSA-signed endpoints). */
  rsaPrivateKey: string
}

/** A request to def signed over exactly these bytes, `ageMs` in the past (negative: ahead). */
/**
 * A query as a client can send it: what HTTP forbids in a request target, '#' and a leading '?' percent-encoded (the
 * rest kept as fuzzed).
 */
export const queryText = (q: string): string => q.replace(/[^\x21-\x7e]|#|^\?/gu, (c) => encodeURIComponent(c))

export function signed(def: EndpointDef, keys: Keys, text: string, ageMs = 0, over: Record<string, string> = {}): Sent {
  const payload = def.method === 'GET' ? queryText(text) : text
  const path = GATEWAY_PREFIX[def.gateway] + def.path
  const ts = String(Date.now() - ageMs)
  const isGet = def.method === 'GET'
  if (def.security === 'RSA') {
    const h = signRsaRequest({ apiKey: keys.apiKey, privateKey: keys.rsaPrivateKey, body: payload, timestamp: ts })
    return { method: def.method, path, body: payload, headers: { ...h, ...over } }
  }
  const sign = computeHmacSignature(keys.apiSecret, {
    timestamp: ts,
    method: def.method,
    requestPath: def.path,
    query: isGet ? payload : '',
    body: isGet ? undefined : payload
  })
  return {
    method: def.method,
    path,
    query: isGet ? payload : undefined,
    body: isGet ? undefined : payload,
    headers: {
      'X-CH-APIKEY': keys.apiKey,
      'X-CH-TS': ts,
      'X-CH-SIGN': sign,
      'Content-Type': 'application/json',
      ...over
    }
  }
}
