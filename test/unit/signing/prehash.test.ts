import { describe, expect, it } from 'vitest'
import {
  buildPreHash,
  buildPreHashBytes,
  buildQueryString,
  encodeRfc3986,
  splitGatewayPath
} from '../../../src-shared/node/prehash'

describe('PreHash', () => {
  const ts = '1700000000000'

  it('adds ? only when a query exists', () => {
    expect(buildPreHash({ timestamp: ts, method: 'GET', requestPath: '/sapi/v1/account', query: '' })).toBe(
      `${ts}GET/sapi/v1/account`
    )
    expect(buildPreHash({ timestamp: ts, method: 'get', requestPath: '/sapi/v1/account', query: 'a=1' })).toBe(
      `${ts}GET/sapi/v1/account?a=1`
    )
  })

  it('keeps body bytes exactly, including invalid UTF-8 received by a server', () => {
    const body = Buffer.from([0x7b, 0xff, 0xfe, 0x7d])
    const bytes = buildPreHashBytes({ timestamp: ts, method: 'POST', requestPath: '/sapi/v1/order', body })
    expect(bytes.subarray(bytes.length - 4)).toEqual(body)
  })

  it('rejects the gateway prefix, also bare', () => {
    for (const p of ['/spot/open', '/spot/open/sapi/v1/order', '/futures/open/fapi/v1/order']) {
      expect(() => buildPreHash({ timestamp: ts, method: 'GET', requestPath: p })).toThrow(/gateway prefix/)
    }
    // a path merely starting with the same letters is not a prefix
    expect(buildPreHash({ timestamp: ts, method: 'GET', requestPath: '/spot/openx' })).toBe(`${ts}GET/spot/openx`)
    expect(() => buildPreHash({ timestamp: ts, method: 'GET', requestPath: 'sapi/v1/order' })).toThrow(
      /must start with '\/'/
    )
  })

  it('splits a received URL path into gateway and signed requestPath', () => {
    expect(splitGatewayPath('/spot/open/sapi/v1/order')).toEqual({ gateway: 'spot', requestPath: '/sapi/v1/order' })
    expect(splitGatewayPath('/futures/open/fapi/v1/order')).toEqual({
      gateway: 'futures',
      requestPath: '/fapi/v1/order'
    })
    expect(splitGatewayPath('/sapi/v1/order')).toBeUndefined()
  })
})

describe('query strings', () => {
  it('percent-encodes per RFC 3986: only unreserved characters stay literal', () => {
    let all = ''
    for (let c = 0x20; c < 0x7f; c++) all += String.fromCharCode(c)
    const encoded = encodeRfc3986(all)
    expect(decodeURIComponent(encoded)).toBe(all)
    expect(encoded.replace(/%[0-9A-F]{2}/g, '')).toBe(
      '-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~'
    )
  })

  it('keeps param order, drops undefined/null, accepts records', () => {
    expect(
      buildQueryString([
        ['z', '1'],
        ['a', undefined],
        ['m', true],
        ['b', 10n]
      ])
    ).toBe('z=1&m=true&b=10')
    expect(buildQueryString({ symbol: 'BTCUSDT', limit: 5, fromId: null })).toBe('symbol=BTCUSDT&limit=5')
    expect(buildQueryString([])).toBe('')
  })

  it('refuses floats (money travels as strings) and lone surrogates', () => {
    expect(() => buildQueryString({ price: 0.1 })).toThrow(/safe integers/)
    expect(() => buildQueryString({ big: 2 ** 60 })).toThrow(/safe integers/)
    expect(() => buildQueryString({ bad: '\ud800' })).toThrow(/lone surrogate/)
  })
})
