// A table of the market panel (a book side, the tape) drawn on a canvas (lib/row-canvas.ts) over its invisible DOM
// mirror (lib/row-pool.ts + lib/row-mirror.ts): the three made and driven together, for the book and the tape.
import { RowCanvas, type RowCanvasLayout, type RowCanvasPaint } from './row-canvas'
import { RowMirror } from './row-mirror'
import { RowPool, type PoolRow, type RowPoolOptions } from './row-pool'

export class CanvasRows {
  readonly pool: RowPool
  readonly canvas: RowCanvas
  readonly mirror: RowMirror

  constructor(
    rowsEl: HTMLElement,
    canvasEl: HTMLCanvasElement,
    pool: RowPoolOptions,
    layout: RowCanvasLayout,
    paint: RowCanvasPaint
  ) {
    this.pool = new RowPool(rowsEl, pool)
    this.canvas = new RowCanvas(canvasEl, layout, paint)
    this.mirror = new RowMirror(this.pool, this.canvas.drawable)
  }

  /**
   * The mirror's half of a frame: `size` row elements, then the rows (throttled, see RowMirror). Kept apart from
   * `canvas.draw` so a panel draws all its canvases before it writes any mirror: a mirror write dirties the style,
   * which the next canvas's font would recalculate.
   */
  mirrorRows(rows: readonly PoolRow[], size: number, align: 'start' | 'end' = 'start'): void {
    this.pool.resize(size)
    this.mirror.update(rows, align)
  }

  /** The `price` of the row a click landed in. */
  priceAt(target: EventTarget | null): string | undefined {
    return this.pool.rowOf(target)?.dataset['price']
  }

  /**
   * The pointer over the rows (null: it left): the canvas highlights its row, the mirror follows every frame (clicks
   * hit current rows).
   */
  hover(e: MouseEvent | null): void {
    this.mirror.setLive(e !== null)
    this.canvas.hover(e ? e.clientY - this.canvas.canvas.getBoundingClientRect().top : null)
  }

  /** The keyboard's row (index in the rows drawn; null: none): highlighted as the pointer's would be. */
  highlight(index: number | null): void {
    this.canvas.hover(index === null ? null : this.canvas.yOf(index))
  }

  dispose(): void {
    this.mirror.dispose()
  }
}
