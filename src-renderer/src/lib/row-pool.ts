// A fixed pool of table rows written in place, for the book and the tape: their rows change every frame, and letting
// the virtual DOM re-render them (or insert and remove keyed rows) costs script, style, layout and layerization each
// time. Here the row elements are made once (as many as fit), and a frame only writes the text, attributes and bar
// width that changed: the DOM's shape stays the same, and an unchanged cell costs a string compare.
// Rows without data are hidden and lose their test id, so queries see only the rows that show something.

export interface PoolRow {
  /** Text of each cell. */
  cells: readonly string[]
  /** data-* attributes of the row (name without `data-`): the price a click hands over, the side. */
  data: Readonly<Record<string, string>>
  /** Width of the row's depth bar, 0..1 (pools made with `bar`): the row's background-size. */
  bar?: number
}

interface Slot {
  el: HTMLElement
  cells: Text[]
  /** What was written last: skip writes that would change nothing. */
  text: string[]
  data: Record<string, string>
  barValue: number
  shown: boolean
}

export interface RowPoolOptions {
  /** Class of each row element. */
  rowClass: string
  /** Class of each cell (one span per entry). */
  cellClasses: readonly string[]
  /** data-testid of a row that shows data. */
  testId: string
  /** Rows carry a depth bar: their background, sized from the right (the panel's CSS gives the image). */
  bar?: boolean
}

export class RowPool {
  readonly #slots: Slot[] = []

  constructor(
    readonly container: HTMLElement,
    readonly options: RowPoolOptions
  ) {}

  get size(): number {
    return this.#slots.length
  }

  /** Makes or drops row elements to have exactly `n` (only when the space changes, never per frame). */
  resize(n: number): void {
    while (this.#slots.length > n) this.#slots.pop()!.el.remove()
    while (this.#slots.length < n) this.#slots.push(this.#make())
  }

  /** Writes row `i` (null: hides it). */
  set(i: number, row: PoolRow | null): void {
    const s = this.#slots[i]
    if (!s) return
    if (!row) {
      if (s.shown) {
        s.shown = false
        s.el.hidden = true
        s.el.removeAttribute('data-testid')
      }
      return
    }
    if (!s.shown) {
      s.shown = true
      s.el.hidden = false
      s.el.setAttribute('data-testid', this.options.testId)
    }
    for (let c = 0; c < s.cells.length; c++) {
      const t = row.cells[c] ?? ''
      if (s.text[c] !== t) s.cells[c]!.nodeValue = s.text[c] = t
    }
    for (const k in row.data) {
      const v = row.data[k]!
      if (s.data[k] !== v) s.el.setAttribute(`data-${k}`, (s.data[k] = v))
    }
    if (this.options.bar && row.bar !== undefined && row.bar !== s.barValue) {
      s.barValue = row.bar
      // The row's own background (the panel's CSS draws it from the right): no element, layout or paint property
      // node of its own. A transformed or positioned bar would be a paint chunk per row, and Chromium walks every
      // chunk to re-layerize the page each frame.
      s.el.style.backgroundSize = `${Math.round(row.bar * 10000) / 100}% 100%`
    }
  }

  /**
   * Shows `rows` in the pool's first rows and hides the rest; `align: 'end'` fills from the bottom. Rows stay in
   * place even when the list moves (a tape's new trades push every row down): moving the elements instead would
   * write less text, but Chromium then re-layerizes the page, which the profile showed costs more.
   */
  fill(rows: readonly PoolRow[], align: 'start' | 'end' = 'start'): void {
    const n = this.#slots.length
    const offset = align === 'end' ? Math.max(0, n - rows.length) : 0
    for (let i = 0; i < n; i++) this.set(i, rows[i - offset] ?? null)
  }

  /** The row element an event happened in, with its data (for a delegated click). */
  rowOf(target: EventTarget | null): HTMLElement | null {
    for (let el = target as HTMLElement | null; el && el !== this.container; el = el.parentElement) {
      if (el.parentElement === this.container) return this.#slots.some((s) => s.el === el && s.shown) ? el : null
    }
    return null
  }

  #make(): Slot {
    const doc = this.container.ownerDocument
    const el = doc.createElement('div')
    el.className = this.options.rowClass
    el.hidden = true
    if (this.options.bar) el.style.backgroundSize = '0% 100%'
    const cells = this.options.cellClasses.map((cls) => {
      const span = doc.createElement('span')
      if (cls) span.className = cls
      const text = doc.createTextNode('')
      span.appendChild(text)
      el.appendChild(span)
      return text
    })
    this.container.appendChild(el)
    return { el, cells, text: cells.map(() => ''), data: {}, barValue: 0, shown: false }
  }
}
