// Checks of the profile and key forms before anything is sent, with the same rules main applies (vault/profiles.ts,
// vault/secret-input.ts), so most mistakes are caught at the field. Messages never repeat the value (a secret
// pasted into the wrong field must not be echoed on screen).
import { ContractError } from '@shared/ipc/contract-kit'
import { unencryptedProblem } from '@shared/ipc/schemas/profile-transport'

export interface ProfileFields {
  name: string
  baseUrl: string
  wsSpotUrl: string
  wsFuturesUrl: string
  /** The explicit override of the rule that a remote exchange on another machine is reached over TLS. */
  allowUnencrypted?: boolean
}
export interface KeyFields {
  apiKey: string
  apiSecret: string
  rsaPrivateKey: string
}
export type FieldErrors = Partial<Record<keyof ProfileFields | keyof KeyFields, string>>

const CONTROL = /\p{Cc}/u

function url(v: string, protocols: string[], label: string): string | undefined {
  const t = v.trim()
  if (!t) return 'is required'
  if (t.length > 2048) return 'must be at most 2048 characters'
  try {
    const u = new URL(t)
    if (!protocols.includes(u.protocol) || !u.hostname) return `must be an absolute ${label} URL`
  } catch {
    return `must be an absolute ${label} URL, e.g. ${label === 'http(s)' ? 'https://api.example.com' : 'wss://ws.example.com/ws'}`
  }
  return undefined
}

export function validateProfile(v: ProfileFields, embedded = false): FieldErrors {
  const e: FieldErrors = {}
  const name = v.name.trim()
  if (!name) e.name = 'is required'
  else if (name.length > 64) e.name = 'must be at most 64 characters'
  else if (CONTROL.test(name)) e.name = 'must not contain control characters'
  if (embedded) return e // the embedded exchange's addresses are set by the app
  const checks: [keyof ProfileFields, string | undefined][] = [
    ['baseUrl', url(v.baseUrl, ['http:', 'https:'], 'http(s)')],
    ['wsSpotUrl', url(v.wsSpotUrl, ['ws:', 'wss:'], 'ws(s)')],
    ['wsFuturesUrl', url(v.wsFuturesUrl, ['ws:', 'wss:'], 'ws(s)')]
  ]
  for (const [k, msg] of checks) {
    const problem = msg ?? (v.allowUnencrypted ? null : unencryptedProblem(v[k] as string))
    if (problem) e[k] = problem
  }
  return e
}

/** All empty is no keys (allowed unless `required`); otherwise key and secret together, an optional RSA PEM. */
export function validateKeys(v: KeyFields, required: boolean): FieldErrors {
  const e: FieldErrors = {}
  const key = v.apiKey.trim()
  const secret = v.apiSecret.trim()
  const pem = v.rsaPrivateKey.trim()
  if (!key && !secret && !pem && !required) return e
  if (!key) e.apiKey = 'is required with keys'
  else if (key.length > 512) e.apiKey = 'must be at most 512 characters'
  else if (!/^[\x21-\x7e]+$/.test(key)) e.apiKey = 'must be printable ASCII without spaces'
  if (!secret) e.apiSecret = 'is required with keys'
  else if (secret.length > 512) e.apiSecret = 'must be at most 512 characters'
  else if (CONTROL.test(secret)) e.apiSecret = 'must not contain control characters'
  if (pem) {
    if (pem.length > 16_384) e.rsaPrivateKey = 'is too long for a PEM private key'
    else if (/ENCRYPTED/.test(pem)) e.rsaPrivateKey = 'is encrypted; export it without a passphrase'
    else if (!/^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/.test(pem))
      e.rsaPrivateKey = 'must be a PEM private key (-----BEGIN PRIVATE KEY----- …)'
  }
  return e
}

export const hasErrors = (e: FieldErrors): boolean => Object.keys(e).length > 0

const FIELDS = new Set(['name', 'baseUrl', 'wsSpotUrl', 'wsFuturesUrl', 'apiKey', 'apiSecret', 'rsaPrivateKey'])

/** The form field a refusal from main names (`secrets.apiKey` -> apiKey), with its message; null if none. */
export function fieldError(e: unknown): FieldErrors | null {
  if (!(e instanceof ContractError) || !e.field) return null
  const f = e.field.split('.').pop()!
  if (!FIELDS.has(f)) return null
  // Main's messages start with the field name ('apiKey must not be empty', 'baseUrl: ...'): keep only the reason.
  const msg = e.message.replace(new RegExp(`^(field '[^']*': |${f}:? )`), '')
  return { [f]: msg } as FieldErrors
}
