// A loopback proxy in front of the embedded exchange that injects faults per request: `decide` (which may first act,
// e.g. fill an order before a cancel goes on) forwards it, loses the exchange's answer after the exchange acted (a
// 502), refuses it (403 page) or answers in the exchange's place (`{status, body}`, nothing forwarded). Every
// request is logged with the decision. Answers are relayed as text: futures ids are beyond a double's precision.
import { Agent, createServer, request, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Decision = 'forward' | 'lose-answer' | 'refuse' | { status: number; body: unknown }

export interface Proxied {
  method: string
  /** The catalog path (the gateway prefix /spot/open, /futures/open removed). */
  path: string
  query: URLSearchParams
  /** The request body (JSON for an order). */
  body: Record<string, unknown>
  decision: Decision
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export async function startFaultProxy(
  target: string,
  decide: (r: Omit<Proxied, 'decision'>) => Decision | Promise<Decision>
) {
  const up = new URL(target)
  const agent = new Agent({ keepAlive: true })
  const log: Proxied[] = []
  const forward = (req: IncomingMessage, body: Buffer): Promise<{ status: number; type: string; text: string }> =>
    new Promise((resolve, reject) => {
      const { 'accept-encoding': _plain, ...headers } = req.headers
      const r = request(
        {
          host: up.hostname,
          port: up.port,
          method: req.method,
          path: req.url,
          headers: { ...headers, host: up.host },
          agent
        },
        (res) => {
          readAll(res).then(
            (b) =>
              resolve({
                status: res.statusCode ?? 502,
                type: String(res.headers['content-type'] ?? 'application/json'),
                text: b.toString('utf8')
              }),
            reject
          )
        }
      )
      r.on('error', reject)
      r.end(body)
    })
  const server = createServer({ keepAlive: true }, (req, res) => {
    void (async () => {
      const body = await readAll(req)
      const u = new URL(req.url ?? '/', 'http://x')
      const seen = {
        method: req.method ?? 'GET',
        path: u.pathname.replace(/^\/(spot|futures)\/open/, ''),
        query: u.searchParams,
        body: body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {}
      }
      const decision = await decide(seen)
      log.push({ ...seen, decision })
      if (decision === 'refuse') {
        res.writeHead(403, { 'Content-Type': 'text/html' })
        return res.end('<html><body>403 Forbidden</body></html>')
      }
      if (typeof decision === 'object') {
        res.writeHead(decision.status, { 'Content-Type': 'application/json' })
        return res.end(JSON.stringify(decision.body))
      }
      const answer = await forward(req, body)
      if (decision === 'lose-answer') {
        res.writeHead(502, { 'Content-Type': 'text/html' })
        return res.end('<html><body>502 Bad Gateway</body></html>')
      }
      res.writeHead(answer.status, { 'Content-Type': answer.type, 'Content-Length': Buffer.byteLength(answer.text) })
      res.end(answer.text)
    })().catch(() => req.socket.destroy())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
      agent.destroy()
    }
  }
}
