import { describe, expect, it } from 'vitest'
import { CandleSeries, CandleSet, formatCandle, toKlineTick, type Candle } from '../../../src-sim/market/candles'
import { Dec } from '../../../src-sim/market/decimal'

const U = Date.UTC
const P = { pricePrecision: 2, quantityPrecision: 4 }
const T0 = U(2024, 0, 1, 10, 0) // Monday

function add<R>(s: { add(p: Dec, q: Dec, a: Dec, t: number): R }, price: string, qty: string, time: number): R {
  const p = new Dec(price)
  const q = new Dec(qty)
  return s.add(p, q, p.times(q), time)
}
const out = (cs: Candle[]) => cs.map((c) => formatCandle(c, P))

describe('CandleSeries', () => {
  it('aggregates OHLC, volume and turnover exactly, at the symbol precision', () => {
    const s = new CandleSeries('1min')
    add(s, '100.1', '0.1', T0 + 1_000)
    add(s, '100.3', '0.2', T0 + 2_000)
    add(s, '99.95', '0.0001', T0 + 3_000)
    add(s, '100.2', '1', T0 + 59_999)
    expect(out(s.latest(10))).toEqual([
      {
        idx: T0 / 1000,
        open: '100.10',
        high: '100.30',
        low: '99.95',
        close: '100.20',
        vol: '1.3001',
        // 10.01 + 20.06 + 0.009995 + 100.2
        amount: '130.279995'
      }
    ])
  })

  it('opens a new candle at the bucket boundary and idx is the open time in seconds', () => {
    const s = new CandleSeries('5min')
    add(s, '10', '1', T0 + 5 * 60_000 - 1)
    add(s, '11', '1', T0 + 5 * 60_000)
    const cs = out(s.latest(10))
    expect(cs.map((c) => c.idx)).toEqual([T0 / 1000, T0 / 1000 + 300])
    expect(cs[1]).toMatchObject({ open: '11.00', close: '11.00' })
  })

  it('fills gaps with flat zero-volume candles at the previous close', () => {
    const s = new CandleSeries('1min')
    add(s, '10', '1', T0)
    add(s, '12', '1', T0 + 10_000)
    const touched = add(s, '15', '2', T0 + 3 * 60_000 + 5)
    expect(touched.map((c) => c.start)).toEqual([T0 + 60_000, T0 + 120_000, T0 + 180_000])
    expect(out(s.latest(10))).toEqual([
      {
        idx: T0 / 1000,
        open: '10.00',
        high: '12.00',
        low: '10.00',
        close: '12.00',
        vol: '2.0000',
        amount: '22.000000'
      },
      {
        idx: T0 / 1000 + 60,
        open: '12.00',
        high: '12.00',
        low: '12.00',
        close: '12.00',
        vol: '0.0000',
        amount: '0.000000'
      },
      {
        idx: T0 / 1000 + 120,
        open: '12.00',
        high: '12.00',
        low: '12.00',
        close: '12.00',
        vol: '0.0000',
        amount: '0.000000'
      },
      // the first real trade of a bucket sets its open, even if the bucket first appeared as a flat placeholder
      {
        idx: T0 / 1000 + 180,
        open: '15.00',
        high: '15.00',
        low: '15.00',
        close: '15.00',
        vol: '2.0000',
        amount: '30.000000'
      }
    ])
  })

  it('roll(now) creates flat candles through the current bucket, and nothing before the first trade', () => {
    const s = new CandleSeries('1min')
    expect(s.roll(T0 + 600_000)).toEqual([])
    expect(s.size).toBe(0)
    add(s, '10', '1', T0)
    const created = s.roll(T0 + 2 * 60_000 + 30_000)
    expect(created.map((c) => c.start)).toEqual([T0 + 60_000, T0 + 120_000])
    expect(s.roll(T0 + 2 * 60_000 + 31_000)).toEqual([])
    // a trade in a rolled placeholder replaces its flat OHLC
    add(s, '9', '1', T0 + 2 * 60_000 + 40_000)
    expect(out(s.latest(1))[0]).toMatchObject({ open: '9.00', high: '9.00', low: '9.00', close: '9.00', vol: '1.0000' })
  })

  it('keeps a bounded history and skips ahead over a gap longer than it', () => {
    const s = new CandleSeries('1min', 5)
    for (let i = 0; i < 8; i++) add(s, String(10 + i), '1', T0 + i * 60_000)
    expect(s.size).toBe(5)
    expect(s.latest(10).map((c) => (c.start - T0) / 60_000)).toEqual([3, 4, 5, 6, 7])
    add(s, '50', '1', T0 + 1000 * 60_000)
    expect(s.size).toBe(5)
    expect(out(s.latest(10)).map((c) => [(c.idx * 1000 - T0) / 60_000, c.close, c.vol])).toEqual([
      [996, '17.00', '0.0000'],
      [997, '17.00', '0.0000'],
      [998, '17.00', '0.0000'],
      [999, '17.00', '0.0000'],
      [1000, '50.00', '1.0000']
    ])
  })

  it('merges a late trade into its bucket without moving open or close', () => {
    const s = new CandleSeries('1min')
    add(s, '10', '1', T0)
    add(s, '11', '1', T0 + 60_000)
    add(s, '20', '0.5', T0 + 30_000) // late, into the first candle
    add(s, '1', '1', T0 - 3_600_000) // older than the history: dropped
    expect(out(s.latest(10))).toEqual([
      {
        idx: T0 / 1000,
        open: '10.00',
        high: '20.00',
        low: '10.00',
        close: '10.00',
        vol: '1.5000',
        amount: '20.000000'
      },
      {
        idx: T0 / 1000 + 60,
        open: '11.00',
        high: '11.00',
        low: '11.00',
        close: '11.00',
        vol: '1.0000',
        amount: '11.000000'
      }
    ])
  })

  describe('queries', () => {
    const s = new CandleSeries('1min')
    for (let i = 0; i < 400; i++) add(s, '10', '1', T0 + i * 60_000)
    const idxOf = (i: number) => T0 / 1000 + i * 60

    it('latest(n) gives the newest n, oldest first', () => {
      const cs = s.latest(300)
      expect(cs).toHaveLength(300)
      expect(cs[0]!.start / 1000).toBe(idxOf(100))
      expect(cs[299]!.start / 1000).toBe(idxOf(399))
    })

    it('page(endIdx) is inclusive of endIdx and pages backwards without gaps', () => {
      const p1 = s.page(undefined, 150)
      expect(p1.map((c) => c.start / 1000)).toEqual(Array.from({ length: 150 }, (_, k) => idxOf(250 + k)))
      const p2 = s.page(idxOf(249), 150)
      expect(p2[0]!.start / 1000).toBe(idxOf(100))
      expect(p2.at(-1)!.start / 1000).toBe(idxOf(249))
      const p3 = s.page(idxOf(99) + 30, 300) // an endIdx inside a bucket includes that bucket
      expect(p3).toHaveLength(100)
      expect(p3.at(-1)!.start / 1000).toBe(idxOf(99))
      expect(s.page(idxOf(0) - 1, 10)).toEqual([])
    })

    it('range(startTime, endTime) filters open times in ms, inclusive', () => {
      const ms = (i: number) => T0 + i * 60_000
      expect(s.range(ms(10), ms(14), 300).map((c) => c.start)).toEqual([ms(10), ms(11), ms(12), ms(13), ms(14)])
      expect(s.range(ms(10) + 1, ms(14), 300).map((c) => c.start)).toEqual([ms(11), ms(12), ms(13), ms(14)])
      // only a start: first `limit` from there; only an end or both: newest `limit` up to the end
      expect(s.range(ms(10), undefined, 3).map((c) => c.start)).toEqual([ms(10), ms(11), ms(12)])
      expect(s.range(undefined, ms(14), 3).map((c) => c.start)).toEqual([ms(12), ms(13), ms(14)])
      expect(s.range(ms(10), ms(14), 2).map((c) => c.start)).toEqual([ms(13), ms(14)])
      expect(s.range(ms(20), ms(10), 10)).toEqual([])
    })
  })
})

describe('CandleSet', () => {
  it('feeds every interval; weeks and months start on UTC calendar boundaries', () => {
    const set = new CandleSet()
    add(set, '100', '1', U(2024, 0, 31, 23, 59)) // Wednesday, end of January
    add(set, '101', '1', U(2024, 1, 1, 0, 0)) // Thursday, 1 February
    add(set, '102', '1', U(2024, 1, 5, 0, 0)) // Monday
    const week = set
      .get('1week')
      .latest(10)
      .map((c) => formatCandle(c, P))
    expect(week.map((c) => [c.idx, c.open, c.close, c.vol])).toEqual([
      [U(2024, 0, 29) / 1000, '100.00', '101.00', '2.0000'],
      [U(2024, 1, 5) / 1000, '102.00', '102.00', '1.0000']
    ])
    const month = set
      .get('1month')
      .latest(10)
      .map((c) => formatCandle(c, P))
    expect(month.map((c) => [c.idx, c.open, c.close, c.vol])).toEqual([
      [U(2024, 0, 1) / 1000, '100.00', '100.00', '1.0000'],
      [U(2024, 1, 1) / 1000, '101.00', '102.00', '2.0000']
    ])
    expect(set.get('1day').size).toBe(6) // Jan 31, Feb 1 and the flat Feb 2..4, Feb 5
    expect(set.get('60min').latest(1)[0]!.start).toBe(U(2024, 1, 5))
  })

  it('roll reports only the intervals that gained candles', () => {
    const set = new CandleSet()
    add(set, '1', '1', T0)
    const created = set.roll(T0 + 60_000)
    expect([...created.keys()]).toEqual(['1min'])
    expect(toKlineTick(created.get('1min')![0]!, P)).toEqual({
      id: T0 / 1000 + 60,
      open: '1.00',
      close: '1.00',
      high: '1.00',
      low: '1.00',
      vol: '0.0000',
      amount: '0.000000'
    })
  })
})
