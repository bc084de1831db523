// The exchange's bounds on what one client can make it hold: channels per WebSocket, and the time a slow HTTP
// client may take over its headers or its body, or idle on a kept-alive connection.
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import { MAX_CHANNELS_PER_CONNECTION } from '../../../src-sim/ws/market-ws'
import { createHttpFront, specShaper } from '../../../src-sim/http/server'
import { DEFAULT_HTTP_TIMEOUTS } from '../../../src-sim/http/timeouts'
import { WsProbe } from './harness'

let ex: RunningExchange
// Short bounds so the test watches them act; the defaults are checked separately.
const TIMEOUTS = { headersMs: 300, requestMs: 600, keepAliveMs: 300, checkIntervalMs: 50 }

beforeAll(async () => {
  ex = await startExchange({ activity: false, futuresTickMs: 0, ws: { maxChannels: 3 }, httpTimeouts: TIMEOUTS })
})
afterAll(() => ex?.close())

/** A raw socket to the exchange; resolves with what it received once the server closed it. */
function rawSocket(): { socket: Socket; closed: Promise<string> } {
  const socket = connect(ex.port, '127.0.0.1')
  let got = ''
  socket.setEncoding('utf8')
  socket.on('data', (c: string) => (got += c))
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(got)))
  socket.on('error', () => undefined)
  return { socket, closed }
}

describe('exchange limits', () => {
  it('refuses a subscription past the per-connection cap in its ack, in words, and keeps the socket', async () => {
    const ws = await WsProbe.open(`ws://127.0.0.1:${ex.port}/spot/ws`)
    try {
      const channels = [
        'market_btcusdt_ticker',
        'market_ethusdt_ticker',
        'market_solusdt_ticker',
        'market_dogeusdt_ticker'
      ]
      for (const ch of channels) ws.sub(ch)
      const refused = await ws.waitFor((m) => m.event_rep === 'subed' && m.channel === 'market_dogeusdt_ticker')
      expect(refused.status).toBe('error')
      expect(refused.msg).toMatch(/too many subscriptions on this connection \(at most 3\)/)
      // The same channel again is no new subscription; after an unsub there is room again.
      ws.sub('market_btcusdt_ticker', 'again')
      expect((await ws.waitFor((m) => m.cb_id === 'again')).status).toBe('ok')
      ws.send({ event: 'unsub', params: { channel: 'market_btcusdt_ticker' } })
      ws.sub('market_dogeusdt_ticker', 'room')
      expect((await ws.waitFor((m) => m.cb_id === 'room')).status).toBe('ok')
      expect(ws.closed).toBeNull()
    } finally {
      ws.ws.close()
    }
  })

  it('caps channels per socket by default', () => {
    expect(MAX_CHANNELS_PER_CONNECTION).toBeGreaterThanOrEqual(44) // every channel of the 4 spot markets
    expect(MAX_CHANNELS_PER_CONNECTION).toBeLessThanOrEqual(256)
  })

  it('closes a connection that trickles its headers past headersTimeout', async () => {
    const { socket, closed } = rawSocket()
    socket.write(`GET /spot/open/sapi/v1/time HTTP/1.1\r\nHost: 127.0.0.1:${ex.port}\r\n`)
    const tick = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 50)
    try {
      expect(await closed).toMatch(/^HTTP\/1\.1 408|^$/)
    } finally {
      clearInterval(tick)
    }
  })

  it('closes a connection that trickles its body past requestTimeout', async () => {
    const { socket, closed } = rawSocket()
    socket.write(
      `POST /spot/open/sapi/v1/order HTTP/1.1\r\nHost: 127.0.0.1:${ex.port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`
    )
    const tick = setInterval(() => socket.writable && socket.write(' '), 50)
    try {
      expect(await closed).toMatch(/^HTTP\/1\.1 408|^$/)
    } finally {
      clearInterval(tick)
    }
  })

  it('closes an idle kept-alive connection after keepAliveTimeout', async () => {
    const { socket, closed } = rawSocket()
    socket.write(`GET /spot/open/sapi/v1/time HTTP/1.1\r\nHost: 127.0.0.1:${ex.port}\r\n\r\n`)
    expect(await closed).toMatch(/^HTTP\/1\.1 200/)
  })

  it('sets bounded timeouts by default', () => {
    const server = createHttpFront({
      handlers: new Map(),
      lookupCredential: () => undefined,
      clock: Date.now,
      shaper: specShaper
    })
    expect(server.headersTimeout).toBe(DEFAULT_HTTP_TIMEOUTS.headersMs)
    expect(server.requestTimeout).toBe(DEFAULT_HTTP_TIMEOUTS.requestMs)
    expect(server.keepAliveTimeout).toBe(DEFAULT_HTTP_TIMEOUTS.keepAliveMs)
    expect(DEFAULT_HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000)
    expect(DEFAULT_HTTP_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000)
  })
})
