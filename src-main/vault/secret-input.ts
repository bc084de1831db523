// Checks secrets typed by the user before they reach the keychain, and the one masked view the UI may see.
// No message here ever contains the value it rejects.
import { createPrivateKey } from 'node:crypto'
import type { WordParams, Words } from '../../src-shared/i18n/words'
import type { ProfileSecrets } from './secret-store'

export const MAX_KEY_LENGTH = 512
const MAX_PEM_LENGTH = 16_384 // an RSA-8192 PKCS#8 PEM is ~6.5 KB
const CONTROL = /\p{Cc}/u

export type SecretField = 'apiKey' | 'apiSecret' | 'rsaPrivateKey'

/** The problems a typed key may have: their catalog words are `main.keys.<problem>`. */
type Problem =
  'notText' | 'empty' | 'tooLong' | 'control' | 'notAscii' | 'pemTooLong' | 'encrypted' | 'notPem' | 'notRsa'

export class SecretValidationError extends Error {
  override readonly name = 'SecretValidationError'
  /** The problem in catalog words, the field named in them; absent for a problem said only in English. */
  readonly words?: Words
  constructor(
    readonly field: SecretField,
    problem: string,
    said?: { problem: Problem; params?: WordParams }
  ) {
    super(`${field} ${problem}`)
    if (said)
      this.words = { key: `main.keys.${said.problem}`, params: { ...said.params, field: `main.keys.fields.${field}` } }
  }
}

export interface SecretsInput {
  apiKey: string
  apiSecret: string
  /** PEM; empty or absent means none. */
  rsaPrivateKey?: string | null
}

function line(field: SecretField, value: unknown): string {
  if (typeof value !== 'string') throw new SecretValidationError(field, 'must be a string', { problem: 'notText' })
  const v = value.trim() // pasted keys often carry a trailing newline or space
  if (v === '') throw new SecretValidationError(field, 'must not be empty', { problem: 'empty' })
  if (v.length > MAX_KEY_LENGTH)
    throw new SecretValidationError(field, `must be at most ${MAX_KEY_LENGTH} characters`, {
      problem: 'tooLong',
      params: { max: MAX_KEY_LENGTH }
    })
  if (CONTROL.test(v))
    throw new SecretValidationError(field, 'must not contain control characters', { problem: 'control' })
  return v
}

function rsaPem(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string')
    throw new SecretValidationError('rsaPrivateKey', 'must be a string', { problem: 'notText' })
  const pem = value.trim()
  if (pem === '') return undefined
  if (pem.length > MAX_PEM_LENGTH)
    throw new SecretValidationError('rsaPrivateKey', 'is too long for a PEM private key', { problem: 'pemTooLong' })
  // The signer cannot prompt for a passphrase, so an encrypted key is refused up front.
  if (/ENCRYPTED/.test(pem))
    throw new SecretValidationError('rsaPrivateKey', 'is encrypted; export it without a passphrase', {
      problem: 'encrypted'
    })
  let type: string | undefined
  try {
    type = createPrivateKey({ key: pem, format: 'pem' }).asymmetricKeyType
  } catch {
    // The OpenSSL error is dropped, not wrapped: nothing of the key reaches the message.
    throw new SecretValidationError('rsaPrivateKey', 'is not a PEM private key', { problem: 'notPem' })
  }
  if (type !== 'rsa')
    throw new SecretValidationError('rsaPrivateKey', `must be an RSA key, not ${String(type)}`, {
      problem: 'notRsa',
      params: { type: String(type) }
    })
  return `${pem}\n`
}

/** Normalized secrets, or SecretValidationError naming the first bad field. */
export function validateSecrets(input: SecretsInput): ProfileSecrets {
  if (typeof input !== 'object' || input === null)
    throw new SecretValidationError('apiKey', 'must be a string', { problem: 'notText' })
  const apiKey = line('apiKey', input.apiKey)
  // The key travels in an HTTP header (X-CH-APIKEY), so it must be printable ASCII.
  if (!/^[\x21-\x7e]+$/.test(apiKey))
    throw new SecretValidationError('apiKey', 'must be printable ASCII without spaces', { problem: 'notAscii' })
  const apiSecret = line('apiSecret', input.apiSecret)
  const rsaPrivateKey = rsaPem(input.rsaPrivateKey)
  return rsaPrivateKey ? { apiKey, apiSecret, rsaPrivateKey } : { apiKey, apiSecret }
}

/** 'abcd…wxyz' for keys of 12+ characters (never more than 8 of them), '••••' for shorter ones. */
export function maskApiKey(apiKey: string): string {
  return apiKey.length >= 12 ? `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}` : '••••'
}
