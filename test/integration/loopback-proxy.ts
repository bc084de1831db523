// The loopback HTTP proxy the fault-injecting venues of the integration and e2e tests are built on
// (client/fault-proxy.ts: socket-level faults; core/fault-proxy.ts: decisions on parsed requests; core/echo-venue.ts:
// answers echoing the request headers). It listens on 127.0.0.1 and lets each request's handler forward it to the
// target (the embedded exchange) when and if it chooses; answers are relayed as bytes or text, never parsed as JSON:
// futures ids are beyond a double's precision. accept-encoding is never forwarded, so answers come back plain and
// can be relayed or rewritten without their content-encoding.
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The target's answer to a forwarded request. */
export interface Upstream {
  status: number
  type: string
  body: Buffer
}

export type ProxyHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  /** Sends the request (with the body read from it) to the target and resolves with its answer. */
  forward: (body: Buffer) => Promise<Upstream>
) => Promise<void>

export function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', reject)
  })
}

/** Answers with `text` as `type`, its length set. */
export function send(res: ServerResponse, status: number, type: string, text: string | Buffer): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

/** A request as the venue tests decide on it. */
export interface SeenRequest {
  method: string
  /** The catalog path (the gateway prefix /spot/open, /futures/open removed). */
  path: string
  query: URLSearchParams
  /** The request body (JSON for an order; empty when there is none or it is not JSON). */
  body: Record<string, unknown>
}

export function seenRequest(req: IncomingMessage, body: Buffer): SeenRequest {
  const u = new URL(req.url ?? '/', 'http://x')
  let parsed: Record<string, unknown> = {}
  try {
    parsed = body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {}
  } catch {
    // not JSON: decided on its path alone
  }
  return {
    method: req.method ?? 'GET',
    path: u.pathname.replace(/^\/(spot|futures)\/open/, ''),
    query: u.searchParams,
    body: parsed
  }
}

export interface LoopbackProxy {
  url: string
  close(): Promise<void>
}

/** A handler that throws cuts the client's connection. */
export async function startLoopbackProxy(
  target: string,
  handle: ProxyHandler,
  o: { maxSockets?: number } = {}
): Promise<LoopbackProxy> {
  const up = new URL(target)
  const agent = new Agent({ keepAlive: true, ...(o.maxSockets ? { maxSockets: o.maxSockets } : {}) })
  const forward = (req: IncomingMessage, body: Buffer): Promise<Upstream> =>
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
                body: b
              }),
            reject
          )
        }
      )
      r.on('error', reject)
      r.end(body)
    })
  const server = createServer({ keepAlive: true }, (req, res) => {
    // A cut connection is a fault the tests make: its errors are expected.
    res.on('error', () => undefined)
    req.on('error', () => undefined)
    handle(req, res, (body) => forward(req, body)).catch(() => req.socket.destroy())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
      agent.destroy()
    }
  }
}
