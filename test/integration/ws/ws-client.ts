// Test helper: a loopback http server with the market WS mounted, and a client that decodes frames the
// way the terminal does (gzip binary -> gunzipSync, text -> as is) and lets a test await messages.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import WebSocket from 'ws'

/** Default wait for a frame: loopback is fast, but a loaded 2-core CI box can stall for seconds. */
const WAIT_MS = 10_000

export interface Received {
  msg: Record<string, unknown>
  binary: boolean
  raw: Buffer
}

export async function startServer(): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => res.writeHead(404).end())
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    server,
    url: `ws://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      })
  }
}

export class TestClient {
  readonly received: Received[] = []
  closed: { code: number } | null = null
  private waiters: (() => void)[] = []
  private barriers = 0

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, binary: boolean) => {
      const text = binary ? gunzipSync(data).toString('utf8') : data.toString('utf8')
      this.received.push({ msg: JSON.parse(text), binary, raw: data })
      this.wake()
    })
    ws.on('close', (code) => {
      this.closed = { code }
      this.wake()
    })
  }

  static connect(url: string): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      const c = new TestClient(ws)
      ws.once('open', () => resolve(c))
      ws.once('error', reject)
    })
  }

  send(obj: unknown): void {
    this.ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj))
  }

  sub(channel: string, cb_id = 'cb1'): void {
    this.send({ event: 'sub', params: { channel, cb_id } })
  }

  /** Messages matching `pred`. */
  where(pred: (m: Record<string, unknown>) => boolean): Record<string, unknown>[] {
    return this.received.filter((r) => pred(r.msg)).map((r) => r.msg)
  }

  /** Resolves with the first message (already received or future) matching `pred`. */
  async next(pred: (m: Record<string, unknown>) => boolean, timeoutMs = WAIT_MS): Promise<Record<string, unknown>> {
    await this.until(() => this.received.some((r) => pred(r.msg)), timeoutMs)
    return this.received.find((r) => pred(r.msg))!.msg
  }

  /** Until `cond` holds: re-checked on every frame and every 20 ms (for conditions on the server's side). */
  async until(cond: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!cond()) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('timed out waiting')
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.min(left, 20))
        this.waiters.push(() => {
          clearTimeout(t)
          r()
        })
      })
    }
  }

  /** Resolves once the server has handled everything sent before: it answers a client ping in order. */
  async barrier(): Promise<void> {
    const value = ++this.barriers * 1_000_003
    this.send({ ping: value })
    await this.next((m) => m.pong === value)
  }

  close(): void {
    this.ws.terminate()
  }

  private wake(): void {
    const w = this.waiters
    this.waiters = []
    for (const f of w) f()
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
export const isChannel = (channel: string) => (m: Record<string, unknown>) => m.channel === channel && 'tick' in m
