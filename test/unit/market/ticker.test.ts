import { describe, expect, it } from 'vitest'
import { Dec } from '../../../src-sim/market/decimal'
import { RollingTicker, rose, toTickerTick } from '../../../src-sim/market/ticker'

const P = { pricePrecision: 2, quantityPrecision: 3 }
const MIN = 60_000
const DAY = 86_400_000
const T0 = Date.UTC(2024, 2, 10, 12, 0)

function add(t: RollingTicker, price: string, qty: string, time: number) {
  const p = new Dec(price)
  const q = new Dec(qty)
  t.add(p, q, p.times(q), time)
}

describe('RollingTicker', () => {
  it('summarizes the trades of the last 24 h', () => {
    const t = new RollingTicker()
    add(t, '100', '1', T0)
    add(t, '120', '0.5', T0 + 10 * MIN)
    add(t, '90', '0.25', T0 + 20 * MIN)
    add(t, '110', '2', T0 + 30 * MIN)
    expect(t.snapshot(T0 + 31 * MIN, P)).toEqual({
      time: T0 + 31 * MIN,
      high: '120.00',
      low: '90.00',
      last: '110.00',
      vol: '3.750',
      rose: '0.1000',
      open: '100.00',
      amount: '402.50000'
    })
  })

  it('moves the window by whole minutes: volume falls and high, low and open follow', () => {
    const t = new RollingTicker()
    add(t, '100', '1', T0 + 5_000) // minute T0
    add(t, '150', '2', T0 + MIN) // minute T0+1
    add(t, '80', '4', T0 + 2 * MIN)
    // the window is the newest 1440 minutes including the current one: minute T0 stays in it through T0 + 24h - 1ms
    expect(t.snapshot(T0 + DAY - 1, P)).toMatchObject({ vol: '7.000', high: '150.00', low: '80.00', open: '100.00' })
    expect(t.snapshot(T0 + DAY, P)).toMatchObject({
      vol: '6.000',
      high: '150.00',
      low: '80.00',
      open: '150.00',
      last: '80.00'
    })
    expect(t.snapshot(T0 + DAY + MIN, P)).toMatchObject({
      vol: '4.000',
      high: '80.00',
      low: '80.00',
      open: '80.00',
      amount: '320.00000'
    })
    expect(t.snapshot(T0 + DAY + MIN, P).rose).toBe('0.0000')
    // everything left: no volume, every price is the last one
    expect(t.snapshot(T0 + 3 * DAY, P)).toEqual({
      time: T0 + 3 * DAY,
      high: '80.00',
      low: '80.00',
      last: '80.00',
      vol: '0.000',
      rose: '0.0000',
      open: '80.00',
      amount: '0.00000'
    })
  })

  it('advance() reports eviction once', () => {
    const t = new RollingTicker()
    add(t, '1', '1', T0)
    expect(t.advance(T0 + DAY - 1)).toBe(false)
    expect(t.advance(T0 + DAY)).toBe(true)
    expect(t.advance(T0 + DAY + 1)).toBe(false)
  })

  it('reads the seed price before the first trade, zeros without one', () => {
    expect(new RollingTicker('65000').snapshot(T0, P)).toMatchObject({
      last: '65000.00',
      open: '65000.00',
      vol: '0.000'
    })
    expect(new RollingTicker().snapshot(T0, P)).toMatchObject({
      last: '0.00',
      high: '0.00',
      rose: '0.0000',
      amount: '0.00000'
    })
  })

  it('keeps exact turnover where binary floats would drift', () => {
    const p8 = { pricePrecision: 8, quantityPrecision: 8 }
    const t = new RollingTicker()
    for (let i = 0; i < 3; i++) add(t, '0.7', '0.1', T0 + i)
    // 0.7 * 0.1 * 3 in floats is 0.21000000000000002 (and 0.7 * 0.1 alone is 0.06999999999999999)
    expect(t.snapshot(T0 + 10, p8)).toMatchObject({ vol: '0.30000000', amount: '0.2100000000000000' })
  })

  it('places a late trade in its own minute', () => {
    const t = new RollingTicker()
    add(t, '100', '1', T0 + 10 * MIN)
    add(t, '50', '1', T0) // late
    const s = t.snapshot(T0 + 11 * MIN, P)
    expect(s).toMatchObject({ open: '50.00', low: '50.00', last: '100.00', vol: '2.000' })
    expect(t.snapshot(T0 + DAY + 5 * MIN, P)).toMatchObject({ open: '100.00', vol: '1.000' })
  })

  it('high and low follow every change between snapshots (the minutes before the newest are scanned once, kept)', () => {
    const t = new RollingTicker()
    add(t, '100', '1', T0)
    add(t, '105', '1', T0 + MIN)
    add(t, '101', '1', T0 + 2 * MIN)
    expect(t.snapshot(T0 + 2 * MIN, P)).toMatchObject({ high: '105.00', low: '100.00' })
    add(t, '99', '1', T0 + 2 * MIN + 1) // the newest minute
    expect(t.snapshot(T0 + 2 * MIN + 2, P)).toMatchObject({ high: '105.00', low: '99.00' })
    add(t, '110', '1', T0 + MIN + 5) // late, in a kept minute
    expect(t.snapshot(T0 + 2 * MIN + 3, P)).toMatchObject({ high: '110.00', low: '99.00' })
    add(t, '95', '1', T0 + 30_000) // late, in the first minute
    expect(t.snapshot(T0 + 2 * MIN + 4, P)).toMatchObject({ high: '110.00', low: '95.00' })
    add(t, '102', '1', T0 + 3 * MIN) // a new minute: the one before it joins the kept ones
    expect(t.snapshot(T0 + 3 * MIN, P)).toMatchObject({ high: '110.00', low: '95.00', last: '102.00' })
    add(t, '120', '1', T0 + 5 * MIN - 1) // a minute skipped, then a late one into the gap
    add(t, '90', '1', T0 + 3 * MIN + 30_000)
    add(t, '91', '1', T0 + 4 * MIN)
    expect(t.snapshot(T0 + 5 * MIN, P)).toMatchObject({ high: '120.00', low: '90.00' })
    // The minutes holding the extremes leave the window: both are found again among the rest.
    expect(t.snapshot(T0 + DAY + 2 * MIN, P)).toMatchObject({ high: '120.00', low: '90.00', open: '102.00' })
    // A minute added while one leaves, between two snapshots: as many buckets before the newest as before.
    add(t, '100', '1', T0 + DAY + 3 * MIN)
    expect(t.snapshot(T0 + DAY + 3 * MIN, P)).toMatchObject({ high: '120.00', low: '91.00', open: '120.00' })
    expect(t.snapshot(T0 + DAY + 5 * MIN, P)).toMatchObject({ high: '100.00', low: '100.00', open: '100.00' })
  })
})

describe('rose', () => {
  it('is (last - open) / open at 4 decimals, half up, never -0', () => {
    expect(rose(new Dec('100'), new Dec('101.23'))).toBe('0.0123')
    expect(rose(new Dec('100'), new Dec('95.4321'))).toBe('-0.0457')
    expect(rose(new Dec('3'), new Dec('4'))).toBe('0.3333')
    expect(rose(new Dec('100'), new Dec('99.999'))).toBe('0.0000')
    expect(rose(new Dec('0'), new Dec('5'))).toBe('0.0000')
  })

  it('the WS tick renames last to close', () => {
    const t = new RollingTicker()
    add(t, '10', '1', T0)
    expect(toTickerTick(t.snapshot(T0, P))).toEqual({
      amount: '10.00000',
      vol: '1.000',
      open: '10.00',
      close: '10.00',
      high: '10.00',
      low: '10.00',
      rose: '0.0000'
    })
  })
})
