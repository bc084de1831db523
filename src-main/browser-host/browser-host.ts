// The browser host: the built renderer and the IPC contract over a loopback WebSocket, so the terminal runs
// in any Chromium tab where Electron cannot. Any local process or web page can reach a loopback port, so the
// socket is guarded three ways (see auth.ts for the credential rules):
//   1. peer address is loopback, Host is our own `127.0.0.1:PORT` (defeats DNS rebinding);
//   2. `Origin` is our own origin (a foreign page's socket is refused with 403 before the upgrade);
//   3. a credential offered as a Sec-WebSocket-Protocol value: `token.T` (one-time, from the printed URL's
//      fragment, so it never reaches a log or a Referer) or `session.S` (the per-tab secret the host sends
//      in its `hello` after a token is spent; the tab keeps it in sessionStorage for reloads and reconnects).
// A tab opening another window asks `POST /session` (own Origin + `Authorization: Bearer S`) for a fresh
// one-time token (60 s) and puts it in the new window's fragment: every tab presents its own credential.
// A tab with no credential at all (a spent link opened again, a tab opened by hand) gets one from the command line:
// `POST /control/launch` with `Authorization: Bearer C` (the control secret, in a file only the user can read: see
// host-file.ts) and no Origin (a browser always sends one, so no page can ask) answers a fresh launch URL.
import { timingSafeEqual } from 'node:crypto'
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { resolve } from 'node:path'
import { WebSocketServer, type WebSocket } from 'ws'
import type { createContractServer } from '../contract/contract-server'
import { serveStatic } from './static-files'
import {
  createAuth,
  isLoopback,
  offeredProtocols,
  SESSION_PREFIX,
  TOKEN_PREFIX,
  WS_PROTOCOL,
  type Session
} from './auth'

export type ContractEndpoint = Pick<ReturnType<typeof createContractServer>, 'connect'>

export interface BrowserHostOptions {
  core: { server: ContractEndpoint }
  /** The built renderer (holds index.html). */
  rendererDir: string
  /** 0 or absent: a free port. */
  port?: number
  /** Lifetime of tokens minted through POST /session. */
  tokenTtlMs?: number
  /** Lifetime of a printed launch link's token (default 10 minutes): a link left in a scrollback expires. */
  launchTtlMs?: number
  /**
   * Slow-client bounds of the HTTP server (defaults: headers 10 s, request 30 s, keep-alive 5 s); tests shorten them.
   */
  timeouts?: Partial<HostTimeouts>
  /** Clock of token expiry (tests). */
  now?: () => number
  /** Enables POST /control/launch for callers presenting this secret (the `npm run web` run again). */
  controlSecret?: string
  log?: (line: string) => void
}

export interface HostTimeouts {
  headersMs: number
  requestMs: number
  keepAliveMs: number
  /** How often Node checks the two first (its default, 30 s, would stretch them). */
  checkIntervalMs: number
}

const DEFAULT_TIMEOUTS: HostTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000
}
/** A printed launch link works once, within this. */
export const LAUNCH_TTL_MS = 10 * 60_000

export interface BrowserHost {
  /** `http://127.0.0.1:PORT` */
  origin: string
  port: number
  /**
   * Mints a one-time token (expiring after launchTtlMs) and returns the URL that spends it, e.g. `…/#/monitor&token=T`.
   */
  launchUrl(route?: string): string
  close(): Promise<void>
}

/** The first frame on every accepted socket; `session` only when a token was just spent. */
export interface HelloMessage {
  t: 'hello'
  connectionId: string
  session?: string
}

const CONTRACT_PATH = '/contract'
export const CONTROL_LAUNCH_PATH = '/control/launch'
const MAX_MESSAGE_BYTES = 1 << 20

export async function startBrowserHost(opts: BrowserHostOptions): Promise<BrowserHost> {
  const rendererDir = resolve(opts.rendererDir)
  const log = opts.log ?? (() => undefined)
  const auth = createAuth(opts.now)
  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts }
  let origin = ''
  let hostHeader = ''
  let socketSeq = 0

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    // Answer with the app protocol only: echoing the credential would put it in a response header.
    handleProtocols: (offered) => (offered.has(WS_PROTOCOL) ? WS_PROTOCOL : false)
  })

  const trusted = (req: IncomingMessage): boolean =>
    isLoopback(req.socket.remoteAddress) && req.headers.host === hostHeader

  // Bounded waits on slow clients: Node's defaults hold a trickling connection for a minute.
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: Math.max(timeouts.requestMs, timeouts.headersMs),
      connectionsCheckingInterval: timeouts.checkIntervalMs
    },
    (req, res) => {
      if (!trusted(req)) return void res.writeHead(403).end()
      const path = pathOf(req.url)
      if (path === '/session') return mintForSession(req, res)
      if (path === CONTROL_LAUNCH_PATH) return launchForControl(req, res)
      if (serveStatic(rendererDir, req, res)) return
      res.writeHead(path === '/favicon.ico' ? 204 : 404).end()
    }
  )

  function mintForSession(req: IncomingMessage, res: ServerResponse): void {
    req.resume()
    if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST' }).end()
    if (req.headers.origin !== origin) return void res.writeHead(403).end()
    const bearer = /^Bearer ([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!bearer || !auth.session(bearer)) return void res.writeHead(401).end()
    const token = auth.mintToken(opts.tokenTtlMs ?? 60_000)
    res
      .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      .end(JSON.stringify({ token }))
  }

  function launchForControl(req: IncomingMessage, res: ServerResponse): void {
    req.resume()
    if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST' }).end()
    // Only a local program may ask: any web page's request carries an Origin (ours included).
    if (!opts.controlSecret || req.headers.origin !== undefined) return void res.writeHead(403).end()
    const bearer = /^Bearer ([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!bearer || !sameSecret(bearer, opts.controlSecret)) return void res.writeHead(401).end()
    log('browser host: a fresh launch link was printed for another tab')
    res
      .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      .end(JSON.stringify({ url: launchUrl() }))
  }

  /** Mints a one-time token (10 minutes: a person opens it, soon) and returns the URL that spends it. */
  function launchUrl(route?: string): string {
    return `${origin}/#${route ? `${route}&` : ''}token=${auth.mintToken(opts.launchTtlMs ?? LAUNCH_TTL_MS)}`
  }

  /** Returns the session to attach, whether it is new, or the HTTP status refusing the upgrade. */
  function admit(req: IncomingMessage): { session: Session; fresh: boolean } | number {
    if (!trusted(req)) return 403
    if (pathOf(req.url) !== CONTRACT_PATH) return 404
    if (req.headers.origin !== origin) return 403
    const offered = offeredProtocols(req.headers['sec-websocket-protocol'])
    if (!offered.includes(WS_PROTOCOL)) return 400
    const creds = offered.filter((p) => p.startsWith(TOKEN_PREFIX) || p.startsWith(SESSION_PREFIX))
    if (creds.length !== 1) return 401
    const cred = creds[0]!
    if (cred.startsWith(TOKEN_PREFIX)) {
      const session = auth.redeem(cred.slice(TOKEN_PREFIX.length))
      return session ? { session, fresh: true } : 401
    }
    const session = auth.session(cred.slice(SESSION_PREFIX.length))
    return session ? { session, fresh: false } : 401
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const verdict = admit(req)
    if (typeof verdict === 'number') {
      // Logged without any header value: the credential is never written anywhere.
      log(`browser host: refused a socket (${verdict} ${STATUS_CODES[verdict]})`)
      socket.end(`HTTP/1.1 ${verdict} ${STATUS_CODES[verdict]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws, verdict.session, verdict.fresh))
  })

  /** One contract connection per socket: each tab has its own subscriptions, closed with its socket. */
  function attach(ws: WebSocket, session: Session, fresh: boolean): void {
    const connectionId = `${session.id}:${++socketSeq}`
    const hello: HelloMessage = { t: 'hello', connectionId, ...(fresh ? { session: session.secret } : {}) }
    ws.send(JSON.stringify(hello))
    const conn = opts.core.server.connect(
      (m) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m))
      },
      { connectionId }
    )
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'text frames only')
      let message: unknown
      try {
        message = JSON.parse(data.toString())
      } catch {
        return ws.close(1007, 'invalid JSON')
      }
      conn.receive(message)
    })
    ws.on('close', () => conn.close())
    ws.on('error', () => ws.terminate())
  }

  server.keepAliveTimeout = timeouts.keepAliveMs
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(opts.port ?? 0, '127.0.0.1', ok))
  const port = (server.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`
  hostHeader = `127.0.0.1:${port}`

  return {
    origin,
    port,
    launchUrl,
    close: () =>
      new Promise<void>((ok) => {
        for (const ws of wss.clients) ws.terminate()
        wss.close()
        server.closeAllConnections()
        server.close(() => ok())
      })
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function pathOf(url: string | undefined): string {
  try {
    return new URL(url ?? '/', 'http://x').pathname
  } catch {
    return ''
  }
}
