// The control API's request bodies, checked field by field before anything is committed: a value the journal
// would keep (and replay at every start) is held to a plain, bounded shape, and a bad one is refused in words.
import { createPublicKey } from 'node:crypto'
import { refuse } from '../domain-error'

export type Body = Record<string, unknown>

function bad(msg: string): never {
  refuse('MANDATORY_PARAM', msg)
}

/** The body as an object of only the named fields; anything else (null, an array, an unknown field) is refused. */
export function bodyObject(value: unknown, fields: readonly string[]): Body {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) bad('Request body must be a JSON object')
  for (const k of Object.keys(value as Body))
    if (!fields.includes(k)) bad(`Unknown parameter '${k}' (this path takes ${fields.join(', ') || 'none'})`)
  return value as Body
}

function str(b: Body, name: string, required: boolean): string | undefined {
  const v = b[name]
  if (v === undefined || v === null || v === '') {
    if (required) bad(`Mandatory parameter '${name}' was not sent`)
    return undefined
  }
  if (typeof v !== 'string') bad(`Parameter '${name}' must be a string`)
  return v as string
}

/** Printable ASCII without spaces: what goes into a header (no CR/LF), bounded in length. */
const TOKEN_RE = /^[\x21-\x7e]+$/

/** An API key or secret: 1 to max printable ASCII characters, no spaces. */
export function credentialText(b: Body, name: string, required: true, max?: number): string
export function credentialText(b: Body, name: string, required: false, max?: number): string | undefined
export function credentialText(b: Body, name: string, required: boolean, max = 128): string | undefined {
  const v = str(b, name, required)
  if (v === undefined) return undefined
  if (v.length > max) bad(`Parameter '${name}' is longer than ${max} characters`)
  if (!TOKEN_RE.test(v)) bad(`Parameter '${name}' must be printable ASCII without spaces or line breaks`)
  return v
}

/** An asset or coin name, upper-cased. */
export function assetText(b: Body, name = 'asset'): string {
  const v = str(b, name, true) as string
  if (!/^[A-Za-z0-9]{1,20}$/.test(v)) bad(`Parameter '${name}' must be 1 to 20 letters or digits`)
  return v.toUpperCase()
}

/** A positive decimal amount as text (at most 15 whole digits and 18 decimals), or '0' where zero is allowed. */
export function amountText(b: Body, name: string, required: true, zero?: boolean): string
export function amountText(b: Body, name: string, required: false, zero?: boolean): string | undefined
export function amountText(b: Body, name: string, required: boolean, zero = false): string | undefined {
  const v = str(b, name, required)
  if (v === undefined) return undefined
  if (!/^\d{1,15}(\.\d{1,18})?$/.test(v))
    bad(`Parameter '${name}' must be a decimal number as text, like "100.5" (at most 15 whole digits and 18 decimals)`)
  if (!zero && !/[1-9]/.test(v)) bad(`Parameter '${name}' must be more than zero`)
  return v
}

/** A short free text (an address, a symbol): printable ASCII, bounded. */
export function shortText(b: Body, name: string, required: boolean, max = 64): string | undefined {
  const v = str(b, name, required)
  if (v === undefined) return undefined
  if (v.length > max || !TOKEN_RE.test(v))
    bad(`Parameter '${name}' must be 1 to ${max} printable ASCII characters without spaces`)
  return v
}

/** A PEM RSA public key (SPKI or PKCS#1); a private key, another key type or anything else is refused. */
export function rsaPublicKeyText(b: Body, name: string, required: boolean): string | undefined {
  const v = str(b, name, required)
  if (v === undefined) return undefined
  if (v.length > 16_384) bad(`Parameter '${name}' is longer than a PEM RSA public key can be`)
  if (!/^\s*-----BEGIN (RSA )?PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END (RSA )?PUBLIC KEY-----\s*$/.test(v)) {
    bad(`Parameter '${name}' must be a PEM RSA public key (-----BEGIN PUBLIC KEY-----)`)
  }
  let type: string | undefined
  try {
    type = createPublicKey(v).asymmetricKeyType
  } catch {
    bad(`Parameter '${name}' is not a readable PEM public key`)
  }
  if (type !== 'rsa') bad(`Parameter '${name}' must be an RSA key, not ${type ?? 'an unknown type'}`)
  return v
}

/** true or false; absent gives the default. */
export function flag(b: Body, name: string, fallback?: boolean): boolean {
  const v = b[name]
  if (v === undefined && fallback !== undefined) return fallback
  if (typeof v !== 'boolean') bad(`Parameter '${name}' must be true or false`)
  return v as boolean
}
