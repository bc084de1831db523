// PnL analytics through the contract against the embedded exchange on loopback: the test's own orders fill at prices
// it chose (a counterparty account rests them on an emptied BTC/USDT book), and pnl.report's figures are those of
// FIFO over those fills with the exchange's 0.2% taker fee (paid in BTC on the buy, in USDT on the sells). The
// equity curve is sampled by main and kept by the next run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compare } from '@shared/decimal'
import { utcDay } from '@shared/trading/pnl'
import { fillAtChosenPrices } from './chosen-fills'
import { startRig, waitFor, type Rig } from './harness'

let rig: Rig

beforeAll(async () => {
  rig = await startRig({ embedded: { activity: true } })
})
afterAll(() => rig?.close())

describe('PnL analytics in main', () => {
  it('reports FIFO PnL, fees, win rate and the market from fills made on the exchange', async () => {
    await fillAtChosenPrices(rig.core.exchange, rig.client)
    const fills = await waitFor(async () => {
      const l = await rig.client.invoke('account.trades', { module: 'spot', symbol: 'btcusdt', limit: 100 })
      return l.length === 3 ? l : undefined
    })
    const r = await rig.client.invoke('pnl.report', {})
    expect(r.failed).toEqual([])
    expect(r.closes.map((c) => [c.symbol, c.pnl, c.complete])).toEqual([
      ['btcusdt', '7.96204', true],
      ['btcusdt', '-11.95804', true]
    ])
    const days = [...new Set(fills.filter((f) => f.side === 'SELL').map((f) => utcDay(f.time)))]
    expect(r.days).toEqual(
      days.length === 1 ? [{ day: days[0], asset: 'USDT', realized: '-3.996' }] : expect.any(Array)
    )
    expect(r.stats).toEqual([
      {
        asset: 'USDT',
        realized: '-3.996',
        wins: 1,
        losses: 1,
        winRate: '50.00',
        avgWin: '7.96204',
        avgLoss: '-11.95804'
      }
    ])
    expect(r.fees).toEqual([
      { asset: 'BTC', amount: '0.00004' },
      { asset: 'USDT', amount: '1.996' }
    ])
    expect(r.markets.find((m) => m.symbol === 'btcusdt')).toMatchObject({ module: 'spot', closes: 2, unmatched: '0' })
  })

  it('samples the equity curve in USDT and keeps it for the next run', async () => {
    const e = await rig.client.invoke('pnl.equity', {})
    expect(e.asset).toBe('USDT')
    expect(e.samples).toHaveLength(1)
    expect(compare(e.samples[0]!.total, '0')).toBe(1)
    // A second read within the interval takes no new sample.
    expect((await rig.client.invoke('pnl.equity', {})).samples).toEqual(e.samples)
    const dir = rig.dir
    await rig.close()
    rig = await startRig({ dir, embedded: { activity: false } })
    expect((await rig.client.invoke('pnl.equity', {})).samples).toEqual(e.samples)
  })
})
