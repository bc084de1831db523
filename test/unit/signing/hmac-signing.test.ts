// Golden HMAC vectors: expected PreHash, X-CH-SIGN and headers come from openssl (scripts/gen-signing-vectors.sh),
// never from the code under test.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildPreHash, buildQueryString, type QueryParams } from '../../../src-shared/node/prehash'
import { computeHmacSignature, signRequest, verifyHmacSignature } from '../../../src-shared/node/hmac-signing'

interface HmacVector {
  name: string
  input: {
    apiKey: string
    secret: string
    method: string
    requestPath: string
    query: string | null
    queryParams: QueryParams | null
    body: string | null
    timestamp: string
  }
  expected: { prehash: string; signature: string; headers: Record<string, string> }
}

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/signing/hmac-vectors.json', import.meta.url), 'utf8')
) as {
  vectors: HmacVector[]
}
const vectors = fixture.vectors
const byName = (name: string): HmacVector => {
  const v = vectors.find((x) => x.name === name)
  if (!v) throw new Error(`no vector ${name}`)
  return v
}
const signInput = (v: HmacVector) => ({
  apiKey: v.input.apiKey,
  secret: v.input.secret,
  method: v.input.method,
  requestPath: v.input.requestPath,
  query: v.input.query ?? undefined,
  body: v.input.body ?? undefined,
  timestamp: v.input.timestamp
})
const verifyInput = (v: HmacVector) => ({
  secret: v.input.secret,
  method: v.input.method,
  requestPath: v.input.requestPath,
  query: v.input.query ?? undefined,
  body: Buffer.from(v.input.body ?? '', 'utf8'),
  timestamp: v.expected.headers['X-CH-TS']!,
  signature: v.expected.signature
})

describe('HMAC golden vectors', () => {
  it('covers every case the spec calls out', () => {
    expect(vectors.map((v) => v.name)).toEqual(
      expect.arrayContaining([
        'get-no-query',
        'get-with-query',
        'get-reserved-query',
        'post-query-and-body',
        'post-non-ascii-body',
        'post-pretty-body',
        'trimmed-key-and-secret',
        'futures-post',
        'futures-get'
      ])
    )
  })

  describe.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    it('builds the exact PreHash', () => {
      expect(buildPreHash({ ...signInput(v), timestamp: v.input.timestamp })).toBe(v.expected.prehash)
    })
    it('signs to the exact header set', () => {
      const headers = signRequest(signInput(v))
      expect(headers).toStrictEqual(v.expected.headers)
      expect(Object.keys(headers).sort()).toEqual(['Content-Type', 'X-CH-APIKEY', 'X-CH-SIGN', 'X-CH-TS'])
    })
    it('X-CH-TS is byte-identical to the PreHash timestamp', () => {
      const headers = signRequest(signInput(v))
      expect(Buffer.from(headers['X-CH-TS'])).toEqual(Buffer.from(v.expected.prehash.slice(0, 13)))
    })
    it('signs the same bytes when the body is given as a Buffer', () => {
      if (v.input.body === null) return
      const headers = signRequest({ ...signInput(v), body: Buffer.from(v.input.body, 'utf8') })
      expect(headers['X-CH-SIGN']).toBe(v.expected.signature)
    })
    it('verifies on the server side from the raw body Buffer', () => {
      expect(verifyHmacSignature(verifyInput(v))).toBe(true)
    })
    it('builds the exact query string from ordered params', () => {
      if (v.input.queryParams === null) return
      expect(buildQueryString(v.input.queryParams)).toBe(v.input.query)
    })
  })
})

describe('HMAC verification rejects what was not signed', () => {
  const post = byName('post-pretty-body')
  const get = byName('get-reserved-query')

  it('a tampered signature', () => {
    const sig = post.expected.signature
    const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1)
    expect(verifyHmacSignature({ ...verifyInput(post), signature: flipped })).toBe(false)
    expect(verifyHmacSignature({ ...verifyInput(post), signature: sig.slice(0, 63) })).toBe(false)
    expect(verifyHmacSignature({ ...verifyInput(post), signature: '' })).toBe(false)
  })
  it('the wrong secret', () => {
    expect(verifyHmacSignature({ ...verifyInput(post), secret: 'sk-some-other-secret' })).toBe(false)
  })
  it('a body re-serialized after signing (whitespace lost)', () => {
    const reserialized = JSON.stringify(JSON.parse(post.input.body!))
    expect(reserialized).not.toBe(post.input.body)
    expect(verifyHmacSignature({ ...verifyInput(post), body: Buffer.from(reserialized) })).toBe(false)
    // and the signer over the re-serialized body does not produce the golden signature
    expect(computeHmacSignature(post.input.secret, { ...signInput(post), body: reserialized })).not.toBe(
      post.expected.signature
    )
  })
  it('a query re-encoded differently (space as +)', () => {
    expect(verifyHmacSignature({ ...verifyInput(get), query: get.input.query!.replace(/%20/g, '+') })).toBe(false)
  })
  it('a different timestamp, method or path', () => {
    expect(verifyHmacSignature({ ...verifyInput(post), timestamp: '1700000001223' })).toBe(false)
    expect(verifyHmacSignature({ ...verifyInput(get), method: 'POST' })).toBe(false)
    expect(verifyHmacSignature({ ...verifyInput(get), requestPath: '/sapi/v1/withdraw/history' })).toBe(false)
  })
  it('a path still carrying the gateway prefix, and an empty X-CH-TS', () => {
    expect(verifyHmacSignature({ ...verifyInput(get), requestPath: `/spot/open${get.input.requestPath}` })).toBe(false)
    expect(verifyHmacSignature({ ...verifyInput(get), timestamp: '' })).toBe(false)
  })
  it('accepts an upper-case hex signature (same digest bytes)', () => {
    expect(verifyHmacSignature({ ...verifyInput(post), signature: post.expected.signature.toUpperCase() })).toBe(true)
  })
  it('a signature differing in any one digit, or in a non-hex character folded like A-F', () => {
    const sig = post.expected.signature
    for (const k of [0, 31, 63]) {
      const other = sig[k] === '0' ? '1' : '0'
      expect(verifyHmacSignature({ ...verifyInput(post), signature: sig.slice(0, k) + other + sig.slice(k + 1) })).toBe(
        false
      )
    }
    // The compare folds case with `| 0x20`, so a control character 0x10-0x19 folds onto a digit '0'-'9': only
    // the hex check in front of it refuses such a signature, and this would pass without that check.
    const k = [...sig].findIndex((c) => c >= '0' && c <= '9')
    const folded = sig.slice(0, k) + String.fromCharCode(sig.charCodeAt(k) & ~0x20) + sig.slice(k + 1)
    expect(verifyHmacSignature({ ...verifyInput(post), signature: folded })).toBe(false)
    expect(verifyHmacSignature({ ...verifyInput(post), signature: `${sig}0` })).toBe(false)
  })
  it('verifies a body given as a view into a larger buffer (only its own bytes are hashed)', () => {
    const body = Buffer.from(post.input.body!, 'utf8')
    const framed = Buffer.concat([Buffer.from('HEAD'), body, Buffer.from('TAIL')])
    const view = new Uint8Array(framed.buffer, framed.byteOffset + 4, body.length)
    expect(verifyHmacSignature({ ...verifyInput(post), body: view })).toBe(true)
    expect(verifyHmacSignature({ ...verifyInput(post), body: framed.subarray(4, 4 + body.length) })).toBe(true)
    expect(verifyHmacSignature({ ...verifyInput(post), body: framed.subarray(3, 4 + body.length) })).toBe(false)
  })
})

describe('signRequest input rules', () => {
  const base = signInput(byName('futures-post'))

  it('rejects a requestPath with the gateway prefix', () => {
    expect(() => signRequest({ ...base, requestPath: '/futures/open/fapi/v1/order' })).toThrow(
      /gateway prefix \/futures\/open/
    )
    expect(() => signRequest({ ...base, requestPath: '/spot/open/sapi/v1/order' })).toThrow(
      /gateway prefix \/spot\/open/
    )
  })
  it('refuses a bad path every time, also after a good one was signed (good paths are checked once)', () => {
    for (let k = 0; k < 2; k++) {
      expect(signRequest(base)['X-CH-SIGN']).toMatch(/^[0-9a-f]{64}$/)
      expect(() => signRequest({ ...base, requestPath: '/fapi/v1/order x' })).toThrow(/must not contain/)
      expect(() => signRequest({ ...base, requestPath: 'fapi/v1/order' })).toThrow(/must start with/)
    }
  })
  it('rejects a query starting with ? and a path carrying the query', () => {
    expect(() => signRequest({ ...base, query: '?a=1' })).toThrow(/must not start with '\?'/)
    expect(() => signRequest({ ...base, requestPath: '/fapi/v1/order?a=1' })).toThrow(/must not contain/)
  })
  it('validates the timestamp as a 13-digit ms string; a number is converted once', () => {
    for (const ts of ['', '170000000012', '17000000001234', '1700000001444 ', '1.700000001e12']) {
      expect(() => signRequest({ ...base, timestamp: ts })).toThrow(/X-CH-TS/)
    }
    expect(signRequest({ ...base, timestamp: 1700000001444 })).toStrictEqual(byName('futures-post').expected.headers)
  })
  it('rejects a GET with a body, and unsupported methods', () => {
    expect(() => signRequest({ ...base, method: 'GET' })).toThrow(/GET request carries no body/)
    expect(() => signRequest({ ...base, method: 'DELETE' })).toThrow(/unsupported method/)
  })
  it('rejects an empty key or secret without echoing the secret', () => {
    expect(() => signRequest({ ...base, apiKey: '  ' })).toThrow(/API key must not be empty/)
    expect(() => signRequest({ ...base, secret: ' \t ' })).toThrow(/API secret must not be empty/)
    const secret = 'sk-do-not-leak-1234567890'
    for (const bad of [
      { requestPath: '/spot/open/sapi/v1/x' },
      { timestamp: 'nope' },
      { method: 'PUT' },
      { query: '?x' },
      { apiKey: 'has space' }
    ]) {
      let thrown: unknown
      try {
        signRequest({ ...base, secret, ...bad })
      } catch (e) {
        thrown = e
      }
      expect(thrown).toBeInstanceOf(Error)
      const err = thrown as Error
      expect(`${err.message} ${err.stack ?? ''} ${JSON.stringify(err)} ${String(err.cause)}`).not.toContain(secret)
    }
  })
})
