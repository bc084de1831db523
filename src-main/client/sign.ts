// Authentication headers by the endpoint's security class: none for NONE, X-CH-* HMAC for TRADE / USER_DATA,
// Ex-ts / Ex-sign RSA for the futures transfer endpoints. Returns the values that must never appear in an error
// (secret, signature) so the request layer can scrub anything a venue echoes back.
import { createHash } from 'node:crypto'
import { signRequest } from '../../src-shared/node/hmac-signing'
import { signRsaRequest } from '../../src-shared/node/rsa-signing'
import { ExchangeError } from './errors'
import type { PreparedRequest } from './prepare'
import type { Credentials } from './types'

export interface AuthResult {
  headers: Record<string, string>
  sensitive: string[]
}

const JSON_CT = { 'Content-Type': 'application/json' }

export function authHeaders(req: PreparedRequest, creds: Credentials | undefined, timestamp: string): AuthResult {
  const def = req.def
  if (def.security === 'NONE') {
    const headers = def.method === 'POST' ? { ...req.paramHeaders, ...JSON_CT } : { ...req.paramHeaders }
    return { headers, sensitive: [] }
  }
  if (!creds) throw credentialError(def.id, 'no credentials for a signed endpoint')
  try {
    if (def.security === 'RSA') {
      if (!creds.rsaPrivateKey) throw credentialError(def.id, 'this endpoint needs the profile RSA private key')
      const h = signRsaRequest({
        apiKey: creds.apiKey,
        privateKey: creds.rsaPrivateKey,
        body: req.body ?? '{}',
        timestamp
      })
      return { headers: { ...req.paramHeaders, ...h }, sensitive: [creds.secret, h['Ex-sign']] }
    }
    const h = signRequest({
      apiKey: creds.apiKey,
      secret: creds.secret,
      method: def.method,
      requestPath: def.path,
      query: req.query,
      body: req.body,
      timestamp
    })
    return { headers: { ...req.paramHeaders, ...h }, sensitive: [creds.secret, h['X-CH-SIGN']] }
  } catch (e) {
    if (e instanceof ExchangeError) throw e
    // The signers' messages are fixed texts about the key's or timestamp's form; never the key material itself.
    throw new ExchangeError({
      kind: 'validation',
      endpointId: def.id,
      message: `${def.id}: cannot sign: ${e instanceof Error ? e.message : 'signing failed'}`
    })
  }
}

function credentialError(endpointId: string, text: string): ExchangeError {
  return new ExchangeError({ kind: 'validation', endpointId, message: `${endpointId}: credentials: ${text}` })
}

const tags = new Map<string, string>()
/** A short stable tag of an API key, for rate-budget keys and stats (the key itself is not shown). */
export function apiKeyTag(apiKey: string): string {
  let t = tags.get(apiKey)
  if (!t) {
    t = createHash('sha256').update(apiKey.trim()).digest('hex').slice(0, 12)
    if (tags.size > 64) tags.clear()
    tags.set(apiKey, t)
  }
  return t
}
