// A drawing as pixels on the drawn axes: the lines, boxes and labels the chart's drawing layer shows, and the hit
// test that selects one. Anchors are data coordinates (bar time, price); `Axes` maps them with ECharts' own
// conversion at the last draw, so the shapes follow zoom, scroll and new bars. Pure apart from that mapping.
import type { Drawing } from '@shared/ipc/schemas/preferences-drawings'
import { channelOffset, distanceToSegment, fibLevels, measure, rayEnd, type Px } from './geometry'
import { add } from '@shared/decimal'
import type { CandleData } from '../candles'

export interface Axes {
  data: CandleData
  barSeconds: number
  decimals: number
  /** The price grid's box in the plot (px): shapes are clipped to it, so they never cover the axis labels. */
  box: { x: number; y: number; w: number; h: number }
  xOf(t: number): number
  yOf(price: string): number
}

export interface Seg {
  a: Px
  b: Px
  dashed?: boolean
}
export interface Label {
  x: number
  y: number
  text: string
  anchor: 'start' | 'end'
}
export interface Shape {
  id: string
  colour: string
  locked: boolean
  segs: Seg[]
  /** Filled boxes (rectangle, measure, channel band) as polygons. */
  fills: Px[][]
  labels: Label[]
  /** The anchor points in pixels (handles shown when selected). */
  handles: Px[]
}

/** The labels' words and figures, in the window's language and number format. */
export interface ShapeWords {
  measure(change: string, pct: string, bars: number): string
  price(p: string): string
}

export function shapeOf(d: Drawing, ax: Axes, words: ShapeWords): Shape {
  const pts = d.points.map((p) => ({ x: ax.xOf(p.t), y: ax.yOf(p.p) }))
  const s: Shape = { id: d.id, colour: d.colour, locked: d.locked, segs: [], fills: [], labels: [], handles: pts }
  const [a, b, c] = pts
  const { x: left, w } = ax.box
  const right = left + w
  switch (d.kind) {
    case 'hline':
      s.segs.push({ a: { x: left, y: a!.y }, b: { x: right, y: a!.y } })
      s.labels.push({ x: right - 4, y: a!.y - 3, text: words.price(d.points[0]!.p), anchor: 'end' })
      break
    case 'ray':
      // Beyond the box is clipped: its far corner is as far as the ray needs to run.
      s.segs.push({ a: a!, b: rayEnd(a!, b!, right, ax.box.y + ax.box.h) })
      break
    case 'trend':
      s.segs.push({ a: a!, b: b! })
      break
    case 'rect':
      s.fills.push([a!, { x: b!.x, y: a!.y }, b!, { x: a!.x, y: b!.y }])
      break
    case 'fib': {
      const [x0, x1] = [Math.min(a!.x, b!.x), Math.max(a!.x, b!.x)]
      s.segs.push({ a: a!, b: b!, dashed: true })
      for (const l of fibLevels(d.points[0]!.p, d.points[1]!.p, ax.decimals)) {
        const y = ax.yOf(l.price)
        s.segs.push({ a: { x: x0, y }, b: { x: Math.max(x1, x0 + 40), y } })
        s.labels.push({ x: x0 + 2, y: y - 2, text: `${l.ratio} (${words.price(l.price)})`, anchor: 'start' })
      }
      break
    }
    case 'channel': {
      const off = channelOffset(d.points, ax.data, ax.barSeconds, ax.decimals)
      const a2 = { x: a!.x, y: ax.yOf(add(d.points[0]!.p, off)) }
      const b2 = { x: b!.x, y: ax.yOf(add(d.points[1]!.p, off)) }
      s.segs.push({ a: a!, b: b! }, { a: a2, b: b2 })
      s.fills.push([a!, b!, b2, a2])
      s.handles = [a!, b!, c!]
      break
    }
    case 'measure': {
      const m = measure(d.points[0]!, d.points[1]!, ax.data, ax.barSeconds, ax.decimals)
      s.fills.push([a!, { x: b!.x, y: a!.y }, b!, { x: a!.x, y: b!.y }])
      s.segs.push({ a: { x: a!.x, y: (a!.y + b!.y) / 2 }, b: { x: b!.x, y: (a!.y + b!.y) / 2 }, dashed: true })
      s.labels.push({
        x: (a!.x + b!.x) / 2,
        y: Math.min(a!.y, b!.y) - 4,
        text: words.measure(m.change, m.pct, m.bars),
        anchor: 'start'
      })
      break
    }
    case 'text':
      s.labels.push({ x: a!.x, y: a!.y, text: d.text, anchor: 'start' })
      break
  }
  return s
}

/** Inside a polygon (even-odd). */
function inside(p: Px, poly: readonly Px[]): boolean {
  let hit = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [pi, pj] = [poly[i]!, poly[j]!]
    if (pi.y > p.y !== pj.y > p.y && p.x < ((pj.x - pi.x) * (p.y - pi.y)) / (pj.y - pi.y) + pi.x) hit = !hit
  }
  return hit
}

/** Pixels from a shape within which the pointer is on it. */
export const HIT_PX = 6

/** The topmost shape under the pointer and the handle (anchor index) it is on, or null. */
export function hitTest(shapes: readonly Shape[], p: Px): { id: string; handle: number | null } | null {
  for (let k = shapes.length - 1; k >= 0; k--) {
    const s = shapes[k]!
    const handle = s.handles.findIndex((h) => Math.hypot(h.x - p.x, h.y - p.y) <= HIT_PX)
    if (handle >= 0) return { id: s.id, handle }
    if (s.segs.some((g) => distanceToSegment(p, g.a, g.b) <= HIT_PX) || s.fills.some((f) => inside(p, f)))
      return { id: s.id, handle: null }
    // A note: the box its text takes (about 7 px a character, one line).
    for (const l of s.labels)
      if (s.segs.length === 0 && s.fills.length === 0)
        if (p.x >= l.x - 2 && p.x <= l.x + l.text.length * 7 + 2 && p.y >= l.y - 14 && p.y <= l.y + 4)
          return { id: s.id, handle: null }
  }
  return null
}
