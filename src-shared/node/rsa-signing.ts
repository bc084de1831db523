// RSA signing of the futures transfer endpoints (futures_transfer, futures_balance):
// Ex-sign = base64(RSASSA-PKCS1-v1_5 / SHA-256 over (exact JSON body text + Ex-ts)), verified with the public key
// registered for the API key. PKCS#1 v1.5 is deterministic, so golden vectors from openssl match byte for byte.
// Key material never appears in an error: key parse failures are rethrown without the original cause.

import { Buffer } from 'node:buffer'
import { constants, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'
import { normalizeApiKey } from './hmac-signing'
import { timestampText } from './prehash'

export type PrivateKeyInput = string | KeyObject
export type PublicKeyInput = string | KeyObject

export interface RsaHeaders {
  'X-CH-APIKEY': string
  'Ex-ts': string
  'Ex-sign': string
  'Content-Type': 'application/json'
}

function rsaKey(input: PrivateKeyInput | PublicKeyInput, kind: 'private' | 'public'): KeyObject {
  let key: KeyObject
  if (typeof input === 'string') {
    try {
      key =
        kind === 'private'
          ? createPrivateKey({ key: input, format: 'pem' })
          : createPublicKey({ key: input, format: 'pem' })
    } catch {
      throw new Error(`RSA ${kind} key is not a readable PEM key`)
    }
  } else {
    key = input
  }
  // A private KeyObject may verify too (its public half), but a public one can never sign.
  if (kind === 'private' && key.type !== 'private') throw new Error('RSA signing needs a private key')
  if (key.asymmetricKeyType !== 'rsa')
    throw new Error(`RSA ${kind} key has type ${String(key.asymmetricKeyType)}, expected rsa`)
  return key
}

/** The signed bytes: the body exactly as sent, then the Ex-ts text (UTF-8), no separator. */
export function rsaSignedBytes(body: string | Uint8Array, exTs: string): Buffer {
  const bodyBytes =
    typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  return Buffer.concat([bodyBytes, Buffer.from(exTs, 'utf8')])
}

/** Base64 Ex-sign over body + exTs. */
export function signRsa(privateKey: PrivateKeyInput, body: string | Uint8Array, exTs: string | number): string {
  const ts = timestampText(exTs, 'Ex-ts')
  const key = rsaKey(privateKey, 'private')
  return sign('sha256', rsaSignedBytes(body, ts), { key, padding: constants.RSA_PKCS1_PADDING }).toString('base64')
}

const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** True when `signature` (base64, as in Ex-sign) is valid for body + exTs under the public key. */
export function verifyRsa(
  publicKey: PublicKeyInput,
  body: string | Uint8Array,
  exTs: string,
  signature: string
): boolean {
  if (typeof signature !== 'string' || signature === '' || !BASE64_RE.test(signature)) return false
  let ts: string
  try {
    ts = timestampText(exTs, 'Ex-ts')
  } catch {
    return false
  }
  const key = rsaKey(publicKey, 'public')
  return verify(
    'sha256',
    rsaSignedBytes(body, ts),
    { key, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(signature, 'base64')
  )
}

export interface RsaSignRequestInput {
  apiKey: string
  privateKey: PrivateKeyInput
  /** Body serialized once; these exact bytes are signed and sent. */
  body: string | Uint8Array
  timestamp: string | number
}

/** Headers of an RSA-signed request; X-CH-APIKEY tells the server whose public key to verify with. */
export function signRsaRequest(input: RsaSignRequestInput): RsaHeaders {
  const apiKey = normalizeApiKey(input.apiKey)
  const exTs = timestampText(input.timestamp, 'Ex-ts')
  return {
    'X-CH-APIKEY': apiKey,
    'Ex-ts': exTs,
    'Ex-sign': signRsa(input.privateKey, input.body, exTs),
    'Content-Type': 'application/json'
  }
}
