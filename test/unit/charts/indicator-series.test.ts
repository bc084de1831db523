// The chart's indicators: their values against an independent implementation (the `technicalindicators` package,
// used only here, or a few lines of plain math where it has none), and the live path (the open bar replaced on each
// tick, a new bar appended) equal to one run over the finished bars.
import { describe, expect, it } from 'vitest'
import * as ti from 'technicalindicators'
import type { CandleView } from '@shared/ipc/views/market'
import { INDICATOR_KINDS } from '@shared/ipc/schemas/preferences'
import { seededRandom } from '@shared/random'
import { candleData, mergeCandles, type CandleData } from '../../../src-renderer/src/charts/candles'
import {
  INDICATORS,
  defaultSetting,
  normalSetting,
  type IndicatorKind
} from '../../../src-renderer/src/indicators/catalog'
import { createRun, runOver, syncRun } from '../../../src-renderer/src/indicators/indicator-series'

/** A seeded random walk of `n` one-minute bars, prices and volumes as the wire's decimal text. */
function walk(n: number, seed = 7): CandleView[] {
  const rnd = seededRandom(seed)
  let close = 100
  return Array.from({ length: n }, (_, i) => {
    const open = close
    close = Math.max(1, open + (rnd() - 0.5) * 4)
    const high = Math.max(open, close) + rnd() * 2
    const low = Math.min(open, close) - rnd() * 2
    const fx = (x: number): string => x.toFixed(2)
    return {
      id: 1_700_000_000 + i * 60,
      open: fx(open),
      close: fx(close),
      high: fx(high),
      low: fx(low),
      vol: (1 + rnd() * 50).toFixed(3),
      amount: null
    }
  })
}

const BARS = walk(300)
const data = candleData(BARS)
/** technicalindicators rounds some outputs (RSI to 2 places) unless given a format. */
const raw = { format: (v: number): number => v }
const cols = (d: CandleData) => ({ open: d.open, high: d.high, low: d.low, close: d.close, volume: d.vol })

/** The run's line `k` over the last `len` bars (the oracle's outputs align with the series' end). */
function tail(kind: IndicatorKind, params: number[] | null, k: number, len: number): number[] {
  const s = defaultSetting(kind)
  const run = runOver(params ? { ...s, params } : s, data)
  return run.lines[k]!.slice(-len)
}

/** Equal to about 6 significant digits (or to `places` decimals), bar by bar over the last 100 or more. */
function expectClose(ours: number[], theirs: number[], places?: number): void {
  const n = Math.min(ours.length, theirs.length)
  expect(n).toBeGreaterThanOrEqual(100)
  const a = ours.slice(-n)
  const b = theirs.slice(-n)
  for (let i = 0; i < n; i++) {
    expect(Number.isNaN(a[i]!), `bar ${i} of the last ${n}`).toBe(false)
    expect(a[i]!, `bar ${i} of the last ${n}`).toBeCloseTo(
      b[i]!,
      places ?? 5 - Math.floor(Math.log10(Math.abs(b[i]!) + 1))
    )
  }
}

describe('indicator values against technicalindicators', () => {
  const c = cols(data)
  it('SMA, EMA, WMA', () => {
    const sma = ti.SMA.calculate({ ...raw, period: 20, values: c.close })
    expectClose(tail('sma', null, 0, sma.length), sma)
    // technicalindicators seeds its EMA with the first value, trading-signals with the SMA of the first period: the
    // seed fades (weight (1 - 2/21)^n), so compare where it has: after 200 bars, below 1e-8.
    const ema = ti.EMA.calculate({ ...raw, period: 20, values: c.close })
    expectClose(tail('ema', null, 0, 100), ema.slice(-100))
    const wma = ti.WMA.calculate({ ...raw, period: 20, values: c.close })
    expectClose(tail('wma', null, 0, wma.length), wma)
  })
  it('Bollinger Bands', () => {
    const bb = ti.BollingerBands.calculate({ ...raw, period: 20, stdDev: 2, values: c.close })
    expectClose(
      tail('bb', null, 0, bb.length),
      bb.map((b) => b.upper)
    )
    expectClose(
      tail('bb', null, 1, bb.length),
      bb.map((b) => b.middle)
    )
    expectClose(
      tail('bb', null, 2, bb.length),
      bb.map((b) => b.lower)
    )
  })
  it('VWAP', () => {
    const v = ti.VWAP.calculate({ ...raw, high: c.high, low: c.low, close: c.close, volume: c.volume })
    expectClose(tail('vwap', null, 0, v.length), v)
  })
  it("Parabolic SAR: the trend side of Wilder's SAR (technicalindicators) on nearly every bar", () => {
    // trading-signals' SAR is a variant of Wilder's (its first SAR and its clamp to the bar before last differ), so
    // the values part after the first reversal; the trend each tells (SAR below or above the price) must agree.
    const theirs = ti.PSAR.calculate({ ...raw, high: c.high, low: c.low, step: 0.02, max: 0.2 })
    const ours = tail('psar', null, 0, 250)
    const wilder = theirs.slice(-250)
    const close = c.close.slice(-250)
    const same = ours.filter((v, i) => v < close[i]! === wilder[i]! < close[i]!).length
    expect(same / 250).toBeGreaterThan(0.9)
  })
  it('RSI, ATR, CCI, MFI, ADX, OBV', () => {
    const rsi = ti.RSI.calculate({ ...raw, period: 14, values: c.close })
    // technicalindicators rounds RSI and MFI to 2 places whatever the format.
    expectClose(tail('rsi', null, 0, rsi.length), rsi, 2)
    const atr = ti.ATR.calculate({ ...raw, period: 14, high: c.high, low: c.low, close: c.close })
    // The two seed Wilder's average differently (the first bar's range); the seed fades as (13/14)^n.
    expectClose(tail('atr', null, 0, 100), atr.slice(-100))
    const cci = ti.CCI.calculate({ ...raw, period: 20, high: c.high, low: c.low, close: c.close })
    expectClose(tail('cci', null, 0, cci.length), cci)
    const mfi = ti.MFI.calculate({ ...raw, period: 14, high: c.high, low: c.low, close: c.close, volume: c.volume })
    expectClose(tail('mfi', null, 0, mfi.length), mfi, 2)
    const adx = ti.ADX.calculate({ ...raw, period: 14, high: c.high, low: c.low, close: c.close })
    expectClose(
      tail('adx', null, 0, 100),
      adx.slice(-100).map((a) => a.adx)
    )
    const obv = ti.OBV.calculate({ ...raw, close: c.close, volume: c.volume })
    expectClose(tail('obv', null, 0, 250), obv.slice(-250))
  })
  it('MACD', () => {
    const m = ti.MACD.calculate({
      ...raw,
      fastPeriod: 12,
      slowPeriod: 26,
      signalPeriod: 9,
      values: c.close,
      SimpleMAOscillator: false,
      SimpleMASignal: false
    })
    expectClose(
      tail('macd', null, 0, 100),
      m.slice(-100).map((x) => x.MACD!)
    )
    expectClose(
      tail('macd', null, 1, 100),
      m.slice(-100).map((x) => x.signal!)
    )
    expectClose(
      tail('macd', null, 2, 100),
      m.slice(-100).map((x) => x.histogram!)
    )
  })
  it('Stochastic (KDJ) K and D', () => {
    const st = ti.Stochastic.calculate({
      ...raw,
      period: 14,
      signalPeriod: 3,
      high: c.high,
      low: c.low,
      close: c.close
    })
    // K unsmoothed (smoothing 1), D its 3-bar average: technicalindicators' fast stochastic.
    expectClose(
      tail('kdj', [14, 1, 3], 0, 200),
      st.slice(-200).map((s) => s.k)
    )
    expectClose(
      tail('kdj', [14, 1, 3], 1, 200),
      st.slice(-200).map((s) => s.d)
    )
  })
  it('Keltner Channels', () => {
    const kc = ti.KeltnerChannels.calculate({
      ...raw,
      maPeriod: 20,
      atrPeriod: 10,
      multiplier: 2,
      useSMA: false,
      high: c.high,
      low: c.low,
      close: c.close
    })
    expectClose(
      tail('kc', null, 1, 100),
      kc.slice(-100).map((k) => k.middle)
    )
    expectClose(
      tail('kc', null, 0, 100),
      kc.slice(-100).map((k) => k.upper)
    )
  })
})

describe('indicator values against plain math', () => {
  it('Donchian Channels: the highest high and lowest low of the period, and their middle', () => {
    const run = runOver(defaultSetting('dc'), data)
    for (let i = 19; i < BARS.length; i++) {
      const hi = Math.max(...data.high.slice(i - 19, i + 1))
      const lo = Math.min(...data.low.slice(i - 19, i + 1))
      expect([run.lines[0]![i], run.lines[1]![i], run.lines[2]![i]]).toEqual([hi, (hi + lo) / 2, lo])
    }
  })
  it("Supertrend: the textbook bands (hl2 -/+ 3 ATR, ratcheted; the trend flips where the close crosses one) on technicalindicators' ATR", () => {
    const atr = ti.ATR.calculate({ ...raw, period: 10, high: data.high, low: data.low, close: data.close })
    const skip = data.close.length - atr.length // bars before the first ATR
    const theirs: number[] = []
    let prev: { up: number; low: number; close: number; isUp: boolean } | undefined
    atr.forEach((a, j) => {
      const i = j + skip
      const hl2 = (data.high[i]! + data.low[i]!) / 2
      let up = hl2 + 3 * a
      let low = hl2 - 3 * a
      let isUp = data.close[i]! > up
      if (prev) {
        if (!(up < prev.up || prev.close > prev.up)) up = prev.up
        if (!(low > prev.low || prev.close < prev.low)) low = prev.low
        isUp = prev.isUp ? data.close[i]! >= low : data.close[i]! > up
      }
      prev = { up, low, close: data.close[i]!, isUp }
      theirs.push(isUp ? low : up)
    })
    // The two ATRs are seeded differently; the seed fades as (9/10)^n, so compare the last 100 bars.
    expectClose(tail('supertrend', null, 0, 100), theirs.slice(-100))
  })
})

describe('live updates', () => {
  /** The stream's shape: each bar arrives as a few ticks of itself (open, then closes moving), then the next. */
  function ticksOf(v: CandleView, k: number): CandleView[] {
    const rnd = seededRandom(v.id)
    return Array.from({ length: k }, (_, j) =>
      j === k - 1
        ? v
        : { ...v, close: (Number(v.close) + (rnd() - 0.5)).toFixed(2), vol: (Number(v.vol) * (j + 1)) / k + '' }
    )
  }

  it.each(INDICATOR_KINDS)(
    '%s: ticks replacing the open bar and new bars appended equal one run over the bars',
    (kind) => {
      const d = candleData(BARS.slice(0, 100))
      const run = runOver(defaultSetting(kind), d)
      for (const v of BARS.slice(100, 160)) {
        for (const tick of ticksOf(v, 4)) syncRun(run, d, mergeCandles(d, [tick]))
      }
      const batch = runOver(defaultSetting(kind), candleData(BARS.slice(0, 160)))
      expect(run.fed).toBe(160)
      run.lines.forEach((line, k) => {
        expect(line.length).toBe(160)
        line.forEach((v, i) => {
          const b = batch.lines[k]![i]!
          if (Number.isNaN(b)) expect(v, `${kind} line ${k} bar ${i}`).toBeNaN()
          else expect(v, `${kind} line ${k} bar ${i}`).toBeCloseTo(b, 6)
        })
      })
    }
  )

  it('a tick costs one update: the calculation is not run again over the history', () => {
    const d = candleData(BARS.slice(0, 200))
    const run = runOver(defaultSetting('ema'), d)
    let calls = 0
    const update = run.calc.update.bind(run.calc)
    run.calc.update = (b, r) => (calls++, update(b, r))
    syncRun(run, d, mergeCandles(d, [{ ...BARS[199]!, close: '123.45' }]))
    syncRun(run, d, mergeCandles(d, [BARS[199]!, BARS[200]!]))
    expect(calls).toBe(3)
  })

  it('older bars merged in front start the run over, and it equals one run over the whole', () => {
    const d = candleData(BARS.slice(100, 200))
    const run = createRun(defaultSetting('rsi'))
    syncRun(run, d, 0)
    syncRun(run, d, mergeCandles(d, BARS.slice(0, 100)))
    expect(run.lines[0]).toEqual(runOver(defaultSetting('rsi'), candleData(BARS.slice(0, 200))).lines[0])
  })
})

describe('catalog', () => {
  it('defines every kind the preferences accept, each with a colour per line and defaults within bounds', () => {
    expect(INDICATORS.map((d) => d.kind).sort()).toEqual([...INDICATOR_KINDS].sort())
    expect(INDICATORS.filter((d) => d.place === 'overlay').length).toBeGreaterThanOrEqual(8)
    for (const d of INDICATORS) {
      expect(d.colours.length).toBe(d.lines.length)
      expect(normalSetting(defaultSetting(d.kind))).toEqual(defaultSetting(d.kind))
    }
  })
  it('brings a stored setting within the bounds: whole periods, missing ones defaulted, a colour per line', () => {
    expect(normalSetting({ kind: 'bb', params: [2.6, 50], colours: ['#000000'] })).toEqual({
      kind: 'bb',
      params: [3, 10],
      colours: ['#000000', '#f0b90b', '#26c6da']
    })
    expect(normalSetting({ kind: 'macd', params: [], colours: [] }).params).toEqual([12, 26, 9])
  })
})
