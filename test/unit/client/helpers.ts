// Shared test doubles for the client tests: a recording stub transport, a pinned clock, a fake scheduler.
import { ExchangeClient, type ExchangeClientOptions } from '../../../src-main/client/exchange-client'
import { ServerClock } from '../../../src-main/client/clock'
import type { Transport, TransportInit, TransportResponse } from '../../../src-main/client/transport'

export const API_KEY = 'ak-7f3c2a91e04b4d5c'
export const SECRET = 'sk-test-only-2b9e6f1d8c7a4e30'
export const PINNED_MS = 1700000000123

export interface Recorded {
  url: string
  init: TransportInit
}
export type Handler = (url: string, init: TransportInit, n: number) => TransportResponse | Promise<TransportResponse>
export type StubTransport = Transport & { calls: Recorded[] }

export function stubTransport(handler: Handler): StubTransport {
  const calls: Recorded[] = []
  return {
    calls,
    async send(url, init) {
      calls.push({ url, init })
      return handler(url, init, calls.length)
    }
  }
}

export function reply(status: number, body: unknown, headers: Record<string, string> = {}): TransportResponse {
  return { status, headers, bodyText: typeof body === 'string' ? body : JSON.stringify(body) }
}

/** A client on a stub transport with the clock pinned to PINNED_MS (offset 0, already synced). */
export function makeClient(transport: Transport, over: Partial<ExchangeClientOptions> = {}): ExchangeClient {
  return new ExchangeClient({
    baseUrl: 'http://venue.test',
    transport,
    credentials: async () => ({ apiKey: API_KEY, secret: SECRET }),
    clock: new ServerClock({ now: () => PINNED_MS, offsetMs: 0 }),
    retry: { baseMs: 1, maxMs: 2 },
    governorOptions: { marginMs: 0 },
    random: () => 0.5,
    ...over
  })
}

/** Fake monotonic time with timers run in order; awaits real macrotasks between timers so promises settle. */
export class FakeTime {
  t = 0
  private seq = 0
  private timers: { at: number; seq: number; fn: () => void; live: boolean }[] = []
  now = (): number => this.t
  setTimer = (fn: () => void, ms: number): { cancel(): void } => {
    const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fn, live: true }
    this.timers.push(timer)
    return { cancel: () => void (timer.live = false) }
  }
  async settle(): Promise<void> {
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r))
  }
  /** Runs every timer due up to now + ms, in time order. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    await this.settle()
    for (;;) {
      this.timers = this.timers.filter((x) => x.live)
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq)
      const next = this.timers[0]
      if (!next || next.at > end) break
      this.t = Math.max(this.t, next.at)
      next.live = false
      next.fn()
      await this.settle()
    }
    this.t = end
    await this.settle()
  }
  pending(): number {
    return this.timers.filter((x) => x.live).length
  }
}
