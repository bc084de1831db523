// Error mapping: the family's error bodies (HTTP 4xx with {code,msg}, and the live HTTP 200 failure envelope with a
// string code and Chinese msg) become typed ExchangeErrors with English text; other statuses map to http / parse.
import { describe, expect, it } from 'vitest'
import { ExchangeError } from '../../../src-main/client/errors'
import type { TransportResponse } from '../../../src-main/client/transport'
import { makeClient, reply, stubTransport } from './helpers'

async function failure(
  res: TransportResponse,
  id = 'spot.account',
  params?: Record<string, unknown>
): Promise<ExchangeError> {
  const client = makeClient(
    stubTransport(() => res),
    { retry: { maxRetries: 0 } }
  )
  const e = await client.call(id as 'spot.account', params as never).then(
    () => undefined,
    (x: unknown) => x
  )
  expect(e).toBeInstanceOf(ExchangeError)
  return e as ExchangeError
}
const order = { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', volume: '1' }

describe('error mapping', () => {
  it('HTTP 4xx with {code, msg}: api error, English msg kept in the message and as venueMessage', async () => {
    const e = await failure(reply(400, { code: -1102, msg: "Mandatory parameter 'symbol' was not sent" }))
    expect(e).toMatchObject({ kind: 'api', code: -1102, httpStatus: 400, endpointId: 'spot.account' })
    expect(e.message).toBe("spot.account: Mandatory parameter 'symbol' was not sent (-1102)")
    // the UI tells its words for -1102 (which name no cause) with the venue's own, which do
    expect(e.venueMessage).toBe("Mandatory parameter 'symbol' was not sent")
  })

  it('live HTTP 200 failure envelope: numeric code, English text from the table, Chinese kept as venueMessage', async () => {
    const e = await failure(reply(200, '{"code":"-1121","msg":"无效的交易对","data":null,"succ":false,"msgData":"x"}'))
    expect(e).toMatchObject({ kind: 'api', code: -1121, httpStatus: 200, venueMessage: '无效的交易对' })
    expect(e.message).toBe('spot.account: invalid symbol or contract (-1121)')
  })

  it('unknown code with a localized msg still gets English text', async () => {
    const e = await failure(reply(200, '{"code":"-9999","msg":"系统繁忙","succ":false}'))
    expect(e).toMatchObject({ kind: 'api', code: -9999, venueMessage: '系统繁忙' })
    expect(e.message).toBe('spot.account: error -9999 (-9999)')
  })

  it('succ:false with code 0 is still a failure', async () => {
    const e = await failure(reply(200, '{"code":"0","msg":"失败","succ":false}'))
    expect(e.kind).toBe('api')
  })

  it('success envelope {code:"0", msg:"success", data} is unwrapped', async () => {
    const client = makeClient(
      stubTransport(() =>
        reply(200, '{"code":"0","msg":"success","data":{"balances":[{"asset":"USDT","free":1.5,"locked":"0"}]}}')
      )
    )
    expect(await client.spotAccount()).toEqual({ balances: [{ asset: 'USDT', free: '1.5', locked: '0' }] })
  })

  it('429 maps to api -1003 with Retry-After in ms', async () => {
    const e = await failure(reply(429, '', { 'retry-after': '2' }))
    expect(e).toMatchObject({ kind: 'api', code: -1003, httpStatus: 429, retryAfterMs: 2000 })
    const live = await failure(reply(429, '{"code":"-1003","msg":"请求过于频繁","succ":false}', { 'retry-after': '1' }))
    expect(live).toMatchObject({ code: -1003, retryAfterMs: 1000, venueMessage: '请求过于频繁' })
    expect(live.message).toBe('spot.account: too many requests (-1003)')
  })

  it('a status without an error body is an http error', async () => {
    expect(await failure(reply(404, 'not found'))).toMatchObject({ kind: 'http', httpStatus: 404 })
    expect(await failure(reply(502, '<html>bad gateway</html>'))).toMatchObject({ kind: 'http', httpStatus: 502 })
    const e = await failure(reply(500, { code: -1000, msg: 'unknown error' }))
    expect(e).toMatchObject({ kind: 'http', httpStatus: 500, code: -1000 })
  })

  it('an unreadable 200 is a parse error on GET and an unknown outcome on POST', async () => {
    expect(await failure(reply(200, '{"orderId": 1,'))).toMatchObject({ kind: 'parse', httpStatus: 200 })
    const post = await failure(reply(200, '<html>'), 'spot.order.place', order)
    expect(post).toMatchObject({ kind: 'unknown-outcome', detail: 'parse' })
    expect(post.clientOrderId).toMatch(/^[0-9a-z]{20}$/)
  })

  it('a POST answered 4xx is a known rejection (api), not an unknown outcome', async () => {
    const e = await failure(reply(400, { code: -2017, msg: 'insufficient balance' }), 'spot.order.place', order)
    expect(e).toMatchObject({ kind: 'api', code: -2017 })
  })

  it('errors serialize to their safe fields', async () => {
    const e = await failure(reply(200, '{"code":"-2013","msg":"订单不存在","succ":false}'))
    expect(JSON.parse(JSON.stringify(e))).toEqual({
      name: 'ExchangeError',
      kind: 'api',
      message: 'spot.account: order does not exist (-2013)',
      endpointId: 'spot.account',
      code: -2013,
      httpStatus: 200,
      venueMessage: '订单不存在'
    })
  })

  it('-1003 answered as HTTP 200 is a rate limit too: the bucket pauses and the request is resent', async () => {
    const transport = stubTransport((_u, _i, n) =>
      n === 1 ? reply(200, '{"code":"-1003","msg":"请求过于频繁","succ":false}') : reply(200, { balances: [] })
    )
    const client = makeClient(transport, { governorOptions: { marginMs: 0, backoffBaseMs: 1 } })
    expect(await client.spotAccount()).toEqual({ balances: [] })
    expect(transport.calls).toHaveLength(2)
    expect(client.rateStats()[0]!.rateLimited).toBe(1)
  })

  it('an already aborted signal sends nothing', async () => {
    const transport = stubTransport(() => reply(200, '{}'))
    const ctl = new AbortController()
    ctl.abort()
    await expect(makeClient(transport).spotAccount(undefined, { signal: ctl.signal })).rejects.toMatchObject({
      kind: 'aborted'
    })
    expect(transport.calls).toHaveLength(0)
  })
})
