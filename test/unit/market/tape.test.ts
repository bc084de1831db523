import { describe, expect, it } from 'vitest'
import { tapeEntry, toPublicTrade, toWsTrade, TradeTape, utcDateTime } from '../../../src-sim/market/tape'

const P = { pricePrecision: 2, quantityPrecision: 4 }
const T0 = Date.UTC(2024, 6, 4, 9, 5, 7, 123)

function entry(i: number) {
  return tapeEntry(
    { id: String(1000 + i), price: String(100 + i), qty: '0.5', side: i % 2 ? 'SELL' : 'BUY', time: T0 + i },
    P
  )
}

describe('TradeTape', () => {
  it('returns the newest first and forgets beyond its capacity', () => {
    const tape = new TradeTape(3)
    for (let i = 0; i < 5; i++) tape.push(entry(i))
    expect(tape.size).toBe(3)
    expect(tape.latest(10).map((e) => e.id)).toEqual(['1004', '1003', '1002'])
    expect(tape.latest(2).map((e) => e.id)).toEqual(['1004', '1003'])
    expect(tape.latest(0)).toEqual([])
  })

  it('pages backwards by id, inclusive', () => {
    const tape = new TradeTape(100)
    for (let i = 0; i < 10; i++) tape.push(entry(i))
    expect(tape.page(undefined, 3).map((e) => e.id)).toEqual(['1009', '1008', '1007'])
    expect(tape.page('1006', 3).map((e) => e.id)).toEqual(['1006', '1005', '1004'])
    expect(tape.page('999', 3)).toEqual([])
  })

  it('formats at the symbol precision and maps to the REST and WS shapes', () => {
    const e = tapeEntry({ id: '9007199254740993', price: '65000.1', qty: '0.0123', side: 'SELL', time: T0 }, P)
    expect(toPublicTrade(e)).toEqual({ price: '65000.10', qty: '0.0123', time: T0, side: 'SELL' })
    expect(toWsTrade(e)).toEqual({
      id: '9007199254740993',
      side: 'sell',
      price: '65000.10',
      vol: '0.0123',
      amount: '799.501230',
      ts: T0,
      ds: '2024-07-04 09:05:07'
    })
  })
})

describe('helpers', () => {
  it('formats UTC date-times', () => {
    expect(utcDateTime(Date.UTC(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05')
  })
})
