// Checks of the profile and key forms before anything is sent, with the same rules main applies (vault/profiles.ts,
// vault/secret-input.ts), so most mistakes are caught at the field. Messages never repeat the value (a secret
// pasted into the wrong field must not be echoed on screen). A message is whole, its field named by the label the
// form shows (FormField shows it as it is), in the window's language.
import type { app } from '@shared/i18n/en/app'
import { ContractError } from '@shared/ipc/contract-kit'
import { isLoopbackHost } from '@shared/ipc/schemas/profile-transport'
import { t, type MessageParams } from '../../i18n'
import { wordsText } from '../../i18n/words'

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
export type Field = Exclude<keyof ProfileFields, 'allowUnencrypted'> | keyof KeyFields
export type FieldErrors = Partial<Record<Field, string>>

/** A field's label, as the form shows it. */
export const fieldLabel = (f: Field | 'allowUnencrypted'): string => t(`app.profileForm.fields.${f}`)

type Problem = Exclude<keyof typeof app.profileForm.invalid, 'said'>
const problem = (f: Field, p: Problem, params: MessageParams = {}): string =>
  t(`app.profileForm.invalid.${p}`, { field: fieldLabel(f), ...params })

const CONTROL = /\p{Cc}/u

function url(f: Field, v: string, protocols: string[], kind: string): string | undefined {
  const text = v.trim()
  if (!text) return problem(f, 'required')
  if (text.length > 2048) return problem(f, 'tooLong', { max: 2048 })
  try {
    const u = new URL(text)
    if (!protocols.includes(u.protocol) || !u.hostname) return problem(f, 'url', { kind })
  } catch {
    const example = kind === 'http(s)' ? 'https://api.example.com' : 'wss://ws.example.com/ws'
    return problem(f, 'urlExample', { kind, example })
  }
  return undefined
}

/**
 * The rule of src-shared/ipc/schemas/profile-transport.ts (main applies it too): plain http/ws only to this computer,
 * unless the override is ticked; told in the window's language.
 */
function unencrypted(f: Field, v: string): string | undefined {
  let u: URL
  try {
    u = new URL(v.trim())
  } catch {
    return undefined
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'ws:') || isLoopbackHost(u.hostname)) return undefined
  return problem(f, 'unencrypted', {
    protocol: u.protocol,
    host: u.hostname,
    secure: u.protocol === 'http:' ? 'https://' : 'wss://',
    override: fieldLabel('allowUnencrypted')
  })
}

export function validateProfile(v: ProfileFields, embedded = false): FieldErrors {
  const e: FieldErrors = {}
  const name = v.name.trim()
  if (!name) e.name = problem('name', 'required')
  else if (name.length > 64) e.name = problem('name', 'tooLong', { max: 64 })
  else if (CONTROL.test(name)) e.name = problem('name', 'control')
  if (embedded) return e // the embedded exchange's addresses are set by the app
  const checks: [Field, string | undefined][] = [
    ['baseUrl', url('baseUrl', v.baseUrl, ['http:', 'https:'], 'http(s)')],
    ['wsSpotUrl', url('wsSpotUrl', v.wsSpotUrl, ['ws:', 'wss:'], 'ws(s)')],
    ['wsFuturesUrl', url('wsFuturesUrl', v.wsFuturesUrl, ['ws:', 'wss:'], 'ws(s)')]
  ]
  for (const [k, msg] of checks) {
    const found = msg ?? (v.allowUnencrypted ? undefined : unencrypted(k, v[k as keyof ProfileFields] as string))
    if (found) e[k] = found
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
  if (!key) e.apiKey = problem('apiKey', 'requiredWithKeys')
  else if (key.length > 512) e.apiKey = problem('apiKey', 'tooLong', { max: 512 })
  else if (!/^[\x21-\x7e]+$/.test(key)) e.apiKey = problem('apiKey', 'notAscii')
  if (!secret) e.apiSecret = problem('apiSecret', 'requiredWithKeys')
  else if (secret.length > 512) e.apiSecret = problem('apiSecret', 'tooLong', { max: 512 })
  else if (CONTROL.test(secret)) e.apiSecret = problem('apiSecret', 'control')
  if (pem) {
    if (pem.length > 16_384) e.rsaPrivateKey = problem('rsaPrivateKey', 'pemTooLong')
    else if (/ENCRYPTED/.test(pem)) e.rsaPrivateKey = problem('rsaPrivateKey', 'encrypted')
    else if (!/^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/.test(pem))
      e.rsaPrivateKey = problem('rsaPrivateKey', 'notPem')
  }
  return e
}

export const hasErrors = (e: FieldErrors): boolean => Object.keys(e).length > 0

const FIELDS = new Set<string>(['name', 'baseUrl', 'wsSpotUrl', 'wsFuturesUrl', 'apiKey', 'apiSecret', 'rsaPrivateKey'])
const isField = (f: string): f is Field => FIELDS.has(f)

/**
 * The form field a refusal from main names (`secrets.apiKey` -> apiKey), with its message; null if none. Main's
 * words are told as they are; its English message starts with the field's name ('apiKey must not be empty',
 * 'baseUrl: ...'), which gives way to the field's label.
 */
export function fieldError(e: unknown): FieldErrors | null {
  if (!(e instanceof ContractError) || !e.field) return null
  const f = e.field.split('.').pop()!
  if (!isField(f)) return null
  const reason = e.message.replace(new RegExp(`^(field '[^']*': |${f}:? )`), '')
  const said = t('app.profileForm.invalid.said', { field: fieldLabel(f), reason })
  return { [f]: e.words ? wordsText(e.words, said) : said } as FieldErrors
}
