// FeedConnection over a fake socket and a manual clock: heartbeat, decoding, staleness, reconnects with
// jittered backoff, resubscription.
import { describe, expect, it } from 'vitest'
import { gzipSync } from 'node:zlib'
import {
  FeedConnection,
  type ConnectionState,
  type FeedConnectionOptions
} from '../../../src-main/feeds/feed-connection'
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from '../../../src-main/feeds/backoff'
import { FakeServer, FakeTimers } from './fakes'

const DEPTH = 'market_btcusdt_depth_step0'
const TRADES = 'market_btcusdt_trade_ticker'

function setup(o: Partial<FeedConnectionOptions> = {}) {
  const timers = new FakeTimers()
  const server = new FakeServer()
  const conn = new FeedConnection({
    url: 'ws://x/spot/ws',
    timers,
    socketFactory: server.factory,
    random: () => 0.5,
    watchdogMs: 100,
    ...o
  })
  const states: ConnectionState[] = []
  conn.onStatus((s) => states.push(s.state))
  const frames: unknown[] = []
  conn.onData((f) => frames.push(f))
  const subs: [string, boolean][] = []
  conn.onSubscribed((ch, resumed) => subs.push([ch, resumed]))
  return { timers, server, conn, states, frames, subs }
}

describe('backoff', () => {
  it('full jitter: every delay lies in [0, min(cap, base * 2^n))', () => {
    const p = { baseMs: 100, capMs: 5000 }
    expect([0, 1, 2, 3, 5, 6, 10, 50].map((n) => backoffCeiling(n, p))).toEqual([
      100, 200, 400, 800, 3200, 5000, 5000, 5000
    ])
    for (let n = 0; n < 12; n++) {
      expect(backoffDelay(n, p, () => 0)).toBe(0)
      expect(backoffDelay(n, p, () => 0.999999)).toBeLessThan(backoffCeiling(n, p))
      for (let i = 0; i < 50; i++) {
        const d = backoffDelay(n, p)
        expect(d).toBeGreaterThanOrEqual(0)
        expect(d).toBeLessThan(backoffCeiling(n, p))
      }
    }
    expect(DEFAULT_BACKOFF.capMs).toBeGreaterThan(DEFAULT_BACKOFF.baseMs)
  })

  it('reconnect delays follow the schedule, and the first frame on a socket resets it', () => {
    const { timers, server, conn } = setup({ backoff: { baseMs: 100, capMs: 1000 } })
    conn.start()
    const gaps: number[] = []
    for (let i = 0; i < 6; i++) {
      const n = server.sockets.length
      server.last.drop()
      // with random() = 0.5 the delay is half the ceiling
      const want = backoffCeiling(i, { baseMs: 100, capMs: 1000 }) / 2
      timers.advance(want - 1)
      expect(server.sockets.length).toBe(n)
      timers.advance(1)
      expect(server.sockets.length).toBe(n + 1)
      gaps.push(want)
    }
    expect(gaps).toEqual([50, 100, 200, 400, 500, 500])
    expect(conn.status.reconnects).toBe(6)
    // a frame proves the venue serves again: the next loss waits base/2 again
    server.last.open()
    server.last.push({ ping: 1 })
    server.last.drop()
    timers.advance(50)
    expect(server.sockets.length).toBe(8)
  })
})

describe('FeedConnection', () => {
  it('subscribes on open, answers pings with the same value, never sends a bare ping', () => {
    const { server, conn, states, subs } = setup()
    conn.subscribe(DEPTH)
    conn.start()
    expect(server.last.sent).toEqual([]) // nothing before open
    server.last.open()
    expect(server.last.messages).toEqual([{ event: 'sub', params: { channel: DEPTH, cb_id: expect.any(String) } }])
    server.last.push({ ping: 1700000000123 })
    server.last.push({ ping: 42 }, false) // plain text variance
    expect(server.last.messages.slice(1)).toEqual([{ pong: 1700000000123 }, { pong: 42 }])
    expect(server.last.sent.every((s) => typeof JSON.parse(s) === 'object')).toBe(true)
    expect(server.last.sent).not.toContain('ping')
    expect(states).toEqual(['connecting', 'open'])
    expect(subs).toEqual([[DEPTH, false]])
    expect(conn.status.lastFrameAt).not.toBeNull()
  })

  it('decodes gzip binary and plain text frames; delivers only subscribed channels', () => {
    const { server, conn, frames } = setup()
    conn.subscribe(DEPTH)
    conn.start()
    server.last.open()
    const tick = { asks: [['101', '1']], buys: [['99', '2']] }
    server.last.push({ channel: DEPTH, ts: 1, tick })
    server.last.push({ channel: DEPTH, ts: 2, tick }, false)
    server.last.raw(Buffer.from(JSON.stringify({ channel: DEPTH, ts: 3, tick }))) // binary but not gzip
    server.last.push({ channel: TRADES, ts: 4, tick: { data: [] } }) // not subscribed
    server.last.push({ event_rep: 'subed', channel: DEPTH, cb_id: 'c1', status: 'ok' }) // ack: not data
    expect(frames.map((f: any) => f.ts)).toEqual([1, 2, 3])
    server.last.raw(gzipSync('not json'))
    server.last.raw(Buffer.from([0x1f, 0x8b, 1, 2, 3])) // corrupt gzip
    expect(conn.status.badFrames).toBe(2)
    conn.unsubscribe(DEPTH)
    expect(server.last.commands('unsub')).toEqual([DEPTH])
    server.last.push({ channel: DEPTH, ts: 5, tick }) // in flight after unsub
    expect(frames).toHaveLength(3)
  })

  it('keeps ids above 2^53 and long decimals exact', () => {
    const { server, conn, frames } = setup()
    conn.subscribe(TRADES)
    conn.start()
    server.last.open()
    server.last.raw(
      `{"channel":"${TRADES}","ts":1,"tick":{"id":3176901856236716480,"ts":1,"data":[{"id":3176901856236716481,"side":"buy","price":65000.123456789012345,"vol":"1","amount":"1","ts":1,"ds":""}]}}`
    )
    const f = frames[0] as any
    expect(f.tick.data[0].id).toBe('3176901856236716481')
    expect(f.tick.data[0].price).toBe('65000.123456789012345')
  })

  it('pongs on its own schedule for venues that never ping', () => {
    const { timers, server, conn } = setup({ clientPongIntervalMs: 5000 })
    conn.start()
    server.last.open()
    timers.advance(5000)
    timers.advance(5000)
    expect(server.last.messages).toEqual([{ pong: timers.t - 5000 }, { pong: timers.t }])
  })

  it('a silent connection is stale: torn down, reconnected, every channel resubscribed as resumed', () => {
    const { timers, server, conn, states, subs } = setup({ staleAfterMs: 1000 })
    conn.subscribe(DEPTH)
    conn.subscribe(TRADES)
    conn.start()
    const first = server.last
    first.open()
    timers.advance(900)
    first.push({ ping: 1 }) // pings alone keep it alive
    timers.advance(900)
    expect(first.closed).toBe(false)
    timers.advance(200)
    expect(first.closed).toBe(true)
    expect(conn.status.lastError).toMatch(/^stale: no frame/)
    expect(states).toEqual(['connecting', 'open', 'stale', 'reconnecting'])
    timers.advance(250) // random 0.5 x base 500
    expect(server.sockets).toHaveLength(2)
    server.last.open()
    expect(server.last.commands('sub').sort()).toEqual([DEPTH, TRADES].sort())
    expect(subs.slice(2).sort()).toEqual([
      [DEPTH, true],
      [TRADES, true]
    ])
    // events of the torn-down socket are ignored
    first.push({ channel: DEPTH, ts: 1, tick: { asks: [], buys: [] } })
    first.drop()
    expect(conn.status.state).toBe('open')
  })

  it('a silent channel is probed with a re-sub first, then makes the connection stale', () => {
    const { timers, server, conn } = setup({
      staleAfterMs: 60_000,
      channelDeadlineMs: (ch) => (ch === DEPTH ? 1000 : undefined)
    })
    conn.subscribe(DEPTH)
    conn.subscribe(TRADES)
    conn.start()
    server.last.open()
    const keepAlive = () => server.last.push({ ping: timers.t })
    for (let i = 0; i < 11; i++) {
      timers.advance(100)
      keepAlive()
    }
    expect(server.last.commands('sub')).toEqual([DEPTH, TRADES, DEPTH]) // the probe
    // the ack of the probe proves the venue still knows the channel
    server.last.push({ event_rep: 'subed', channel: DEPTH, cb_id: 'c1', status: 'ok' })
    for (let i = 0; i < 10; i++) {
      timers.advance(100)
      keepAlive()
    }
    expect(server.last.closed).toBe(false)
    for (let i = 0; i < 12; i++) {
      timers.advance(100)
      keepAlive()
    }
    expect(server.last.commands('sub')).toEqual([DEPTH, TRADES, DEPTH, DEPTH])
    for (let i = 0; i < 11; i++) {
      timers.advance(100)
      if (!server.last.closed) keepAlive()
    }
    expect(server.sockets[0]!.closed).toBe(true)
    expect(conn.status.lastError).toMatch(/market_btcusdt_depth_step0 silent/)
  })

  it('a server close or a connect timeout leads to a reconnect; close() ends it all', () => {
    const { timers, server, conn, states } = setup({ connectTimeoutMs: 1000 })
    conn.start()
    timers.advance(1000) // never opens
    expect(server.sockets[0]!.closed).toBe(true)
    expect(conn.status.lastError).toBe('connect timeout')
    timers.advance(250)
    server.last.open()
    server.last.drop(4000)
    expect(conn.status.lastError).toMatch(/4000/)
    expect(conn.status.state).toBe('reconnecting')
    conn.close()
    timers.advance(100_000)
    expect(server.sockets).toHaveLength(2)
    expect(states.at(-1)).toBe('closed')
    expect(timers.pending).toBe(0)
  })

  it('req replies resolve by cb_id; a lost socket rejects what is pending', async () => {
    const { server, conn } = setup()
    conn.subscribe(TRADES)
    conn.start()
    server.last.open()
    const p = conn.request(TRADES, { pageSize: 5 })
    const req = server.last.messages.find((m) => m.event === 'req')!
    expect(req.params).toMatchObject({ channel: TRADES, pageSize: 5 })
    server.last.push({ event_rep: 'rep', channel: TRADES, cb_id: req.params.cb_id, ts: 1, data: [{ id: '1' }] })
    await expect(p).resolves.toEqual([{ id: '1' }])
    const q = conn.request(TRADES)
    server.last.drop()
    await expect(q).rejects.toThrow(/feed lost/)
    await expect(conn.request(TRADES)).rejects.toThrow(/not connected/)
  })
})
