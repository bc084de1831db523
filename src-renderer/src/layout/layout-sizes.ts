// The workspace's area sizes (market list width, order column width, bottom height) as main keeps them for the next
// start (the `layout` preference; its schema holds the same limits): the default arrangement is laid out with them.
import type { AppPreferences } from '@shared/ipc/schemas/preferences'

export type Sizes = AppPreferences['layout']
const LIMITS: Record<keyof Sizes, [number, number]> = { side: [200, 460], order: [260, 520], bottom: [120, 600] }

/** The order column is never narrower than this: added charts share the rest (its form and submit button whole). */
export const ORDER_MIN_WIDTH = LIMITS.order[0]

export const clampSize = (k: keyof Sizes, v: number): number =>
  Math.round(Math.min(LIMITS[k][1], Math.max(LIMITS[k][0], v)))
