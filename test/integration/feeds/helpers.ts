// Integration helpers for the feeds: the real embedded exchange on loopback, funded traders driven through
// the ExchangeClient, a socket factory that records what the terminal sends, and a WS proxy that can black-hole
// a live connection (the server looks alive to itself, the client hears nothing).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import WebSocket, { WebSocketServer } from 'ws'
import { ExchangeClient } from '../../../src-main/client'
import { wsSocketFactory, type SocketFactory } from '../../../src-main/feeds/socket'
import { startExchange, type RunningExchange, type StartOptions } from '../../../src-sim/exchange'

/**
 * No activity and no seeded history: the feeds are checked against the exact book, tape and candles of the orders
 * the tests place (the REST snapshots that fill gaps would otherwise carry the seeded trades too).
 */
export async function quietExchange(opts: StartOptions = {}): Promise<RunningExchange> {
  return startExchange({ activity: false, history: false, control: true, ...opts })
}

/** A funded account on the exchange, with an ExchangeClient signed as it. */
export async function trader(ex: RunningExchange): Promise<ExchangeClient> {
  const res = await fetch(`${ex.url}/sim/v1/accounts`, {
    method: 'POST',
    body: '{}',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ex.controlToken}` }
  })
  const a = (await res.json()) as { apiKey: string; apiSecret: string }
  return new ExchangeClient({
    baseUrl: ex.url,
    credentials: async () => ({ apiKey: a.apiKey, secret: a.apiSecret }),
    clockSamples: 1
  })
}

export const spotWs = (port: number): string => `ws://127.0.0.1:${port}/spot/ws`

/** wsSocketFactory, keeping every text the terminal sends (all sockets, in order). */
export function recordingFactory(): { factory: SocketFactory; sent: Record<string, any>[]; sockets: () => number } {
  const sent: Record<string, any>[] = []
  let n = 0
  const factory: SocketFactory = (url, h) => {
    n++
    const s = wsSocketFactory(url, h)
    return {
      send: (text) => {
        sent.push(JSON.parse(text))
        s.send(text)
      },
      close: () => s.close()
    }
  }
  return { factory, sent, sockets: () => n }
}

export const subs = (sent: Record<string, any>[], event: 'sub' | 'unsub', channel: string): number =>
  sent.filter((m) => m.event === event && m.params.channel === channel).length

export async function waitFor(cond: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

interface Pair {
  client: WebSocket
  upstream: WebSocket
  frozen: boolean
}

/**
 * A loopback WS proxy to `target`. freeze() black-holes the current connections both ways while keeping the
 * upstream heartbeat answered, so only the terminal's own stale detection can notice; new connections pass.
 */
export async function startProxy(
  target: string
): Promise<{ url: string; freeze(): void; connections(): number; close(): Promise<void> }> {
  const server: Server = createServer()
  const wss = new WebSocketServer({ server })
  const pairs = new Set<Pair>()
  let total = 0
  wss.on('connection', (client) => {
    total++
    const upstream = new WebSocket(target)
    const pair: Pair = { client, upstream, frozen: false }
    pairs.add(pair)
    const early: [WebSocket.RawData, boolean][] = []
    upstream.on('open', () => early.splice(0).forEach(([d, b]) => upstream.send(d, { binary: b })))
    client.on('message', (d, b) => {
      if (pair.frozen) return
      if (upstream.readyState === WebSocket.OPEN) upstream.send(d, { binary: b })
      else early.push([d, b])
    })
    upstream.on('message', (d: Buffer, b) => {
      if (!pair.frozen) return client.readyState === WebSocket.OPEN && client.send(d, { binary: b })
      const msg = JSON.parse(b ? gunzipSync(d).toString() : d.toString())
      if ('ping' in msg) upstream.send(JSON.stringify({ pong: msg.ping }))
    })
    const end = () => {
      pairs.delete(pair)
      client.terminate()
      upstream.terminate()
    }
    client.on('close', end)
    upstream.on('close', end)
    client.on('error', end)
    upstream.on('error', end)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}/spot/ws`,
    freeze: () => pairs.forEach((p) => (p.frozen = true)),
    connections: () => total,
    close: () =>
      new Promise<void>((r) => {
        for (const p of pairs) p.client.terminate()
        wss.close()
        server.closeAllConnections()
        server.close(() => r())
      })
  }
}

/** A WS server that accepts, records what it is sent, and never says a word. */
export async function startSilentServer(): Promise<{
  url: string
  received: Record<string, any>[]
  accepted(): number
  close(): Promise<void>
}> {
  const server = createServer()
  const wss = new WebSocketServer({ server })
  const received: Record<string, any>[] = []
  let accepted = 0
  wss.on('connection', (ws) => {
    accepted++
    ws.on('message', (d) => received.push(JSON.parse(d.toString())))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}/spot/ws`,
    received,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate()
        wss.close()
        server.closeAllConnections()
        server.close(() => r())
      })
  }
}
