// The browser host over real loopback HTTP and WebSocket, with a demo contract: the token, Origin and Host
// rules, the session secret, POST /session, and the static files.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { z } from 'zod'
import { command, stream, type ServerMessage } from '@shared/ipc/contract-kit'
import { createContractClient } from '@shared/ipc/contract-client'
import { createContractServer, type ContractHandlers } from '../../../src-main/contract/contract-server'
import { startBrowserHost, type BrowserHost } from '../../../src-main/browser-host/browser-host'

const demo = {
  'demo.echo': command<{ text: string; connectionId: string }>()(z.object({ text: z.string() }).strict(), 'Echoes.'),
  'demo.onTick': stream<{ n: number }>()(z.object({ count: z.number().int().max(10) }), 'Ticks.')
} as const

const TOKEN_TTL_MS = 60_000
/** The host's clock is Date.now() plus this: a test moves time forward instead of sleeping through a TTL. */
let clockSkewMs = 0
let dir: string
let host: BrowserHost
const disposed: string[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cht-host-'))
  const renderer = join(dir, 'renderer')
  await mkdir(join(renderer, 'assets'), { recursive: true })
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>t</title>')
  await writeFile(join(renderer, 'assets', 'app.js'), 'export {}')
  await writeFile(join(dir, 'secret.txt'), 'do not serve')
  const handlers: ContractHandlers<typeof demo> = {
    'demo.echo': ({ text }, ctx) => ({ text, connectionId: ctx.connectionId }),
    'demo.onTick': ({ count }, emit, ctx) => {
      for (let n = 1; n <= count; n++) emit({ n })
      return () => disposed.push(ctx.connectionId)
    }
  }
  const server = createContractServer(demo, handlers)
  // Long enough that a minted token is never spent late on a loaded machine; expiry is watched on the injected clock.
  host = await startBrowserHost({
    core: { server },
    rendererDir: renderer,
    tokenTtlMs: TOKEN_TTL_MS,
    now: () => Date.now() + clockSkewMs
  })
})
afterAll(async () => {
  await host?.close()
  await rm(dir, { recursive: true, force: true })
})

const tokenOf = (url: string): string => /token=([\w-]+)$/.exec(url)![1]!
const wsUrl = () => `ws://127.0.0.1:${host.port}/contract`

/** Opens a socket; resolves with it and its first (hello) frame, or rejects with the HTTP status. */
function open(
  protocols: string[],
  origin: string | null = host.origin
): Promise<{ ws: WebSocket; hello: { t: string; connectionId: string; session?: string } }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(), protocols, origin === null ? {} : { origin })
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
    ws.once('message', (data) => resolve({ ws, hello: JSON.parse(String(data)) }))
  })
}
const withToken = (token: string) => ['chtrader.v1', `token.${token}`]

function clientOver(ws: WebSocket) {
  return createContractClient<typeof demo>({
    send: (m) => ws.send(JSON.stringify(m)),
    onMessage: (h) => ws.on('message', (d) => h(JSON.parse(String(d)) as ServerMessage))
  })
}

/** A raw HTTP request (fetch would normalise the path and forbid the Host header). */
function raw(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET'
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, method, headers }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('browser host: contract socket', () => {
  it('prints a launch URL with the token in the fragment only', () => {
    const url = host.launchUrl('/market/spot/btcusdt')
    expect(url).toMatch(new RegExp(`^${host.origin}/#/market/spot/btcusdt&token=[\\w-]{43}$`))
    expect(host.launchUrl()).toMatch(new RegExp(`^${host.origin}/#token=[\\w-]{43}$`))
  })

  it('runs the contract for a valid token: invoke and stream, on its own connection', async () => {
    const { ws, hello } = await open(withToken(tokenOf(host.launchUrl())))
    expect(hello).toMatchObject({
      t: 'hello',
      connectionId: expect.stringMatching(/^web:\d+:\d+$/),
      session: expect.stringMatching(/^[\w-]{43}$/)
    })
    expect(ws.protocol).toBe('chtrader.v1') // the credential is never echoed
    const client = clientOver(ws)
    await expect(client.invoke('demo.echo', { text: 'hi' })).resolves.toEqual({
      text: 'hi',
      connectionId: hello.connectionId
    })
    await expect(client.invoke('demo.echo', { text: 'x', extra: 1 } as never)).rejects.toMatchObject({
      code: 'invalid-input'
    })
    const ticks: number[] = []
    await new Promise<void>((done) =>
      client.subscribe('demo.onTick', { count: 3 }, (e) => (ticks.push(e.n), e.n === 3 && done()))
    )
    expect(ticks).toEqual([1, 2, 3])
    ws.close()
    await expect.poll(() => disposed).toContain(hello.connectionId) // the socket's streams end with it
  })

  it('refuses a missing, unknown or reused token', async () => {
    await expect(open(['chtrader.v1'])).rejects.toThrow('HTTP 401')
    await expect(open(withToken('A'.repeat(43)))).rejects.toThrow('HTTP 401')
    const token = tokenOf(host.launchUrl())
    const { ws } = await open(withToken(token))
    await expect(open(withToken(token))).rejects.toThrow('HTTP 401')
    ws.close()
    // Two credentials at once are refused too.
    await expect(open([...withToken(tokenOf(host.launchUrl())), `token.${tokenOf(host.launchUrl())}`])).rejects.toThrow(
      'HTTP 401'
    )
  })

  it('refuses a foreign or missing Origin before the token is looked at', async () => {
    const token = tokenOf(host.launchUrl())
    await expect(open(withToken(token), 'https://evil.example')).rejects.toThrow('HTTP 403')
    await expect(open(withToken(token), `http://localhost:${host.port}`)).rejects.toThrow('HTTP 403')
    await expect(open(withToken(token), 'null')).rejects.toThrow('HTTP 403')
    await expect(open(withToken(token), null)).rejects.toThrow('HTTP 403')
    const { ws } = await open(withToken(token)) // still unspent
    ws.close()
  })

  it('refuses a socket without the app protocol, or on another path', async () => {
    await expect(open([`token.${tokenOf(host.launchUrl())}`])).rejects.toThrow('HTTP 400')
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${host.port}/other`, withToken(tokenOf(host.launchUrl())), {
          origin: host.origin
        })
        ws.once('unexpected-response', (_q, res) => reject(new Error(`HTTP ${res.statusCode}`)))
        ws.once('open', resolve)
      })
    ).rejects.toThrow('HTTP 404')
  })

  it('reconnects with the session secret, as many sockets as the tab needs; refuses a forged one', async () => {
    const first = await open(withToken(tokenOf(host.launchUrl())))
    const secret = first.hello.session!
    first.ws.close()
    const again = await open(['chtrader.v1', `session.${secret}`])
    expect(again.hello.session).toBeUndefined() // the secret is sent once, when the token is spent
    expect(again.hello.connectionId).not.toBe(first.hello.connectionId)
    await expect(clientOver(again.ws).invoke('demo.echo', { text: 'back' })).resolves.toMatchObject({ text: 'back' })
    again.ws.close()
    await expect(open(['chtrader.v1', `session.${'B'.repeat(43)}`])).rejects.toThrow('HTTP 401')
    await expect(open(['chtrader.v1', `session.${secret}`], 'https://evil.example')).rejects.toThrow('HTTP 403')
  })

  it('closes a socket that sends binary frames or invalid JSON', async () => {
    for (const [frame, code] of [
      [Buffer.from([1, 2]), 1003],
      ['{nope', 1007]
    ] as const) {
      const { ws } = await open(withToken(tokenOf(host.launchUrl())))
      const closed = new Promise<number>((r) => ws.once('close', (c) => r(c)))
      ws.send(frame)
      expect(await closed).toBe(code)
    }
  })
})

describe('browser host: POST /session', () => {
  it('mints a one-time token for a new window of an existing session, with the own Origin only', async () => {
    const { ws, hello } = await open(withToken(tokenOf(host.launchUrl())))
    const auth = { Authorization: `Bearer ${hello.session!}`, Origin: host.origin }
    expect((await raw('/session', { Origin: host.origin }, 'POST')).status).toBe(401)
    expect((await raw('/session', { ...auth, Authorization: 'Bearer forged' }, 'POST')).status).toBe(401)
    expect((await raw('/session', { ...auth, Origin: 'https://evil.example' }, 'POST')).status).toBe(403)
    expect((await raw('/session', { Authorization: auth.Authorization }, 'POST')).status).toBe(403)
    expect((await raw('/session', auth, 'GET')).status).toBe(405)
    const minted = await raw('/session', auth, 'POST')
    expect(minted.status).toBe(200)
    expect(minted.headers['cache-control']).toBe('no-store')
    const { token } = JSON.parse(minted.body) as { token: string }
    const second = await open(withToken(token))
    expect(second.hello.session).not.toBe(hello.session) // the new window has its own session
    await expect(open(withToken(token))).rejects.toThrow('HTTP 401')
    second.ws.close()
    ws.close()
  })

  it('lets a minted token expire', async () => {
    const { ws, hello } = await open(withToken(tokenOf(host.launchUrl())))
    const mint = async () => {
      const minted = await raw('/session', { Authorization: `Bearer ${hello.session!}`, Origin: host.origin }, 'POST')
      return (JSON.parse(minted.body) as { token: string }).token
    }
    const [early, late] = [await mint(), await mint()]
    try {
      clockSkewMs = TOKEN_TTL_MS - 10_000 // still inside its lifetime: accepted
      const inTime = await open(withToken(early))
      expect(inTime.hello.session).toBeTruthy()
      inTime.ws.close()
      clockSkewMs = TOKEN_TTL_MS + 1_000 // past it: refused
      await expect(open(withToken(late))).rejects.toThrow('HTTP 401')
    } finally {
      clockSkewMs = 0
    }
    ws.close()
  })
})

describe('browser host: static files', () => {
  it('serves the built renderer with the framing and referrer headers', async () => {
    const index = await raw('/')
    expect(index.status).toBe(200)
    expect(index.body).toContain('<title>t</title>')
    expect(index.headers['content-type']).toMatch(/text\/html/)
    expect(index.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
    expect(index.headers['referrer-policy']).toBe('no-referrer')
    const js = await raw('/assets/app.js')
    expect([js.status, js.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8'])
    expect((await raw('/missing.js')).status).toBe(404)
    expect((await raw('/favicon.ico')).status).toBe(204)
  })

  it('refuses path traversal and malformed paths without crashing', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%E0%A4%A',
      '/%00'
    ]) {
      const res = await raw(path)
      expect(res.status, path).toBe(404)
      expect(res.body).not.toContain('do not serve')
    }
    expect((await raw('/')).status).toBe(200) // still up
  })

  it('refuses requests naming another Host (DNS rebinding)', async () => {
    expect((await raw('/', { Host: `evil.example:${host.port}` })).status).toBe(403)
    expect((await raw('/', { Host: `localhost:${host.port}` })).status).toBe(403)
  })
})
