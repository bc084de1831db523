// The spot market-data WebSocket over a real socket: subscriptions, the frames that follow orders placed
// over REST, history requests and the server's heartbeat. On a blank market (history: false): the frames and
// replies are checked against the few trades made here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningExchange } from '../../../src-sim/exchange'
import { quietExchange, type SimClient, WsProbe } from './harness'

let ex: RunningExchange
let alice: SimClient
let bob: SimClient
let wsUrl: string
const probes: WsProbe[] = []

const DEPTH = 'market_btcusdt_depth_step0'
const TRADES = 'market_btcusdt_trade_ticker'
const TICKER = 'market_btcusdt_ticker'
const KLINE = 'market_btcusdt_kline_1min'

beforeAll(async () => {
  ;({ ex, alice, bob } = await quietExchange({ history: false, ws: { pingIntervalMs: 100 } }))
  wsUrl = `ws://127.0.0.1:${ex.port}/spot/ws`
})
afterAll(async () => {
  for (const p of probes) p.close()
  await ex.close()
})

async function probe(opts: { autoPong?: boolean } = {}): Promise<WsProbe> {
  const p = await WsProbe.open(wsUrl, opts)
  probes.push(p)
  return p
}

describe('spot market-data feed', () => {
  it('acks subscriptions, then pushes gzip frames that follow the book, the trade, the ticker and the candle', async () => {
    const ws = await probe()
    for (const ch of [DEPTH, TRADES, TICKER, KLINE]) ws.sub(ch, `cb-${ch}`)
    for (const ch of [DEPTH, TRADES, TICKER, KLINE]) {
      const ack = await ws.waitFor((m) => m.event_rep === 'subed' && m.channel === ch)
      expect(ack).toMatchObject({ cb_id: `cb-${ch}`, status: 'ok' })
      expect(typeof ack.ts).toBe('number')
    }
    // Spec flavor: every server message arrives gzip-compressed in a binary frame.
    expect(ws.messages.length).toBeGreaterThanOrEqual(4)
    expect(ws.messages.every((m) => m.binary)).toBe(true)
    // The depth snapshot after the ack is an empty book that says `buys`, not `bids`.
    const empty = await ws.waitFor((m) => m.channel === DEPTH && m.tick)
    expect(empty.tick).toEqual({ asks: [], buys: [] })

    // Resting orders of two accounts show up as whole-book depth frames.
    expect(
      (await alice.order({ symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '60000.00', volume: '0.5' })).status
    ).toBe(200)
    expect(
      (await alice.order({ symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '59990.50', volume: '0.25' })).status
    ).toBe(200)
    expect(
      (await bob.order({ symbol: 'btcusdt', side: 'SELL', type: 'LIMIT', price: '61000.00', volume: '0.3' })).status
    ).toBe(200)
    const book = await ws.waitFor(
      (m) => m.channel === DEPTH && m.tick?.asks?.length === 1 && m.tick?.buys?.length === 2
    )
    expect(book.tick).toEqual({
      buys: [
        ['60000.00', '0.500000'],
        ['59990.50', '0.250000']
      ],
      asks: [['61000.00', '0.300000']]
    })
    expect(book.tick).not.toHaveProperty('bids')

    // Bob sells 0.2 at market into Alice's best bid: one trade at 60000.00 for 0.2, aggressor sell.
    const mark = ws.messages.length
    const sold = await bob.order({ symbol: 'btcusdt', side: 'SELL', type: 'MARKET', volume: '0.2' })
    expect(sold.status).toBe(200)
    const trade = await ws.waitFor((m) => m.channel === TRADES && m.tick, 10_000, mark)
    expect(trade.tick.data).toHaveLength(1)
    expect(trade.tick.data[0]).toMatchObject({
      side: 'sell',
      price: '60000.00',
      vol: '0.200000',
      amount: '12000.00000000'
    })
    expect(trade.tick.id).toBe(trade.tick.data[0].id)
    expect(trade.tick.data[0].ds).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    const tradeTs: number = trade.tick.data[0].ts
    expect(Math.abs(tradeTs - Date.now())).toBeLessThan(60_000)

    const after = await ws.waitFor((m) => m.channel === DEPTH && m.tick?.buys?.[0]?.[1] === '0.300000', 10_000, mark)
    expect(after.tick.buys).toEqual([
      ['60000.00', '0.300000'],
      ['59990.50', '0.250000']
    ])

    const ticker = await ws.waitFor((m) => m.channel === TICKER && m.tick?.vol === '0.200000', 10_000, mark)
    expect(ticker.tick).toMatchObject({ close: '60000.00', high: '60000.00', low: '60000.00', vol: '0.200000' })

    const candle = await ws.waitFor((m) => m.channel === KLINE && m.tick?.vol === '0.200000', 10_000, mark)
    expect(candle.tick).toMatchObject({
      id: Math.floor(tradeTs / 60_000) * 60,
      open: '60000.00',
      close: '60000.00',
      high: '60000.00',
      low: '60000.00'
    })
  })

  it('answers req with trade and kline history', async () => {
    // A second trade at another price, so history has an order to check.
    await bob.order({ symbol: 'btcusdt', side: 'SELL', type: 'LIMIT', price: '60500.00', volume: '0.1' })
    expect((await alice.order({ symbol: 'btcusdt', side: 'BUY', type: 'MARKET', volume: '3025.00' })).status).toBe(200)

    const ws = await probe()
    ws.send({ event: 'req', params: { channel: TRADES, cb_id: 'hist-t' } })
    const trades = await ws.waitFor((m) => m.event_rep === 'rep' && m.cb_id === 'hist-t')
    expect(trades.channel).toBe(TRADES)
    // Newest first: Alice's market buy (aggressor buy) at 60500, then the earlier sell at 60000.
    expect(trades.data.map((t: any) => [t.side, t.price, t.vol])).toEqual([
      ['buy', '60500.00', '0.050000'],
      ['sell', '60000.00', '0.200000']
    ])
    // endIdx pages back from a trade id (inclusive); pageSize bounds the page.
    ws.send({ event: 'req', params: { channel: TRADES, cb_id: 'hist-t2', endIdx: trades.data[1].id, pageSize: 5 } })
    const older = await ws.waitFor((m) => m.event_rep === 'rep' && m.cb_id === 'hist-t2')
    expect(older.data.map((t: any) => t.id)).toEqual([trades.data[1].id])

    ws.send({ event: 'req', params: { channel: KLINE, cb_id: 'hist-k' } })
    const klines = await ws.waitFor((m) => m.event_rep === 'rep' && m.cb_id === 'hist-k')
    expect(klines.data.length).toBeGreaterThanOrEqual(1)
    const ids = klines.data.map((k: any) => k.id)
    expect([...ids].sort((a: number, b: number) => a - b)).toEqual(ids) // oldest first
    const total = klines.data.reduce((s: number, k: any) => s + Math.round(Number(k.vol) * 1e6), 0)
    expect(total).toBe(250_000) // 0.2 + 0.05 BTC
    expect(klines.data[0].open).toBe('60000.00')
    expect(klines.data.at(-1).close).toBe('60500.00')

    // Depth and ticker have no history: no reply, as on the venues (silence).
    ws.send({ event: 'req', params: { channel: DEPTH, cb_id: 'hist-d' } })
    ws.send({ event: 'req', params: { channel: TRADES, cb_id: 'marker' } })
    await ws.waitFor((m) => m.cb_id === 'marker')
    expect(ws.messages.some((m) => m.json.cb_id === 'hist-d')).toBe(false)
  })

  it('ignores unknown channels and stops pushing after unsub', async () => {
    const ws = await probe()
    ws.sub('market_nopeusdt_ticker', 'nope')
    ws.sub('market_btcusdt_depth_step1', 'step1')
    ws.sub('market_ethusdt_depth_step0', 'eth')
    await ws.waitFor((m) => m.event_rep === 'subed' && m.cb_id === 'eth')
    expect(ws.messages.filter((m) => m.json.event_rep === 'subed').map((m) => m.json.cb_id)).toEqual(['eth'])

    ws.send({ event: 'unsub', params: { channel: 'market_ethusdt_depth_step0', cb_id: 'eth' } })
    ws.sub(TICKER, 'fence')
    await ws.waitFor((m) => m.event_rep === 'subed' && m.cb_id === 'fence')
    const mark = ws.messages.length
    await alice.order({ symbol: 'ethusdt', side: 'BUY', type: 'LIMIT', price: '3000.00', volume: '0.5' })
    // A ticker-changing trade on btcusdt proves pushes still flow to this socket meanwhile.
    await bob.order({ symbol: 'btcusdt', side: 'SELL', type: 'MARKET', volume: '0.01' })
    await ws.waitFor(
      (m) => m.channel === TICKER && m.tick?.close === '60000.00' && m.tick?.vol === '0.260000',
      10_000,
      mark
    )
    expect(ws.messages.slice(mark).some((m) => m.json.channel === 'market_ethusdt_depth_step0')).toBe(false)
  })

  it('pings every interval; a socket that pongs stays open, one that does not is closed with 4000', async () => {
    const live = await probe({ autoPong: true })
    const silent = await probe({ autoPong: false })
    // With a 100 ms ping interval and 3 missed pings allowed, the silent socket goes within about 0.5 s;
    // the ponging one must still be open well after that.
    const closed = await silent.waitClosed(10_000)
    expect(closed.code).toBe(4000)
    const pingsSeen = silent.messages.filter((m) => 'ping' in m.json)
    expect(pingsSeen.length).toBeGreaterThanOrEqual(3)
    expect(pingsSeen.every((m) => m.binary && typeof m.json.ping === 'number')).toBe(true)

    // Four more pings to the ponging socket: longer than the three missed pings after which it would be closed.
    for (let n = 0; n < 4; n++) await live.waitFor((m) => 'ping' in m, 10_000, live.messages.length)
    expect(live.closed).toBeNull()
    expect(live.messages.filter((m) => 'ping' in m.json).length).toBeGreaterThan(pingsSeen.length)
    // And it still works: a client ping gets its pong back.
    live.send({ ping: 12345 })
    const pong = await live.waitFor((m) => m.pong === 12345)
    expect(pong).toEqual({ pong: 12345 })
  })
})
