// The one scrubber of what main produces: a secret, its encodings and a PEM key's lines, wherever they sit in a value.
import { describe, expect, it } from 'vitest'
import { ExchangeError } from '../../../src-main/client/errors'
import { SecretScrub } from '../../../src-main/core/secret-scrub'

const KEY = 'k3y/with+odd=chars'
const PEM =
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END PRIVATE KEY-----'

describe('SecretScrub', () => {
  it('removes a secret raw, base64, base64url and URL-encoded, and each line of a PEM body', () => {
    const s = new SecretScrub()
    s.add(KEY)
    s.add(PEM)
    for (const form of [
      KEY,
      Buffer.from(KEY).toString('base64'),
      Buffer.from(KEY).toString('base64url'),
      encodeURIComponent(KEY),
      'BKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj'
    ]) {
      expect(s.text(`echo: ${form} end`)).toBe('echo: [redacted] end')
    }
  })

  it('scrubs strings and keys anywhere in a value, copying only what changed', () => {
    const s = new SecretScrub()
    s.add(KEY)
    const clean = { a: [1, 'x'], b: { c: null } }
    const v = { clean, list: ['ok', `key ${KEY}`], [KEY]: true, n: 1 }
    const out = s.value(v)
    expect(out).toEqual({ clean, list: ['ok', 'key [redacted]'], '[redacted]': true, n: 1 })
    expect(out.clean).toBe(clean)
    expect(v.list[1]).toBe(`key ${KEY}`) // the input is not changed
    expect(s.value(clean)).toBe(clean)
  })

  it('judges an object with toJSON by what it serializes to', () => {
    const s = new SecretScrub()
    s.add(KEY)
    const quiet = new ExchangeError({ kind: 'api', endpointId: 'spot.order.place', message: 'refused' })
    expect(s.value({ e: quiet }).e).toBe(quiet)
    const echoing = new ExchangeError({
      kind: 'api',
      endpointId: 'spot.order.place',
      message: `refused; X-CH-APIKEY: ${KEY}`
    })
    expect(JSON.stringify(s.value({ e: echoing }))).not.toContain(KEY)
  })

  it('ignores what is too short to be a secret and passes everything through before any secret is known', () => {
    const s = new SecretScrub()
    const v = { k: KEY }
    expect(s.value(v)).toBe(v)
    s.add('abc')
    expect(s.text('abc abc')).toBe('abc abc')
  })
})
