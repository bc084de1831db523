// A lean HTTP/1.1 keep-alive client for the load generator. Client and server share two cores, so every
// microsecond the client spends is taken from the server: one request in flight per connection, each request
// written as one string with one write, the response parsed only as far as the status line, Content-Length and
// body. Anything else (chunked bodies, a missing Content-Length, bytes past the response) is an error, never
// guessed at.
import { connect, type Socket } from 'node:net'

export interface RawResponse {
  status: number
  body: string
}

const HEADER_END = Buffer.from('\r\n\r\n')

export class RawConnection {
  private buf: Buffer | null = null
  private waiting: { resolve: (r: RawResponse) => void; reject: (e: Error) => void } | null = null
  private failure: Error | null = null
  private readonly hostLine: string

  private constructor(
    private readonly socket: Socket,
    host: string,
    port: number
  ) {
    this.hostLine = `Host: ${host}:${port}\r\n`
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.onData(chunk))
    socket.on('error', (e) => this.fail(e))
    socket.on('close', () => this.fail(new Error('connection closed by the server')))
  }

  static open(host: string, port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const s = connect({ host, port }, () => {
        s.off('error', reject)
        resolve(new RawConnection(s, host, port))
      })
      s.once('error', reject)
    })
  }

  /** POSTs `body` (UTF-8) to `path`; `headerLines` are complete "Name: value\r\n" lines. One request at a time. */
  post(path: string, headerLines: string, body: string): Promise<RawResponse> {
    if (this.failure) return Promise.reject(this.failure)
    if (this.waiting) return Promise.reject(new Error('RawConnection: one request at a time'))
    const p = new Promise<RawResponse>((resolve, reject) => (this.waiting = { resolve, reject }))
    this.socket.write(
      `POST ${path} HTTP/1.1\r\n${this.hostLine}${headerLines}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    )
    return p
  }

  close(): void {
    this.failure ??= new Error('connection closed')
    this.socket.destroy()
  }

  private onData(chunk: Buffer): void {
    const buf = this.buf ? Buffer.concat([this.buf, chunk]) : chunk
    const end = buf.indexOf(HEADER_END)
    if (end < 0) {
      this.buf = buf
      return
    }
    const head = buf.toString('latin1', 0, end)
    const status = Number(head.slice(9, 12))
    const lower = head.toLowerCase()
    const at = lower.indexOf('\r\ncontent-length:')
    if (!head.startsWith('HTTP/1.1 ') || !(status >= 100 && status <= 599) || at < 0) {
      return this.fail(new Error(`unexpected response head: ${JSON.stringify(head.slice(0, 200))}`))
    }
    const eol = lower.indexOf('\r\n', at + 2)
    const length = Number(lower.slice(at + 17, eol < 0 ? undefined : eol).trim())
    const start = end + 4
    if (buf.length < start + length) {
      this.buf = buf
      return
    }
    if (buf.length > start + length)
      return this.fail(new Error('bytes past the response on a connection with one request in flight'))
    this.buf = null
    const w = this.waiting
    this.waiting = null
    w?.resolve({ status, body: buf.toString('utf8', start) })
  }

  private fail(e: Error): void {
    this.failure ??= e
    this.buf = null
    const w = this.waiting
    this.waiting = null
    w?.reject(e)
    this.socket.destroy()
  }
}
