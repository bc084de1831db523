// Spaces the full ECharts candle redraws that only follow the stream (5-23 ms each in bench/ui/README.md's runs)
// across panels. All markets start a bar at the same moment, so their charts outgrow the live layer's room together;
// one panel a frame (the paint budget of lib/frame.ts) still made a run of long frames, and an event arriving in one
// waited through the next. A gap of a few normal frames between two panels' redraws lets the lanes' events paint in
// between.

/** Least time between two different charts' stream-driven full redraws (ms): ~5 frames. */
export const FULL_REDRAW_GAP_MS = 80

let lastAt = -Infinity
let lastBy = ''

/**
 * Takes the redraw slot for chart `key` at `now` if no other chart took it within the gap (a chart's own redraws
 * are never held back: the frame scheduler already draws a chart at most once a frame). false: ask again later.
 */
export function takeFullRedrawSlot(key: string, now: number): boolean {
  if (key !== lastBy && now - lastAt < FULL_REDRAW_GAP_MS) return false
  lastAt = now
  lastBy = key
  return true
}

/**
 * Marks a full redraw that was not held back (user action, theme, new data) as taken, so the next one keeps the gap.
 */
export function noteFullRedraw(key: string, now: number): void {
  lastAt = now
  lastBy = key
}
