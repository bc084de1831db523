// Golden requests: for each fixture case, the exact URL, headers and body the client sends at the pinned
// timestamp. Expected signatures were computed with the openssl CLI (fixtures/gen-golden-requests.sh).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ServerClock } from '../../../src-main/client/clock'
import type { RequestParams } from '../../../src-main/client/validate'
import { makeClient, reply, stubTransport } from './helpers'

interface GoldenCase {
  name: string
  endpointId: string
  params: RequestParams | null
  expected: { method: string; url: string; headers: Record<string, string>; body: string | null }
}
const fixture = JSON.parse(readFileSync(new URL('./fixtures/golden-requests.json', import.meta.url), 'utf8')) as {
  apiKey: string
  secret: string
  timestamp: string
  baseUrl: string
  cases: GoldenCase[]
}
const rsaPem = readFileSync(new URL('../../fixtures/signing/test-only-rsa-private.pem', import.meta.url), 'utf8')

describe('golden requests', () => {
  it('covers GET and POST, HMAC, RSA and public endpoints', () => {
    expect(fixture.cases.length).toBeGreaterThanOrEqual(15)
  })

  describe.each(fixture.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    it('sends exactly the expected URL, headers and body', async () => {
      const transport = stubTransport(() => reply(200, '{}'))
      const client = makeClient(transport, {
        baseUrl: fixture.baseUrl,
        autoClientOrderId: false,
        clock: new ServerClock({ now: () => Number(fixture.timestamp), offsetMs: 0 }),
        credentials: async () => ({ apiKey: fixture.apiKey, secret: fixture.secret, rsaPrivateKey: rsaPem })
      })
      await client.call(c.endpointId as 'spot.ping', c.params ?? undefined)
      expect(transport.calls).toHaveLength(1)
      const sent = transport.calls[0]!
      expect(sent.url).toBe(c.expected.url)
      expect(sent.init.method).toBe(c.expected.method)
      expect(sent.init.headers).toStrictEqual(c.expected.headers)
      expect(sent.init.body ?? null).toBe(c.expected.body)
    })
  })

  it('sends the clock offset into the timestamp (13 digits, now + offset)', async () => {
    const transport = stubTransport(() => reply(200, { balances: [] }))
    const client = makeClient(transport, { clock: new ServerClock({ now: () => 1700000000000, offsetMs: 1234.4 }) })
    await client.spotAccount()
    expect(transport.calls[0]!.init.headers['X-CH-TS']).toBe('1700000001234')
  })

  it('gives every order a client order id when the caller did not', async () => {
    const transport = stubTransport(() => reply(200, { orderId: '1' }))
    const client = makeClient(transport)
    await client.spotOrderPlace({ symbol: 'btcusdt', side: 'BUY', type: 'MARKET', volume: '10' })
    await client.futuresOrderBatchPlace({
      contractName: 'E-BTC-USDT',
      orders: [{ volume: '1', side: 'BUY', type: 'MARKET', open: 'OPEN', positionType: 1 }]
    })
    const spot = JSON.parse(transport.calls[0]!.init.body!) as { newClientOrderId: string }
    const fut = JSON.parse(transport.calls[1]!.init.body!) as { orders: { clientOrderId: string }[] }
    expect(spot.newClientOrderId).toMatch(/^[0-9a-z]{20}$/)
    expect(fut.orders[0]!.clientOrderId).toMatch(/^[0-9a-z]{20}$/)
    expect(fut.orders[0]!.clientOrderId).not.toBe(spot.newClientOrderId)
  })
})
