// The browser host's bounds: streams per contract connection, launch links that expire (10 minutes), and slow
// HTTP clients cut off by the head and request timeouts.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { z } from 'zod'
import { stream, type ServerMessage } from '@shared/ipc/contract-kit'
import { createContractServer, MAX_STREAMS_PER_CONNECTION } from '../../../src-main/contract/contract-server'
import { LAUNCH_TTL_MS, startBrowserHost, type BrowserHost } from '../../../src-main/browser-host/browser-host'

const demo = { 'demo.onNothing': stream<{ n: number }>()(z.object({}), 'Never emits.') } as const
const server = createContractServer(demo, { 'demo.onNothing': () => () => undefined })

describe('contract connection: streams', () => {
  it('ends a stream past the per-connection cap with an error in words, and takes one again after an unsub', () => {
    const out: ServerMessage[] = []
    const conn = server.connect((m) => out.push(m), { connectionId: 't' })
    for (let id = 1; id <= MAX_STREAMS_PER_CONNECTION + 1; id++)
      conn.receive({ t: 'sub', id, channel: 'demo.onNothing', params: {} })
    expect(out).toEqual([
      {
        t: 'end',
        id: MAX_STREAMS_PER_CONNECTION + 1,
        error: {
          code: 'limit',
          message: expect.stringMatching(/Too many open streams on this connection \(at most 256\)/)
        }
      }
    ])
    conn.receive({ t: 'unsub', id: 1 })
    conn.receive({ t: 'sub', id: 9999, channel: 'demo.onNothing', params: {} })
    expect(out).toHaveLength(1)
    conn.close()
  })
})

describe('browser host bounds', () => {
  let dir: string
  let host: BrowserHost
  let now = 1_000_000

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cht-limits-'))
    await mkdir(join(dir, 'r'), { recursive: true })
    await writeFile(join(dir, 'r', 'index.html'), '<!doctype html>')
    host = await startBrowserHost({
      core: { server },
      rendererDir: join(dir, 'r'),
      now: () => now,
      timeouts: { headersMs: 300, requestMs: 600, keepAliveMs: 300, checkIntervalMs: 50 }
    })
  })
  afterAll(async () => {
    await host?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const status = (url: string): Promise<number> => {
    const token = /token=([\w-]+)$/.exec(url)![1]!
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${host.port}/contract`, ['chtrader.v1', `token.${token}`], {
        origin: host.origin
      })
      ws.once('unexpected-response', (_q, res) => resolve(res.statusCode!))
      ws.once('open', () => (ws.close(), resolve(101)))
    })
  }

  it('lets a launch link open a tab within 10 minutes, and not after', async () => {
    expect(LAUNCH_TTL_MS).toBe(600_000)
    const fresh = host.launchUrl()
    now += LAUNCH_TTL_MS - 1
    expect(await status(fresh)).toBe(101)
    const stale = host.launchUrl()
    now += LAUNCH_TTL_MS + 1
    expect(await status(stale)).toBe(401)
  })

  it('closes a connection that trickles its headers, and one that trickles its body', async () => {
    for (const head of [
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n`,
      `POST /session HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nContent-Length: 100000\r\n\r\n{`
    ]) {
      const socket = connect(host.port, '127.0.0.1')
      socket.on('error', () => undefined)
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
      socket.write(head)
      const tick = setInterval(
        () => socket.writable && socket.write(head.startsWith('GET') ? 'X-Slow: 1\r\n' : ' '),
        50
      )
      await closed
      clearInterval(tick)
    }
  })
})
