// The profile and key forms' checks: the same rules main applies, messages that never repeat a value, and the
// field a refusal from main names.
import { describe, expect, it } from 'vitest'
import { ContractError } from '@shared/ipc/contract-kit'
import {
  fieldError,
  validateKeys,
  validateProfile
} from '../../../src-renderer/src/components/settings/profile-validation'

const ok = {
  name: 'Venue',
  baseUrl: 'https://api.venue.test',
  wsSpotUrl: 'wss://ws.venue.test/spot',
  wsFuturesUrl: 'ws://127.0.0.1:9000/futures'
}
const keys = { apiKey: 'AK1234567890', apiSecret: 's3cret', rsaPrivateKey: '' }

describe('validateProfile', () => {
  it('accepts a complete remote profile', () => {
    expect(validateProfile(ok)).toEqual({})
  })

  it('names each bad field with what it must be', () => {
    expect(
      validateProfile({ name: ' ', baseUrl: 'ftp://x', wsSpotUrl: 'https://x', wsFuturesUrl: 'not a url' })
    ).toEqual({
      name: 'is required',
      baseUrl: 'must be an absolute http(s) URL',
      wsSpotUrl: 'must be an absolute ws(s) URL',
      wsFuturesUrl: 'must be an absolute ws(s) URL, e.g. wss://ws.example.com/ws'
    })
    expect(validateProfile({ ...ok, name: 'x'.repeat(65) }).name).toBe('must be at most 64 characters')
    expect(validateProfile({ ...ok, name: 'a\u0007b' }).name).toBe('must not contain control characters')
  })

  it('checks only the name of the embedded profile', () => {
    expect(validateProfile({ name: 'Paper', baseUrl: '', wsSpotUrl: '', wsFuturesUrl: '' }, true)).toEqual({})
  })
})

describe('validateKeys', () => {
  it('allows no keys at all unless they are required', () => {
    expect(validateKeys({ apiKey: '', apiSecret: '', rsaPrivateKey: '' }, false)).toEqual({})
    expect(validateKeys({ apiKey: '', apiSecret: '', rsaPrivateKey: '' }, true)).toEqual({
      apiKey: 'is required with keys',
      apiSecret: 'is required with keys'
    })
  })

  it('wants key and secret together, a printable key, and an unencrypted PEM', () => {
    expect(validateKeys(keys, true)).toEqual({})
    expect(validateKeys({ ...keys, apiSecret: '' }, false)).toEqual({ apiSecret: 'is required with keys' })
    expect(validateKeys({ ...keys, apiKey: 'AK 12' }, false)).toEqual({
      apiKey: 'must be printable ASCII without spaces'
    })
    expect(validateKeys({ ...keys, rsaPrivateKey: 'hello' }, false).rsaPrivateKey).toMatch(/^must be a PEM private key/)
    expect(
      validateKeys(
        { ...keys, rsaPrivateKey: '-----BEGIN ENCRYPTED PRIVATE KEY-----\nx\n-----END ENCRYPTED PRIVATE KEY-----' },
        false
      ).rsaPrivateKey
    ).toBe('is encrypted; export it without a passphrase')
    expect(
      validateKeys({ ...keys, rsaPrivateKey: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n' }, false)
    ).toEqual({})
  })

  it('never echoes a value in a message', () => {
    const secret = 'VERY-SECRET-\u0001-VALUE'
    const e = validateKeys({ apiKey: secret, apiSecret: secret, rsaPrivateKey: secret }, true)
    expect(JSON.stringify(e)).not.toContain('VERY-SECRET')
  })
})

describe('fieldError', () => {
  it('maps a refusal from main to the form field, keeping only the reason', () => {
    expect(
      fieldError(
        new ContractError({
          code: 'invalid-input',
          message: 'rsaPrivateKey is not a PEM private key',
          field: 'rsaPrivateKey'
        })
      )
    ).toEqual({ rsaPrivateKey: 'is not a PEM private key' })
    expect(
      fieldError(
        new ContractError({
          code: 'invalid-input',
          message: "field 'secrets.apiKey': must not be empty",
          field: 'secrets.apiKey'
        })
      )
    ).toEqual({ apiKey: 'must not be empty' })
    expect(fieldError(new ContractError({ code: 'keychain', message: 'no keychain' }))).toBeNull()
    expect(fieldError(new Error('x'))).toBeNull()
  })
})
