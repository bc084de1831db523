// The book's and the tape's rows drawn on a canvas. As DOM rows, their new text every frame cost layout, paint,
// prepaint and layerization of some hundred text boxes per panel (the largest render cost with 5 panels, see
// bench/ui/README.md); drawn here they cost a clear and a fillText per cell. The same rows (PoolRow) are also written
// to a DOM mirror (lib/row-pool.ts + lib/row-mirror.ts) for clicks, tests and assistive tools.
import { chartTheme, type ChartTheme } from '../charts/theme'
import type { PoolRow } from './row-pool'

export interface CanvasColumn {
  /** Flex grow of the column (zero bases: widths are shares of the row's inner width, as the header's flex row). */
  grow: number
  align: 'left' | 'right'
}

export interface RowCanvasLayout {
  rowHeight: number
  /** Left and right padding of a row (CSS px). */
  padX: number
  /** Gap between columns (CSS px). */
  gap: number
  columns: readonly CanvasColumn[]
}

export interface RowCanvasPaint {
  /** A CSS font shorthand, e.g. `11.5px Inter, sans-serif`. */
  font: string
  /** Colour of cell `c` of `row`. */
  cell(row: PoolRow, c: number): string
  /** Colour of the row's depth bar (drawn from the right, `row.bar` of the width); none without. */
  bar?(row: PoolRow): string
  /** Background of the row under the pointer. */
  hover: string
}

/**
 * The market panel's tables (book, tape): `rowHeight` px rows (18 unless told), 8 px side padding and 6 px gaps, the
 * first column (the price)
 * on the left and the numbers on the right, columns `grow` wide as the header's flex row gives them.
 */
export function marketTable(grow: readonly number[], rowHeight = 18): RowCanvasLayout {
  return { rowHeight, padX: 8, gap: 6, columns: grow.map((g, i) => ({ grow: g, align: i === 0 ? 'left' : 'right' })) }
}

/**
 * The panel's palette and font as `el` sees them (charts/theme.ts), with the rows' depth-bar shades and hover
 * background; call again on a theme switch.
 */
export function rowColours(el: Element): ChartTheme & { upBg: string; downBg: string; hover: string } {
  const style = getComputedStyle(el)
  const get = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback
  return {
    ...chartTheme((name) => style.getPropertyValue(name)),
    upBg: get('--m-up-bg', 'rgba(14, 203, 129, 0.14)'),
    downBg: get('--m-down-bg', 'rgba(246, 70, 93, 0.14)'),
    hover: get('--m-hover', 'rgba(128, 128, 128, 0.12)')
  }
}

/** Left and right edge of each column for a row `width` wide. */
export function columnEdges(layout: RowCanvasLayout, width: number): { left: number; right: number }[] {
  const cols = layout.columns
  const grow = cols.reduce((s, c) => s + c.grow, 0)
  const inner = Math.max(0, width - 2 * layout.padX - layout.gap * (cols.length - 1))
  let x = layout.padX
  return cols.map((c) => {
    const w = (inner * c.grow) / grow
    const edge = { left: x, right: x + w }
    x += w + layout.gap
    return edge
  })
}

export class RowCanvas {
  readonly #ctx: CanvasRenderingContext2D | null
  #w = 0
  #h = 0
  #dpr = 1
  #edges: { left: number; right: number }[] = []
  #rows: readonly PoolRow[] = []
  #align: 'start' | 'end' = 'start'
  #hoverY: number | null = null
  /** Key of each slot's row as drawn (null: blank), and the first slot's y: see #draw. */
  #drawn: (string | null)[] = []
  #drawnTop = 0
  /** The font was set on the context since its last resize (setting it again costs a style lookup). */
  #fontSet = false
  /** The context's fill and text alignment as last set (a colour string is parsed on every set). */
  #fill = ''
  #textAlign = ''

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly layout: RowCanvasLayout,
    public paint: RowCanvasPaint
  ) {
    // No 2D context (the DOM tests' happy-dom): nothing is drawn and the mirror is the only view.
    let ctx: CanvasRenderingContext2D | null
    try {
      ctx = canvas.getContext('2d')
    } catch {
      ctx = null
    }
    this.#ctx = ctx
  }

  get drawable(): boolean {
    return this.#ctx !== null
  }

  /** The canvas box's CSS size (from a ResizeObserver); sizes the bitmap at the device's pixel ratio and redraws. */
  resize(width: number, height: number, dpr = globalThis.devicePixelRatio || 1): void {
    this.#w = width
    this.#h = height
    this.#dpr = dpr
    this.canvas.width = Math.round(width * dpr)
    this.canvas.height = Math.round(height * dpr)
    this.#edges = columnEdges(this.layout, width)
    this.#fontSet = false
    this.#drawn = []
    this.#draw()
  }

  /** A new palette (theme switch): redraws. */
  repaint(paint: RowCanvasPaint): void {
    this.paint = paint
    this.#fontSet = false
    this.#drawn = []
    this.#draw()
  }

  /** Draws `rows` from the top (`start`) or with the last one at the bottom (`end`, the asks over the spread). */
  draw(rows: readonly PoolRow[], align: 'start' | 'end' = 'start'): void {
    if (align !== this.#align) this.#drawn = []
    this.#rows = rows
    this.#align = align
    this.#draw()
  }

  /** The pointer's CSS y in the canvas (null: it left): the row under it is highlighted. */
  hover(y: number | null): void {
    if (y === this.#hoverY) return
    this.#hoverY = y
    this.#draw()
  }

  /** CSS y of the middle of row `index` of the last drawn rows; null when it is not shown. */
  yOf(index: number): number | null {
    const i = index - this.#first()
    if (i < 0 || i >= this.#shown()) return null
    return this.#top() + (i + 0.5) * this.layout.rowHeight
  }

  /** Index in the last drawn rows of the row at CSS y, or -1. */
  indexAt(y: number): number {
    if (y < 0 || y >= this.#h) return -1
    const i = Math.floor((y - this.#top()) / this.layout.rowHeight)
    return i >= 0 && i < this.#shown() ? this.#first() + i : -1
  }

  /** Rows drawn: those that fit, the last one perhaps in part (as the DOM rows overflowed their clipped box). */
  #shown(): number {
    return Math.min(this.#rows.length, Math.ceil(this.#h / this.layout.rowHeight))
  }

  /** Index of the first row drawn: with `end` the rows that do not fit are dropped from the top. */
  #first(): number {
    return this.#align === 'start' ? 0 : this.#rows.length - this.#shown()
  }

  /** CSS y of the first row, on a device pixel: with `end` the rows sit on the bottom edge. */
  #top(): number {
    if (this.#align === 'start') return 0
    return Math.round((this.#h - this.#shown() * this.layout.rowHeight) * this.#dpr) / this.#dpr
  }

  /** What a slot shows: a row is redrawn only when this changes. */
  #keyOf(row: PoolRow, hovered: boolean): string {
    let key = `${hovered ? 1 : 0}\u0001${row.bar ?? ''}`
    for (let c = 0; c < this.#edges.length; c++) key += `\u0001${row.cells[c] ?? ''}\u0002${this.paint.cell(row, c)}`
    return key
  }

  /**
   * Redraws the slots whose row changed since the last draw (a row only where rows are whole device pixels tall:
   * otherwise clearing one would eat into its neighbours' edge pixels). A list that moved down by k rows (a tape's
   * new trades) is first moved by a copy of the canvas onto itself, so only the new rows are drawn: text is the
   * costly part (~5 µs a fillText in software raster).
   */
  #draw(): void {
    const ctx = this.#ctx
    if (!ctx || !this.#w || !this.#h) return
    const { rowHeight } = this.layout
    const dpr = this.#dpr
    const top = this.#top()
    const n = this.#shown()
    const first = this.#first()
    const hovered = this.#hoverY === null ? -1 : this.indexAt(this.#hoverY)
    const keys: string[] = []
    for (let i = 0; i < n; i++) keys.push(this.#keyOf(this.#rows[first + i]!, first + i === hovered))
    const whole = Number.isInteger(rowHeight * dpr)
    let drawn = whole && top === this.#drawnTop ? this.#drawn : []
    const k = this.#align === 'start' ? shiftOf(keys, drawn) : 0
    if (k > 0) {
      const dy = k * rowHeight * dpr
      const h = this.canvas.height - dy
      ctx.setTransform(1, 0, 0, 1, 0, 0)
      // 'copy': the moved rows replace what was there (over it they would blend with the old text), and the
      // uncovered rows on top are cleared.
      ctx.globalCompositeOperation = 'copy'
      if (h > 0) ctx.drawImage(this.canvas, 0, 0, this.canvas.width, h, 0, dy, this.canvas.width, h)
      ctx.globalCompositeOperation = 'source-over'
      drawn = [...new Array<string | null>(k).fill(null), ...drawn.slice(0, Math.max(0, drawn.length - k))]
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    if (!drawn.length) ctx.clearRect(0, 0, this.#w, this.#h)
    if (!this.#fontSet) {
      ctx.font = this.paint.font
      ctx.textBaseline = 'middle'
      this.#fontSet = true
      this.#fill = this.#textAlign = ''
    }
    for (let i = 0; i < Math.max(n, drawn.length); i++) {
      if (i < n && keys[i] === drawn[i]) continue
      const y = top + i * rowHeight
      if (drawn.length) ctx.clearRect(0, y, this.#w, rowHeight)
      if (i < n) this.#row(ctx, this.#rows[first + i]!, y, first + i === hovered)
    }
    this.#drawn = keys
    this.#drawnTop = top
  }

  #row(ctx: CanvasRenderingContext2D, row: PoolRow, y: number, hovered: boolean): void {
    const { rowHeight } = this.layout
    const p = this.paint
    if (row.bar && p.bar) {
      // Whole device pixels: a bar edge between pixels would blur.
      const w = Math.round(row.bar * this.#w * this.#dpr) / this.#dpr
      this.#setFill(ctx, p.bar(row))
      ctx.fillRect(this.#w - w, y, w, rowHeight)
    }
    if (hovered) {
      this.#setFill(ctx, p.hover)
      ctx.fillRect(0, y, this.#w, rowHeight)
    }
    const mid = y + rowHeight / 2
    for (let c = 0; c < this.#edges.length; c++) {
      const text = row.cells[c]
      if (!text) continue
      const e = this.#edges[c]!
      const align = this.layout.columns[c]!.align
      if (align !== this.#textAlign) ctx.textAlign = this.#textAlign = align
      this.#setFill(ctx, p.cell(row, c))
      ctx.fillText(text, align === 'right' ? e.right : e.left, mid)
    }
  }

  #setFill(ctx: CanvasRenderingContext2D, colour: string): void {
    if (colour !== this.#fill) ctx.fillStyle = this.#fill = colour
  }
}

/**
 * How many rows the list moved down since `drawn` (its slots' keys): the k > 0 at which the new keys continue with
 * the drawn ones (two rows checked, or all there are), or 0.
 */
export function shiftOf(keys: readonly string[], drawn: readonly (string | null)[]): number {
  if (!drawn.length || keys[0] === drawn[0]) return 0
  for (let k = 1; k < keys.length; k++) {
    if (keys[k] !== drawn[0]) continue
    if (k + 1 < keys.length && drawn.length > 1 && keys[k + 1] !== drawn[1]) continue
    return k
  }
  return 0
}
