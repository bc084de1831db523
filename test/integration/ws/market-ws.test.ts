import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MarketDataHub } from '../../../src-sim/market/market-data-hub'
import type { BookLevels } from '../../../src-sim/market/depth'
import { attachMarketWs, CLOSE_PING_TIMEOUT, type MarketWsHandle, type MarketWsOptions } from '../../../src-sim/ws'
import { isChannel, sleep, startServer, TestClient } from './ws-client'

// A recent minute boundary: the hub runs on the real clock and rolls (or drops) history older than its capacity.
const T0 = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000

let env: Awaited<ReturnType<typeof startServer>>
let hub: MarketDataHub
let book: BookLevels
let handles: MarketWsHandle[]
let clients: TestClient[]
let nextId: number

beforeEach(async () => {
  env = await startServer()
  book = { bids: [['99.00', '1.000']], asks: [['101.00', '2.000']] }
  hub = new MarketDataHub({
    now: () => Date.now(),
    symbols: [
      { kind: 'spot', name: 'btcusdt', pricePrecision: 2, quantityPrecision: 3, initialPrice: '100' },
      { kind: 'futures', name: 'E-BTC-USDT', pricePrecision: 1, quantityPrecision: 0 }
    ],
    getDepth: () => book
  })
  handles = []
  clients = []
  nextId = 1
})

afterEach(async () => {
  for (const c of clients) c.close()
  for (const h of handles) await h.close()
  await env.close()
})

function mount(opts: Partial<MarketWsOptions> = {}): MarketWsHandle {
  const h = attachMarketWs(env.server, { path: '/spot/ws', hub, hubTickMs: 0, ...opts })
  handles.push(h)
  return h
}

async function connect(path = '/spot/ws'): Promise<TestClient> {
  const c = await TestClient.connect(env.url + path)
  clients.push(c)
  return c
}

function trade(price: string, qty = '1', time = Date.now()) {
  hub.onTrade('btcusdt', { id: String(nextId++), price, qty, side: 'BUY', time })
}

describe('market WS: subscriptions', () => {
  it('acks a sub, sends a snapshot at once, as gzip in binary frames', async () => {
    mount()
    const c = await connect()
    c.sub('market_btcusdt_depth_step0', 'd1')
    c.sub('market_btcusdt_ticker', 't1')
    const ack = await c.next((m) => m.event_rep === 'subed' && m.channel === 'market_btcusdt_depth_step0')
    expect(ack).toMatchObject({ event_rep: 'subed', channel: 'market_btcusdt_depth_step0', cb_id: 'd1', status: 'ok' })
    expect(typeof ack.ts).toBe('number')
    const depth = await c.next(isChannel('market_btcusdt_depth_step0'))
    expect(depth.tick).toEqual({ asks: [['101.00', '2.000']], buys: [['99.00', '1.000']] })
    const ticker = await c.next(isChannel('market_btcusdt_ticker'))
    expect(ticker.tick).toMatchObject({ close: '100.00', vol: '0.000', rose: '0.0000' })
    expect(c.received.every((r) => r.binary)).toBe(true)
    // the ack comes before the snapshot
    const order = c.received.map((r) => (r.msg.event_rep ? 'ack' : 'data') + ':' + r.msg.channel)
    expect(order.indexOf('ack:market_btcusdt_depth_step0')).toBeLessThan(
      order.indexOf('data:market_btcusdt_depth_step0')
    )
  })

  it('pushes changes and stops after unsub', async () => {
    mount({ throttleMs: 10 })
    const c = await connect()
    c.sub('market_btcusdt_depth_step0')
    await c.next(isChannel('market_btcusdt_depth_step0'))
    book = { bids: [['98.00', '5.000']], asks: [] }
    hub.onBookChanged('btcusdt')
    await c.next((m) => isChannel('market_btcusdt_depth_step0')(m) && (m.tick as { asks: unknown[] }).asks.length === 0)
    // A second subscriber of the channel: its frame shows when the change below was pushed.
    const witness = await connect()
    witness.sub('market_btcusdt_depth_step0')
    await witness.next(isChannel('market_btcusdt_depth_step0'))
    c.send({ event: 'unsub', params: { channel: 'market_btcusdt_depth_step0', cb_id: 'x' } })
    await c.barrier() // the unsub is handled (a fixed sleep could end before it is, on a loaded machine)
    const before = c.received.length
    book = { bids: [['97.00', '1.000']], asks: [] }
    hub.onBookChanged('btcusdt')
    await witness.next((m) => isChannel('market_btcusdt_depth_step0')(m) && JSON.stringify(m.tick).includes('97.00'))
    // The pump sends a frame to all its subscribers at once: had c still been one, its copy would be in before the
    // answer to a ping sent now.
    await c.barrier()
    expect(
      c.received
        .slice(before)
        .map((r) => r.msg)
        .filter((m) => !('pong' in m))
    ).toEqual([]) // unsub is not answered and nothing more arrives
  })

  it('stays silent on unknown channels and malformed input, and keeps the socket open', async () => {
    mount()
    const c = await connect()
    c.sub('market_ethusdt_ticker', 'unknown')
    c.sub('market_btcusdt_depth_step9', 'unknown')
    c.send('not json')
    c.send('ping')
    c.send({ event: 'bogus', params: { channel: 'market_btcusdt_ticker' } })
    c.send({ event: 'sub' })
    c.sub('market_btcusdt_ticker', 'known')
    const first = await c.next(() => true)
    expect(first).toMatchObject({ event_rep: 'subed', cb_id: 'known' })
    await c.barrier()
    expect(c.where((m) => m.cb_id === 'unknown')).toEqual([])
    expect(c.closed).toBeNull()
  })

  it('live flavor sends plain text frames', async () => {
    mount({ flavor: 'live' })
    const c = await connect()
    c.sub('market_btcusdt_ticker')
    await c.next(isChannel('market_btcusdt_ticker'))
    expect(c.received.length).toBeGreaterThanOrEqual(2)
    expect(c.received.every((r) => !r.binary)).toBe(true)
    expect(JSON.parse(c.received[0]!.raw.toString('utf8'))).toMatchObject({ event_rep: 'subed' })
  })

  it('serves spot and futures paths on one server and refuses other paths', async () => {
    mount()
    mount({ path: '/futures/ws' })
    const f = await connect('/futures/ws')
    f.sub('market_e_btcusdt_kline_1h')
    const ack = await f.next((m) => m.event_rep === 'subed')
    expect(ack.channel).toBe('market_e_btcusdt_kline_1h')
    await expect(TestClient.connect(env.url + '/other/ws')).rejects.toThrow(/404/)
  })
})

describe('market WS: data frames', () => {
  it('trade frames batch every trade since the last push, newest first, none lost', async () => {
    mount({ throttleMs: 50 })
    const c = await connect()
    c.sub('market_btcusdt_trade_ticker')
    await c.next((m) => m.event_rep === 'subed')
    const t0 = performance.now()
    for (let i = 0; i < 100; i++) {
      trade(String(100 + i))
      if (i % 10 === 9) await sleep(5)
    }
    const elapsed = performance.now() - t0
    await c.until(
      () =>
        c.where(isChannel('market_btcusdt_trade_ticker')).flatMap((m) => (m.tick as { data: unknown[] }).data).length >=
        100
    )
    const frames = c.where(isChannel('market_btcusdt_trade_ticker'))
    // at most one push per 50 ms (plus the leading and trailing edges), whatever the machine's speed
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(elapsed / 50) + 2)
    expect(frames.length).toBeLessThan(100)
    const ids = frames.flatMap((m) => (m.tick as { data: { id: string }[] }).data.map((d) => Number(d.id)))
    // each frame newest first; frames in order: reversed within frames gives 1..100
    const chronological = frames.flatMap((m) =>
      (m.tick as { data: { id: string }[] }).data.map((d) => Number(d.id)).reverse()
    )
    expect(chronological).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
    expect(ids).toHaveLength(100)
    const last = frames.at(-1)!.tick as { id: string; ts: number; data: Record<string, unknown>[] }
    expect(last.id).toBe('100')
    expect(last.data[0]).toMatchObject({ id: '100', side: 'buy', price: '199.00', vol: '1.000', amount: '199.00000' })
    expect(typeof last.data[0]!.ds).toBe('string')
  })

  it('throttling coalesces 100 updates into a few frames ending with the final state', async () => {
    mount({ throttleMs: 100 })
    const c = await connect()
    c.sub('market_btcusdt_ticker')
    await c.next(isChannel('market_btcusdt_ticker'))
    const start = c.received.length
    const t0 = performance.now()
    for (let i = 0; i < 100; i++) {
      trade(String(100 + i), '0.5')
      await sleep(2)
    }
    const elapsed = performance.now() - t0
    const final = hub.ticker('btcusdt')!
    const isFinal = (m: Record<string, unknown>) =>
      isChannel('market_btcusdt_ticker')(m) && (m.tick as { vol: string }).vol === final.vol
    await c.next(isFinal)
    // Nothing else may follow the final state: one more trade makes a marker frame, which comes after anything
    // the throttle still held; between the final state and the marker there must be nothing.
    trade('250', '0.5')
    const marker = hub.ticker('btcusdt')!.vol
    await c.next((m) => isChannel('market_btcusdt_ticker')(m) && (m.tick as { vol: string }).vol === marker)
    const all = c.received
      .slice(start)
      .map((r) => r.msg)
      .filter(isChannel('market_btcusdt_ticker'))
    expect(all.findIndex(isFinal)).toBe(all.length - 2)
    const frames = all.slice(0, -1)
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 2)
    expect(frames.length).toBeLessThan(100) // coalesced (an absolute bound would depend on how slow the loop ran)
    expect(frames.at(-1)!.tick).toEqual({
      amount: final.amount,
      vol: '50.000',
      open: final.open,
      close: '199.00',
      high: '199.00',
      low: final.low,
      rose: final.rose
    })
  })

  it('kline frames carry the final state of each candle that changed in a push', async () => {
    mount({ throttleMs: 50 })
    const c = await connect()
    c.sub('market_btcusdt_kline_1min')
    await c.next((m) => m.event_rep === 'subed')
    trade('10', '1', T0 + 1000)
    trade('12', '1', T0 + 2000)
    trade('11', '2', T0 + 60_000) // next minute, same push
    await c.until(() => c.where(isChannel('market_btcusdt_kline_1min')).length >= 2)
    // A trade two minutes on makes a marker frame that comes after anything else the push would send.
    trade('13', '1', T0 + 120_000)
    await c.until(() =>
      c.where(isChannel('market_btcusdt_kline_1min')).some((m) => (m.tick as { id: number }).id === T0 / 1000 + 120)
    )
    const all = c.where(isChannel('market_btcusdt_kline_1min')).map((m) => m.tick)
    expect(all.at(-1)).toMatchObject({ id: T0 / 1000 + 120, open: '13.00' })
    const ticks = all.slice(0, -1)
    expect(ticks).toEqual([
      { id: T0 / 1000, open: '10.00', close: '12.00', high: '12.00', low: '10.00', vol: '2.000', amount: '22.00000' },
      {
        id: T0 / 1000 + 60,
        open: '11.00',
        close: '11.00',
        high: '11.00',
        low: '11.00',
        vol: '2.000',
        amount: '22.00000'
      }
    ])
  })

  it('fans out one encoded buffer to every subscriber', async () => {
    mount({ throttleMs: 10 })
    const a = await connect()
    const b = await connect()
    for (const c of [a, b]) c.sub('market_btcusdt_depth_step0')
    await a.next(isChannel('market_btcusdt_depth_step0'))
    await b.next(isChannel('market_btcusdt_depth_step0'))
    book = { bids: [['1.00', '1.000']], asks: [['2.00', '1.000']] }
    hub.onBookChanged('btcusdt')
    const pushed = (m: Record<string, unknown>) =>
      isChannel('market_btcusdt_depth_step0')(m) && (m.tick as { buys: string[][] }).buys[0]![0] === '1.00'
    await a.next(pushed)
    await b.next(pushed)
    const rawA = a.received.find((r) => pushed(r.msg))!.raw
    const rawB = b.received.find((r) => pushed(r.msg))!.raw
    expect(rawA.equals(rawB)).toBe(true)
  })

  it('answers req with kline and trade history', async () => {
    mount()
    for (let i = 0; i < 5; i++) trade(String(100 + i), '1', T0 + i * 60_000)
    const c = await connect()
    c.send({
      event: 'req',
      params: { channel: 'market_btcusdt_kline_1min', cb_id: 'k', endIdx: String(T0 / 1000 + 120), pageSize: 2 }
    })
    const rep = await c.next((m) => m.event_rep === 'rep' && m.cb_id === 'k')
    expect(rep).toMatchObject({ channel: 'market_btcusdt_kline_1min', cb_id: 'k' })
    expect(typeof rep.ts).toBe('number')
    expect((rep.data as { id: number; close: string }[]).map((d) => [d.id, d.close])).toEqual([
      [T0 / 1000 + 60, '101.00'],
      [T0 / 1000 + 120, '102.00']
    ])
    c.send({ event: 'req', params: { channel: 'market_btcusdt_trade_ticker', cb_id: 't', pageSize: 3 } })
    const tr = await c.next((m) => m.event_rep === 'rep' && m.cb_id === 't')
    expect((tr.data as { id: string }[]).map((d) => d.id)).toEqual(['5', '4', '3'])
    c.send({ event: 'req', params: { channel: 'market_btcusdt_ticker', cb_id: 'none' } })
    c.send({ event: 'req', params: { channel: 'market_xyz_kline_1min', cb_id: 'none' } })
    await c.barrier() // both reqs are handled: a reply would have come before the pong
    expect(c.where((m) => m.cb_id === 'none')).toEqual([])
  })
})

describe('market WS: heartbeat', () => {
  it('pings, keeps a client that answers, and answers a client ping', async () => {
    mount({ pingIntervalMs: 50 })
    const c = await TestClient.connect(env.url + '/spot/ws')
    clients.push(c)
    c.ws.on('message', () => {
      const last = c.received.at(-1)!.msg
      if ('ping' in last) c.send({ pong: last.ping })
    })
    // a client that did not answer would be closed on the 4th tick instead of pinged (timer speed varies under load)
    await c.until(() => c.where((m) => 'ping' in m).length >= 4 || c.closed !== null)
    expect(c.where((m) => 'ping' in m).length).toBeGreaterThanOrEqual(4)
    expect(c.received.every((r) => r.binary)).toBe(true)
    expect(c.closed).toBeNull()
    c.send({ ping: 12345 })
    expect(await c.next((m) => 'pong' in m)).toEqual({ pong: 12345 })
  })

  it('closes a client after 3 unanswered pings', async () => {
    const h = mount({ pingIntervalMs: 50, maxMissedPings: 3 })
    const c = await connect()
    await c.until(() => c.closed !== null)
    expect(c.closed!.code).toBe(CLOSE_PING_TIMEOUT)
    expect(c.where((m) => 'ping' in m)).toHaveLength(3)
    await c.until(() => h.connectionCount === 0) // the server's close event can follow the client's
  })

  it('drops the hub subscription when the last subscriber goes', async () => {
    let active = 0
    const subscribe = hub.subscribe.bind(hub)
    hub.subscribe = (channel, listener) => {
      const sub = subscribe(channel, listener)
      if (!sub) return sub
      active++
      return { ...sub, unsubscribe: () => (active--, sub.unsubscribe()) }
    }
    const h = mount({ throttleMs: 5 })
    const a = await connect()
    const b = await connect()
    for (const c of [a, b]) c.sub('market_btcusdt_ticker')
    await a.next(isChannel('market_btcusdt_ticker'))
    await b.next(isChannel('market_btcusdt_ticker'))
    expect(active).toBe(1) // one pump per channel, shared
    a.ws.close()
    await b.until(() => h.connectionCount === 1) // the server has handled a's close (and left its channels)
    expect(active).toBe(1)
    b.send({ event: 'unsub', params: { channel: 'market_btcusdt_ticker' } })
    await b.until(() => active === 0)
    expect(h.connectionCount).toBe(1)
  })
})
