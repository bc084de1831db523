// A tiny node:http venue on 127.0.0.1 for the tests that need a real socket (fetch transport, timeouts, dropped
// connections). Each request is answered by the next scripted behaviour (the last one repeats).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Behaviour =
  | { status: number; body?: string; headers?: Record<string, string> }
  | 'hang' // never answer
  | 'drop' // destroy the socket after reading the request
export interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export class StubServer {
  readonly received: Received[] = []
  private server: Server | undefined
  private hanging: ServerResponse[] = []
  constructor(private readonly script: Behaviour[]) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        this.received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8')
        })
        const b = this.script[Math.min(this.received.length - 1, this.script.length - 1)]!
        if (b === 'hang') return void this.hanging.push(res)
        if (b === 'drop') return void req.socket.destroy()
        res.writeHead(b.status, { 'content-type': 'application/json', ...b.headers })
        res.end(b.body ?? '')
      })
    })
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy()
    this.server?.closeAllConnections()
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()))
  }
}
