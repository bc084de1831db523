// The chart's drawings as a preference main keeps (preferences.json): app-wide, by market key, because they are the
// trader's marks on a market, not an account's state, so every profile sees the same ones. Each drawing is anchored
// in data coordinates (bar open time in seconds, price as decimal text), so it follows zoom, scroll and new bars.
import { z } from 'zod'
import { rule } from './field-rule'
import { obj, positiveDecimal } from './common'

/** The drawing tools (src-renderer/src/charts/drawings/tools.ts draws each). */
export const DRAWING_KINDS = ['hline', 'ray', 'trend', 'rect', 'fib', 'channel', 'measure', 'text'] as const
export type DrawingKind = (typeof DRAWING_KINDS)[number]
/** Anchor points each kind takes: a channel's third point sets its parallel line's offset. */
export const DRAWING_POINTS: Record<DrawingKind, number> = {
  hline: 1,
  ray: 2,
  trend: 2,
  rect: 2,
  fib: 2,
  channel: 3,
  measure: 2,
  text: 1
}
/** Drawings at most on one market's chart. */
export const MAX_DRAWINGS = 100
export const MAX_DRAWING_TEXT = 200

export const drawingPoint = obj({
  /** Open time of the bar (seconds; a point right of the last bar lies on the bars still to come). */
  t: z.int(rule('whole')).min(0, rule('notNegative')),
  p: positiveDecimal
})

export const drawing = obj({
  id: z.string(rule('drawingIdText')).regex(/^[a-z0-9-]{1,40}$/, rule('drawingId')),
  kind: z.enum(DRAWING_KINDS, rule('oneOf', { values: DRAWING_KINDS.join(', ') })),
  points: z
    .array(drawingPoint)
    .min(1, rule('notEmpty'))
    .max(3, rule('entriesAtMost', { max: 3 })),
  colour: z.string(rule('colourText')).regex(/^#[0-9a-f]{6}$/i, rule('colour')),
  text: z.string(rule('string')).max(MAX_DRAWING_TEXT, rule('maxChars', { max: MAX_DRAWING_TEXT })),
  locked: z.boolean(rule('boolean'))
}).refine((d) => d.points.length === DRAWING_POINTS[d.kind], {
  message: rule('drawingPoints'),
  path: ['points']
})
export type Drawing = z.output<typeof drawing>
export type DrawingPoint = z.output<typeof drawingPoint>

export const marketDrawings = z.array(drawing).max(MAX_DRAWINGS, rule('drawingsAtMost', { max: MAX_DRAWINGS }))
