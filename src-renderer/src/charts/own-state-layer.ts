// The trader's own state on the candle chart, as one ECharts series (id `own`) with no data of its own: open orders,
// trigger orders, the position's entry and liquidation price and price alerts as price lines (markLine), own fills
// as markers on the bars they fall in (markPoint), and the levels of live algorithms (charts/algo-lines.ts: dashed, in
// the algorithm colour, apart from plain orders). Prices stay decimal text in every label; Number() only places
// a line or marker. Pure: the component hands it the state, the words and the drawn axes, and applies the series
// only when its key changed. A line's identity (e.g. `order:123`) is its data item's name, so a pointer event on it
// names what it is (ownLineOf).
import { compare, sub } from '@shared/decimal'
import type { OwnAlgoLevel } from './algo-lines'
import { slotLayout, type CandleData, type CandleSpan } from './candles'
import type { ChartTheme } from './theme'

export type Side = 'BUY' | 'SELL'
export interface OwnOrder {
  id: string
  side: Side
  price: string
  volume: string
  executed: string
}
export type TriggerKind = 'stop-loss' | 'take-profit' | 'trigger'
export interface OwnTrigger {
  id: string
  side: Side
  kind: TriggerKind
  triggerPrice: string
  volume: string
}
export interface OwnPosition {
  id: string
  side: Side
  volume: string
  entry: string
  /** Null where the venue gives none (never derived here). */
  liquidation: string | null
}
export interface OwnFill {
  id: string
  side: Side
  price: string
  qty: string
  /** ms */
  time: number
}
export interface OwnAlert {
  id: string
  /** A cross alert's level, or a channel's low or high. */
  part: 'level' | 'low' | 'high'
  price: string
  paused: boolean
}
export interface OwnState {
  orders: readonly OwnOrder[]
  triggers: readonly OwnTrigger[]
  positions: readonly OwnPosition[]
  fills: readonly OwnFill[]
  alerts: readonly OwnAlert[]
  /** The live algorithms' levels on this market (none when absent). */
  algos?: readonly OwnAlgoLevel[]
}
export const NO_OWN_STATE: OwnState = Object.freeze({
  orders: [],
  triggers: [],
  positions: [],
  fills: [],
  alerts: [],
  algos: []
})

/** The words of the labels, in the window's language (the component builds them with t()). */
export interface OwnWords {
  order(side: Side, qty: string, price: string): string
  trigger(kind: TriggerKind, side: Side, qty: string, price: string): string
  entry(side: Side, qty: string, price: string): string
  liquidation(price: string): string
  alert(part: OwnAlert['part'], price: string, paused: boolean): string
  /** An algorithm's level: its kind and part, price, size and side ("OCO stop 61,000 · Sell 0.5"). */
  algo(level: OwnAlgoLevel): string
  /** One letter on a fill's marker: B or S in the window's language. */
  fillLetter(side: Side): string
}

/** What a line stands for, read from a pointer event's data item (what dragging an order's line hooks into). */
export interface OwnLineRef {
  kind: 'order' | 'trigger' | 'entry' | 'liquidation' | 'alert' | 'algo'
  id: string
}
const LINE_ID = /^(order|trigger|entry|liquidation|alert|algo):(.+)$/
/** The line a pointer event on the own series is on: its item's name, which ECharts puts in every event's params. */
export function ownLineOf(params: unknown): OwnLineRef | null {
  const p = params as { componentType?: string; seriesId?: string; name?: unknown } | null
  if (p?.componentType !== 'markLine' || p.seriesId !== 'own' || typeof p.name !== 'string') return null
  const m = LINE_ID.exec(p.name)
  return m ? { kind: m[1] as OwnLineRef['kind'], id: m[2]! } : null
}

export interface OwnAxes {
  data: CandleData
  slice: CandleSpan
  /** Bars when ECharts last drew (its axis slots are laid out for this many). */
  drawnTotal: number
  /** Bar length in seconds. */
  barSeconds: number
  /** The price axis' drawn range: a line outside it is left out (it would sit over the time axis or the gutter). */
  min: number
  max: number
  /** A price's pixel row on the chart, to keep close lines' labels apart; without it every label starts at the left. */
  toPx?: (price: number) => number
  /** The price grid's width in px: a label that finds no room in it is shown only under the pointer. */
  room?: number
}

/** A label's height and its text's width per character (10 px text; wide CJK characters count double), in px. */
const LABEL_PX = 15
const labelWidth = (text: string): number =>
  10 + [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2000 ? 11 : 6), 0)

/**
 * Each label's shift right (px): one that would overlap a label of a line close above or below moves past it; null
 * where that would run past `room` (over the price axis): that label shows only under the pointer.
 */
export function labelShifts(
  lines: readonly OwnLine[],
  toPx: (price: number) => number,
  room = Infinity
): (number | null)[] {
  const placed: { y: number; from: number; to: number }[] = []
  return lines.map((l) => {
    const y = toPx(l.yAxis)
    const w = labelWidth(l.text)
    let x = 0
    for (;;) {
      const hit = placed.find((p) => Math.abs(p.y - y) < LABEL_PX && p.from < x + w && x < p.to)
      if (!hit) break
      x = hit.to + 4
    }
    if (x > 0 && x + w > room) return null
    placed.push({ y, from: x, to: x + w })
    return x
  })
}

/** Index of the bar a time (ms) falls in, or -1 (before the first bar, or after the last one's end). */
export function barOf(data: CandleData, ms: number, barSeconds: number): number {
  const s = ms / 1000
  const time = data.time
  let lo = 0
  let hi = time.length - 1
  if (hi < 0 || s < time[0]!) return -1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (time[mid]! <= s) lo = mid
    else hi = mid - 1
  }
  return s < time[lo]! + barSeconds ? lo : -1
}

export interface OwnLine {
  ownId: string
  yAxis: number
  text: string
  colour: string
  dash: 'solid' | 'dashed' | 'dotted'
}

/** The price lines, in a fixed order (orders, triggers, positions, algorithms, alerts), each inside the drawn range. */
export function ownLines(s: OwnState, w: OwnWords, t: ChartTheme, min: number, max: number): OwnLine[] {
  const out: OwnLine[] = []
  const push = (ownId: string, price: string, text: string, colour: string, dash: OwnLine['dash']): void => {
    const y = Number(price)
    if (Number.isFinite(y) && y >= min && y <= max) out.push({ ownId, yAxis: y, text, colour, dash })
  }
  const tone = (side: Side): string => (side === 'BUY' ? t.up : t.down)
  for (const o of s.orders)
    // A market order rests at no price: it has no line.
    if (compare(o.price, '0') > 0)
      push(`order:${o.id}`, o.price, w.order(o.side, sub(o.volume, o.executed), o.price), tone(o.side), 'solid')
  for (const g of s.triggers)
    push(`trigger:${g.id}`, g.triggerPrice, w.trigger(g.kind, g.side, g.volume, g.triggerPrice), tone(g.side), 'dashed')
  for (const p of s.positions) {
    push(`entry:${p.id}`, p.entry, w.entry(p.side, p.volume, p.entry), t.fg, 'solid')
    if (p.liquidation !== null && compare(p.liquidation, '0') > 0)
      push(`liquidation:${p.id}`, p.liquidation, w.liquidation(p.liquidation), t.down, 'dashed')
  }
  for (const a of s.algos ?? []) push(`algo:${a.id}`, a.price, w.algo(a), t.algo, a.paused ? 'dotted' : 'dashed')
  for (const a of s.alerts)
    push(
      `alert:${a.id}:${a.part}`,
      a.price,
      w.alert(a.part, a.price, a.paused),
      t.muted,
      a.paused ? 'dotted' : 'dashed'
    )
  return out
}

interface Marker {
  ownId: string
  coord: [number, number]
  side: Side
  letter: string
}

/** Own fills on the drawn slots: one marker per fill whose bar is in the drawn slice. */
export function ownMarkers(s: OwnState, w: OwnWords, a: OwnAxes): Marker[] {
  const layout = slotLayout(a.slice, a.drawnTotal)
  const out: Marker[] = []
  for (const f of s.fills) {
    const bar = barOf(a.data, f.time, a.barSeconds)
    if (bar < a.slice.from || bar >= a.slice.to) continue
    const y = Number(f.price)
    if (!Number.isFinite(y)) continue
    out.push({
      ownId: `fill:${f.id}`,
      coord: [layout.padLeft + bar - a.slice.from, y],
      side: f.side,
      letter: w.fillLetter(f.side)
    })
  }
  return out
}

/** The `own` series (merged by id into the chart) and a key that changes only when what it draws changes. */
export function ownStateSeries(
  s: OwnState,
  w: OwnWords,
  t: ChartTheme,
  a: OwnAxes
): { key: string; series: Record<string, unknown>; lines: OwnLine[] } {
  const lines = ownLines(s, w, t, a.min, a.max)
  const shifts = a.toPx ? labelShifts(lines, a.toPx, a.room) : lines.map(() => 0)
  const markers = ownMarkers(s, w, a)
  // Nothing to draw is the empty key, which a chart that never drew its own series starts from: no update at all.
  const key = lines.length || markers.length ? JSON.stringify([lines, shifts, markers, t]) : ''
  const series = {
    id: 'own',
    type: 'line',
    xAxisIndex: 0,
    yAxisIndex: 0,
    data: [],
    z: 4,
    animation: false,
    markLine: {
      symbol: 'none',
      animation: false,
      // Not silent: a pointer event on a line carries its data item (ownLineOf) for the line drags to come.
      silent: false,
      data: lines.map((l, k) => ({
        name: l.ownId,
        yAxis: l.yAxis,
        lineStyle: { color: l.colour, type: l.dash, width: 1 },
        // Inside the price grid at its left end: never over the axis labels or the last-price tag on the right.
        label: {
          show: shifts[k] !== null,
          position: 'insideStartTop',
          formatter: () => l.text,
          color: t.fg,
          backgroundColor: t.border,
          padding: [1, 4],
          fontSize: 10,
          // Lines closer than a label's height: their labels side by side, none covering another.
          offset: [shifts[k] ?? 0, 0]
        },
        emphasis: { label: { show: true } }
      }))
    },
    markPoint: {
      animation: false,
      silent: true,
      data: markers.map((m) => ({
        name: m.ownId,
        coord: m.coord,
        // Shape and letter tell the side (not colour alone): a buy points up from below, a sell down from above.
        symbol: 'triangle',
        symbolSize: 9,
        symbolRotate: m.side === 'BUY' ? 0 : 180,
        symbolOffset: [0, m.side === 'BUY' ? 9 : -9],
        itemStyle: { color: m.side === 'BUY' ? t.up : t.down },
        label: {
          show: true,
          formatter: () => m.letter,
          position: m.side === 'BUY' ? 'bottom' : 'top',
          color: t.fg,
          fontSize: 9
        }
      }))
    }
  }
  return { key, series, lines }
}
