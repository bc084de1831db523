// Drives the embedded exchange over real loopback HTTP, signing with the project's signer.
import { signRequest } from '@shared/node/hmac-signing'
import { buildQueryString } from '@shared/node/prehash'
import { stringifyWithDecimals } from '@shared/decimal'
import { startExchange, type RunningExchange, type StartOptions } from '../../../src-sim/exchange'
import { control } from '../client/helpers'

// The control API call and the key pairs are the client suites' own (one copy for every integration suite).
export { control, keyPairs } from '../client/helpers'

export interface Reply {
  status: number
  body: any
  headers: Headers
}

export interface Keys {
  apiKey: string
  apiSecret: string
  accountId?: string
}

/**
 * Signs with the project's signer and sends: GET parameters in the query, POST parameters as a body written
 * once with exact decimals. `tweak` replaces (or, with undefined, removes) headers to test auth failures.
 */
export function signedFetch(
  url: string,
  keys: Keys,
  now: () => number,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown> = {},
  tweak: Partial<Record<string, string>> = {}
): Promise<Response> {
  const prefix = path.startsWith('/spot/open') ? '/spot/open' : '/futures/open'
  const requestPath = path.slice(prefix.length)
  const query = method === 'GET' ? buildQueryString(params as Record<string, string>) : ''
  const body = method === 'POST' ? stringifyWithDecimals(params) : undefined
  const headers: Record<string, string> = {
    ...signRequest({
      apiKey: keys.apiKey,
      secret: keys.apiSecret,
      method,
      requestPath,
      query,
      body,
      timestamp: String(now())
    })
  }
  for (const [k, v] of Object.entries(tweak)) {
    if (v === undefined) delete headers[k]
    else headers[k] = v
  }
  return fetch(`${url}${path}${query ? '?' + query : ''}`, { method, headers, body })
}

export class SimClient {
  constructor(
    readonly url: string,
    readonly keys: Keys,
    private readonly now: () => number = Date.now
  ) {}

  async public(path: string, query: Record<string, string | number> = {}): Promise<Reply> {
    const qs = buildQueryString(query)
    const res = await fetch(`${this.url}${path}${qs ? '?' + qs : ''}`)
    return { status: res.status, body: await res.json(), headers: res.headers }
  }

  /** A signed call; `path` carries the gateway prefix (/spot/open/sapi/v1/order). */
  async signed(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown> = {},
    tweak: Partial<Record<string, string>> = {}
  ): Promise<Reply> {
    const res = await signedFetch(this.url, this.keys, this.now, method, path, params, tweak)
    return { status: res.status, body: await res.json(), headers: res.headers }
  }

  order(params: Record<string, unknown>): Promise<Reply> {
    return this.signed('POST', '/spot/open/sapi/v1/order', params)
  }

  async balances(): Promise<Record<string, { free: string; locked: string }>> {
    const r = await this.signed('GET', '/spot/open/sapi/v1/account')
    return Object.fromEntries(
      (r.body.balances as { asset: string; free: string; locked: string }[]).map((b) => [
        b.asset,
        { free: b.free, locked: b.locked }
      ])
    )
  }
}

/** An exchange with no market activity and the control API on, plus a client for a fresh funded account. */
export async function quietExchange(
  opts: StartOptions = {}
): Promise<{ ex: RunningExchange; alice: SimClient; bob: SimClient; newClient(): Promise<SimClient> }> {
  const ex = await startExchange({ activity: false, control: true, ...opts })
  const newClient = async (): Promise<SimClient> => {
    const a = await control(ex, 'accounts', {})
    return new SimClient(ex.url, { apiKey: a.apiKey, apiSecret: a.apiSecret, accountId: a.accountId })
  }
  return { ex, alice: await newClient(), bob: await newClient(), newClient }
}

/** Balances straight from the venue's ledger (no HTTP, so no rate budget spent). */
export function ledgerOf(ex: RunningExchange, c: SimClient): string {
  return JSON.stringify(ex.spot.engine.balances(c.keys.accountId as string), (_k, v) =>
    typeof v === 'bigint' ? v.toString() : v
  )
}

// ---- helpers added for the persistence, flavor, WebSocket, funds, market-data and margin suites ----

/** Clients for the accounts made from `keys` (startExchange({ keys })), in order. */
export function clientsOf(ex: RunningExchange, now: () => number = Date.now): SimClient[] {
  return ex.accounts.map(
    (a) => new SimClient(ex.url, { apiKey: a.apiKey, apiSecret: a.apiSecret, accountId: a.accountId }, now)
  )
}

/**
 * A request over node:http, which (unlike fetch) can send a body with a GET, as the deposit-history
 * variant allows. Returns the status and the parsed JSON body.
 */
export async function rawRequest(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string
): Promise<{ status: number; body: any }> {
  const { request } = await import('node:http')
  return new Promise((resolve, reject) => {
    const u = new URL(path, url)
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) })
          } catch (e) {
            reject(new Error(`not JSON (${res.statusCode}): ${text.slice(0, 200)}`, { cause: e }))
          }
        })
        res.on('error', reject)
      }
    )
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

/** One message as a WebSocket client saw it: whether the frame was binary, and its decoded JSON. */
export interface WsMessage {
  binary: boolean
  json: any
}

/**
 * A market-data WebSocket client that records every message, decoding gzip binary frames with
 * zlib.gunzipSync (spec flavor) and plain text frames as they are (live flavor). Answers server pings
 * with the same value unless `autoPong` is false.
 */
export class WsProbe {
  readonly messages: WsMessage[] = []
  closed: { code: number; reason: string } | null = null
  private waiters: (() => void)[] = []

  private constructor(
    readonly ws: import('ws').WebSocket,
    private readonly autoPong: boolean
  ) {}

  static async open(url: string, opts: { autoPong?: boolean } = {}): Promise<WsProbe> {
    const { WebSocket } = await import('ws')
    const { gunzipSync } = await import('node:zlib')
    const ws = new WebSocket(url)
    const probe = new WsProbe(ws, opts.autoPong ?? true)
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const text = isBinary ? gunzipSync(data).toString('utf8') : data.toString('utf8')
      const json = JSON.parse(text)
      probe.messages.push({ binary: isBinary, json })
      if (probe.autoPong && json && typeof json === 'object' && 'ping' in json)
        ws.send(JSON.stringify({ pong: json.ping }))
      probe.wake()
    })
    ws.on('close', (code: number, reason: Buffer) => {
      probe.closed = { code, reason: reason.toString('utf8') }
      probe.wake()
    })
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return probe
  }

  private wake(): void {
    const w = this.waiters
    this.waiters = []
    for (const f of w) f()
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message))
  }

  sub(channel: string, cbId = channel): void {
    this.send({ event: 'sub', params: { channel, cb_id: cbId } })
  }

  /** Data frames of a channel (not acks or replies), oldest first. */
  frames(channel: string): any[] {
    return this.messages.filter((m) => m.json?.channel === channel && 'tick' in m.json).map((m) => m.json)
  }

  /** Resolves with the first recorded message (from `from` on) matching `pred`; rejects after timeoutMs. */
  async waitFor(pred: (json: any) => boolean, timeoutMs = 10_000, from = 0): Promise<any> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const hit = this.messages.slice(from).find((m) => pred(m.json))
      if (hit) return hit.json
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) before the awaited message`)
      if (Date.now() >= deadline)
        throw new Error(
          `timed out waiting for a WebSocket message; last: ${JSON.stringify(this.messages.at(-1)?.json)?.slice(0, 300)}`
        )
      await this.nextEvent(deadline)
    }
  }

  /** Resolves once the server closes the socket (or rejects after timeoutMs). */
  async waitClosed(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs
    while (!this.closed) {
      if (Date.now() >= deadline) throw new Error('timed out waiting for the socket to close')
      await this.nextEvent(deadline)
    }
    return this.closed
  }

  /** Resolves on the next message or close, or at the deadline. */
  private nextEvent(deadline: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const t = setTimeout(resolve, Math.max(0, deadline - Date.now()))
      this.waiters.push(() => {
        clearTimeout(t)
        resolve()
      })
    })
  }

  close(): void {
    this.ws.terminate()
  }
}

/** Polls `check` until it returns a value other than undefined/false, or throws after timeoutMs. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
  everyMs = 50
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const v = await check()
      if (v !== undefined && v !== false) return v as T
    } catch (e) {
      last = e
    }
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}
