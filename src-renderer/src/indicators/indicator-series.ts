// An indicator's values over the chart's candles, kept in step with them: a live tick of the open bar replaces the
// last input, a new bar appends one, so each costs one `update` of the library's calculation whatever the history's
// length. Only a change further back (older history merged in, a bar corrected deep in the past) starts over.
// The values are floats for drawing only (never an order's or a balance's figure).
import type { CandleData } from '../charts/candles'
import { indicatorDef, normalSetting, type Calc, type IndicatorDef, type IndicatorSetting } from './catalog'

export interface IndicatorRun {
  setting: IndicatorSetting
  def: IndicatorDef
  /** One column per line, by bar index; NaN where the indicator has no value yet. */
  lines: number[][]
  /** Bars the calculation has taken (the last of them may still be open). */
  fed: number
  calc: Calc
}

export function createRun(setting: IndicatorSetting): IndicatorRun {
  const s = normalSetting(setting)
  const def = indicatorDef(s.kind)
  return { setting: s, def, lines: def.lines.map(() => []), fed: 0, calc: def.create(s.params) }
}

function restart(run: IndicatorRun): void {
  run.calc = run.def.create(run.setting.params)
  run.lines = run.def.lines.map(() => [])
  run.fed = 0
}

/**
 * Brings the run up to the candles after they changed from bar `from` on (mergeCandles' answer; -1: nothing).
 * Returns the first bar whose values changed, or -1.
 */
export function syncRun(run: IndicatorRun, d: CandleData, from: number): number {
  const n = d.time.length
  if (from < 0 && run.fed === n) return -1
  // A change before the open bar (or fewer bars than fed): the calculation cannot go back, so it starts over.
  if (n < run.fed || (from >= 0 && from < run.fed - 1)) restart(run)
  const start = Math.min(from < 0 ? run.fed : from, run.fed)
  for (let i = start; i < n; i++) {
    let out: readonly (number | null | undefined)[]
    try {
      out = run.calc.update(
        { open: d.open[i]!, high: d.high[i]!, low: d.low[i]!, close: d.close[i]!, volume: d.vol[i]! },
        i < run.fed
      )
    } catch {
      out = [] // a degenerate input the library refuses (e.g. no range at all): no value for this bar
    }
    for (let k = 0; k < run.lines.length; k++) {
      const v = out[k]
      run.lines[k]![i] = typeof v === 'number' && Number.isFinite(v) ? v : NaN
    }
  }
  run.fed = n
  return start < n ? start : -1
}

/** A run over every bar at once (what a restart does), for a new indicator or a new series. */
export function runOver(setting: IndicatorSetting, d: CandleData): IndicatorRun {
  const run = createRun(setting)
  syncRun(run, d, 0)
  return run
}
