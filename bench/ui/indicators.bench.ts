// Chart indicators on a live candle (issue 17 item 6's first budget: <= 1 ms p50 for 10 indicators over 10,000 bars):
// 10 indicators of the chart (indicators/indicator-series.ts over trading-signals) are run over 10,000 bars, then
// live ticks arrive as the chart gets them (the open bar replaced `--ticks` times, then a new bar), and each one's
// work is timed: the chart's own merge of the bar (charts/candles.ts mergeCandles, with MA5/10/30) and the 10
// indicators' incremental update (syncRun). The peer, in the same run after the ticks (so its garbage does not land
// in their figures): the 10 indicators computed in full over the same bars, `--full-reps` times (what a chart without
// the incremental path would do per tick); the ratio of the two p50s says what the incremental path saves. Plain
// Node, no page: the drawing is the UI bench's (render.bench.ts). Seeded; figures only, never asserted.
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import type { CandleView } from '@shared/ipc/views/market'
import { seededRandom } from '@shared/random'
import { arg } from '../args'
import { quantile } from '../stats'
import { candleData, mergeCandles } from '../../src-renderer/src/charts/candles'
import { defaultSetting, type IndicatorKind } from '../../src-renderer/src/indicators/catalog'
import { runOver, syncRun } from '../../src-renderer/src/indicators/indicator-series'

const BARS = Number(arg('bars', '10000'))
const NEW_BARS = Number(arg('new-bars', '2000'))
const TICKS = Number(arg('ticks', '10'))
const SEED = Number(arg('seed', '42'))
/** Full recomputes of the 10 over every bar (~250 ms each on a quiet 2-core box), timed after the ticks. */
const FULL_REPS = Number(arg('full-reps', '20'))
const OUT = arg('out', '')
/** Ten of the chart's kinds, overlays and panes, the costlier ones among them (bands, SAR, KDJ, ADX). */
const KINDS: IndicatorKind[] = ['sma', 'ema', 'bb', 'vwap', 'psar', 'kc', 'rsi', 'macd', 'kdj', 'adx']

const rnd = seededRandom(SEED)
let price = 65_000
const fx = (x: number): string => x.toFixed(2)
/** A bar at `i` minutes, moving on from the last close. */
function nextBar(i: number): CandleView {
  const open = price
  price = Math.max(1, open + (rnd() - 0.5) * 40)
  return {
    id: 1_700_000_000 + i * 60,
    open: fx(open),
    close: fx(price),
    high: fx(Math.max(open, price) + rnd() * 10),
    low: fx(Math.min(open, price) - rnd() * 10),
    vol: (rnd() * 5).toFixed(6),
    amount: null
  }
}

const ms = (ns: bigint): number => Number(ns) / 1e6
const loadStart = loadavg()[0]!
const data = candleData(Array.from({ length: BARS }, (_, i) => nextBar(i)))
const t0 = process.hrtime.bigint()
const runs = KINDS.map((k) => runOver(defaultSetting(k), data))
const batchMs = ms(process.hrtime.bigint() - t0)

// Warm-up (JIT): a few hundred ticks, not recorded.
const times = { tick: [] as number[], bar: [] as number[], merge: [] as number[], full: [] as number[] }
let minute = BARS
function feed(record: boolean): void {
  const bar = nextBar(minute++)
  for (let k = 0; k < TICKS; k++) {
    // The open bar's ticks: the close wanders, the last tick is the bar as it closes.
    const tick = k === TICKS - 1 ? bar : { ...bar, close: fx(Number(bar.close) + (rnd() - 0.5) * 5) }
    const a = process.hrtime.bigint()
    const from = mergeCandles(data, [tick])
    const b = process.hrtime.bigint()
    for (const run of runs) syncRun(run, data, from)
    const c = process.hrtime.bigint()
    if (!record) continue
    times.merge.push(ms(b - a))
    ;(k === 0 ? times.bar : times.tick).push(ms(c - b))
  }
}
for (let i = 0; i < 200; i++) feed(false)
for (let i = 0; i < NEW_BARS; i++) feed(true)
// The peer: the same 10 indicators run over every bar held now, as a chart recomputing on each tick would.
for (let i = 0; i < FULL_REPS; i++) {
  const d = process.hrtime.bigint()
  for (const run of runs) runOver(run.setting, data)
  times.full.push(ms(process.hrtime.bigint() - d))
}

const stat = (xs: number[]) => {
  const s = Float64Array.from(xs).sort()
  return { n: s.length, p50: quantile(s, 0.5), p99: quantile(s, 0.99), p999: quantile(s, 0.999), max: s[s.length - 1]! }
}
const all = [...times.tick, ...times.bar]
const result = {
  bench: 'indicators',
  what: '10 indicators incremental update per live candle (ms), after a run over the bars',
  kinds: KINDS,
  bars: BARS,
  barsAtEnd: data.time.length,
  ticksPerBar: TICKS,
  batchOverBarsMs: batchMs,
  /** Every live candle: ticks replacing the open bar and the first tick of a new bar. */
  live: stat(all),
  replace: stat(times.tick),
  append: stat(times.bar),
  /** The chart's own merge of the candle (with MA5/10/30), beside the indicators. */
  merge: stat(times.merge),
  /** The peer: the 10 indicators computed in full over the same bars (`barsAtEnd`), `fullReps` times. */
  full: stat(times.full),
  fullReps: FULL_REPS,
  /** How many times the full computation's p50 the incremental path's is below it. */
  fullOverLiveP50: stat(times.full).p50 / stat(all).p50,
  goal: { p50Ms: 1, met: stat(all).p50 <= 1 },
  conditions: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? '',
    node: process.version,
    loadStart,
    loadEnd: loadavg()[0]!
  }
}

const f = (x: number): string => x.toFixed(4)
console.log(`10 indicators (${KINDS.join(', ')}) over ${BARS} bars; batch run over them: ${batchMs.toFixed(1)} ms`)
for (const [name, s] of Object.entries({
  live: result.live,
  replace: result.replace,
  append: result.append,
  merge: result.merge,
  full: result.full
}))
  console.log(
    `${name.padEnd(8)} n=${s.n} p50 ${f(s.p50)} ms  p99 ${f(s.p99)} ms  p99.9 ${f(s.p999)} ms  max ${f(s.max)} ms`
  )
console.log(
  `live: the 10 indicators' incremental update per live candle; replace/append: its two kinds; merge: the chart's own merge of the candle; full: the peer, the 10 computed in full over the same ${data.time.length} bars (${FULL_REPS} times, after the ticks). full p50 / live p50 = ${result.fullOverLiveP50.toFixed(0)}x`
)
console.log(
  `goal p50 <= 1 ms: ${result.goal.met ? 'met' : 'NOT met'} (load ${loadStart.toFixed(2)} -> ${result.conditions.loadEnd.toFixed(2)})`
)
if (OUT) writeFileSync(OUT, JSON.stringify(result, null, 2))
