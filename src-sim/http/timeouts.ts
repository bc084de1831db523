// How long the exchange's HTTP server waits on a slow client. Node's defaults hold a connection that trickles its
// headers for 60 s (and check only every 30 s), so a few thousand slow connections could hold the loopback
// exchange for a minute; these bound every stage.
import type { Server } from 'node:http'

export interface HttpTimeouts {
  /** The whole request head must arrive within this. */
  headersMs: number
  /** The whole request (head and body) must arrive within this. */
  requestMs: number
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number
  /** How often the server checks the two above (Node's default is 30 s, which would stretch them). */
  checkIntervalMs: number
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000
}

/** The createServer options that carry them (the check interval can only be set at creation). */
export function serverTimeoutOptions(t: HttpTimeouts): {
  headersTimeout: number
  requestTimeout: number
  connectionsCheckingInterval: number
} {
  // Node refuses a request timeout shorter than the headers one.
  return {
    headersTimeout: t.headersMs,
    requestTimeout: Math.max(t.requestMs, t.headersMs),
    connectionsCheckingInterval: t.checkIntervalMs
  }
}

/** keepAliveTimeout is a property of the server, not a createServer option, on Node 20. */
export function applyKeepAlive(server: Server, t: HttpTimeouts): void {
  server.keepAliveTimeout = t.keepAliveMs
}
