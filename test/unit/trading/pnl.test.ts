import { describe, expect, it } from 'vitest'
import { pnlReport, utcDay, type SpotFill } from '../../../src-shared/trading/pnl'

const T0 = Date.UTC(2026, 2, 1, 10)
let nextId = 1
function fill(side: 'BUY' | 'SELL', qty: string, price: string, fee: string, feeCoin: string | null, time: number) {
  return {
    module: 'spot',
    symbol: 'btcusdt',
    base: 'BTC',
    quote: 'USDT',
    id: String(nextId++),
    side,
    price,
    qty,
    fee,
    feeCoin,
    time
  } satisfies SpotFill
}

describe('pnlReport: spot FIFO', () => {
  it('sells the oldest lot first across partial lots, a win and a loss, fees in the quote', () => {
    const r = pnlReport([
      fill('BUY', '1', '100', '0.1', 'USDT', T0),
      fill('BUY', '2', '110', '0.22', 'USDT', T0 + 1),
      // 1 of the first lot (+20 - 0.1) and 0.5 of the second (+5 - 0.055), minus its own fee 0.18
      fill('SELL', '1.5', '120', '0.18', 'USDT', T0 + 2),
      // the second lot's last 1.5 (-15 - 0.165), minus 0.15
      fill('SELL', '1.5', '100', '0.15', 'USDT', T0 + 3)
    ])
    expect(r.closes.map((c) => [c.pnl, c.complete])).toEqual([
      ['24.665', true],
      ['-15.315', true]
    ])
    expect(r.stats).toEqual([
      { asset: 'USDT', realized: '9.35', wins: 1, losses: 1, winRate: '50.00', avgWin: '24.665', avgLoss: '-15.315' }
    ])
    expect(r.fees).toEqual([{ asset: 'USDT', amount: '0.65' }])
    expect(r.feesNotInPnl).toEqual([])
    expect(r.markets).toMatchObject([
      { module: 'spot', symbol: 'btcusdt', closes: 2, unmatched: '0', realized: '9.35' }
    ])
  })

  it('a buy fee in the base lowers the lot and is a cost valued at the fill price', () => {
    const r = pnlReport([
      fill('BUY', '1', '100', '0.001', 'BTC', T0), // receives 0.999; the fee is worth 0.1 USDT
      fill('SELL', '0.999', '110', '0.10989', 'USDT', T0 + 1)
    ])
    expect(r.closes.map((c) => c.pnl)).toEqual(['9.78011'])
    expect(r.markets[0]!.unmatched).toBe('0')
    expect(r.fees).toEqual([
      { asset: 'BTC', amount: '0.001' },
      { asset: 'USDT', amount: '0.10989' }
    ])
  })

  it('a fee in a third asset is listed as paid and not in the PnL, never guessed', () => {
    const r = pnlReport([fill('BUY', '1', '100', '0.5', 'BNB', T0), fill('SELL', '1', '101', '0.25', 'BNB', T0 + 1)])
    expect(r.closes.map((c) => c.pnl)).toEqual(['1'])
    expect(r.fees).toEqual([{ asset: 'BNB', amount: '0.75' }])
    expect(r.feesNotInPnl).toEqual([{ asset: 'BNB', amount: '0.75' }])
  })

  it('a sell with no known buy is counted as unmatched, its covered part only, neither a win nor a loss', () => {
    const r = pnlReport([
      fill('SELL', '1', '100', '0', 'USDT', T0), // nothing bought before: no close at all
      fill('BUY', '0.5', '100', '0', 'USDT', T0 + 1),
      fill('SELL', '2', '110', '0.4', 'USDT', T0 + 2) // 0.5 covered: +5 - 0.4 x 0.5/2
    ])
    expect(r.closes.map((c) => [c.pnl, c.complete])).toEqual([['4.9', false]])
    expect(r.markets[0]!.unmatched).toBe('2.5')
    expect(r.stats[0]).toMatchObject({ realized: '4.9', wins: 0, losses: 0, winRate: null, avgWin: null })
  })

  it('days are UTC calendar days of the closing fill', () => {
    const midnight = Date.UTC(2026, 2, 2)
    const r = pnlReport([
      fill('BUY', '2', '100', '0', 'USDT', midnight - 60_000),
      fill('SELL', '1', '101', '0', 'USDT', midnight - 1),
      fill('SELL', '1', '99', '0', 'USDT', midnight)
    ])
    expect(utcDay(midnight - 1)).toBe('2026-03-01')
    expect(r.days).toEqual([
      { day: '2026-03-01', asset: 'USDT', realized: '1' },
      { day: '2026-03-02', asset: 'USDT', realized: '-1' }
    ])
  })

  it('is exact where binary floats are not (0.1 + 0.2)', () => {
    const r = pnlReport([
      fill('BUY', '0.1', '1', '0', 'USDT', T0),
      fill('BUY', '0.2', '1', '0', 'USDT', T0 + 1),
      fill('SELL', '0.3', '2', '0', 'USDT', T0 + 2)
    ])
    expect(r.closes[0]!.pnl).toBe('0.3')
  })
})

describe('pnlReport: futures', () => {
  it("takes the venue's realized PnL of each closing fill minus its fee; every fill's fee is paid", () => {
    const r = pnlReport(
      [],
      [
        { symbol: 'E-BTC-USDT', asset: 'USDT', id: '7', realized: '10', fee: '0.5', time: T0 },
        { symbol: 'E-BTC-USDT', asset: 'USDT', id: '8', realized: '-3', fee: '0.2', time: T0 + 1 }
      ],
      [
        { asset: 'USDT', fee: '0.4' }, // the opening fill
        { asset: 'USDT', fee: '0.5' },
        { asset: 'USDT', fee: '0.2' }
      ]
    )
    expect(r.closes.map((c) => c.pnl)).toEqual(['9.5', '-3.2'])
    expect(r.stats).toEqual([
      { asset: 'USDT', realized: '6.3', wins: 1, losses: 1, winRate: '50.00', avgWin: '9.5', avgLoss: '-3.2' }
    ])
    expect(r.fees).toEqual([{ asset: 'USDT', amount: '1.1' }])
    expect(r.markets).toMatchObject([
      { module: 'futures', symbol: 'E-BTC-USDT', fees: [{ asset: 'USDT', amount: '0.7' }] }
    ])
  })
})
