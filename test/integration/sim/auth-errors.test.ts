import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningExchange } from '../../../src-sim/exchange'
import { ledgerOf, quietExchange, SimClient } from './harness'

let ex: RunningExchange
let alice: SimClient
/** The exchange's clock held while a burst is sent (a loaded machine spreads it over more than one rate window). */
let heldAt: number | undefined

beforeAll(async () => {
  ;({ ex, alice } = await quietExchange({ clock: () => heldAt ?? Date.now() }))
})
afterAll(() => ex.close())

const ORDER = '/spot/open/sapi/v1/order'
const order = { symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '100.00', volume: '0.01' }

describe('authentication of signed requests', () => {
  it.each([
    ['missing key', { 'X-CH-APIKEY': undefined }, 401, -1002],
    ['unknown key', { 'X-CH-APIKEY': 'nobody' }, 401, -1002],
    ['missing timestamp', { 'X-CH-TS': undefined }, 401, -1023],
    ['empty timestamp', { 'X-CH-TS': '' }, 401, -1023],
    ['missing signature', { 'X-CH-SIGN': undefined }, 401, -1024],
    ['wrong signature', { 'X-CH-SIGN': 'ab'.repeat(32) }, 401, -1022],
    ['form content type', { 'Content-Type': 'application/x-www-form-urlencoded' }, 400, -1017]
  ] as const)('%s -> %i %i', async (_name, tweak, status, code) => {
    const r = await alice.signed('POST', ORDER, order, tweak as Record<string, string>)
    expect(r.status).toBe(status)
    expect(r.body.code).toBe(code)
    expect(typeof r.body.msg).toBe('string')
  })

  it('accepts the key with surrounding whitespace', async () => {
    const r = await alice.signed('POST', ORDER, order, { 'X-CH-APIKEY': `  ${alice.keys.apiKey} ` })
    expect(r.status).toBe(200)
  })

  it('rejects a timestamp outside the window, and recvWindow widens it', async () => {
    const old = new SimClient(ex.url, alice.keys, () => Date.now() - 6000)
    expect((await old.signed('POST', ORDER, order)).body.code).toBe(-1021)
    // Margins of seconds either side of the bounds: a loaded machine may take a while to send and check a request.
    expect((await old.signed('POST', ORDER, { ...order, recvWindow: 20000 })).status).toBe(200)
    const ahead = new SimClient(ex.url, alice.keys, () => Date.now() + 10_000)
    expect((await ahead.signed('GET', '/spot/open/sapi/v1/account')).body.code).toBe(-1021)
    const slightlyAhead = new SimClient(ex.url, alice.keys, () => Date.now() + 3000)
    expect((await slightlyAhead.signed('GET', '/spot/open/sapi/v1/account')).status).toBe(200)
  })

  it('verifies a signed GET over its exact query', async () => {
    const r = await alice.signed('GET', '/spot/open/sapi/v1/openOrders', { symbol: 'btcusdt', limit: 5 })
    expect(r.status).toBe(200)
    const res = await fetch(`${ex.url}/spot/open/sapi/v1/openOrders?symbol=btcusdt&limit=6`, {
      headers: (await signedHeadersFor('/sapi/v1/openOrders', 'symbol=btcusdt&limit=5')) as Record<string, string>
    })
    expect(((await res.json()) as { code: number }).code).toBe(-1022)
  })
})

async function signedHeadersFor(requestPath: string, query: string): Promise<Record<string, string>> {
  const { signRequest } = await import('@shared/node/hmac-signing')
  return {
    ...signRequest({
      apiKey: alice.keys.apiKey,
      secret: alice.keys.apiSecret,
      method: 'GET',
      requestPath,
      query,
      timestamp: String(Date.now())
    })
  }
}

describe('input checks', () => {
  it.each([
    ['missing symbol', { side: 'BUY', type: 'LIMIT', price: '1', volume: '1' }, -1102, "'symbol'"],
    ['missing price on LIMIT', { symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', volume: '1' }, -1102, "'price'"],
    ['bad side', { ...order, side: 'HOLD' }, -1117, "'side'"],
    ['bad type', { ...order, type: 'STOP' }, -1116, "'type'"],
    ['unknown symbol', { ...order, symbol: 'nopeusdt' }, -1121, 'nopeusdt'],
    ['price precision', { ...order, price: '100.001' }, -1111, "'price'"],
    ['volume precision', { ...order, volume: '0.0000001' }, -1111, "'volume'"],
    ['below minimum volume', { ...order, volume: '0.00001' }, -1136, 'minimum'],
    ['insufficient balance', { ...order, price: '1000000.00', volume: '1' }, -2017, 'balance'],
    ['unknown parameter', { ...order, colour: 'red' }, -1103, "'colour'"],
    ['malformed number', { ...order, volume: 'lots' }, -1102, "'volume'"]
  ])('%s', async (_name, params, code, mention) => {
    const before = ledgerOf(ex, alice)
    const r = await alice.order(params)
    expect(r.status).toBe(400)
    expect(r.body.code).toBe(code)
    expect(r.body.msg).toContain(mention)
    expect(ledgerOf(ex, alice)).toEqual(before)
  })

  it('answers unknown orders with -2013 and unknown paths with 404', async () => {
    const q = await alice.signed('GET', ORDER, { symbol: 'btcusdt', orderId: '123' })
    expect([q.status, q.body.code]).toEqual([404, -2013])
    const p = await alice.public('/spot/open/sapi/v1/nothing')
    expect(p.status).toBe(404)
  })

  it('bounds page sizes as the spec says', async () => {
    expect((await alice.public('/spot/open/sapi/v1/depth', { symbol: 'btcusdt', limit: 101 })).body.code).toBe(-1102)
    expect(
      (await alice.public('/spot/open/sapi/v1/klines', { symbol: 'btcusdt', interval: '1min', limit: 301 })).body.code
    ).toBe(-1102)
    expect((await alice.public('/spot/open/sapi/v1/klines', { symbol: 'btcusdt', interval: '2min' })).body.code).toBe(
      -1102
    )
    expect(
      (await alice.signed('GET', '/spot/open/sapi/v1/myTrades', { symbol: 'btcusdt', limit: 101 })).body.code
    ).toBe(-1102)
  })
})

describe('rate limits', () => {
  it('answers 429 with -1003 and Retry-After past 20 account calls in 2 s, per API key', async () => {
    const carol = await (async () => {
      const res = await fetch(`${ex.url}/sim/v1/accounts`, {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ex.controlToken}` }
      })
      const a = (await res.json()) as { apiKey: string; apiSecret: string }
      return new SimClient(ex.url, { apiKey: a.apiKey, apiSecret: a.apiSecret })
    })()
    const replies = await Promise.all(
      Array.from({ length: 21 }, () => carol.signed('GET', '/spot/open/sapi/v1/account'))
    )
    const limited = replies.filter((r) => r.status === 429)
    expect(limited).toHaveLength(1)
    expect(limited[0]?.body.code).toBe(-1003)
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    // Another key still has its own budget.
    expect((await alice.signed('GET', '/spot/open/sapi/v1/account')).status).toBe(200)
  })

  it('limits public calls per IP', async () => {
    heldAt = Date.now()
    try {
      const replies = await Promise.all(
        Array.from({ length: 25 }, () => alice.public('/spot/open/sapi/v1/ticker', { symbol: 'solusdt' }))
      )
      expect(replies.filter((r) => r.status === 429).length).toBe(5)
    } finally {
      heldAt = undefined
    }
  })
})
