// What the UI sees of a failure: codes and safe fields only, scrubbed of every registered secret.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ClientValidationError, ExchangeError } from '../../../src-main/client/errors'
import { createMapError } from '../../../src-main/core/map-error'
import { Redactor, scrubbedLog } from '../../../src-main/core/redactor'
import { enforce, errorBody, noActiveProfile, OrderRuleError, ServiceError } from '../../../src-main/services/errors'
import {
  KeychainEntryUnreadableError,
  KeychainUnavailableError,
  ProfileNotFoundError,
  ProfileValidationError,
  SecretValidationError,
  validateSecrets
} from '../../../src-main/vault'
import { translateIn } from '@shared/i18n/translate'

describe('errorBody', () => {
  it('tells a failed connection in words, keeping its codes in the message for the log', () => {
    const refused = errorBody(
      new ExchangeError({
        kind: 'network',
        endpointId: 'spot.order.place',
        message: 'spot.order.place: network error (ECONNREFUSED)'
      })
    )
    expect(refused).toMatchObject({
      code: 'exchange',
      message: 'spot.order.place: network error (ECONNREFUSED)',
      words: { key: 'main.transport.network' }
    })
    expect(translateIn('zh-CN', refused.words!.key)).toContain('无法连接交易所')
    expect(translateIn('en', refused.words!.key)).not.toMatch(/ECONNREFUSED|spot\.order/)
    const late = errorBody(new ExchangeError({ kind: 'timeout', endpointId: 'spot.depth', message: 'm' }))
    expect(late.words).toEqual({ key: 'main.transport.timeout' })
    // A venue's own refusal keeps its code and no transport words.
    const api = errorBody(new ExchangeError({ kind: 'api', code: -2017, endpointId: 'spot.order.place', message: 'm' }))
    expect(api.words).toBeUndefined()
  })

  it('maps each known failure to its code, field and venue details', () => {
    expect(
      errorBody(
        new ExchangeError({
          kind: 'api',
          code: -2017,
          httpStatus: 400,
          endpointId: 'spot.order.place',
          message: 'spot.order.place: Insufficient balance (-2017)',
          venueMessage: 'x'
        })
      )
    ).toEqual({
      code: 'exchange',
      message: 'spot.order.place: Insufficient balance (-2017)',
      exchange: { code: -2017, httpStatus: 400, endpointId: 'spot.order.place', kind: 'api', venueMessage: 'x' }
    })
    expect(
      errorBody(new ExchangeError({ kind: 'unknown-outcome', endpointId: 'futures.transfer', message: 'm' })).code
    ).toBe('unknown-outcome')
    expect(errorBody(new ClientValidationError('spot.depth', 'limit', 'must be at most 100'))).toMatchObject({
      code: 'invalid-input',
      field: 'limit',
      exchange: { kind: 'validation' }
    })
    expect(errorBody(new OrderRuleError('pricePrecision', 'price', 'price has 3 decimals'))).toEqual({
      code: 'order-rule',
      field: 'price',
      message: 'price has 3 decimals'
    })
    expect(errorBody(new ServiceError('no-profile', 'none'))).toEqual({ code: 'no-profile', message: 'none' })
    expect(errorBody(new ProfileValidationError('baseUrl', 'must be an absolute http(s) URL'))).toMatchObject({
      code: 'invalid-input',
      field: 'baseUrl'
    })
    expect(errorBody(new SecretValidationError('apiSecret', 'must not be empty'))).toMatchObject({
      code: 'invalid-input',
      field: 'apiSecret'
    })
    expect(errorBody(new ProfileNotFoundError('p1'))).toMatchObject({ code: 'not-found', field: 'profileId' })
    expect(errorBody(new KeychainUnavailableError('locked'))).toMatchObject({ code: 'keychain' })
    expect(errorBody(z.object({ a: z.string() }).safeParse({ a: 1 }).error)).toMatchObject({
      code: 'invalid-input',
      field: 'a'
    })
  })

  it("gives the UI main's refusals in catalog words beside their English (unchanged)", () => {
    expect(errorBody(noActiveProfile())).toEqual({
      code: 'no-profile',
      message: 'No profile is active: add or select an exchange profile first',
      words: { key: 'main.noProfile' }
    })
    expect(errorBody(new ProfileNotFoundError('p1'))).toEqual({
      code: 'not-found',
      message: 'No profile with id p1',
      field: 'profileId',
      words: { key: 'main.profiles.notFound', params: { id: 'p1' } }
    })
    const locked = errorBody(new KeychainUnavailableError('locked'))
    expect(locked.words).toEqual({ key: 'main.keychain.unavailable', params: { reason: 'locked' } })
    expect(translateIn('en', locked.words!.key, locked.words!.params)).toBe(locked.message)
    expect(translateIn('zh-CN', locked.words!.key, locked.words!.params)).toMatch(/^系统钥匙串不可用：locked。/)
    const unreadable = errorBody(new KeychainEntryUnreadableError('p2'))
    expect(translateIn('en', unreadable.words!.key, unreadable.words!.params)).toBe(unreadable.message)
    // A typed key's problem names its field in the UI's language (linked: main.keys.fields.*).
    const empty = (() => {
      try {
        validateSecrets({ apiKey: 'abcdefgh', apiSecret: '  ' })
      } catch (e) {
        return errorBody(e)
      }
    })()!
    expect(empty).toEqual({
      code: 'invalid-input',
      message: 'apiSecret must not be empty',
      field: 'apiSecret',
      words: { key: 'main.keys.empty', params: { field: 'main.keys.fields.apiSecret' } }
    })
    expect(translateIn('en', empty.words!.key, empty.words!.params)).toBe('The API secret must not be empty')
    expect(translateIn('zh-TW', empty.words!.key, empty.words!.params)).toBe('API Secret 不可為空')
    // A schema's field rule stays English (no words): the UI shows the message.
    expect(errorBody(new ProfileValidationError('baseUrl', 'must be an absolute http(s) URL')).words).toBeUndefined()
    // An unexpected error's own words, if it has any, never reach the UI: it is 'internal'.
    const odd = Object.assign(new TypeError('x'), { words: { key: 'main.noProfile' } })
    expect(errorBody(odd)).toEqual({ code: 'internal', message: expect.any(String), words: { key: 'main.internal' } })
  })

  it('throws a broken order rule as an order-rule refusal naming its field', () => {
    expect(() => enforce(null)).not.toThrow()
    const refusal = {
      rule: 'pricePrecision',
      field: 'orders.3.price',
      message: 'price has 3 decimals; btcusdt allows 2 (pricePrecision)'
    }
    const e = (() => {
      try {
        enforce(refusal)
      } catch (thrown) {
        return thrown
      }
    })()
    expect(e).toBeInstanceOf(OrderRuleError)
    expect(e).toMatchObject({ rule: 'pricePrecision' })
    expect(errorBody(e)).toEqual({ code: 'order-rule', field: 'orders.3.price', message: refusal.message })
  })

  it('shows nothing of an unexpected error but logs its (scrubbed) message', () => {
    const r = new Redactor()
    r.add('hunter2-secret-value')
    const logs: string[] = []
    const map = createMapError(
      r,
      scrubbedLog(r, (l) => logs.push(l))
    )
    expect(map(new TypeError('boom hunter2-secret-value'))).toEqual({
      code: 'internal',
      message: 'Internal error; see the log for details',
      words: { key: 'main.internal' }
    })
    expect(logs).toEqual(['internal error: TypeError: boom [redacted]'])
    expect(
      map(new ExchangeError({ kind: 'api', endpointId: 'spot.account', message: 'echo hunter2-secret-value' })).message
    ).toBe('echo [redacted]')
  })
})

describe('Redactor', () => {
  it('scrubs whole secrets and every body line of a PEM key', () => {
    const r = new Redactor()
    const pem = `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(64)}\n${'B'.repeat(64)}\n-----END PRIVATE KEY-----\n`
    r.add(pem)
    r.add('abc') // too short to be a secret worth scrubbing from every line
    expect(r.scrub(`x ${'B'.repeat(64)} y`)).toBe('x [redacted] y')
    expect(r.scrub(pem.trim())).toBe('[redacted]')
    expect(r.scrub('abc')).toBe('abc')
  })
})
