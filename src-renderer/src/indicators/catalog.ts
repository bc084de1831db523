// The chart's indicators: for each kind, where it is drawn (over the candles or in a pane of its own), its parameters
// with their bounds, the lines it draws, and how to build its calculation from `trading-signals` (incremental: each
// `update(bar, replace)` replaces the open bar or appends a closed one). The math is the library's, never ours.
// Values are floats for drawing only: never fed back into an order, a price check or any money computation.
import {
  ADX,
  ATR,
  BollingerBands,
  CCI,
  DonchianChannels,
  EMA,
  KeltnerChannels,
  MACD,
  MFI,
  OBV,
  PSAR,
  RSI,
  SMA,
  StochasticOscillator,
  SuperTrend,
  VWAP,
  WMA
} from 'trading-signals'
import type { IndicatorSetting } from '@shared/ipc/schemas/preferences'

export type { IndicatorSetting }
export type IndicatorKind = IndicatorSetting['kind']

/** One bar as the calculations take it (floats of the exact views: drawing only). */
export interface Bar {
  open: number
  high: number
  low: number
  close: number
  volume: number
}

/** A running calculation: one value per line for the bar given (null: not enough bars yet). */
export interface Calc {
  update(bar: Bar, replace: boolean): readonly (number | null | undefined)[]
}

/** A parameter: its name (`market.indicators.params.<name>`), default and bounds. */
export interface ParamDef {
  name: 'period' | 'multiplier' | 'fast' | 'slow' | 'signal' | 'step' | 'max' | 'atrPeriod' | 'smoothing' | 'dPeriod'
  default: number
  min: number
  max: number
  /** Whole numbers only (periods). */
  whole: boolean
}

export type LineName = 'value' | 'upper' | 'middle' | 'lower' | 'macd' | 'signal' | 'histogram' | 'k' | 'd' | 'j'

export interface IndicatorDef {
  kind: IndicatorKind
  /** Over the candles (price axis) or in a pane of its own below them. */
  place: 'overlay' | 'pane'
  params: readonly ParamDef[]
  /** The lines it draws, in the order `update` returns them (`market.indicators.lines.<name>`). */
  lines: readonly LineName[]
  /** How each line is drawn: a line, dots (Parabolic SAR) or bars (MACD histogram). */
  styles?: readonly ('line' | 'dots' | 'bars')[]
  /** Default colour of each line. */
  colours: readonly string[]
  /** A fixed pane range (oscillators bounded by construction). */
  range?: readonly [number, number]
  create(params: readonly number[]): Calc
}

const period = (d: number, max = 500): ParamDef => ({ name: 'period', default: d, min: 1, max, whole: true })
const mult = (d: number): ParamDef => ({ name: 'multiplier', default: d, min: 0.1, max: 10, whole: false })
const BLUE = '#3d8bfd'
const ORANGE = '#f0b90b'
const PURPLE = '#c86ee6'
const TEAL = '#26c6da'
const PINK = '#ff6b9a'
const BANDS = [TEAL, ORANGE, TEAL] as const

/** A single-input series: the close (or the whole bar) in, one value out. */
const one = <I>(ind: { update(i: I, r: boolean): number | null }, input: (b: Bar) => I): Calc => ({
  update: (b, r) => [ind.update(input(b), r)]
})
const close = (b: Bar): number => b.close
type Bands = { upper: number; middle: number; lower: number } | null
const bands = (r: Bands): (number | undefined)[] => [r?.upper, r?.middle, r?.lower]

export const INDICATORS: readonly IndicatorDef[] = [
  {
    kind: 'sma',
    place: 'overlay',
    params: [period(20)],
    lines: ['value'],
    colours: [BLUE],
    create: ([p]) => one(new SMA(p!), close)
  },
  {
    kind: 'ema',
    place: 'overlay',
    params: [period(20)],
    lines: ['value'],
    colours: [ORANGE],
    create: ([p]) => one(new EMA(p!), close)
  },
  {
    kind: 'wma',
    place: 'overlay',
    params: [period(20)],
    lines: ['value'],
    colours: [PURPLE],
    create: ([p]) => one(new WMA(p!), close)
  },
  {
    kind: 'bb',
    place: 'overlay',
    params: [period(20), mult(2)],
    lines: ['upper', 'middle', 'lower'],
    colours: BANDS,
    create: ([p, m]) => {
      const bb = new BollingerBands(p!, m)
      return { update: (b, r) => bands(bb.update(b.close, r)) }
    }
  },
  {
    kind: 'vwap',
    place: 'overlay',
    params: [],
    lines: ['value'],
    colours: [PINK],
    create: () => one(new VWAP(), (b) => ({ high: b.high, low: b.low, close: b.close, volume: b.volume }))
  },
  {
    kind: 'psar',
    place: 'overlay',
    params: [
      { name: 'step', default: 0.02, min: 0.001, max: 1, whole: false },
      { name: 'max', default: 0.2, min: 0.01, max: 1, whole: false }
    ],
    lines: ['value'],
    styles: ['dots'],
    colours: [PURPLE],
    create: ([step, max]) => one(new PSAR({ accelerationStep: step!, accelerationMax: max! }), (b) => b)
  },
  {
    kind: 'kc',
    place: 'overlay',
    params: [period(20), { ...period(10), name: 'atrPeriod' }, mult(2)],
    lines: ['upper', 'middle', 'lower'],
    colours: [PURPLE, ORANGE, PURPLE],
    create: ([emaInterval, atrInterval, multiplier]) => {
      const kc = new KeltnerChannels({ emaInterval, atrInterval, multiplier })
      return { update: (b, r) => bands(kc.update(b, r)) }
    }
  },
  {
    kind: 'dc',
    place: 'overlay',
    params: [period(20)],
    lines: ['upper', 'middle', 'lower'],
    colours: [BLUE, ORANGE, BLUE],
    create: ([p]) => {
      const dc = new DonchianChannels(p)
      return { update: (b, r) => bands(dc.update(b, r)) }
    }
  },
  {
    kind: 'supertrend',
    place: 'overlay',
    params: [period(10), mult(3)],
    lines: ['value'],
    colours: [TEAL],
    create: ([interval, multiplier]) => {
      const st = new SuperTrend({ interval, multiplier })
      return { update: (b, r) => [st.update(b, r)?.supertrend] }
    }
  },
  {
    kind: 'rsi',
    place: 'pane',
    params: [period(14)],
    lines: ['value'],
    colours: [PURPLE],
    range: [0, 100],
    create: ([p]) => one(new RSI(p!), close)
  },
  {
    kind: 'macd',
    place: 'pane',
    params: [
      { ...period(12), name: 'fast' },
      { ...period(26), name: 'slow' },
      { ...period(9), name: 'signal' }
    ],
    lines: ['macd', 'signal', 'histogram'],
    styles: ['line', 'line', 'bars'],
    colours: [BLUE, ORANGE, PURPLE],
    create: ([fast, slow, signal]) => {
      const macd = new MACD(new EMA(fast!), new EMA(slow!), new EMA(signal!))
      return {
        update: (b, r) => {
          const v = macd.update(b.close, r)
          return [v?.macd, v?.signal, v?.histogram]
        }
      }
    }
  },
  {
    kind: 'kdj',
    place: 'pane',
    params: [period(9), { ...period(3), name: 'smoothing' }, { ...period(3), name: 'dPeriod' }],
    lines: ['k', 'd', 'j'],
    colours: [BLUE, ORANGE, PURPLE],
    create: ([kPeriod, kSlowingPeriod, dPeriod]) => {
      const st = new StochasticOscillator({ kPeriod: kPeriod!, kSlowingPeriod: kSlowingPeriod!, dPeriod: dPeriod! })
      return {
        update: (b, r) => {
          const v = st.update(b, r)
          return [v?.stochK, v?.stochD, v?.stochJ]
        }
      }
    }
  },
  {
    kind: 'atr',
    place: 'pane',
    params: [period(14)],
    lines: ['value'],
    colours: [TEAL],
    create: ([p]) => one(new ATR(p!), (b) => b)
  },
  {
    kind: 'obv',
    place: 'pane',
    params: [],
    lines: ['value'],
    colours: [BLUE],
    // Two bars: OBV compares each close with the one before.
    create: () => one(new OBV(2), (b) => b)
  },
  {
    kind: 'cci',
    place: 'pane',
    params: [period(20)],
    lines: ['value'],
    colours: [ORANGE],
    create: ([p]) => one(new CCI(p!), (b) => b)
  },
  {
    kind: 'mfi',
    place: 'pane',
    params: [period(14)],
    lines: ['value'],
    colours: [PINK],
    range: [0, 100],
    create: ([p]) => one(new MFI(p!), (b) => b)
  },
  {
    kind: 'adx',
    place: 'pane',
    params: [period(14)],
    lines: ['value'],
    colours: [TEAL],
    range: [0, 100],
    create: ([p]) => one(new ADX(p!), (b) => b)
  }
]

const BY_KIND = new Map(INDICATORS.map((d) => [d.kind, d]))

export function indicatorDef(kind: IndicatorKind): IndicatorDef {
  return BY_KIND.get(kind)!
}

/** A new indicator of `kind` with its default parameters and colours. */
export function defaultSetting(kind: IndicatorKind): IndicatorSetting {
  const d = indicatorDef(kind)
  return { kind, params: d.params.map((p) => p.default), colours: [...d.colours] }
}

/**
 * The setting as the calculation may take it: each parameter within its bounds (whole where it must be, the
 * default where missing) and a colour per line. A stored setting from an older catalog still draws.
 */
export function normalSetting(s: IndicatorSetting): IndicatorSetting {
  const d = indicatorDef(s.kind)
  const params = d.params.map((p, i) => {
    const v = s.params[i]
    if (v === undefined || !Number.isFinite(v)) return p.default
    const x = Math.min(p.max, Math.max(p.min, v))
    return p.whole ? Math.round(x) : x
  })
  const colours = d.lines.map((_, i) => s.colours[i] ?? d.colours[i]!)
  return { kind: s.kind, params, colours }
}
