// Drives the embedded exchange over real loopback HTTP, signing with the project's signer.
import { signRequest } from '@shared/node/hmac-signing'
import { buildQueryString } from '@shared/node/prehash'
import { stringifyWithDecimals } from '@shared/decimal'
import { startExchange, type RunningExchange, type StartOptions } from '../../../src-sim/exchange'

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
  async signed(method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}, tweak: Partial<Record<string, string>> = {}): Promise<Reply> {
    const prefix = path.startsWith('/spot/open') ? '/spot/open' : '/futures/open'
    const requestPath = path.slice(prefix.length)
    const query = method === 'GET' ? buildQueryString(params as Record<string, string>) : ''
    const body = method === 'POST' ? stringifyWithDecimals(params) : undefined
    const headers: Record<string, string> = {
      ...signRequest({ apiKey: this.keys.apiKey, secret: this.keys.apiSecret, method, requestPath, query, body, timestamp: String(this.now()) })
    }
    for (const [k, v] of Object.entries(tweak)) {
      if (v === undefined) delete headers[k]
      else headers[k] = v
    }
    const res = await fetch(`${this.url}${path}${query ? '?' + query : ''}`, { method, headers, body })
    return { status: res.status, body: await res.json(), headers: res.headers }
  }

  order(params: Record<string, unknown>): Promise<Reply> {
    return this.signed('POST', '/spot/open/sapi/v1/order', params)
  }

  async balances(): Promise<Record<string, { free: string; locked: string }>> {
    const r = await this.signed('GET', '/spot/open/sapi/v1/account')
    return Object.fromEntries((r.body.balances as { asset: string; free: string; locked: string }[]).map((b) => [b.asset, { free: b.free, locked: b.locked }]))
  }
}

export async function control(ex: RunningExchange, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${ex.url}/sim/v1/${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })
  const json = await res.json()
  if (res.status !== 200) throw new Error(`control ${path}: ${JSON.stringify(json)}`)
  return json
}

/** An exchange with no market activity and the control API on, plus a client for a fresh funded account. */
export async function quietExchange(opts: StartOptions = {}): Promise<{ ex: RunningExchange; alice: SimClient; bob: SimClient; newClient(): Promise<SimClient> }> {
  const ex = await startExchange({ activity: false, control: true, ...opts })
  const newClient = async (): Promise<SimClient> => {
    const a = await control(ex, 'accounts', {})
    return new SimClient(ex.url, { apiKey: a.apiKey, apiSecret: a.apiSecret, accountId: a.accountId })
  }
  return { ex, alice: await newClient(), bob: await newClient(), newClient }
}

/** Balances straight from the venue's ledger (no HTTP, so no rate budget spent). */
export function ledgerOf(ex: RunningExchange, c: SimClient): string {
  return JSON.stringify(ex.venue.engine.balances(c.keys.accountId as string), (_k, v) => (typeof v === 'bigint' ? v.toString() : v))
}
