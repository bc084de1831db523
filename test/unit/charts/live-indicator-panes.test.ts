// An indicator pane on the live candle: its series end before the live bar, whose part the live layer draws from the
// run kept incrementally (indicators/indicator-series.ts), so a pane's last value moves with each tick and a new bar
// appends one, each equal to the library's own computation over the same bars run in full.
import { describe, expect, it } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import { seededRandom } from '@shared/random'
import { buildCandleOption, liveBarsOf } from '../../../src-renderer/src/charts/candle-option'
import { candleData, latestSpan, mergeCandles, sliceFor } from '../../../src-renderer/src/charts/candles'
import { FALLBACK_THEME } from '../../../src-renderer/src/charts/theme'
import { defaultSetting } from '../../../src-renderer/src/indicators/catalog'
import { runOver, syncRun } from '../../../src-renderer/src/indicators/indicator-series'

/** A seeded walk of one-minute bars as the wire's decimal text. */
function walk(n: number): CandleView[] {
  const rnd = seededRandom(11)
  let close = 100
  return Array.from({ length: n }, (_, i) => {
    const open = close
    close = Math.max(1, open + (rnd() - 0.5) * 4)
    const fx = (x: number): string => x.toFixed(2)
    return {
      id: 1_700_000_000 + i * 60,
      open: fx(open),
      close: fx(close),
      high: fx(Math.max(open, close) + rnd()),
      low: fx(Math.min(open, close) - rnd()),
      vol: (1 + rnd() * 9).toFixed(3),
      amount: null
    }
  })
}

const BARS = walk(200)
type Series = { id: string; data: unknown[] }

describe('indicator panes on the live candle', () => {
  it('leaves the live bar out of the pane series and gives the live layer its segment and histogram bar', () => {
    const data = candleData(BARS.slice(0, 150))
    const runs = [runOver(defaultSetting('rsi'), data), runOver(defaultSetting('macd'), data)]
    const view = latestSpan(150)
    const slice = sliceFor(view, 150)
    const o = buildCandleOption({
      data,
      slice,
      view,
      interval: '1min',
      theme: FALLBACK_THEME,
      live: true,
      indicators: runs
    })
    const rsi = (o.series as Series[]).find((s) => s.id === 'ind0p0')!
    // The slot of the live bar holds no value in the series (the live layer draws it); the bar before does.
    const values = rsi.data.filter((v) => v !== '-')
    expect(values.at(-1)).toBe(runs[0]!.lines[0]![148])
    expect(values).not.toContain(runs[0]!.lines[0]![149])

    const [bar] = liveBarsOf(data, slice, 150, runs)
    const panes = bar!.panes
    expect(panes.map((p) => [p.pane, p.bars])).toEqual([
      [0, false],
      [1, false],
      [1, false],
      [1, true]
    ])
    expect(panes[0]!.from![1]).toBe(runs[0]!.lines[0]![148])
    expect(panes[0]!.to).toEqual([bar!.slot, runs[0]!.lines[0]![149]])
    expect(panes[0]!.from![0]).toBe(bar!.slot - 1)
    // MACD's histogram: a bar at the live slot, no segment.
    expect(panes[3]).toMatchObject({ from: null, to: [bar!.slot, runs[1]!.lines[2]![149]] })
  })

  it("moves the pane's last value with each tick and appends a new bar, equal to the library's full computation", () => {
    const data = candleData(BARS.slice(0, 150))
    const runs = [runOver(defaultSetting('rsi'), data), runOver(defaultSetting('macd'), data)]
    const view = latestSpan(150)
    const slice = sliceFor(view, 150)
    const full = (views: CandleView[]) => [
      runOver(defaultSetting('rsi'), candleData(views)),
      runOver(defaultSetting('macd'), candleData(views))
    ]
    const lastTo = (pane: number, k: number): number =>
      liveBarsOf(data, slice, 150, runs)
        .at(-1)!
        .panes.filter((p) => p.pane === pane)[k]!.to![1]

    // Ticks of the open bar (bar 149): the close moves; the drawn value follows, without a run over the history.
    let seen = lastTo(0, 0)
    for (const close of ['103.10', '96.40', '99.99']) {
      const tick = { ...BARS[149]!, close, high: '110.00', low: '90.00' }
      const from = mergeCandles(data, [tick])
      for (const r of runs) expect(syncRun(r, data, from)).toBe(149)
      const now = lastTo(0, 0)
      expect(now).not.toBe(seen)
      seen = now
      const [rsi, macd] = full([...BARS.slice(0, 149), tick])
      expect(now).toBeCloseTo(rsi!.lines[0]![149]!, 9)
      expect(lastTo(1, 2)).toBeCloseTo(macd!.lines[2]![149]!, 9)
    }
    // The bar closes as BARS[149] and a new one opens: the live layer draws both, the new one in the next slot.
    const from = mergeCandles(data, [BARS[149]!, BARS[150]!])
    for (const r of runs) syncRun(r, data, from)
    const drawn = liveBarsOf(data, slice, 150, runs)
    expect(drawn.map((b) => b.slot)).toEqual([drawn[0]!.slot, drawn[0]!.slot + 1])
    const [rsi, macd] = full(BARS.slice(0, 151))
    const seg = drawn[1]!.panes[0]!
    expect(seg.from![1]).toBeCloseTo(rsi!.lines[0]![149]!, 9)
    expect(seg.to![1]).toBeCloseTo(rsi!.lines[0]![150]!, 9)
    expect(drawn[1]!.panes[1]!.to![1]).toBeCloseTo(macd!.lines[0]![150]!, 9)
  })
})
