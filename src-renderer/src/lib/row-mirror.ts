// The DOM rows under a canvas-drawn table (lib/row-canvas.ts): the same rows in a RowPool, invisible (opacity 0:
// Chromium paints nothing under it) but laid out where the canvas draws them, for clicks, tests and assistive tools.
// Writing them every frame is what the canvas saves, so they are written at most every MIRROR_MS (the latest rows,
// a trailing write included), and every time while `live`: the pointer is over them, so a click hands over the
// price the canvas shows under it. Without a canvas (no 2D context) they are the view and are written every time.
//
// Every mirror of the page shares a budget of MIRRORS_PER_FRAME writes a frame: the mirrors were made together and
// came due together, so 15 of them (5 panels) were rewritten in one frame and its style and layout with them. A
// mirror that is due but finds the frame's budget spent is written in a coming frame, at its next update; so the
// mirrors drift into phases of their own. Writes happen in the frame, after the canvases are drawn (the panels call
// `update` from their post-flush effects): a write in a timer task would leave the style dirty for the next frame's
// canvas and chart text, which recalculates it then (forced). A timer writes only the trailing rows of a stream that
// went quiet (within the budget too).
import { frameNumber } from './frame'
import type { PoolRow, RowPool } from './row-pool'

export const MIRROR_MS = 250
/** Mirror writes a frame, for all mirrors of the page together (15 with 5 panels: each due every ~15 frames). */
export const MIRRORS_PER_FRAME = 2
/**
 * The trailing write waits this long past the due time for an update in a frame (ms): longer than a live stream's gap
 * (a venue's book every 100-250 ms), so while updates flow a frame that comes anyway writes the mirror, and a timer
 * writes only the rows of a stream that went quiet. A shorter wait fired between a live book's pushes and made a
 * frame of its own for an invisible write (the idle bench: bench/ui/README.md).
 */
export const TRAIL_MS = 2 * MIRROR_MS

let frameWrites = 0
let writesFrame = -1

/**
 * A write slot in this frame's budget (none left: false). Without requestAnimationFrame there is no budget. The
 * budget is the scheduler frame's (lib/frame.ts): a rAF of our own may run after the scheduler's in the next frame,
 * leaving that frame's updates last frame's count. A timer write between frames counts against the last frame's.
 */
function takeSlot(): boolean {
  if (typeof requestAnimationFrame !== 'function') return true
  if (writesFrame !== frameNumber()) {
    writesFrame = frameNumber()
    frameWrites = 0
  }
  if (frameWrites >= MIRRORS_PER_FRAME) return false
  frameWrites++
  return true
}

export class RowMirror {
  #pending: { rows: readonly PoolRow[]; align: 'start' | 'end' } | null = null
  #writtenAt = -Infinity
  #timer: ReturnType<typeof setTimeout> | undefined
  #live = false

  constructor(
    readonly pool: RowPool,
    /** false: every update is written at once (no canvas draws the rows). */
    readonly throttled: boolean
  ) {}

  update(rows: readonly PoolRow[], align: 'start' | 'end' = 'start'): void {
    this.#pending = { rows, align }
    if (!this.throttled || this.#live) return this.#write()
    const wait = this.#writtenAt + MIRROR_MS - performance.now()
    if (wait <= 0 && takeSlot()) return this.#write()
    this.#timer ??= setTimeout(() => this.#trail(), Math.max(0, wait) + TRAIL_MS)
  }

  /** The pointer entered (true) or left the rows. */
  setLive(live: boolean): void {
    this.#live = live
    if (live) this.#write()
  }

  dispose(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
    this.#pending = null
  }

  /**
   * The trailing write, from the budget too: after a long task every mirror's timer fires before the next frame,
   * and their writes would all be laid out in it. No slot: tried again later, or written anyway once far overdue
   * (no frames come: a hidden page).
   */
  #trail(): void {
    this.#timer = undefined
    if (takeSlot() || performance.now() - this.#writtenAt > MIRROR_MS * 4) return this.#write()
    this.#timer = setTimeout(() => this.#trail(), TRAIL_MS)
  }

  #write(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
    const p = this.#pending
    if (!p) return
    this.#pending = null
    this.#writtenAt = performance.now()
    this.pool.fill(p.rows, p.align)
  }
}
