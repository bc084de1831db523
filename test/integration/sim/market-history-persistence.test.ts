// Market data history across a restart: trades, candles and the 24 h ticker made before the last snapshot
// come back with the state, though the snapshot compacted away the journal records that made them (with the seeded
// history under them). The clock stands still, so the 24 h window is the same before and after.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import { Dec } from '../../../src-sim/market/decimal'
import { clientsOf, keyPairs, type SimClient } from './harness'

const dataDir = mkdtempSync(join(tmpdir(), 'sim-market-history-'))
const keys = keyPairs('alice', 'bob')
let ex: RunningExchange | null = null
afterAll(async () => {
  await ex?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const T0 = Date.now()
const clock = (): number => T0

// few commits per snapshot, so the trades below are all before the last snapshot
const start = (): Promise<RunningExchange> =>
  startExchange({ activity: false, keys, unlimitedKeys: true, dataDir, snapshotEvery: 4, clock })
const pub = (c: SimClient, path: string, q: Record<string, string | number>) =>
  c.public(`/spot/open/sapi/v1/${path}`, q)

async function marketView(c: SimClient): Promise<unknown> {
  const [trades, ticker, m1, d1] = await Promise.all([
    pub(c, 'trades', { symbol: 'btcusdt', limit: 100 }),
    pub(c, 'ticker', { symbol: 'btcusdt' }),
    pub(c, 'klines', { symbol: 'btcusdt', interval: '1min', limit: 300 }),
    pub(c, 'klines', { symbol: 'btcusdt', interval: '1day', limit: 300 })
  ])
  const { time: _time, ...tickerBody } = ticker.body as Record<string, unknown>
  return { trades: trades.body, ticker: tickerBody, m1: m1.body, d1: d1.body }
}

describe('market data history across a restart', () => {
  it('keeps trades, candles and the ticker made before the last snapshot', async () => {
    ex = await start()
    const clients = clientsOf(ex, clock) as [SimClient, SimClient]
    let alice = clients[0]
    const bob = clients[1]
    const seeded = (await pub(alice, 'ticker', { symbol: 'btcusdt' })).body.vol as string
    const prices = ['64000.10', '64010.20', '63990.30']
    for (const price of prices) {
      const sell = await alice.signed('POST', '/spot/open/sapi/v1/order', {
        symbol: 'btcusdt',
        side: 'SELL',
        type: 'LIMIT',
        price,
        volume: '0.01'
      })
      expect(sell.status).toBe(200)
      const buy = await bob.signed('POST', '/spot/open/sapi/v1/order', {
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price,
        volume: '0.01'
      })
      expect(buy.status).toBe(200)
    }
    const before = (await marketView(alice)) as { trades: { price: string }[]; ticker: { vol: string } }
    expect(before.trades.slice(0, 3).map((t) => t.price)).toEqual([...prices].reverse())
    expect(new Dec(before.ticker.vol).minus(seeded).toString()).toBe('0.03')
    await ex.close()
    ex = null

    ex = await start()
    ;[alice] = clientsOf(ex, clock) as [SimClient, SimClient]
    expect(await marketView(alice)).toEqual(before)
  })
})
