// No secret, signature or header set in any error: every failure path is driven (including a venue that echoes
// the signature and the secret back) and each error is scanned in every form it can be shown or logged in.
import { readFileSync } from 'node:fs'
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ExchangeError } from '../../../src-main/client/errors'
import type { Transport, TransportInit, TransportResponse } from '../../../src-main/client/transport'
import type { ExchangeClientOptions } from '../../../src-main/client/exchange-client'
import { API_KEY, SECRET, makeClient, reply, stubTransport } from './helpers'

const rsaPem = readFileSync(new URL('../../fixtures/signing/test-only-rsa-private.pem', import.meta.url), 'utf8')
const order = { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', volume: '1' }
const sigOf = (init: TransportInit): string => init.headers['X-CH-SIGN'] ?? init.headers['Ex-sign'] ?? ''
/** A venue answer quoting everything it received, secret included. */
const echo = (status: number, init: TransportInit, envelope = false): TransportResponse =>
  reply(status, {
    code: envelope ? '-1022' : -1022,
    msg: `bad sign ${sigOf(init)} for ${SECRET} headers ${JSON.stringify(init.headers)}`,
    succ: false
  })

type Scenario = [
  string,
  string,
  Record<string, unknown> | undefined,
  (url: string, init: TransportInit) => TransportResponse | Promise<TransportResponse>,
  Partial<ExchangeClientOptions>?
]
const scenarios: Scenario[] = [
  ['4xx echo', 'spot.account', undefined, (_u, i) => echo(401, i)],
  ['200 envelope echo', 'spot.account', undefined, (_u, i) => echo(200, i, true)],
  [
    '429 echo',
    'spot.order.place',
    order,
    (_u, i) => ({ ...echo(429, i), headers: { 'retry-after': '0' } }),
    { retry: { maxRetries: 0 } }
  ],
  ['5xx on POST echo', 'spot.order.place', order, (_u, i) => echo(503, i)],
  ['5xx on GET echo', 'spot.account', undefined, (_u, i) => echo(500, i)],
  ['unreadable body quoting the secret', 'spot.order.place', order, () => reply(200, `<html>${SECRET}</html>`)],
  ['RSA endpoint echo', 'futures.balance', undefined, (_u, i) => echo(400, i)],
  [
    'transport error carrying the headers',
    'spot.account',
    undefined,
    (_u, i) => {
      throw Object.assign(new Error(`failed ${JSON.stringify(i.headers)} ${SECRET}`), {
        code: 'ECONNRESET',
        cause: { headers: i.headers }
      })
    }
  ],
  ['timeout', 'spot.order.place', order, () => new Promise<never>(() => undefined), { timeoutMs: 20 }],
  ['validation', 'spot.order.place', { ...order, volume: SECRET }, () => reply(200, '{}')],
  [
    'credentials provider failing with the secret in its message',
    'spot.account',
    undefined,
    () => reply(200, '{}'),
    {
      credentials: async () => Promise.reject(new Error(`vault said ${SECRET}`))
    }
  ],
  [
    'malformed RSA key',
    'futures.balance',
    undefined,
    () => reply(200, '[]'),
    {
      credentials: async () => ({
        apiKey: API_KEY,
        secret: SECRET,
        rsaPrivateKey: `-----BEGIN PRIVATE KEY-----\n${SECRET}\n-----END PRIVATE KEY-----`
      })
    }
  ],
  [
    'blank API key',
    'spot.account',
    undefined,
    () => reply(200, '{}'),
    { credentials: async () => ({ apiKey: ' ', secret: SECRET }) }
  ]
]

function forms(e: unknown): string[] {
  const err = e as Error
  return [
    String(err),
    err.message,
    err.stack ?? '',
    JSON.stringify(err),
    inspect(err, { depth: 8, showHidden: true }),
    JSON.stringify(Object.entries(err))
  ]
}

describe('no secret in errors', () => {
  it.each(scenarios)('%s', async (_name, id, params, handler, over = {}) => {
    const transport: Transport & { calls: { init: TransportInit }[] } = stubTransport(handler)
    const client = makeClient(transport, {
      credentials: async () => ({ apiKey: API_KEY, secret: SECRET, rsaPrivateKey: rsaPem }),
      ...over
    })
    const e = await client.call(id as 'spot.account', params as never).then(
      () => undefined,
      (x: unknown) => x
    )
    expect(e).toBeInstanceOf(ExchangeError)
    const sensitive = [SECRET, ...transport.calls.map((c) => sigOf(c.init)).filter((s) => s !== '')]
    for (const text of forms(e)) {
      for (const s of sensitive) expect(text).not.toContain(s)
      // The client's own texts never name headers; a venue's echo keeps its words with the values redacted.
      if (!_name.includes('echo')) expect(text).not.toMatch(/X-CH-|Ex-sign|Ex-ts/i)
    }
    if (_name.includes('echo')) expect(String(e)).toContain('[redacted]')
  })

  it('the echo scenarios did send signed requests (the scan had something to find)', async () => {
    const transport = stubTransport((_u, i) => echo(401, i))
    await makeClient(transport)
      .spotAccount()
      .catch(() => undefined)
    expect(sigOf(transport.calls[0]!.init)).toMatch(/^[0-9a-f]{64}$/)
  })
})
