// The DOM rows under a canvas-drawn table (lib/row-canvas.ts): the same rows in a RowPool, invisible (opacity 0:
// Chromium paints nothing under it) but laid out where the canvas draws them, for clicks, tests and assistive tools.
// Writing them every frame is what the canvas saves, so they are written at most every MIRROR_MS (the latest rows,
// a trailing write included), and every time while `live`: the pointer is over them, so a click hands over the
// price the canvas shows under it. Without a canvas (no 2D context) they are the view and are written every time.
import type { PoolRow, RowPool } from './row-pool'

export const MIRROR_MS = 250

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
    const wait = this.#writtenAt + MIRROR_MS - performance.now()
    if (!this.throttled || this.#live || wait <= 0) return this.#write()
    this.#timer ??= setTimeout(() => this.#write(), wait)
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
