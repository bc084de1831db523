// The seeded market history (src-sim/market/history.ts) as data: at least 1000 bars of every interval for every
// market, ending at its price, on its tick and step, consistent across intervals wherever two of them overlap, the
// trades of the newest minutes making up their bars, the same plan giving the same history. Then how the candle
// series, the 24 h ticker and the tape take it in on their first read, under trades made before that read.
import { describe, expect, it } from 'vitest'
import { historyMarkets } from '../../../src-sim/config/market-history'
import { CandleSeries } from '../../../src-sim/market/candles'
import { Dec } from '../../../src-sim/market/decimal'
import { MarketDataHub } from '../../../src-sim/market/market-data-hub'
import {
  HISTORY_BARS,
  HISTORY_MINUTES,
  historyPlan,
  marketHistories,
  parseHistoryPlan,
  type HistoryBar,
  type MarketHistory
} from '../../../src-sim/market/history'
import { bucketStart, INTERVALS, nextBucketStart, type Interval } from '../../../src-sim/market/intervals'
import { TradeTape } from '../../../src-sim/market/tape'
import { RollingTicker } from '../../../src-sim/market/ticker'
import { tapeEntry } from '../../../src-sim/market/tape'

const MIN = 60_000
/** A Wednesday, mid-month, mid-hour: every interval's current bucket is partly history. */
const NOW = Date.UTC(2025, 2, 12, 13, 47, 30, 250)
const END = Date.UTC(2025, 2, 12, 13, 47)

/** Pairs (finer, coarser) where every coarser bucket is a union of finer ones. */
const NESTED: [Interval, Interval][] = []
for (const [i, fine] of INTERVALS.entries())
  for (const coarse of INTERVALS.slice(i + 1))
    if (!(fine === '1week' && coarse === '1month')) NESTED.push([fine, coarse])

/** The aggregate of consecutive bars: first open, highest high, lowest low, last close, summed volume and turnover. */
function aggregate(bars: readonly HistoryBar[]): [number, number, number, number, number, string] {
  return [
    bars[0]![1],
    Math.max(...bars.map((b) => b[2])),
    Math.min(...bars.map((b) => b[3])),
    bars.at(-1)![4],
    bars.reduce((s, b) => s + b[5], 0),
    bars.reduce((s, b) => s + BigInt(b[6]), 0n).toString()
  ]
}

/**
 * Checks every coarse bar against the fine bars inside it: equal to their aggregate where they cover it wholly;
 * where they cover only its start or its end, within it (range, volume and turnover) and sharing its open or close.
 * Returns how many coarse bars were checked each way.
 */
function checkNesting(
  fine: readonly HistoryBar[],
  coarse: readonly HistoryBar[],
  iv: Interval,
  end: number
): { whole: number; part: number } {
  let whole = 0
  let part = 0
  for (const c of coarse) {
    const stop = Math.min(nextBucketStart(iv, c[0]), end)
    const inside = fine.filter((b) => b[0] >= c[0] && b[0] < stop)
    if (inside.length === 0) continue
    const agg = aggregate(inside)
    const fromStart = inside[0]![0] === c[0]
    const toEnd = nextOf(fine, fine.indexOf(inside.at(-1)!), end) === stop
    if (fromStart && toEnd) {
      expect(agg, `${iv} bar at ${c[0]}`).toEqual([c[1], c[2], c[3], c[4], c[5], c[6]])
      whole++
      continue
    }
    expect(agg[1] <= c[2] && agg[2] >= c[3] && agg[4] <= c[5] && BigInt(agg[5]) <= BigInt(c[6])).toBe(true)
    if (fromStart) expect(agg[0]).toBe(c[1])
    if (toEnd) expect(agg[3]).toBe(c[4])
    part++
  }
  return { whole, part }
}

/** Where fine bar i ends: the next bar's start, or the history's end after the last bar. */
function nextOf(bars: readonly HistoryBar[], i: number, end: number): number {
  return bars[i + 1]?.[0] ?? end
}

function histories(seed = 1, now = NOW): MarketHistory[] {
  return marketHistories(historyPlan(historyMarkets(), seed, now))
}

describe('seeded history', () => {
  const all = histories()

  it('covers every spot market and futures contract the exchange lists', () => {
    expect(all.map((h) => h.name)).toEqual([
      'btcusdt',
      'ethusdt',
      'solusdt',
      'dogeusdt',
      'E-BTC-USDT',
      'E-ETH-USDT',
      'E-BTC-USD'
    ])
    expect(all.every((h) => h.end === END)).toBe(true)
  })

  it('gives every interval at least 1000 contiguous bars ending at the price, on the tick and the step', () => {
    for (const h of all) {
      const priceTicks = Number(h.market.price.replace('.', ''))
      for (const iv of INTERVALS) {
        const bars = h.bars(iv)
        expect(bars.length, `${h.name} ${iv}`).toBeGreaterThanOrEqual(iv === '1min' ? HISTORY_MINUTES : HISTORY_BARS)
        expect(bars.at(-1)![0]).toBe(bucketStart(iv, END - 1))
        expect(bars.at(-1)![4], `${h.name} ${iv} closes at the price`).toBe(priceTicks)
        const bad = bars.filter((b, k) => {
          const [start, open, high, low, close, vol, amount, count] = b
          const prev = bars[k - 1]
          return !(
            bucketStart(iv, start) === start &&
            // contiguous, each opening where the previous one closed
            (!prev || (start === nextBucketStart(iv, prev[0]) && open === prev[4])) &&
            // integers: ticks and lots of the market's precision, never below one tick
            [open, high, low, close, vol, count].every((v) => Number.isSafeInteger(v)) &&
            low >= 1 &&
            high >= Math.max(open, close) &&
            low <= Math.min(open, close) &&
            vol > 0 &&
            /^\d+$/.test(amount) &&
            // the turnover lies between volume x low and volume x high
            BigInt(amount) >= BigInt(vol) * BigInt(low) &&
            BigInt(amount) <= BigInt(vol) * BigInt(high)
          )
        })
        expect(bad, `${h.name} ${iv}`).toEqual([])
      }
    }
  })

  it('is consistent across intervals: a bar is the aggregate of the finer bars it covers, wherever they exist', () => {
    let checks = 0
    for (const h of all) {
      const bars = Object.fromEntries(INTERVALS.map((iv) => [iv, h.bars(iv)])) as Record<Interval, HistoryBar[]>
      for (const [fine, coarse] of NESTED) {
        const { whole, part } = checkNesting(bars[fine], bars[coarse], coarse, END)
        // not vacuous: a finer series covers whole coarse bars unless its window is shorter than one of them
        const span = END - bars[fine][0]![0]
        const longest = Math.max(...bars[coarse].map((b, k) => nextOf(bars[coarse], k, END) - b[0]))
        if (span >= 2 * longest) expect(whole, `${h.name} ${fine} -> ${coarse}`).toBeGreaterThanOrEqual(1)
        expect(whole + part, `${h.name} ${fine} -> ${coarse}`).toBeGreaterThanOrEqual(1)
        checks += whole
      }
    }
    expect(checks).toBeGreaterThan(10_000)
  })

  it('moves realistically: prices stay near the current one, volume follows the range, volatility clusters', () => {
    const btc = all[0]!
    const days = btc.bars('1day')
    const closes = days.map((b) => b[4])
    const returns = closes.slice(1).map((c, i) => Math.log(c / closes[i]!))
    const sd = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length)
    expect(sd).toBeGreaterThan(0.01)
    expect(sd).toBeLessThan(0.08)
    for (const b of btc.bars('1month')) {
      // closes within a factor of e^1.5 of 65000.00, extremes within e^2
      expect(b[4]).toBeGreaterThan(6_500_000 / 4.5)
      expect(b[4]).toBeLessThan(6_500_000 * 4.5)
      expect(b[3]).toBeGreaterThan(6_500_000 / 7.4)
      expect(b[2]).toBeLessThan(6_500_000 * 7.4)
    }
    // volume correlates with the bar's range
    const ranges = days.map((b) => Math.log(b[2] / b[3]))
    const vols = days.map((b) => Math.log(b[5]))
    expect(correlation(ranges, vols)).toBeGreaterThan(0.2)
    // volatility clusters: absolute returns of neighbouring hours correlate
    const hours = btc.bars('60min').map((b) => b[4])
    const abs = hours.slice(1).map((c, i) => Math.abs(Math.log(c / hours[i]!)))
    expect(correlation(abs.slice(1), abs.slice(0, -1))).toBeGreaterThan(0.1)
  })

  it('makes the newest minutes of trades, exactly their 1 min bars, with ids below the live ones', () => {
    for (const h of all) {
      const trades = h.trades()
      expect(trades.length).toBeGreaterThanOrEqual(200)
      const minutes = new Map<number, typeof trades>()
      for (const t of trades) {
        const m = bucketStart('1min', t.time)
        minutes.set(m, [...(minutes.get(m) ?? []), t])
      }
      const bars = new Map(h.bars('1min').map((b) => [b[0], b]))
      const p = h.market.pricePrecision
      const q = h.market.quantityPrecision
      const ticks = (s: string, places: number): number => Number(new Dec(s).times(new Dec(10).pow(places)))
      for (const [m, ts] of minutes) {
        const b = bars.get(m)!
        expect(b, `${h.name} minute ${m}`).toBeDefined()
        const prices = ts.map((t) => ticks(t.price, p))
        expect([prices[0], Math.max(...prices), Math.min(...prices), prices.at(-1)]).toEqual([b[1], b[2], b[3], b[4]])
        expect(ts.reduce((s, t) => s + ticks(t.qty, q), 0)).toBe(b[5])
        const amount = ts.reduce((s, t) => s.plus(t.amount), new Dec(0))
        expect(amount.times(new Dec(10).pow(p + q)).toFixed(0)).toBe(b[6])
        expect(b[7]).toBe(ts.length)
        for (const t of ts) expect(new Dec(t.price).times(t.qty).eq(t.amount)).toBe(true)
      }
      // whole minutes, the newest ones, oldest first, ids rising below the live trades' first id
      expect([...minutes.keys()].at(-1)).toBe(END - MIN)
      expect([...minutes.keys()]).toEqual([...minutes.keys()].sort((a, b) => a - b))
      const ids = trades.map((t) => BigInt(t.id))
      expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true)
      expect(ids.at(-1)! < BigInt(h.market.tradeIdBase)).toBe(true)
      expect(trades.every((t) => t.time < END)).toBe(true)
    }
  })

  it('is the same for the same plan, another for another seed or start, and survives a JSON round trip', () => {
    const again = histories()
    const other = histories(2)
    const later = histories(1, NOW + 7 * MIN)
    for (const iv of ['1min', '60min', '1month'] as const) {
      expect(again[0]!.bars(iv)).toEqual(all[0]!.bars(iv))
      expect(other[0]!.bars(iv)).not.toEqual(all[0]!.bars(iv))
      expect(later[0]!.bars(iv).at(-1)![0]).toBe(bucketStart(iv, END + 7 * MIN - 1))
    }
    expect(again[2]!.trades()).toEqual(all[2]!.trades())
    const plan = historyPlan(historyMarkets(), 5, NOW)
    const restored = parseHistoryPlan(JSON.parse(JSON.stringify(plan)))
    expect(restored).toEqual(plan)
    expect(marketHistories(restored)[3]!.bars('1week')).toEqual(marketHistories(plan)[3]!.bars('1week'))
    expect(() => parseHistoryPlan({ ...plan, end: END + 1 })).toThrow(/end/)
    expect(() => parseHistoryPlan({ ...plan, markets: [{ name: 'x' }] })).toThrow(/markets\[0\]/)
  })

  it('is the same whatever is read first (the walk is drawn back only as far as asked)', () => {
    const [a] = histories()
    const [b] = histories()
    const monthFirst = a!.bars('1month')
    const tickerFirst = b!.bars('1min')
    expect(b!.bars('1month')).toEqual(monthFirst)
    expect(a!.bars('1min')).toEqual(tickerFirst)
    expect(a!.trades()).toEqual(b!.trades())
    expect(a!.bars('1week')).toEqual(all[0]!.bars('1week'))
  })

  it('shares the price walk of a contract with the spot market of its index', () => {
    const [btc, , , , linear, , inverse] = all
    // in ticks of 0.01: the contracts round the same walk to 0.1
    const closes = (h: MarketHistory) => h.bars('1day').map((b) => b[4] * 10 ** (2 - h.market.pricePrecision))
    const spot = closes(btc!)
    for (const c of [closes(linear!), closes(inverse!)])
      expect(c.filter((v, i) => Math.abs(v - spot[i]!) > 5)).toEqual([])
  })
})

describe('taking history in on the first read', () => {
  const P = { pricePrecision: 2, quantityPrecision: 6 }
  const h = histories()[0]!
  const dec = (s: string): Dec => new Dec(s)
  const trade = (series: CandleSeries, price: string, qty: string, time: number) =>
    series.add(dec(price), dec(qty), dec(price).times(qty), time)

  it('puts the history before trades made since, merging the bucket both share', () => {
    const bars = h.bars('60min')
    const series = new CandleSeries('60min')
    series.setHistory({ bars: () => h.bars('60min'), precision: P })
    series.roll(NOW) // before the read: nothing to roll yet, nothing drawn
    trade(series, '65100.00', '0.5', NOW + 1000)
    trade(series, '64000.00', '0.25', NOW + 2000)
    const got = series.latest(1000)
    expect(got).toHaveLength(1000)
    const last = bars.at(-1)!
    const merged = got.at(-1)!
    expect(merged.start).toBe(last[0])
    expect(merged.open.toString()).toBe(new Dec(last[1]).div(100).toString())
    expect(merged.high.toString()).toBe(Dec.max(new Dec(last[2]).div(100), dec('65100')).toString())
    expect(merged.low.toString()).toBe(Dec.min(new Dec(last[3]).div(100), dec('64000')).toString())
    expect(merged.close.toString()).toBe('64000')
    expect(merged.vol.toString()).toBe(new Dec(last[5]).div(1e6).plus('0.75').toString())
    expect(merged.amount.toString()).toBe(new Dec(last[6]).div(1e8).plus('32550').plus('16000').toString())
    // the older bars are the history's, decimals made exactly
    const before = got.at(-2)!
    const b = bars.at(-2)!
    expect([before.start, before.open.toFixed(2), before.amount.toFixed(8)]).toEqual([
      b[0],
      new Dec(b[1]).div(100).toFixed(2),
      new Dec(b[6]).div(1e8).toFixed(8)
    ])
  })

  it('fills flat from the history to the first trade after a gap, and flat to the last roll without trades', () => {
    const gap = new CandleSeries('1min')
    gap.setHistory({ bars: () => h.bars('1min'), precision: P })
    trade(gap, '65000.50', '1', END + 5 * MIN + 10)
    const got = gap.latest(7)
    expect(got.map((c) => (c.start - END) / MIN)).toEqual([-1, 0, 1, 2, 3, 4, 5])
    expect(got.slice(1, 6).every((c) => c.count === 0 && c.close.eq('65000') && c.vol.isZero())).toBe(true)
    expect(got[6]!.close.toString()).toBe('65000.5')
    expect(gap.size).toBe(1000)

    const idle = new CandleSeries('1min')
    idle.setHistory({ bars: () => h.bars('1min'), precision: P })
    idle.roll(END + 3 * MIN + 5)
    expect(idle.latest(4).map((c) => (c.start - END) / MIN)).toEqual([0, 1, 2, 3])
    expect(idle.size).toBe(1000)
    // a snapshot row of an unread history candle is exact text, and loads back the same
    const rows = idle.dump()
    const copy = new CandleSeries('1min')
    copy.load(rows)
    expect(copy.dump()).toEqual(rows)
    expect(rows[0]!.slice(1, 7).every((v) => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v as string))).toBe(true)
  })

  it('leaves the history out of a series whose trades already fill it', () => {
    const s = new CandleSeries('1min', 5)
    s.setHistory({ bars: () => h.bars('1min'), precision: P })
    for (let k = 0; k < 6; k++) trade(s, '65000.00', '1', END + k * MIN)
    expect(s.latest(10).map((c) => (c.start - END) / MIN)).toEqual([1, 2, 3, 4, 5])
  })

  it("the 24 h ticker's reads keep no decimal of the history while live trades hold the day's high and low", () => {
    const t = new RollingTicker('65000.00')
    t.setHistory({ bars: () => h.bars('1min'), end: END, precision: P })
    const highs = h.bars('1min').filter((b) => b[0] >= END - 1439 * MIN)
    const top = new Dec(Math.max(...highs.map((b) => b[2]))).div(100)
    t.add(top.plus(100), dec('0.1'), top.plus(100).times('0.1'), NOW)
    t.add(dec('0.01'), dec('0.1'), dec('0.001'), NOW)
    const first = t.snapshot(NOW, P)
    const kept = t.keptDecimals
    // one read a second for ten minutes (the window moves ten minutes: ten buckets of history leave it)
    for (let s = 1; s <= 600; s++) expect(t.snapshot(NOW + s * 1000, P).high).toBe(first.high)
    expect(t.keptDecimals).toBeLessThanOrEqual(kept + 20)
    expect(first.high).toBe(top.plus(100).toFixed(2))
    expect(first.low).toBe('0.01')
  })

  it('gives the 24 h ticker the history minutes in its window, then drops them as the window moves', () => {
    const bars = h.bars('1min')
    const t = new RollingTicker('65000.00')
    t.setHistory({ bars: () => h.bars('1min'), end: END, precision: P })
    t.add(dec('65010.00'), dec('0.1'), dec('6501'), NOW)
    const snap = t.snapshot(NOW, P)
    const inWindow = bars.filter((b) => b[0] >= END - 1439 * MIN)
    expect(inWindow).toHaveLength(1439)
    const vol = inWindow.reduce((s, b) => s + b[5], 0)
    expect(snap.vol).toBe(new Dec(vol).div(1e6).plus('0.1').toFixed(6))
    expect(snap.open).toBe(new Dec(inWindow[0]![1]).div(100).toFixed(2))
    expect(snap.last).toBe('65010.00')
    const highs = inWindow.map((b) => b[2])
    expect(snap.high).toBe(Dec.max(new Dec(Math.max(...highs)).div(100), dec('65010')).toFixed(2))
    // a day later only the live minute is left
    expect(t.snapshot(NOW + 1439 * MIN, P)).toMatchObject({ vol: '0.100000', open: '65010.00', high: '65010.00' })
    // a ticker nobody read drops its history unread once the window has passed it
    const unread = new RollingTicker('65000.00')
    unread.setHistory({
      bars: () => {
        throw new Error('drawn')
      },
      end: END,
      precision: P
    })
    unread.advance(END + 1440 * MIN)
    expect(unread.snapshot(END + 1440 * MIN, P)).toMatchObject({ vol: '0.000000', last: '65000.00' })
  })

  it('puts the history trades under the tape of trades pushed since', () => {
    const tape = new TradeTape(400)
    tape.setHistory(() => h.trades())
    const live = tapeEntry({ id: '2941137766571030528', price: '65001', qty: '0.5', side: 'BUY', time: NOW }, P)
    tape.push(live)
    const got = tape.latest(400)
    expect(got[0]).toEqual(live)
    expect(got.slice(1)).toEqual(h.trades().reverse().slice(0, 399))
    expect(tape.page(got[2]!.id, 2)).toEqual(got.slice(2, 4))
  })
})

describe('a snapshot while history waits', () => {
  const spec = {
    kind: 'spot' as const,
    name: 'btcusdt',
    pricePrecision: 2,
    quantityPrecision: 6,
    initialPrice: '65000.00'
  }
  const hubAt = (t: { now: number }) => {
    const hub = new MarketDataHub({ now: () => t.now, symbols: [spec] })
    hub.setHistory(histories().slice(0, 1))
    return hub
  }
  const view = (hub: MarketDataHub) => ({
    m1: hub.klines('btcusdt', '1min', { limit: 300 }),
    d1: hub.klines('btcusdt', '1day', { limit: 300 }),
    ticker: hub.ticker('btcusdt'),
    trades: hub.trades('btcusdt', 1000)
  })
  const trade = (hub: MarketDataHub, id: string, price: string, time: number) =>
    hub.onTrade('btcusdt', { id, price, qty: '0.5', side: 'BUY', time })

  it('leaves unread history out, marked as waiting, and a hub with the same history set loads back the same', () => {
    const t = { now: NOW }
    const hub = hubAt(t)
    trade(hub, '2941137766571030528', '65100.00', NOW)
    hub.tick()
    const d = hub.dump()
    expect(d.symbols['btcusdt']!.pending).toEqual({ candles: [...INTERVALS], ticker: true, tape: true })
    expect(d.symbols['btcusdt']!.candles['1month']).toHaveLength(1) // the trade's month only
    expect(d.symbols['btcusdt']!.tape).toHaveLength(1)
    const copy = hubAt(t)
    copy.load(JSON.parse(JSON.stringify(d)))
    t.now += 3 * MIN
    trade(hub, '2941137766571030529', '65200.00', t.now)
    trade(copy, '2941137766571030529', '65200.00', t.now)
    expect(view(copy)).toEqual(view(hub))
    expect(view(hub).d1!.length).toBe(300)

    // read, the history is in the snapshot itself and nothing waits; a hub without it loads the same
    expect(hub.dump().symbols['btcusdt']!.pending).toEqual({
      candles: INTERVALS.filter((iv) => iv !== '1min' && iv !== '1day'),
      ticker: false,
      tape: false
    })
    for (const iv of INTERVALS) hub.klines('btcusdt', iv)
    const read = hub.dump()
    expect(read.symbols['btcusdt']!.pending).toBeUndefined()
    expect(read.symbols['btcusdt']!.candles['1month']!.length).toBeGreaterThanOrEqual(1000)
    const plain = new MarketDataHub({ now: () => t.now, symbols: [spec] })
    plain.load(JSON.parse(JSON.stringify(read)))
    expect(view(plain)).toEqual(view(hub))
    // the same values, though a value read since may print with fewer trailing zeros
    const canon = (d: unknown) =>
      JSON.parse(JSON.stringify(d), (_k, v) =>
        typeof v === 'string' && /^\d+\.\d+$/.test(v) ? new Dec(v).toString() : v
      )
    expect(canon(plain.dump())).toEqual(canon(read))
  })
})

function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length
  const mx = xs.reduce((s, x) => s + x, 0) / n
  const my = ys.reduce((s, y) => s + y, 0) / n
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my)
    sxx += (xs[i]! - mx) ** 2
    syy += (ys[i]! - my) ** 2
  }
  return sxy / Math.sqrt(sxx * syy)
}
