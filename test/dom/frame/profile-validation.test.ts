// The profile and key forms' checks: the same rules main applies, messages that never repeat a value, and the
// field a refusal from main names.
import { afterEach, describe, expect, it } from 'vitest'
import { ContractError } from '@shared/ipc/contract-kit'
import { setLocale } from '../../../src-renderer/src/i18n'
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
afterEach(() => setLocale('en'))

describe('validateProfile', () => {
  it('accepts a complete remote profile', () => {
    expect(validateProfile(ok)).toEqual({})
  })

  it('names each bad field with what it must be', () => {
    expect(
      validateProfile({ name: ' ', baseUrl: 'ftp://x', wsSpotUrl: 'https://x', wsFuturesUrl: 'not a url' })
    ).toEqual({
      name: 'Name is required',
      baseUrl: 'REST base URL must be an absolute http(s) URL',
      wsSpotUrl: 'Spot WebSocket URL must be an absolute ws(s) URL',
      wsFuturesUrl: 'Futures WebSocket URL must be an absolute ws(s) URL, e.g. wss://ws.example.com/ws'
    })
    expect(validateProfile({ ...ok, name: 'x'.repeat(65) }).name).toBe('Name must be at most 64 characters')
    expect(validateProfile({ ...ok, name: 'a\u0007b' }).name).toBe('Name must not contain control characters')
  })

  it('says it in the window’s language', () => {
    setLocale('zh-CN')
    expect(validateProfile({ ...ok, name: ' ' }).name).toBe('名称为必填项')
    expect(validateProfile({ ...ok, baseUrl: 'http://192.0.2.10' }).baseUrl).toMatch(
      /^REST 基础地址：通过 http:\/\/ 连接 192\.0\.2\.10 将不加密.*勾选“允许未加密连接”$/
    )
    setLocale('zh-TW')
    expect(validateKeys({ ...keys, apiKey: '' }, false).apiKey).toBe('填寫金鑰時API Key為必填')
  })

  it('checks only the name of the embedded profile', () => {
    expect(validateProfile({ name: 'Paper', baseUrl: '', wsSpotUrl: '', wsFuturesUrl: '' }, true)).toEqual({})
  })
})

describe('validateKeys', () => {
  it('allows no keys at all unless they are required', () => {
    expect(validateKeys({ apiKey: '', apiSecret: '', rsaPrivateKey: '' }, false)).toEqual({})
    expect(validateKeys({ apiKey: '', apiSecret: '', rsaPrivateKey: '' }, true)).toEqual({
      apiKey: 'API key is required with keys',
      apiSecret: 'API secret is required with keys'
    })
  })

  it('wants key and secret together, a printable key, and an unencrypted PEM', () => {
    expect(validateKeys(keys, true)).toEqual({})
    expect(validateKeys({ ...keys, apiSecret: '' }, false)).toEqual({ apiSecret: 'API secret is required with keys' })
    expect(validateKeys({ ...keys, apiKey: 'AK 12' }, false)).toEqual({
      apiKey: 'API key must be printable ASCII without spaces'
    })
    expect(validateKeys({ ...keys, rsaPrivateKey: 'hello' }, false).rsaPrivateKey).toMatch(
      /^RSA private key must be a PEM private key/
    )
    expect(
      validateKeys(
        { ...keys, rsaPrivateKey: '-----BEGIN ENCRYPTED PRIVATE KEY-----\nx\n-----END ENCRYPTED PRIVATE KEY-----' },
        false
      ).rsaPrivateKey
    ).toBe('RSA private key is encrypted; export it without a passphrase')
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
  it('maps a refusal from main to the form field, naming it by its label', () => {
    expect(
      fieldError(
        new ContractError({
          code: 'invalid-input',
          message: 'rsaPrivateKey is not a PEM private key',
          field: 'rsaPrivateKey'
        })
      )
    ).toEqual({ rsaPrivateKey: 'RSA private key is not a PEM private key' })
    expect(
      fieldError(
        new ContractError({
          code: 'invalid-input',
          message: "field 'secrets.apiKey': must not be empty",
          field: 'secrets.apiKey'
        })
      )
    ).toEqual({ apiKey: 'API key must not be empty' })
    expect(fieldError(new ContractError({ code: 'keychain', message: 'no keychain' }))).toBeNull()
    // Main's words, when it sent them, told as they are in the window's language (here a key of the form's own).
    const worded = new ContractError({
      code: 'invalid-input',
      message: 'name: too long',
      field: 'name',
      words: { key: 'app.profileForm.invalid.tooLong', params: { field: 'The name', max: 64 } }
    })
    expect(fieldError(worded)).toEqual({ name: 'The name must be at most 64 characters' })
    expect(fieldError(new Error('x'))).toBeNull()
  })
})
