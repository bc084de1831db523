// A tiny HTTP proxy on loopback in front of the embedded exchange that injects the faults an order can meet on a
// real network, at the real socket level (so the client's fetch sees genuine resets and gateway errors):
//   delay        forwarded and answered, late but within the client's timeout
//   error-after  forwarded, the exchange's answer dropped, a 5xx sent instead (the venue DID act)
//   cut-after    forwarded, then the connection reset before any answer (the venue DID act)
//   error-before a 5xx without forwarding (the venue did NOT act)
//   cut-before   the connection reset without forwarding (the venue did NOT act)
//   late         no answer (the client times out), forwarded only afterwards: the venue acts after the client
//                gave up, while it is already reconciling
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FaultKind = 'none' | 'delay' | 'error-after' | 'cut-after' | 'error-before' | 'cut-before' | 'late'
export interface Fault {
  kind: FaultKind
  /** delay / late: ms before forwarding. */
  ms?: number
  /** error-*: the status sent. */
  status?: number
}
export type FaultPolicy = (req: { method: string; path: string }) => Fault

export interface FaultProxy {
  url: string
  /** `${method} ${path}` -> fault kind -> count. */
  stats: Map<string, Map<FaultKind, number>>
  /** Faults of a kind on paths containing `pathPart` (all paths when omitted). */
  count(kind: FaultKind, pathPart?: string): number
  /** Resolves when no request is being held or forwarded (late forwards included). */
  idle(): Promise<void>
  close(): Promise<void>
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export async function startFaultProxy(target: string, policy: FaultPolicy): Promise<FaultProxy> {
  const up = new URL(target)
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const stats = new Map<string, Map<FaultKind, number>>()
  let inflight = 0
  let waiters: (() => void)[] = []

  const forward = (req: IncomingMessage, body: Buffer): Promise<{ status: number; type: string; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: up.host }
      const r = request({ host: up.hostname, port: up.port, method: req.method, path: req.url, headers, agent }, (res) => {
        readAll(res).then((b) => resolve({ status: res.statusCode ?? 502, type: String(res.headers['content-type'] ?? 'application/json'), body: b }), reject)
      })
      r.on('error', reject)
      r.end(body)
    })

  const server: Server = createServer({ keepAlive: true }, (req, res) => {
    inflight++
    res.on('error', () => undefined)
    req.on('error', () => undefined)
    void (async () => {
      const body = await readAll(req)
      const path = new URL(req.url ?? '/', 'http://x').pathname
      const fault = policy({ method: req.method ?? 'GET', path })
      const key = `${req.method} ${path}`
      const byKind = stats.get(key) ?? new Map<FaultKind, number>()
      stats.set(key, byKind.set(fault.kind, (byKind.get(fault.kind) ?? 0) + 1))
      const cut = (): void => void req.socket.destroy()
      const gatewayError = (): void => {
        res.writeHead(fault.status ?? 502, { 'Content-Type': 'text/html' })
        res.end('<html><body>Bad Gateway</body></html>')
      }
      switch (fault.kind) {
        case 'error-before':
          return gatewayError()
        case 'cut-before':
          return cut()
        case 'late':
          await sleep(fault.ms ?? 0)
          await forward(req, body).catch(() => undefined)
          return cut()
      }
      if (fault.kind === 'delay') await sleep(fault.ms ?? 0)
      const answer = await forward(req, body)
      if (fault.kind === 'error-after') return gatewayError()
      if (fault.kind === 'cut-after') return cut()
      res.writeHead(answer.status, { 'Content-Type': answer.type, 'Content-Length': answer.body.length })
      res.end(answer.body)
    })()
      .catch(() => req.socket.destroy())
      .finally(() => {
        if (--inflight === 0) {
          for (const w of waiters) w()
          waiters = []
        }
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    count(kind, pathPart) {
      let n = 0
      for (const [key, byKind] of stats) if (!pathPart || key.includes(pathPart)) n += byKind.get(kind) ?? 0
      return n
    },
    idle: () => (inflight === 0 ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),
    async close() {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
      agent.destroy()
    }
  }
}
