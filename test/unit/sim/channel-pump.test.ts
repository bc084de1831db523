// The WS front's channel pumps: a burst of hub events (a round of the market activity: its book changes, trades,
// ticker and candle) reaches a subscriber as one push of every channel it touched, in the same turn of the event loop,
// and the throttle still holds a channel that pushed a moment ago.
import { describe, expect, it } from 'vitest'
import { MarketDataHub } from '../../../src-sim/market/market-data-hub'
import { ChannelPump, type PumpContext } from '../../../src-sim/ws/channel-pump'

const T0 = Date.UTC(2026, 10, 30, 5, 0, 10)
const CHANNELS = ['depth_step0', 'trade_ticker', 'ticker', 'kline_1min'].map((c) => `market_btcusdt_${c}`)

function setup(throttleMs = 100) {
  const hub = new MarketDataHub({
    now: () => T0,
    symbols: [{ kind: 'spot', name: 'btcusdt', pricePrecision: 2, quantityPrecision: 3, initialPrice: '100' }],
    getDepth: () => ({ bids: [['99.00', '1.000']], asks: [['101.00', '2.000']] })
  })
  const sent: string[] = []
  const ctx: PumpContext = {
    throttleMs,
    now: () => T0,
    encode: (m) => ({ data: Buffer.from(JSON.stringify(m)), binary: false })
  }
  const pumps = CHANNELS.map((ch) => {
    const pump = ChannelPump.open(ch, hub, ctx)!
    pump.subscribers.add({ send: (e) => sent.push((JSON.parse(String(e.data)) as { channel: string }).channel) })
    return pump
  })
  let id = 1
  /** A round: the maker's book changes, then a taker's trade. */
  const round = (): void => {
    for (let i = 0; i < 6; i++) hub.onBookChanged('btcusdt')
    hub.onTrade('btcusdt', { id: String(id++), price: '100.50', qty: '0.010', side: 'BUY', time: T0 })
    hub.onBookChanged('btcusdt')
  }
  return { hub, sent, pumps, round }
}

/** Resolves in the loop's check phase after the one the burst's own pushes run in, whatever phase this is. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('ChannelPump', () => {
  it("pushes every channel a burst touched in the burst's turn of the loop, before anything queued after it", async () => {
    const { sent, pumps, round } = setup()
    round()
    expect(sent).toEqual([]) // never synchronous: the burst is one push per channel
    await nextTurn()
    expect([...sent].sort()).toEqual([...CHANNELS].sort())
    for (const p of pumps) p.close()
  })

  it('holds a channel that pushed less than the throttle ago, then pushes its latest state once', async () => {
    const { sent, pumps, round } = setup(40)
    round()
    await nextTurn()
    sent.length = 0
    round()
    round()
    await nextTurn()
    expect(sent).toEqual([])
    await expect.poll(() => sent.length, { interval: 5 }).toBe(CHANNELS.length)
    expect([...sent].sort()).toEqual([...CHANNELS].sort())
    for (const p of pumps) p.close()
  })

  it('close cancels a push not yet made', async () => {
    const { sent, pumps, round } = setup()
    round()
    for (const p of pumps) p.close()
    await nextTurn()
    expect(sent).toEqual([])
  })
})
