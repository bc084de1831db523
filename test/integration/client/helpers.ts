// Shared pieces of the client integration suites: the embedded exchange on loopback, a real ExchangeClient for one
// of its accounts, and a transport that counts what came back (status codes, venue error codes).
import { startExchange, type RunningExchange, type StartOptions } from '../../../src-sim/exchange'
import { ExchangeClient, type ExchangeClientOptions } from '../../../src-main/client/exchange-client'
import { fetchTransport, type Transport, type TransportResponse } from '../../../src-main/client/transport'

export interface KeyPair {
  apiKey: string
  apiSecret: string
}

/** Key pairs for startExchange({ keys }); each account is funded (100k USDT, 10 of each base, 10k margin USDT). */
export function keyPairs(...names: string[]): KeyPair[] {
  return names.map((n) => ({ apiKey: `key-${n}`, apiSecret: `secret-${n}` }))
}

/** A quiet exchange (no market activity, so the book holds only what a test puts there) with the control API. */
export function quietExchange(opts: StartOptions = {}): Promise<RunningExchange> {
  return startExchange({ activity: false, control: true, ...opts })
}

export function clientFor(baseUrl: string, keys: KeyPair, over: Partial<ExchangeClientOptions> = {}): ExchangeClient {
  return new ExchangeClient({
    baseUrl,
    credentials: async () => ({ apiKey: keys.apiKey, secret: keys.apiSecret }),
    clockSamples: 3,
    ...over
  })
}

export interface CountingTransport extends Transport {
  /** HTTP status -> answers seen. */
  statuses: Map<number, number>
  /** Venue error code (from `{code}` bodies, any status) -> answers seen. */
  codes: Map<number, number>
  /** Requests sent, by URL path. */
  paths: Map<string, number>
  /** Answers with a venue error code, by `${path} ${code}`. */
  pathCodes: Map<string, number>
  count(status: number): number
}

/** Wraps a transport (default: the real fetch one) and counts every answer; sends are untouched. */
export function countingTransport(inner: Transport = fetchTransport()): CountingTransport {
  const statuses = new Map<number, number>()
  const codes = new Map<number, number>()
  const paths = new Map<string, number>()
  const pathCodes = new Map<string, number>()
  const bump = (m: Map<number | string, number>, k: number | string): void => void m.set(k, (m.get(k) ?? 0) + 1)
  return {
    statuses,
    codes,
    paths,
    pathCodes,
    count: (s) => statuses.get(s) ?? 0,
    async send(url, init): Promise<TransportResponse> {
      const path = new URL(url).pathname
      bump(paths as Map<string, number>, path)
      const res = await inner.send(url, init)
      bump(statuses as Map<number, number>, res.status)
      const m = /"code"\s*:\s*"?(-?\d+)"?/.exec(res.bodyText)
      if (m && m[1] !== '0') {
        bump(codes as Map<number, number>, Number(m[1]))
        bump(pathCodes as Map<string, number>, `${path} ${m[1]}`)
      }
      return res
    }
  }
}

/** Control API of the embedded exchange. */
export async function control(ex: RunningExchange, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${ex.url}/sim/v1/${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ex.controlToken}` }
  })
  const json = await res.json()
  if (res.status !== 200) throw new Error(`control ${path}: ${JSON.stringify(json)}`)
  return json
}

/** Runs `fn` over `items` with at most `width` in flight. */
export async function pool<T>(
  items: readonly T[],
  width: number,
  fn: (item: T, index: number) => Promise<void>
): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    for (let i = next++; i < items.length; i = next++) await fn(items[i] as T, i)
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker))
}
