// A tiny HTTP proxy on loopback in front of the embedded exchange that injects the faults an order can meet on a
// real network, at the real socket level (so the client's fetch sees genuine resets and gateway errors):
//   delay        forwarded and answered, late but within the client's timeout
//   error-after  forwarded, the exchange's answer dropped, a 5xx sent instead (the venue DID act)
//   cut-after    forwarded, then the connection reset before any answer (the venue DID act)
//   error-before a 5xx without forwarding (the venue did NOT act)
//   cut-before   the connection reset without forwarding (the venue did NOT act)
//   late         no answer (the client times out), forwarded only afterwards: the venue acts after the client
//                gave up, while it is already reconciling
//   hold         no answer; the request waits in `held` until the test releases it (forwarded then, the client's
//                connection cut after the venue answered) or drops it (cut, never forwarded): a request stuck in
//                the network for exactly as long as a test needs, e.g. while the terminal that sent it is killed
//   cut-hold     the connection reset at once (the client sees a dropped connection: unknown outcome), the request
//                kept in `held` and forwarded when released: a middlebox that had already taken it
// The error kinds may carry their own `body` (e.g. a JSON {code:-1003}) and `headers` (e.g. Retry-After), so an
// error-after with status 429 is a rate limit answered after the venue acted. Built on ../loopback-proxy.ts.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { readAll, send, startLoopbackProxy, type Upstream } from '../loopback-proxy'

export type FaultKind =
  'none' | 'delay' | 'error-after' | 'cut-after' | 'error-before' | 'cut-before' | 'late' | 'hold' | 'cut-hold'
export interface Fault {
  kind: FaultKind
  /** delay / late: ms before forwarding. */
  ms?: number
  /** error-*: the status sent. */
  status?: number
  /** error-*: the body sent instead of the gateway's HTML page (sent as application/json when it starts with '{'). */
  body?: string
  /** error-*: extra headers (e.g. Retry-After). */
  headers?: Record<string, string>
}
export type FaultPolicy = (req: { method: string; path: string; headers: IncomingHttpHeaders }) => Fault

/** What the exchange answered to a forwarded request. */
export interface Forwarded {
  status: number
  body: string
  /** Local ms when the exchange's answer arrived at the proxy. */
  at: number
}

/** A request kept by a hold / cut-hold fault. */
export interface HeldRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  kind: 'hold' | 'cut-hold'
  /** Local ms when it was taken in. */
  heldAt: number
  /** Forwards it now; resolves with the exchange's answer (the client never gets it). */
  release(): Promise<Forwarded>
  /** Never forwarded: the client's connection (if still open) is cut. */
  drop(): void
}

/** One request the proxy took in. */
export interface ProxiedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  fault: FaultKind
  /** Local ms when its body had arrived. */
  at: number
}

export interface FaultProxy {
  url: string
  /** `${method} ${path}` -> fault kind -> count. */
  stats: Map<string, Map<FaultKind, number>>
  /** Every request taken in, in arrival order. */
  log: ProxiedRequest[]
  /** Requests kept by hold / cut-hold faults and not yet released or dropped. */
  held: HeldRequest[]
  /** Faults of a kind on paths containing `pathPart` (all paths when omitted). */
  count(kind: FaultKind, pathPart?: string): number
  /** Resolves when no request is being held or forwarded (late forwards and held requests included). */
  idle(): Promise<void>
  close(): Promise<void>
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

export async function startFaultProxy(target: string, policy: FaultPolicy): Promise<FaultProxy> {
  const stats = new Map<string, Map<FaultKind, number>>()
  const log: ProxiedRequest[] = []
  const held: HeldRequest[] = []
  let inflight = 0
  let waiters: (() => void)[] = []

  /** One request as its fault says; resolves when the proxy is done with it (a held one: released or dropped). */
  const relay = async (
    req: IncomingMessage,
    res: ServerResponse,
    forward: (body: Buffer) => Promise<Upstream>
  ): Promise<void> => {
    const body = await readAll(req)
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const method = req.method ?? 'GET'
    const fault = policy({ method, path, headers: req.headers })
    const key = `${req.method} ${path}`
    const byKind = stats.get(key) ?? new Map<FaultKind, number>()
    stats.set(key, byKind.set(fault.kind, (byKind.get(fault.kind) ?? 0) + 1))
    log.push({ method, path, headers: req.headers, fault: fault.kind, at: Date.now() })
    const cut = (): void => void req.socket.destroy()
    const gatewayError = (): void => {
      const json = fault.body?.startsWith('{') ?? false
      res.writeHead(fault.status ?? 502, {
        'Content-Type': json ? 'application/json' : 'text/html',
        ...fault.headers
      })
      res.end(fault.body ?? '<html><body>Bad Gateway</body></html>')
    }
    switch (fault.kind) {
      case 'error-before':
        return gatewayError()
      case 'cut-before':
        return cut()
      case 'late':
        await sleep(fault.ms ?? 0)
        await forward(body).catch(() => undefined)
        return cut()
      case 'hold':
      case 'cut-hold': {
        if (fault.kind === 'cut-hold') cut()
        let done!: () => void
        const finished = new Promise<void>((r) => (done = r))
        const leave = (h: HeldRequest): void => {
          const i = held.indexOf(h)
          if (i >= 0) held.splice(i, 1)
        }
        const h: HeldRequest = {
          method,
          path,
          headers: req.headers,
          kind: fault.kind,
          heldAt: Date.now(),
          release: async () => {
            leave(h)
            try {
              const a = await forward(body)
              return { status: a.status, body: a.body.toString('utf8'), at: Date.now() }
            } finally {
              cut()
              done()
            }
          },
          drop: () => {
            leave(h)
            cut()
            done()
          }
        }
        held.push(h)
        return finished
      }
    }
    if (fault.kind === 'delay') await sleep(fault.ms ?? 0)
    const answer = await forward(body)
    if (fault.kind === 'error-after') return gatewayError()
    if (fault.kind === 'cut-after') return cut()
    send(res, answer.status, answer.type, answer.body)
  }
  const proxy = await startLoopbackProxy(
    target,
    async (req, res, forward) => {
      inflight++
      try {
        await relay(req, res, forward)
      } catch {
        req.socket.destroy()
      } finally {
        if (--inflight === 0) {
          for (const w of waiters) w()
          waiters = []
        }
      }
    },
    { maxSockets: 64 }
  )

  return {
    url: proxy.url,
    stats,
    log,
    held,
    count(kind, pathPart) {
      let n = 0
      for (const [key, byKind] of stats) if (!pathPart || key.includes(pathPart)) n += byKind.get(kind) ?? 0
      return n
    },
    idle: () => (inflight === 0 ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),
    async close() {
      for (const h of [...held]) h.drop()
      await proxy.close()
    }
  }
}
