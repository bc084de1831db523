// Candle history as the chart keeps it: the exact views (the tooltip shows their text) beside float columns used
// only as drawing coordinates, with the moving averages. A live update touches the last bar, so merging it and
// patching the averages is O(longest period), whatever the history length.
import type { CandleView } from '@shared/ipc/views/market'

export const MA_PERIODS = [5, 10, 30] as const
export type MaPeriod = (typeof MA_PERIODS)[number]

export interface CandleData {
  views: CandleView[]
  /** Open time, seconds. */
  time: number[]
  open: number[]
  close: number[]
  low: number[]
  high: number[]
  vol: number[]
  /** Moving average of the close per period; NaN until the period is filled. */
  ma: Record<MaPeriod, number[]>
}

export function emptyCandles(): CandleData {
  return { views: [], time: [], open: [], close: [], low: [], high: [], vol: [], ma: { 5: [], 10: [], 30: [] } }
}

function setFloats(d: CandleData, i: number, c: CandleView): void {
  d.time[i] = c.id
  d.open[i] = Number(c.open)
  d.close[i] = Number(c.close)
  d.low[i] = Number(c.low)
  d.high[i] = Number(c.high)
  d.vol[i] = Number(c.vol)
}

/** Recomputes every average from bar `from` on: a running sum, seeded with the `p` bars before `from`. */
function recomputeMa(d: CandleData, from: number): void {
  const n = d.close.length
  for (const p of MA_PERIODS) {
    // Written in order from `from` (appending as the bars do): never pre-sized, which would make a sparse array.
    const ma = d.ma[p]
    let sum = 0
    for (let j = Math.max(0, from - p); j < from; j++) sum += d.close[j]!
    for (let i = from; i < n; i++) {
      sum += d.close[i]!
      if (i >= p) sum -= d.close[i - p]!
      ma[i] = i + 1 >= p ? sum / p : NaN
    }
  }
}

/** Index of the candle with open time `id`, or -(insertion point) - 1. */
function search(time: number[], id: number): number {
  let lo = 0
  let hi = time.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const t = time[mid]!
    if (t === id) return mid
    if (t < id) lo = mid + 1
    else hi = mid - 1
  }
  return -lo - 1
}

/**
 * Upserts candles by open time (the stream's contract: changed candles, oldest first). Returns the first index
 * that changed, or -1. The usual live update replaces the last bar or appends one.
 */
export function mergeCandles(d: CandleData, updates: readonly CandleView[]): number {
  let first = -1
  for (const c of updates) {
    const n = d.time.length
    let i: number
    if (n === 0 || c.id > d.time[n - 1]!) i = n
    else if (c.id === d.time[n - 1]) i = n - 1
    else {
      i = search(d.time, c.id)
      if (i < 0) {
        i = -i - 1
        for (const col of [d.views, d.time, d.open, d.close, d.low, d.high, d.vol] as unknown[][])
          col.splice(i, 0, undefined)
      }
    }
    d.views[i] = c
    setFloats(d, i, c)
    if (first < 0 || i < first) first = i
  }
  if (first >= 0) recomputeMa(d, first)
  return first
}

/**
 * Bars now in front of the bar that opened at `oldFirst` (the first before a merge): older history merged in shifts
 * every index by this much, so a view kept in place moves with it. 0 when nothing came in front (or it is gone).
 */
export function barsBefore(d: CandleData, oldFirst: number | undefined): number {
  if (oldFirst === undefined || !d.time.length || d.time[0]! >= oldFirst) return 0
  return Math.max(0, search(d.time, oldFirst))
}

export function candleData(views: readonly CandleView[]): CandleData {
  const d = emptyCandles()
  mergeCandles(d, views)
  return d
}

// ---- the window ECharts is given -----------------------------------------------------------------------------
// ECharts re-processes every point it holds on each update (100k candles: ~350 ms), so it is given only a slice
// around the bars in view; zoom and pan move the view, and the slice follows when the view nears its edge.

/** Bars in view, absolute indexes, `to` exclusive. */
export interface CandleSpan {
  from: number
  to: number
}

export const DEFAULT_SPAN = 120
export const MIN_SPAN = 10

/** The latest `span` bars. */
export function latestSpan(total: number, span = DEFAULT_SPAN): CandleSpan {
  return { from: Math.max(0, total - span), to: total }
}

/**
 * The slice handed to ECharts: the view plus a margin of half a view (at least 60 bars) each side. Each full redraw
 * costs in proportion to the bars held, so the margin is only room to pan a little before a new slice is due.
 */
export function sliceFor(view: CandleSpan, total: number): CandleSpan {
  const margin = Math.max(60, (view.to - view.from) >> 1)
  return { from: Math.max(0, view.from - margin), to: Math.min(total, view.to + margin) }
}

/** Whether the view came within a quarter margin of a slice edge that is not the data's edge. */
export function needsReslice(view: CandleSpan, slice: CandleSpan, total: number): boolean {
  const guard = Math.max(15, (view.to - view.from) >> 3)
  return (
    (slice.from > 0 && view.from - slice.from < guard) ||
    (slice.to < total && slice.to - view.to < guard) ||
    view.to > slice.to
  )
}

/** The view after a data change of `total` bars (was `before`): following the latest bar, it moves along. */
export function followView(view: CandleSpan, before: number, total: number): CandleSpan {
  if (before === 0) return latestSpan(total)
  if (view.to < before) return view
  const span = Math.max(MIN_SPAN, view.to - view.from)
  return { from: Math.max(0, total - span), to: total }
}

// ---- slots on the axis ---------------------------------------------------------------------------------------
// The category axis has a few empty slots right of the latest bar (room for the next one), and at least MIN_SLOTS
// in all, so a young market's few bars sit at the right at a normal width instead of one bar filling the chart.

export const RIGHT_PAD = 4
export const MIN_SLOTS = 80

export interface SlotLayout {
  padLeft: number
  padRight: number
  /** Slots on the axis: padLeft + bars of the slice + padRight. */
  count: number
}

export function slotLayout(slice: CandleSpan, total: number): SlotLayout {
  const n = slice.to - slice.from
  const padRight = slice.to === total ? RIGHT_PAD : 0
  const padLeft = slice.from === 0 ? Math.max(0, MIN_SLOTS - n - padRight) : 0
  return { padLeft, padRight, count: padLeft + n + padRight }
}

/** Absolute bar index of an axis slot (may fall outside 0..total-1 in the padding). */
export function slotToBar(slot: number, slice: CandleSpan, layout: SlotLayout): number {
  return slice.from + slot - layout.padLeft
}

/** The zoom window in slots for a view: the padding is shown when the view reaches the data's edge. */
export function viewToSlots(
  view: CandleSpan,
  slice: CandleSpan,
  total: number,
  layout: SlotLayout
): [start: number, end: number] {
  const start = view.from === 0 ? 0 : layout.padLeft + view.from - slice.from
  const end = view.to >= total ? layout.count - 1 : layout.padLeft + view.to - 1 - slice.from
  return [start, Math.max(start, end)]
}

/** The view for a zoom window in slots (inverse of viewToSlots). */
export function slotsToView(
  start: number,
  end: number,
  slice: CandleSpan,
  total: number,
  layout: SlotLayout
): CandleSpan {
  const clamp = (x: number): number => Math.max(0, Math.min(total, x))
  const from = clamp(slotToBar(start, slice, layout))
  const to = end >= layout.count - layout.padRight ? total : clamp(slotToBar(end, slice, layout) + 1)
  return { from: Math.min(from, Math.max(0, to - 1)), to }
}
