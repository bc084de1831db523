// The seeded activity generator trades futures too (two-sided books and trades on every contract; its own PRNG,
// so the spot market of a seed does not depend on it), and the control API steers a contract through the spot market of
// its base;
// credits a futures wallet; and the CLI takes --funding-interval-ms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseExchangeArgs, UsageError } from '../../../src-sim/cli/args'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import { control } from '../sim/harness'
import { publicGet } from './harness'

let ex: RunningExchange

beforeAll(async () => {
  ex = await startExchange({ activity: true, activityTimer: false, control: true, futuresTickMs: 0, seed: 7 })
  for (let i = 0; i < 12; i++) {
    await ex.activity!.step()
    await ex.futuresTick()
  }
})
afterAll(() => ex.close())

describe('futures market activity', () => {
  it('keeps every contract two-sided around its index, with trades', async () => {
    for (const c of ['E-BTC-USDT', 'E-ETH-USDT', 'E-BTC-USD']) {
      const d = (await publicGet(ex, 'depth', { contractName: c, limit: 20 })).body
      expect(d.bids.length, c).toBeGreaterThan(5)
      expect(d.asks.length, c).toBeGreaterThan(5)
      expect(Number(d.bids[0][0])).toBeLessThan(Number(d.asks[0][0]))
      const idx = (await publicGet(ex, 'index', { contractName: c })).body
      expect(Math.abs(Number(idx.markPrice) / Number(idx.indexPrice) - 1)).toBeLessThan(0.01)
    }
    const t = (await publicGet(ex, 'all_ticker')).body
    expect(Object.values(t).some((x: any) => Number(x.vol) > 0)).toBe(true)
  })

  it('gives the same spot and futures markets for the same seed', async () => {
    const other = await startExchange({ activity: true, activityTimer: false, futuresTickMs: 0, seed: 7 })
    try {
      for (let i = 0; i < 12; i++) {
        await other.activity!.step()
        await other.futuresTick()
      }
      const tape = (e: RunningExchange, s: string) => e.hub.trades(s, 50)!.map((t) => [t.price, t.qty, t.side])
      expect(tape(other, 'btcusdt')).toEqual(tape(ex, 'btcusdt'))
      expect(tape(other, 'E-BTC-USDT').length).toBeGreaterThan(0)
      expect(tape(other, 'E-ETH-USDT')).toEqual(tape(ex, 'E-ETH-USDT'))
    } finally {
      await other.close()
    }
  })

  it('steers a contract through its base spot market: the index follows', async () => {
    const r = await control(ex, 'price', { symbol: 'E-BTC-USDT', price: '60000.0' })
    expect(r.symbol).toBe('btcusdt')
    // the ladder moves a few orders per round, so the mid gets there over some rounds
    for (let i = 0; i < 15; i++) {
      await ex.activity!.step()
      await ex.futuresTick()
    }
    const idx = (await publicGet(ex, 'index', { contractName: 'E-BTC-USDT' })).body
    expect(Math.abs(Number(idx.indexPrice) - 60000)).toBeLessThan(60000 * 0.01)
  })

  it('credits a futures wallet through the control API', async () => {
    const a = await control(ex, 'accounts', {})
    await control(ex, 'credit', { apiKey: a.apiKey, wallet: 'futures', asset: 'USDT', amount: '123.45' })
    expect(ex.futures.accounts.get(a.accountId)!.wallet.get('USDT')).toBe(123_450_000_000_000n)
    await expect(
      control(ex, 'credit', { apiKey: a.apiKey, wallet: 'futures', asset: 'DOGE', amount: '1' })
    ).rejects.toThrow(/coinSymbol/)
  })
})

describe('--funding-interval-ms', () => {
  it('is read in ms and bounded', () => {
    expect(parseExchangeArgs(['--funding-interval-ms', '60000']).fundingIntervalMs).toBe(60_000)
    expect(parseExchangeArgs([]).fundingIntervalMs).toBeUndefined()
    expect(() => parseExchangeArgs(['--funding-interval-ms', '10'])).toThrow(UsageError)
    expect(() => parseExchangeArgs(['--funding-interval-ms', 'x'])).toThrow(/--funding-interval-ms/)
  })
})
