// Retries over a real loopback socket: safe GETs are retried on 5xx / dropped connections / timeouts (at most 2
// retries); a POST is never resent on those and yields 'unknown-outcome'; a 429 is resent after the pause for reads
// only; a write is stamped only on a clock known to within MAX_WRITE_ERROR_MS.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_WRITE_ERROR_MS, ServerClock } from '../../../src-main/client/clock'
import { ExchangeError } from '../../../src-main/client/errors'
import { fetchTransport } from '../../../src-main/client/transport'
import type { ParamsOf } from '../../../src-shared/api/typed'
import { verifyHmacSignature } from '../../../src-shared/node/hmac-signing'
import { SECRET, makeClient } from './helpers'
import { StubServer, type Behaviour } from './stub-server'

let server: StubServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

async function venue(script: Behaviour[], over: Parameters<typeof makeClient>[1] = {}) {
  server = new StubServer(script)
  const baseUrl = await server.start()
  // 1.5 s: an answered request must never pass for a timeout on a loaded machine ('hang' tests wait it out)
  return makeClient(fetchTransport(), {
    baseUrl,
    timeoutMs: 1500,
    governorOptions: { marginMs: 0, backoffBaseMs: 5 },
    ...over
  })
}
const ok = (body: string): Behaviour => ({ status: 200, body })
const order: ParamsOf<'spot.order.place'> = {
  symbol: 'btcusdt',
  side: 'BUY',
  type: 'LIMIT',
  volume: '1',
  price: '10',
  newClientOrderId: 'cid-7'
}
const settle = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    (v) => v,
    (e: unknown) => e
  )

describe('POST is never resent blindly', () => {
  it.each([
    ['timeout', 'hang' as Behaviour, 'timeout'],
    ['5xx', { status: 503, body: '{"code":-1000,"msg":"busy"}' } as Behaviour, 'http'],
    ['dropped connection', 'drop' as Behaviour, 'network']
  ])('%s: unknown-outcome, sent once, hook told the client order id', async (_n, b, detail) => {
    const hook = vi.fn()
    const client = await venue([b, ok('{}')], { onUnknownOutcome: hook })
    const e = (await settle(client.spotOrderPlace(order as never))) as ExchangeError
    expect(e).toBeInstanceOf(ExchangeError)
    expect(e).toMatchObject({ kind: 'unknown-outcome', detail, clientOrderId: 'cid-7', endpointId: 'spot.order.place' })
    expect(server!.received).toHaveLength(1)
    expect(hook).toHaveBeenCalledOnce()
    expect(hook.mock.calls[0]![1]).toEqual({ endpointId: 'spot.order.place', clientOrderIds: ['cid-7'] })
  })

  it('connection refused: nothing was sent, so a plain network error', async () => {
    const client = await venue([ok('{}')])
    await server!.stop()
    const e = (await settle(client.spotOrderPlace(order as never))) as ExchangeError
    expect(e).toMatchObject({ kind: 'network' })
    expect(e.message).toContain('ECONNREFUSED')
  })

  it('a 429 on a POST is an unknown outcome, never resent: a gateway may have forwarded it first', async () => {
    const client = await venue([
      { status: 429, body: '{"code":-1003,"msg":"Too many requests"}', headers: { 'retry-after': '0' } },
      ok('{"orderId":"5"}')
    ])
    const e = (await settle(client.spotOrderPlace(order as never))) as ExchangeError
    expect(e).toMatchObject({ kind: 'unknown-outcome', detail: 'rate-limited', httpStatus: 429, code: -1003 })
    expect(e.clientOrderId).toBe(JSON.parse(String(server!.received[0]!.body))['newClientOrderId'])
    expect(e.message).toContain('may or may not have taken effect')
    expect(server!.received).toHaveLength(1)
    expect(client.rateStats().find((s) => s.endpointId === 'spot.order.place')?.rateLimited).toBe(1)
  })

  it('-1003 with HTTP 200 on a POST is not resent either', async () => {
    const client = await venue([ok('{"code":"-1003","msg":"请求过于频繁","succ":false}'), ok('{"orderId":"5"}')])
    expect(await settle(client.spotOrderPlace(order as never))).toMatchObject({
      kind: 'unknown-outcome',
      detail: 'rate-limited',
      code: -1003
    })
    expect(server!.received).toHaveLength(1)
  })

  it('a 429 on a GET is resent after the bucket pause', async () => {
    const client = await venue([
      { status: 429, body: '{"code":-1003,"msg":"Too many requests"}', headers: { 'retry-after': '0' } },
      ok('{"balances":[]}')
    ])
    expect(await client.spotAccount()).toEqual({ balances: [] })
    expect(server!.received).toHaveLength(2)
  })
})

describe('a POST that changes nothing (catalog readOnly) is a read', () => {
  it('an order test answered 429 is resent after the pause, like a GET', async () => {
    const client = await venue([
      { status: 429, body: '{"code":-1003,"msg":"Too many requests"}', headers: { 'retry-after': '0' } },
      ok('{}')
    ])
    await expect(client.call('spot.order.test', order)).resolves.toEqual({})
    expect(server!.received).toHaveLength(2)
  })
})

describe('a write is stamped only on a clock known well enough to decide a lost answer', () => {
  const slowClock = (rttMs: number) => {
    const local = { t: 1_700_000_000_000 }
    // Every time sample takes rttMs: the offset is known only to within rttMs / 2.
    return new ServerClock({
      now: () => local.t,
      samples: 1,
      sampler: async () => ({ sentAt: local.t, receivedAt: (local.t += rttMs), serverTime: local.t - rttMs / 2 })
    })
  }
  const posts = (): number => server!.received.filter((r) => r.method === 'POST').length
  const timeReads = (): number => server!.received.filter((r) => r.url.endsWith('/time')).length
  it(`refused unsent, naming the bound, while it is over ${MAX_WRITE_ERROR_MS} ms (a resync is tried first)`, async () => {
    const clock = slowClock(8000)
    await clock.sync()
    // The stub answers the resync's time read unusably: the clock keeps its 4000 ms bound.
    const client = await venue([ok('{"orderId":"5"}')], { clock })
    const e = (await settle(client.spotOrderPlace(order as never))) as ExchangeError
    expect(e).toMatchObject({ kind: 'validation', endpointId: 'spot.order.place' })
    expect(e.message).toMatch(
      /not sent: the exchange's clock is known only to within 4000 ms .*orders need 2500 ms or better/
    )
    expect(timeReads()).toBe(1) // it tried to measure again before refusing
    expect(posts()).toBe(0)
    // A read is not refused: its answer proves nothing either way.
    await client.spotAccount().catch(() => undefined)
    expect(server!.received.some((r) => r.url.includes('/account'))).toBe(true)
  })
  it('never measured: refused unsent as well; a clock measured within the bound sends', async () => {
    const client = await venue([ok('{"orderId":"5"}')], { clock: new ServerClock({ samples: 1 }) })
    expect(await settle(client.spotOrderPlace(order as never))).toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/clock could not be measured/)
    })
    expect(posts()).toBe(0)
    await server!.stop()
    const fine = slowClock(400)
    await fine.sync()
    const ok2 = await venue([ok('{"orderId":"6"}')], { clock: fine })
    expect((await ok2.spotOrderPlace(order as never)).orderId).toBe('6')
    expect(posts()).toBe(1)
  })
})

describe('GET is retried when safe', () => {
  it('5xx twice then success: three attempts', async () => {
    const client = await venue([
      { status: 502 },
      { status: 500, body: '{"code":-1000,"msg":"x"}' },
      ok('{"balances":[]}')
    ])
    expect(await client.spotAccount()).toEqual({ balances: [] })
    expect(server!.received).toHaveLength(3)
    // every attempt is signed afresh and verifies
    for (const r of server!.received) {
      const ok = verifyHmacSignature({
        secret: SECRET,
        method: 'GET',
        requestPath: '/sapi/v1/account',
        timestamp: String(r.headers['x-ch-ts']),
        signature: String(r.headers['x-ch-sign'])
      })
      expect(ok).toBe(true)
    }
  })

  it('at most two retries, then the error', async () => {
    const client = await venue([{ status: 500 }])
    expect(await settle(client.spotAccount())).toMatchObject({ kind: 'http', httpStatus: 500 })
    expect(server!.received).toHaveLength(3)
  })

  it('dropped connection and timeout are retried', async () => {
    const client = await venue(['drop', 'hang', ok('{"timezone":"UTC","serverTime":1}')])
    expect(await client.serverTime()).toEqual({ timezone: 'UTC', serverTime: 1 })
    expect(server!.received).toHaveLength(3)
  })

  it('timeouts exhaust to a timeout error', async () => {
    const client = await venue(['hang'], { timeoutMs: 100 })
    expect(await settle(client.serverTime())).toMatchObject({ kind: 'timeout' })
    expect(server!.received).toHaveLength(3)
  })

  it('a 4xx is not retried', async () => {
    const client = await venue([{ status: 400, body: '{"code":-1121,"msg":"Invalid symbol"}' }])
    expect(await settle(client.spotAccount())).toMatchObject({ kind: 'api', code: -1121 })
    expect(server!.received).toHaveLength(1)
  })

  it('the caller signal aborts a GET in flight', async () => {
    const client = await venue(['hang'], { timeoutMs: 5000 })
    const ctl = new AbortController()
    const p = settle(client.serverTime('spot', { signal: ctl.signal }))
    await vi.waitFor(() => expect(server!.received).toHaveLength(1), { timeout: 5000 }) // in flight: at the venue
    ctl.abort()
    expect(await p).toMatchObject({ kind: 'aborted' })
    expect(server!.received).toHaveLength(1)
  })
})
