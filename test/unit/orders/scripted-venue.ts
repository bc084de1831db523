// A scripted venue for the order gateway's unit tests (stub transport, no network): `'POST /sapi/v1/order'` ->
// handler, `n` counting calls of that route; unknown routes answer 404. With the answers the tests script most.
import type { TransportInit, TransportResponse } from '../../../src-main/client/transport'
import { reply, stubTransport, type StubTransport } from '../client/helpers'

export type Route = (
  q: URLSearchParams,
  body: Record<string, unknown>,
  n: number
) => TransportResponse | Promise<TransportResponse>
export type Sent = { q: URLSearchParams; body: Record<string, unknown>; at: number }

export function venue(routes: Record<string, Route>): StubTransport & { sent: (route: string) => Sent[] } {
  const log: (Sent & { route: string })[] = []
  const t = stubTransport((url, init: TransportInit) => {
    const u = new URL(url)
    const route = `${init.method} ${u.pathname.replace(/^\/(spot|futures)\/open/, '')}`
    const body = init.body ? (JSON.parse(init.body) as Record<string, unknown>) : {}
    log.push({ route, q: u.searchParams, body, at: Date.now() })
    const h = routes[route]
    return h
      ? h(u.searchParams, body, log.filter((l) => l.route === route).length)
      : reply(404, { code: -1000, msg: 'not served' })
  })
  return Object.assign(t, { sent: (route: string) => log.filter((l) => l.route === route) })
}

/** A connection reset: the request may have reached the venue. */
export const reset = (): never => {
  throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } })
}
export const noSuchOrder = (): TransportResponse => reply(400, { code: -2013, msg: 'Order does not exist' })
export const spotOrder = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  orderId: '5001',
  clientOrderId: 'c1',
  symbol: 'btcusdt',
  transactTime: '1700000000000',
  price: '60000.00',
  origQty: '0.001',
  executedQty: '0',
  type: 'LIMIT',
  side: 'BUY',
  status: 'NEW',
  avgPrice: '0',
  ...over
})
