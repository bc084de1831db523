// A loopback proxy in front of the embedded exchange that injects faults per request: `decide` (which may first act,
// e.g. fill an order before a cancel goes on) forwards it, loses the exchange's answer after the exchange acted (a
// 502), refuses it (403 page) or answers in the exchange's place (`{status, body}`, nothing forwarded). Every
// request is logged with the decision. `relay` sees every answer the exchange gave (a lost one too) and may rewrite
// the text passed on. Built on ../loopback-proxy.ts.
import { readAll, send, seenRequest, startLoopbackProxy, type SeenRequest } from '../loopback-proxy'

export type Decision = 'forward' | 'lose-answer' | 'refuse' | { status: number; body: unknown }

export interface Proxied extends SeenRequest {
  decision: Decision
}

/** The spot order requests the tests fault, by catalog path. */
export const isSpotPlace = (r: SeenRequest): boolean => r.method === 'POST' && r.path === '/sapi/v1/order'
export const isSpotCancel = (r: SeenRequest): boolean => r.method === 'POST' && r.path === '/sapi/v1/cancel'
export const isSpotQuery = (r: SeenRequest): boolean => r.method === 'GET' && r.path === '/sapi/v1/order'

export async function startFaultProxy(
  target: string,
  decide: (r: SeenRequest) => Decision | Promise<Decision>,
  relay: (r: Proxied, text: string) => string = (_r, text) => text
) {
  const log: Proxied[] = []
  const proxy = await startLoopbackProxy(target, async (req, res, forward) => {
    const body = await readAll(req)
    const seen = seenRequest(req, body)
    const decision = await decide(seen)
    const logged = { ...seen, decision }
    log.push(logged)
    if (decision === 'refuse') return send(res, 403, 'text/html', '<html><body>403 Forbidden</body></html>')
    if (typeof decision === 'object')
      return send(res, decision.status, 'application/json', JSON.stringify(decision.body))
    const answer = await forward(body)
    const text = relay(logged, answer.body.toString('utf8'))
    if (decision === 'lose-answer') return send(res, 502, 'text/html', '<html><body>502 Bad Gateway</body></html>')
    send(res, answer.status, answer.type, text)
  })
  return { ...proxy, log }
}
